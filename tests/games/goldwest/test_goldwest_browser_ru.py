"""Gold West with the table page in Russian: two real browsers play their first turns by clicking what the board
offers, and the log, the prompt, the Boomtown offices and the terrain names read in Russian, with no English sentence
of the game left on the page.

The deal is random, so each step clicks whatever the board (or else the prompt bar) offers to the player to move."""

from __future__ import annotations

import re
import time

import pytest

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

FIRST_SEAT = "document.querySelector('[name=\"opt:first_player\"]').value = '0';"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Words of the game's English sentences (log lines, prompts, labels, board texts): none may show in Russian.
ENGLISH = re.compile(r"\b(activates|activated|section|supply track|builds|loots|scores|mining token|face up|"
                     r"Boomtown|stagecoach|Round|Choose|Put|Leave|Settle|Camp|Loot|Invest|Ship|influence|VP|"
                     r"Turn order|Gold|Silver|Copper|Wood|Stone|Forest)\b")


def text_of(page, selector: str) -> str:  # noqa: ANN001
    return page.evaluate("s => [...document.querySelectorAll(s)].map((n) => n.textContent).join('\\n')", selector)


def play_one_step(page) -> bool:  # noqa: ANN001
    """Click the first thing the board offers (or the prompt bar's first move); False when nothing is offered."""
    target = page.locator("#board .act").first if page.locator("#board .act").count() else None
    if target is None and page.locator("#prompt-actions button.legal").count():
        target = page.locator("#prompt-actions button.legal").first
    if target is None:
        return False
    before = page.inner_html("#board")
    target.click()
    page.wait_for_function("b => document.querySelector('#board').innerHTML !== b", arg=before, timeout=10000)
    return True


def test_the_table_reads_in_russian_while_two_players_take_turns(browser, sqlite_server):
    host, friend, table_id = open_table_with_friend(browser, sqlite_server, "goldwest", 2, FIRST_SEAT)
    host.click("#start-button")
    pages = [host, friend]
    for page in pages:
        page.goto(f"{sqlite_server.url}/tables/{table_id}?lang=ru")
        page.wait_for_selector("#board .goldwest-map")
    assert host.evaluate("document.documentElement.lang") == "ru"

    # The prompt to the first player is in Russian before anything is played.
    prompt = host.inner_text("#prompt-text")
    assert CYRILLIC.search(prompt) and not ENGLISH.search(prompt), prompt

    deadline = time.monotonic() + 120
    while host.locator("#board .goldwest-camp, #board .goldwest-settlement, #board .goldwest-loot").count() < 2:
        assert time.monotonic() < deadline, text_of(host, "#log li")
        if not any(play_one_step(page) for page in pages):
            time.sleep(0.2)
    for page in pages:
        page.wait_for_function("() => document.querySelectorAll('#log li').length > 4", timeout=10000)

    for page in pages:
        lines = [line for line in text_of(page, "#log li").split("\n") if line.strip()]
        game_lines = [line for line in lines if CYRILLIC.search(line)]
        assert len(game_lines) >= 4, lines
        english = [line for line in lines if ENGLISH.search(line)]
        assert not english, english
        # The names of Boomtown's offices and of the terrains are the Russian ones.
        offices = text_of(page, "#board .goldwest-office-legend b").split("\n")
        assert len(offices) == 4 and all(CYRILLIC.search(name) for name in offices), offices
        assert "Лес" in text_of(page, "#board .goldwest-influence-name")
        board = page.inner_text("#board")
        assert not ENGLISH.search(board), ENGLISH.search(board)
        # Players' pieces and resources are drawings with no letter on them, so they never look alike where a
        # colour's letter is also a resource's (Russian "С" is Синий and серебро, French "O" Orange and or).
        pieces = page.locator("#board .goldwest-player-piece, #board .goldwest-res")
        assert page.locator("#board .goldwest-player-piece").count() > 0
        drawn_with_letters = "ns => ns.filter((n) => !n.querySelector('svg') || n.textContent.trim()).length"
        assert pieces.evaluate_all(drawn_with_letters) == 0
    # Whoever is to move is asked in Russian.
    asked = [p.inner_text("#prompt-text") for p in pages if p.locator("#board .act, #prompt-actions button.legal").count()]
    assert asked and all(CYRILLIC.search(text) and not ENGLISH.search(text) for text in asked), asked
    # The log names the moves made: a camp or settlement built, or a hex looted, in Russian words.
    assert re.search(r"ставит лагерь|строит поселение|грабит гекс", text_of(host, "#log li"))
