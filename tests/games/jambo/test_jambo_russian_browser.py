"""Jambo with both pages in Russian: two real turns played by clicking, and everything the game writes reads in
Russian — the log, the prompt, the card names on the board — with no English sentence of the game left over.

The expected Russian comes from the game's own catalogue (app/games/jambo/locales/ru.po), so the test checks that
the page writes the catalogue's texts, not a copy of them kept here.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app import i18n
from app.games.jambo import data as D
from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

ME = ".jambo-player.jambo-me"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# English words every Jambo page shows somewhere in English (log, prompt, board): none may be left in Russian.
ENGLISH = re.compile(r"\b(draws|keeps|discards|turn|Phase|phase|gold|in hand|Supply|Utilities|Your hand|"
                     r"free|left|Draw a card|End turn|Next small stand|Tie)\b")


def russian() -> dict[str, str]:
    """English -> Russian for the game's single-form texts."""
    return {m.id: m.string for m in i18n.game_catalogue("jambo", "ru") if m.id and isinstance(m.id, str)}


def board_texts(page) -> str:  # noqa: ANN001
    return "\n".join(page.inner_text(sel) for sel in ("#board", "#log", "#prompt-text", "#prompt-actions"))


def test_a_jambo_game_in_russian_writes_its_log_prompt_and_cards_in_russian(browser, sqlite_server):
    ru = russian()
    host, friend, _ = open_table_with_friend(
        browser, sqlite_server, "jambo", 2, "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    errors: list[str] = []
    for page in (host, friend):  # a renderer that fails on a translated text fails here by name
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    host.click("#start-button")
    for page in (host, friend):
        page.wait_for_selector("#play-area:not([hidden])")
        # The language is the page's: ?lang=ru sets it for this browser (and its cookie) and the board redraws.
        page.goto(page.url.split("?")[0] + "?lang=ru")
        page.wait_for_selector(".jambo-board")
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        page.evaluate("localStorage.setItem('boardhall.jambo.autoAllow', '0')")

    # The prompt is the game's own question in Russian.
    phase1 = ru["Phase 1: draw a card, or go to phase 2 ({n} actions left)"].replace("{n}", "5")
    expect(host.locator("#prompt-text")).to_have_text(phase1)
    # Every card name in the host's hand is a Russian name from the catalogue.
    names = host.locator(f"{ME} .jambo-hand .jambo-card-name").all_inner_texts()
    russian_names = {ru[k["name"]] for k in D.KINDS.values() if k["type"] != "ware"}
    assert all(name in russian_names for name in names), names
    assert all(CYRILLIC.search(title) for title in host.eval_on_selector_all(
        f"{ME} .jambo-hand .jambo-card", "els => els.map(e => e.title)")), "a card's title is not in Russian"

    # The supply's ware tokens carry the catalogue's Russian letters, one per ware in order, no two alike.
    letters = host.locator(".jambo-supply-slot .jambo-ware").all_inner_texts()
    assert letters == list(ru["KHTLFS"]) and len(set(letters)) == 6, letters

    # Turn 1 (Hostess): draw, keep the card, end the turn.
    host.click(".jambo-pile.act[data-label='Draw a card (1 action)']")
    keep = host.locator(".jambo-drawn .act[data-label^='Keep ']")
    keep.wait_for()
    drawn_title = host.get_attribute(".jambo-drawn .jambo-card", "title")
    assert CYRILLIC.search(drawn_title), drawn_title
    expect(host.locator("#prompt-text")).to_have_text(ru["Keep the card you drew (and go to phase 2) or discard it"])
    expect(friend.locator("#log")).to_contain_text(ru["{player} draws a card"].replace("{player}", "Hostess"))
    keep.click()
    expect(friend.locator("#log")).to_contain_text(
        ru["{player} keeps the card and goes to phase 2"].replace("{player}", "Hostess"))
    phase2 = ru["Phase 2: play cards or use utilities ({n} actions left)"].replace("{n}", "4")
    expect(host.locator("#prompt-text")).to_have_text(phase2)
    end = host.locator("#prompt-actions button.legal[data-label='End turn']")
    expect(end).to_have_text(ru["End turn"])
    end.click()

    # Turn 2 (Friend): draw, discard the drawn card, end the turn (with unused actions: 1 gold).
    friend.locator(".jambo-pile.act[data-label='Draw a card (1 action)']").click()
    reject = friend.locator(".jambo-drawn .act[data-label^='Discard ']")
    reject.wait_for()
    reject.click()
    expect(host.locator("#log")).to_contain_text(ru["{player} discards {card}"].split("{card}")[0]
                                                 .replace("{player}", "Friend"))
    friend.locator("#prompt-actions button.legal[data-label='End turn']").click()
    expect(host.locator("#prompt-text")).to_have_text(phase1)
    turn_line = ru["{player}'s turn"].replace("{player}", "Hostess")
    for page in (host, friend):
        expect(page.locator("#log")).to_contain_text(turn_line)
        # Hostess ended with 4 actions unused: the bonus line, in its Russian plural form for 4.
        expect(page.locator("#log")).to_contain_text("Hostess заканчивает ход, оставив 4 действия неиспользованными")
        text = board_texts(page)
        assert CYRILLIC.search(page.inner_text("#log"))
        left = ENGLISH.findall(text)
        assert not left, f"English left on the Russian page: {left}\n{text}"
    assert not errors, errors
    host.context.close()
    friend.context.close()
