"""Istanbul in two real browsers: open a table by invite, then play several turns where every merchant move is one
click on the destination place of the board; both browsers show the merchant on its new place, the log tells
the move, and the viewer's bonus cards appear only in the viewer's own page."""

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
        if page.locator("#prompt-actions button.legal.on-board").count():
            # Every choice is drawn on the board (a card in hand, a tile): the prompt's "All moves" lists them too.
            page.click("#prompt-actions .all-moves-toggle")
            page.locator("#prompt-actions button.legal:visible").first.click()
            return True
        if page.locator("#prompt-actions button.legal-go").count():
            page.click("#prompt-actions button.legal-go")
            return True
    return False


def test_two_browsers_move_merchants_by_clicking_places(browser, sqlite_server):
    host, friend, _table = open_table_with_friend(
        browser, sqlite_server, "istanbul", 2,
        "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    host.click("#start-button")
    pages = {0: host, 1: friend}
    for page in pages.values():
        page.wait_for_selector("#board .istanbul-board")
        assert page.locator("#board .istanbul-place").count() == 20
    # Every player's own bonus card is shown to them alone.
    assert host.locator("#board .istanbul-hand .ui-card").count() == 1
    assert friend.locator("#board .istanbul-hand .ui-card").count() == 1
    moves = 0
    for _ in range(200):
        if moves == MOVES:
            break
        seat, page = mover(pages)
        if page is None:
            answer_prompt(pages)
            host.wait_for_timeout(150)
            continue
        cell = page.locator("#board .istanbul-place.act").first
        place = cell.get_attribute("data-place")
        name = cell.locator(".istanbul-place-name").inner_text()
        handle = cell.element_handle()
        handle.click()
        handle.wait_for_element_state("hidden", timeout=10000)
        moves += 1
        who = "Hostess" if seat == 0 else "Friend"
        for viewer, other in pages.items():
            owner = "Your" if viewer == seat else f"{who}'s"
            other.wait_for_selector(
                f"#board .istanbul-place[data-place='{place}'] .istanbul-merchant[title=\"{owner} merchant\"]",
                timeout=10000)
        other_page = pages[1 - seat]
        other_page.wait_for_function(
            "([who, name]) => document.querySelector('#log').innerText.includes(who + \"'s merchant goes to \" + name)",
            arg=[who, name], timeout=10000)
    assert moves == MOVES
