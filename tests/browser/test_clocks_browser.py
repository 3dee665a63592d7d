"""Clocks in the browser: a real-time table chosen in the lobby form, the countdown on the table page, and the
one-click "take my seat back" after two timeouts seated a bot; another player sees who is away."""

from __future__ import annotations

import os
import re
import time

import pytest

from tests.support.browser import choose_nickname
from tests.support.servers import Server

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("BOARDHALL_SHOTS")  # a folder: save screenshots there to look at the pages


@pytest.fixture(scope="module")
def fast_clock_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("clock-browser") / "hall.db"
    server = Server(database_url=f"sqlite:///{db}", BOT_DELAY="0.5", CLOCK_TICK_S="0.1", ABSENT_GRACE_S="1",
                    PRESENCE_BEAT_S="0.5")
    server.start()
    yield server
    server.stop()


def shoot(page, name: str) -> None:  # noqa: ANN001
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_the_countdown_runs_and_a_player_takes_their_seat_back_from_the_bot(browser, fast_clock_server):
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.goto(fast_clock_server.url + "/")
    choose_nickname(page, "Clocky")
    page.select_option("#game-select", "tally")
    page.select_option("#seats-select", "2")
    page.select_option("#pace-select", "realtime")
    assert page.is_visible("#pace-realtime") and not page.is_visible("#pace-turn")
    # The form offers minutes; a test bank of 3 s goes in as one more choice (the API takes down to 2 s).
    page.evaluate("""() => {
        const bank = document.querySelector('[name=bank_s]');
        bank.append(new Option('3 s', '3', true, true));
        document.querySelector('[name=increment_s]').value = '0';
        document.querySelector('[name="opt:rounds"]').value = '20';
        document.querySelector('[name="opt:first_player"]').value = '0';
    }""")
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/tables/**")
    page.click(".seat[data-seat='1'] .add-bot")
    page.wait_for_selector(".seat[data-seat='1'] .seat-name")
    page.click("#start-button")
    clock = page.locator(".player[data-seat='0'] .clock.running")
    clock.wait_for()
    assert "real time: 3 s" in page.inner_text("#clock-panel")
    first = clock.inner_text()
    assert re.fullmatch(r"0:0[0-3]", first), first
    assert page.locator(".player[data-seat='0'] .presence-on").count() == 1
    assert page.get_attribute("link[rel=icon]", "data-pending") == "1"
    shoot(page, "clock-running-1366")
    if first != "0:00":  # it counts down by itself, between server messages
        page.wait_for_function(f"document.querySelector(\".player[data-seat='0'] .clock\")?.textContent !== '{first}'")
    # Nobody clicks: two timeouts in a row, and a bot plays the seat; the player is offered it back.
    page.wait_for_selector(".reclaim-button", timeout=15000)
    assert page.locator("#prompt-actions button.legal").count() == 0
    assert "ran out of time" in page.inner_text("#log")
    shoot(page, "clock-reclaim-1366")
    page.click(".reclaim-button")
    page.wait_for_selector(".reclaim-button", state="detached")
    page.wait_for_selector(".player[data-seat='0'] .clock.running", timeout=10000)  # the player's clock again
    assert page.locator("#prompt-actions button.legal").count() > 0
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, "clock-back-390")
    page.context.close()


def test_other_players_see_who_is_away_and_may_vote_after_the_grace_period(browser, fast_clock_server):
    from tests.support.browser import open_table_with_friend

    host, friend, _ = open_table_with_friend(
        browser, fast_clock_server, "tally", 2, "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    host.click("#start-button")
    host.wait_for_selector(".player[data-seat='1'] .presence-on")
    friend.context.close()
    host.wait_for_selector(".player[data-seat='1'] .presence-off")
    started = time.monotonic()
    host.wait_for_selector(".vote-button[data-seat='1']", timeout=10000)  # opens when the 1 s grace has passed
    assert time.monotonic() - started > 0.5
    shoot(host, "clock-vote-1366")
    host.click(".vote-button[data-seat='1']")
    host.wait_for_selector(".player[data-seat='1']:has-text('(bot)')")
    host.context.close()
