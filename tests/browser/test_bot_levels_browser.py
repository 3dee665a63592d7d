"""Bot levels in the browser: the host picks a bot's level in the waiting room, the table says it, the bot plays."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tests.support.browser import choose_nickname
from tests.support.table_driver import play, version
from tests.test_bots_live import thinking

SHOTS = os.environ.get("BOT_LEVEL_SHOTS")  # a folder: save the pages as screenshots, to look at them


def shot(page, name: str) -> None:  # noqa: ANN001
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_the_host_adds_a_hard_bot_the_table_says_hard_and_the_bot_moves(browser, sqlite_server):
    for width, height in ((1366, 800), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
        page = context.new_page()
        page.goto(sqlite_server.url + "/")
        choose_nickname(page, "Hostess")
        page.select_option("#game-select", "river")
        page.select_option("#seats-select", "2")
        page.click("#create-table button[type=submit]")
        page.wait_for_selector(".seat[data-seat='1'] .bot-level-choice")
        assert page.input_value(".seat[data-seat='1'] .bot-level-choice") == "medium"  # the default offered
        page.select_option(".seat[data-seat='1'] .bot-level-choice", "hard")
        shot(page, f"waiting-choose-{width}")
        page.click(".seat[data-seat='1'] .add-bot")
        page.wait_for_selector(".seat[data-seat='1'] .bot-level:has-text('hard')")
        shot(page, f"waiting-added-{width}")
        searched = thinking(sqlite_server).get("searched", 0)
        page.click("#start-button")
        page.wait_for_selector("#board > *")
        panel = ".player[data-seat='1'] .bot-level" if width > 800 else ".strip-player[data-seat='1'] .bot-level"
        page.wait_for_selector(f"{panel}:has-text('hard')")
        tally = play(page, random.Random(5), max_clicks=4)
        assert tally.clicks >= 2 and version(page) > tally.clicks, "the bot made moves of its own"
        assert thinking(sqlite_server).get("searched", 0) > searched, "the hard bot searched"
        shot(page, f"table-{width}")
        context.close()


def test_the_level_words_follow_the_readers_language(browser, sqlite_server):
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    page.goto(sqlite_server.url + "/?lang=ru")
    choose_nickname(page, "Хозяйка")
    page.select_option("#game-select", "tally")
    page.click("#create-table button[type=submit]")
    page.wait_for_selector(".seat[data-seat='1'] .bot-level-choice")
    words = page.eval_on_selector_all(".seat[data-seat='1'] .bot-level-choice option", "os => os.map(o => o.text)")
    assert words == ["лёгкий", "средний", "сильный"]
    page.select_option(".seat[data-seat='1'] .bot-level-choice", "easy")
    page.click(".seat[data-seat='1'] .add-bot")
    page.wait_for_selector(".seat[data-seat='1'] .bot-level:has-text('лёгкий')")
    shot(page, "waiting-ru")
    context.close()


def test_play_now_seats_bots_of_the_level_chosen_in_the_lobby(browser, sqlite_server):
    for width, height in ((1366, 800), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
        page = context.new_page()
        page.goto(sqlite_server.url + "/")
        choose_nickname(page, "Quickie")
        page.wait_for_selector("#quick-level")
        assert page.input_value("#quick-level") == "easy"  # the server's default (BOT_LEVEL; easy on test servers)
        page.select_option("#quick-level", "medium")
        shot(page, f"lobby-{width}")
        page.click(".quick-play[data-game='river']")
        page.wait_for_selector("#play-area:not([hidden]) #board > *")
        panel = ".player[data-seat='1'] .bot-level" if width > 800 else ".strip-player[data-seat='1'] .bot-level"
        page.wait_for_selector(f"{panel}:has-text('medium')")
        context.close()
