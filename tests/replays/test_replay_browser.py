"""The replay page and the player page in Chromium: stepping a replay forward and back, by move and by turn,
switching the point of view (a seat, every card open), and a player's history leading to a working replay."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.replays.test_history_api import play_to_the_end, registered, seat_everyone
from tests.replays.test_replay_live import bots_game

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/boardhall-shots"))
SIZES = {"desktop": {"viewport": {"width": 1366, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}


def signed_in(browser, server, person, size: str, **options):  # noqa: ANN001, ANN003
    context = browser.new_context(**SIZES[size], **options)
    context.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in person.http.cookies.items()])
    return context.new_page()


def version_of(page) -> int:  # noqa: ANN001
    return int(page.get_attribute("#replay-app", "data-version"))


def wait_version(page, v: int) -> None:  # noqa: ANN001
    page.wait_for_selector(f"#replay-app[data-version='{v}']")


@pytest.mark.parametrize("size", SIZES)
def test_step_a_jambo_replay_forward_and_back_and_change_the_point_of_view(browser, replay_server, size):
    host, tid, _ = bots_game(replay_server, "jambo")
    page = signed_in(browser, replay_server, host, size)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{replay_server.url}/tables/{tid}/replay?v=5")
    wait_version(page, 5)
    page.wait_for_selector("#boards .jambo-board")
    assert "Move 5 of" in page.inner_text("#step-label")
    page.click("#step-forward")
    wait_version(page, 6)
    assert "v=6" in page.url  # the address is the link to what is shown
    page.click("#step-back")
    wait_version(page, 5)
    page.click("#step-turn-forward")
    page.wait_for_function("Number(document.querySelector('#replay-app').dataset.version) > 5")
    assert page.locator("#log li").count() > 0
    assert page.locator("#boards .act").count() == 0  # a replay offers no moves
    # From seat 1's point of view its hand is drawn; a spectator's board has none.
    page.select_option("#seat-select", "1")
    page.wait_for_selector("#replay-app[data-seat='1']")
    assert "seat=1" in page.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"replay-seat-{size}.png"), full_page=False)
    # Every card open: one board per seat.
    page.click("#step-last")
    page.wait_for_selector("#result:not([hidden])")
    page.select_option("#seat-select", "open")
    page.wait_for_selector("#replay-app[data-seat='open']")
    assert page.locator("#boards .replay-seat-board").count() == 2
    page.screenshot(path=str(SHOTS / f"replay-open-{size}.png"), full_page=True)
    # Keyboard: the left arrow steps back one move.
    last = version_of(page)
    page.keyboard.press("ArrowLeft")
    wait_version(page, last - 1)
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_history_page_lists_a_finished_game_with_a_working_replay_link(browser, replay_server, size):
    ann = registered(replay_server, "Ann")
    table = seat_everyone(ann, [], bots=(1,))
    play_to_the_end([ann.socket(table["id"])], seed=7)
    page = signed_in(browser, replay_server, ann, size, timezone_id="Asia/Tokyo")
    page.goto(f"{replay_server.url}/users/{ann.id}")
    row = page.locator(f".history-game[data-table-id='{table['id']}']")
    row.wait_for()
    assert "Tally" in row.inner_text() and "against" in row.inner_text()
    # When it ended, in the reader's zone (Tokyo here), with the UTC time as the tooltip.
    when = row.locator("time.local-time")
    ended = datetime.fromisoformat(when.get_attribute("datetime")).astimezone(ZoneInfo("Asia/Tokyo"))
    assert when.get_attribute("title").endswith(" UTC")
    shown = when.inner_text()
    assert f"{ended.strftime('%b')} {ended.day}, {ended.year}" in shown, shown
    assert f"{(ended.hour - 1) % 12 + 1}:{ended.minute:02d}" in shown and "UTC" not in shown, shown
    assert page.is_checked("#show-ratings")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-{size}.png"), full_page=True)
    row.locator(".replay-link").click()
    page.wait_for_url(f"**/tables/{table['id']}/replay**")
    page.wait_for_selector("#replay-app[data-seat='0']")
    # A replay opens at the first move, the story from its beginning; a link leads to the end and its scores.
    wait_version(page, 1)
    assert page.is_hidden("#result")
    page.click("#to-end")
    page.wait_for_selector("#result:not([hidden])")
    assert page.is_hidden("#to-end")
    # The log is reachable with the keyboard (it scrolls by itself when focused).
    assert page.get_attribute("#log", "tabindex") == "0"
    page.click("#step-first")
    wait_version(page, 0)
    assert "The deal" in page.inner_text("#step-label")
    # Ann's rating next to her name at the table, labelled (the bot's fixed anchor is no rating), until Ann
    # switches them off on her page.
    page.goto(f"{replay_server.url}/tables/{table['id']}")
    page.wait_for_selector(".player-rating:visible")  # the players' column, or on a phone the strip
    assert page.locator(".player-rating:visible").count() == 1
    assert page.locator(".player-rating:visible").inner_text().startswith("rating ")
    page.goto(f"{replay_server.url}/users/{ann.id}")
    page.uncheck("#show-ratings")
    page.click(".preferences button")
    page.wait_for_url(f"**/users/{ann.id}")
    assert not page.is_checked("#show-ratings")
    page.goto(f"{replay_server.url}/tables/{table['id']}")
    page.wait_for_selector(".strip-player", state="attached")
    assert page.locator(".player-rating").count() == 0
    page.context.close()
