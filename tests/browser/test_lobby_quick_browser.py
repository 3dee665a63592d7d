"""The lobby for a newcomer and for a host: one tap starts any game against bots; tables nobody has opened for an hour
are shown idle, below the live ones, and their host closes them (they leave the public lists); a table's non-default options are said in words in
the lobby and in the waiting room. Every page checked with axe."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
import sqlite3

import pytest

from app.engine import registry
from tests.browser.test_accessibility_browser import serious_violations
from tests.support.browser import choose_nickname
from tests.support.clients import Person

pytestmark = pytest.mark.browser

registry.load_games()
GAMES = [g.id for g in registry.all_games() if g.id != "tally"]


def signed_in_page(browser, server, person: Person, **context):  # noqa: ANN001, ANN003
    ctx = browser.new_context(**context)
    ctx.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in person.http.cookies.items()])
    return ctx.new_page()


def test_play_now_against_bots_starts_every_game_in_one_tap(browser, sqlite_server):
    page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(sqlite_server.url + "/")
    choose_nickname(page, "Newcomer")
    page.wait_for_selector(".quick-play")
    assert page.locator("h1").count() == 1
    assert serious_violations(page) == []
    for game in GAMES:
        page.goto(sqlite_server.url + "/")
        page.click(f".quick-play[data-game='{game}']")
        page.wait_for_url("**/tables/**")
        page.wait_for_selector("#play-area:not([hidden]) #board > *")  # dealt at once: no waiting room
        seats = page.locator("#players-strip .strip-player")
        assert seats.count() >= 2
        names = [seats.nth(i).inner_text() for i in range(seats.count())]
        assert "Newcomer" in names[0] or "You" in names[0], names
        assert all("(bot)" in n for n in names[1:]), (game, names)
    assert errors == []
    page.context.close()


def make_idle(server, table_id: str) -> None:
    """Nobody has had the table open for two hours (as its seen_at says)."""
    path = server.database_url.removeprefix("sqlite:///")
    then = (datetime.now(timezone.utc) - timedelta(hours=2)).replace(tzinfo=None).isoformat(sep=" ")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET seen_at = ? WHERE id = ?", (then, table_id))


def test_idle_tables_are_listed_below_live_ones_and_their_host_closes_them(browser, sqlite_server):
    host = Person(sqlite_server, "Idler")
    idle = host.open_table(game="jambo")
    live = host.open_table(game="jambo")
    make_idle(sqlite_server, idle["id"])
    assert host.http.get(f"/api/tables/{idle['id']}").json()["idle"] is True
    page = signed_in_page(browser, sqlite_server, host, viewport={"width": 1366, "height": 800})
    page.goto(sqlite_server.url + "/")
    rows = page.locator("[data-group=yours] .table-row")
    rows.first.wait_for()
    order = rows.evaluate_all("rs => rs.map((r) => r.dataset.tableId)")
    assert order.index(live["id"]) < order.index(idle["id"])
    idle_row = page.locator(f".table-row[data-table-id='{idle['id']}']")
    assert idle_row.locator(".status-idle").inner_text() == "idle"
    assert page.locator(f".table-row[data-table-id='{live['id']}'] .close-table").count() == 0
    assert serious_violations(page) == []
    # Only the host may close it.
    other = Person(sqlite_server, "Nosy")
    assert other.post(f"/api/tables/{idle['id']}/close", ok=False).status_code == 403
    page.on("dialog", lambda dialog: dialog.accept())
    idle_row.locator(".close-table").click()
    # Closed: finished, no longer idle and no longer open to join (it stays among the host's own for a day).
    page.wait_for_selector(f".table-row[data-table-id='{idle['id']}'] .status-finished")
    assert idle_row.locator(".close-table").count() == 0
    assert host.http.get(f"/api/tables/{idle['id']}").json()["status"] == "finished"
    assert host.post(f"/api/tables/{idle['id']}/close", ok=False).json()["detail"]["code"] == "game_over"
    page.context.close()


def test_a_tables_options_are_said_in_words_in_the_lobby_and_the_waiting_room(browser, sqlite_server):
    host = Person(sqlite_server, "Optionist")
    table = host.open_table(game="istanbul", seats=2, options={"expansion": "none", "bonus_cards": "mixed"})
    visitor = Person(sqlite_server, "Browser")
    page = signed_in_page(browser, sqlite_server, visitor, viewport={"width": 390, "height": 844})
    page.goto(sqlite_server.url + "/")
    row = page.locator(f".table-row[data-table-id='{table['id']}']")
    row.wait_for()
    assert row.locator(".table-options").inner_text() == "Expansion: Base game only"  # the defaults go unsaid
    page.goto(sqlite_server.url + table["invite_url"])
    page.wait_for_selector("#waiting-room:not([hidden])")
    assert "Expansion: Base game only" in page.inner_text("#waiting-room .table-options")
    assert serious_violations(page) == []
    page.goto(sqlite_server.url + table["invite_url"] + "&lang=ru")
    page.wait_for_selector("#waiting-room:not([hidden])")
    words = page.inner_text("#waiting-room .table-options")
    assert "Expansion" not in words and "Base game" not in words, words
    page.context.close()


def test_every_games_title_is_translated_in_the_russian_lobby(browser, sqlite_server):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(sqlite_server.url + "/?lang=ru")
    titles = page.locator(".game-card h3").all_inner_texts()
    assert "Gold West" not in titles and "Золотой Запад" in titles, titles
    page.context.close()
