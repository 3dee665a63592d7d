"""Gold Rush in Russian: two browsers switch the table page to Russian and play a few real turns by clicking; the
log, the prompt, the board and the card names are all in Russian, and no English sentence of the game shows.

What to click is read from the board (class "act", data-label = the action's English label, which stays the
machine's name of a move in every language), so the test needs no Russian to play, only to check what is read.
"""

from __future__ import annotations

import re

import pytest

from app.games.goldrush.data import DESIGNS
from tests.games.goldrush.test_goldrush_browser import HOST, FRIEND, log_lines, start

pytestmark = pytest.mark.browser

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
RUSSIAN_NAMES = {d["ru"] for d in DESIGNS}
# Pieces of the game's English sentences (log lines, prompts, labels, the board's own words).
ENGLISH = re.compile(r"starts a turn|\bdraws\b|\bbuys\b|\btakes\b|\bpays\b|\bplays\b|\bdiscards\b|Event for|"
                     r"You draw|Your turn|\bcoins?\b|\bVP\b|\bMarket\b|\bRound\b|\bingots?\b|Explore|End your turn")
# What to click on one's turn, first found first: a sub-step's card, a market card, ending the turn, any other move
# off the board (pay, put surveyed cards back, cancel paying with cards), then a card in the hand (hand limit).
CHOICES = (".goldrush-sub .act", ".goldrush-market .act",
           "#prompt-actions button.legal[data-label^='End your turn']", "#prompt-actions button.legal:visible",
           ".goldrush-hand .act", ".goldrush-me .act")


def my_move(page):  # noqa: ANN001, ANN201
    """What `page` clicks next, or None when it has nothing to do (not its turn)."""
    for selector in CHOICES:
        found = page.locator(selector)
        if found.count():
            return found.first
    return None


def latin_words(text: str) -> list[str]:
    """Words in Latin letters, the players' nicknames left out."""
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in (HOST, FRIEND)]


def test_a_russian_table_shows_the_game_in_russian(browser, sqlite_server):
    host, friend = start(browser, sqlite_server, "full", 2)
    try:
        for page in (host, friend):
            page.goto(page.url.split("?")[0] + "?lang=ru")
            page.wait_for_selector("#board .goldrush-status")
            assert page.evaluate("document.documentElement.lang") == "ru"
        prompts: list[str] = []
        clicks = 0
        # Four turns: the host's, the friend's, and each one's second, every move by a click on the page.
        while sum("начинает ход" in line for line in log_lines(host)) < 5:
            assert clicks < 60, "four turns take fewer clicks"
            page = next((p for p in (host, friend) if my_move(p) is not None), None)
            if page is None:  # the server's answer to the last click is on its way
                host.wait_for_timeout(100)
                continue
            prompts.append(page.inner_text("#prompt-text"))
            before = page.inner_html("#board")
            my_move(page).click()
            page.wait_for_function("b => document.querySelector('#board').innerHTML !== b", arg=before)
            clicks += 1
        # The friend saw the same turns: both logs are wholly Russian.
        friend.wait_for_function("() => [...document.querySelectorAll('#log li')]"
                                 ".filter(li => li.textContent.includes('начинает ход')).length >= 5")
        for page in (host, friend):
            lines = log_lines(page)
            assert len(lines) > 10, lines
            for line in lines:
                assert CYRILLIC.search(line) and not ENGLISH.search(line), line
            board = page.inner_text("#board")
            assert CYRILLIC.search(board) and not latin_words(board), latin_words(board)
            # Card names: the market's cards carry the Russian edition's names (soft hyphens aside: long words may
            # break there on a small card).
            market = [n.replace("\u00ad", "") for n in page.locator(".goldrush-market .goldrush-card-name").all_inner_texts()]
            assert market and set(market) <= RUSSIAN_NAMES, market
        for prompt in prompts:
            assert CYRILLIC.search(prompt) and not ENGLISH.search(prompt), prompt
        assert any(p.startswith("Ваш ход") for p in prompts), prompts
        # The log names the event card of a turn in Russian ("Событие для Hostess: Ярмарка. ...").
        events = [line.replace("\u00ad", "") for line in log_lines(host) if line.startswith("Событие для")]
        assert events and all(any(name in line for name in RUSSIAN_NAMES) for line in events), events
    finally:
        host.context.close()
        friend.context.close()
