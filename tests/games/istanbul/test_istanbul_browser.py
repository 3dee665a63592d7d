"""Istanbul in two real browsers: open a table by invite, then play several turns where every merchant move is one
click on the destination place of the board; both browsers show the merchant on its new place, the log tells
the move, and the viewer's bonus cards appear only in the viewer's own page. The Grand Bazaar variant is played
the same way on its 5x5 board, through its new places: coffee at the Roasting Plant, guild cards at the Guild Hall."""

from __future__ import annotations

import pytest

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

MOVES = 4


def mover(pages: dict):
    """The page whose board offers a place to click (the player about to move), if any."""
    for seat, page in pages.items():
        if page.locator("#board .istanbul-place.act").count():
            return seat, page
    return None, None


def answer_prompt(pages: dict) -> bool:
    """Some player is asked something that is not a move: answer with the first offered choice."""
    for page in pages.values():
        if page.locator("#board .istanbul-place.act").count():
            continue
        buttons = page.locator("#prompt-actions button.legal:visible")
        if buttons.count():
            buttons.first.click()
            return True
        on_board = page.locator("#board .act:visible")
        if on_board.count():
            # Every choice is drawn on the board (a card in hand, a tile): it is made there.
            on_board.first.click()
            return True
        if page.locator("#prompt-actions button.legal-go").count():
            page.click("#prompt-actions button.legal-go")
            return True
    return False


def open_game(browser, server, options_js: str = "") -> dict:
    host, friend, _table = open_table_with_friend(
        browser, server, "istanbul", 2,
        "document.querySelector('[name=\"opt:first_player\"]').value = '0';" + options_js)
    host.click("#start-button")
    pages = {0: host, 1: friend}
    for page in pages.values():
        page.wait_for_selector("#board .istanbul-board")
    return pages


def click_place(pages: dict, seat: int, page, cell) -> None:
    """Move by one click on `cell`; both pages show the merchant there and the other page's log tells the move."""
    place = cell.get_attribute("data-place")
    name = cell.locator(".istanbul-place-name").inner_text()
    handle = cell.element_handle()
    handle.click()
    handle.wait_for_element_state("hidden", timeout=10000)
    who = "Hostess" if seat == 0 else "Friend"
    for viewer, other in pages.items():
        owner = "Your" if viewer == seat else f"{who}'s"
        other.wait_for_selector(
            f"#board .istanbul-place[data-place='{place}'] .istanbul-merchant[title=\"{owner} merchant\"]",
            timeout=10000)
    pages[1 - seat].wait_for_function(
        "([who, name]) => document.querySelector('#log').innerText.includes(who + \"'s merchant goes to \" + name)",
        arg=[who, name], timeout=10000)


def play_moves(pages: dict, count: int) -> None:
    moves = 0
    for _ in range(200):
        if moves == count:
            break
        seat, page = mover(pages)
        if page is None:
            answer_prompt(pages)
            pages[0].wait_for_timeout(150)
            continue
        click_place(pages, seat, page, page.locator("#board .istanbul-place.act").first)
        moves += 1
    assert moves == count


def test_two_browsers_move_merchants_by_clicking_places(browser, sqlite_server):
    pages = open_game(browser, sqlite_server)
    host, friend = pages[0], pages[1]
    for page in pages.values():
        assert page.locator("#board .istanbul-place").count() == 20
        assert not page.locator("#board .istanbul-variant").count()
    # Every player's own bonus card is shown to them alone.
    assert host.locator("#board .istanbul-hand .ui-card").count() == 1
    assert friend.locator("#board .istanbul-hand .ui-card").count() == 1
    play_moves(pages, MOVES)
    # Each player is named in the other's log in the colour of their own merchant, not in the page's default
    # seat colours.
    for seat, who, viewer in ((0, "Hostess", friend), (1, "Friend", host)):
        piece = viewer.locator(f"#board .istanbul-player[data-seat='{seat}']").evaluate(
            "e => getComputedStyle(e).getPropertyValue('--seat').trim()")
        named = viewer.locator("#log .seat-name", has_text=who).first.evaluate(
            "e => getComputedStyle(e).getPropertyValue('--seat').trim()")
        assert piece == named == ("#c0392b", "#2e6fd6")[seat]


def test_grand_bazaar_turns_at_the_roasting_plant_and_guild_hall(browser, sqlite_server):
    pages = open_game(browser, sqlite_server,
                      "document.querySelector('[name=\"opt:variant\"]').value = '\"grand_bazaar\"';")
    host, friend = pages[0], pages[1]
    for page in pages.values():
        assert page.locator("#board .istanbul-place").count() == 25
        assert page.locator("#board .istanbul-variant-label").inner_text() == "Grand Bazaar — house rules (draft)"
    # The host walks from the Fountain to the Roasting Plant 17 (two steps) and roasts 2 coffee.
    click_place(pages, 0, host, host.locator("#board .istanbul-place.act[data-place='17']"))
    host.locator("#prompt-actions button.legal:visible", has_text="Take 2 coffee").click()
    for page in pages.values():
        page.wait_for_selector("#board .istanbul-player[data-seat='0'] .istanbul-coffee:text-is('2')", timeout=10000)
    # The friend goes to the Guild Hall 18, draws 2 guild cards and discards one; only the friend sees them.
    for _ in range(50):
        if friend.locator("#board .istanbul-place.act[data-place='18']").count():
            break
        answer_prompt({0: host})
        host.wait_for_timeout(150)
    click_place(pages, 1, friend, friend.locator("#board .istanbul-place.act[data-place='18']"))
    friend.locator("#prompt-actions button.legal:visible", has_text="Draw 2 guild cards").click()
    friend.wait_for_selector("#board .istanbul-guild-hand .ui-card >> nth=1", timeout=10000)
    friend.locator("#prompt-actions button.legal:visible", has_text="Discard the guild card").first.click()
    friend.wait_for_function(
        "() => document.querySelectorAll('#board .istanbul-guild-hand .ui-card').length === 1", timeout=10000)
    host.wait_for_selector("#board .istanbul-player[data-seat='1'] :text('1 guild card')", timeout=10000)
    assert not host.locator("#board .istanbul-guild-hand").count()
    play_moves(pages, MOVES)
