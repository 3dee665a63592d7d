"""Istanbul in Russian: two real browsers open a table, switch their pages to Russian with `?lang=ru` and play a few
turns by clicking places. The board's place names, the prompt and the log are written in Russian (the game's own
catalogue, app/games/istanbul/locales/ru.po), and none of the game's English sentences shows."""

from __future__ import annotations

import re

import pytest
from test_istanbul_browser import answer_prompt, mover, open_game

pytestmark = pytest.mark.browser

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# English sentences and names the game writes; in a Russian page none of them may show.
ENGLISH = ("merchant goes to", "Move your merchant", "takes a", "leaves an assistant", "picks up the assistant",
           "Fountain", "Merchant to", "starts at", "bonus card", "Skip the action", "End the turn", "lira")


def russian(pages: dict) -> None:
    for page in pages.values():
        page.goto(page.url.split("?")[0] + "?lang=ru")
        page.wait_for_selector("#board .istanbul-board")


def test_a_russian_page_writes_the_board_prompt_and_log_in_russian(browser, sqlite_server):
    pages = open_game(browser, sqlite_server)
    russian(pages)
    host = pages[0]
    assert host.locator("html").get_attribute("lang") == "ru"
    names = host.locator("#board .istanbul-place-name").all_inner_texts()
    assert "Фонтан" in names and "Дворец султана" in names and "Fountain" not in names
    # The bonus card each player is dealt is named in Russian (every card name of the deck is translated). Checked
    # before any move: the first choices the moves below click may play or pay away the host's only card.
    card = host.locator("#board .istanbul-hand .ui-card")
    assert card.count() == 1
    assert CYRILLIC.search(card.inner_text()), card.inner_text()
    # The host starts: the prompt asks for a move in Russian.
    host.wait_for_function(
        "() => /Переместите купца/.test(document.querySelector('#prompt-text').innerText)", timeout=10000)
    moves = 0
    for _ in range(200):
        if moves == 3:
            break
        seat, page = mover(pages)
        if page is None:
            answer_prompt(pages)
            pages[0].wait_for_timeout(150)
            continue
        cell = page.locator("#board .istanbul-place.act").first
        name = cell.locator(".istanbul-place-name").inner_text()
        number = cell.get_attribute("data-place")
        handle = cell.element_handle()
        handle.click()
        handle.wait_for_element_state("hidden", timeout=10000)
        who = "Hostess" if seat == 0 else "Friend"
        # Both pages tell the move in Russian, naming the place as the board does: «Чайхана 9».
        for other in pages.values():
            other.wait_for_function(
                "(line) => document.querySelector('#log').innerText.includes(line)",
                arg=f"Купец игрока {who} переходит на место «{name} {number}»", timeout=10000)
        moves += 1
    assert moves == 3
    for page in pages.values():
        log = page.locator("#log").inner_text()
        prompt = page.locator("#prompt-text").inner_text()
        board = page.locator("#board").inner_text()
        assert CYRILLIC.search(log) and CYRILLIC.search(board)
        if page.locator("#prompt-actions button.legal").count():
            # The page of the player asked shows the game's prompt ("Waiting for ..." elsewhere is the site's).
            assert CYRILLIC.search(prompt), prompt
        for text in (log, prompt, board):
            shown = [english for english in ENGLISH if english in text]
            assert not shown, (shown, text[:400])
