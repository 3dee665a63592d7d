"""Two people in two browsers: join through the invite link, fill a seat with a bot, start, play by clicking."""

from __future__ import annotations

import json

import pytest

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser


def test_friends_join_by_invite_and_play_turns_by_clicking(browser, sqlite_server):
    host, friend, table_id = open_table_with_friend(
        browser, sqlite_server, "tally", 3,
        "document.querySelector('[name=\"opt:rounds\"]').value = '1';"
        "document.querySelector('[name=\"opt:first_player\"]').value = '1';")
    host.click(".seat[data-seat='2'] .add-bot")
    host.wait_for_selector(".seat[data-seat='2'] .seat-name")
    host.click("#start-button")
    for page in (host, friend):
        page.wait_for_selector("#play-area:not([hidden])")
        page.wait_for_selector("#prompt-actions button.legal")
    assert host.title().startswith("● Your move")  # a background tab still says it is your move
    # Simultaneous secret picks from both browsers (the bot picks too).
    host.click("#prompt-actions button[data-label='Pick 2']")
    friend.click("#prompt-actions button[data-label='Pick 3']")
    # Seat 1 (the friend) is first: bank.
    friend.wait_for_selector("#prompt-actions button[data-label='Bank']")
    friend.click("#prompt-actions button[data-label='Bank']")
    # The auction goes round: the bot passes or bids; the host, without points, can only pass, and the page answers
    # that for them after a short pause.
    for page in (host, friend):
        page.wait_for_selector("#result:not([hidden])", timeout=10000)
        assert "Final scores" in page.inner_text("#result")
    log = friend.inner_text("#log")
    assert "You bank 3" in log  # your own moves read in the second person
    assert "Friend banks 3" in host.inner_text("#log")  # others see the nickname
    assert "Hostess" in log
    assert "You pass" in host.inner_text("#log")
    # Chat crosses browsers.
    host.click("#tab-chat")
    host.fill("#chat-input", "well played")
    host.click("#chat-form button")
    friend.wait_for_selector("#tab-chat .unread:has-text('1')")  # the log tab is open: the chat tab counts it
    friend.click("#tab-chat")
    friend.wait_for_selector("#chat li:has-text('well played')")
    # Reloading shows the finished table with its scores.
    friend.reload()
    friend.wait_for_selector("#result:not([hidden])")
    # Play again: the host opens a rematch, the friend follows the link and takes a seat there.
    host.click(".rematch-button")
    host.wait_for_url("**/tables/**")
    host.wait_for_selector(".seat[data-seat='2'] .seat-name:has-text('(bot)')")  # bots come along
    assert table_id not in host.url
    friend.click(".rematch-link")
    friend.wait_for_selector(".take-seat")
    friend.click(".take-seat >> nth=0")
    host.wait_for_selector("#seats .seat-name:has-text('Friend')")
    host.context.close()
    friend.context.close()


def test_the_lobby_shows_a_new_public_table_without_reloading(browser, sqlite_server):
    from tests.support.browser import choose_nickname
    from tests.support.clients import Person

    page = browser.new_context().new_page()
    page.clock.install()
    page.goto(sqlite_server.url + "/")
    choose_nickname(page, "Lurker")
    page.wait_for_selector("[data-group=open]")
    table_id = Person(sqlite_server, "Opener").open_table()["id"]
    assert page.locator(f"[data-group=open] a.table-link[href='/tables/{table_id}']").count() == 0
    page.clock.run_for(11_000)
    page.wait_for_selector(f"[data-group=open] a.table-link[href='/tables/{table_id}']")
    page.context.close()


def test_the_host_hands_a_friends_seat_to_a_bot(browser, sqlite_server):
    host, friend, table_id = open_table_with_friend(
        browser, sqlite_server, "tally", 2, "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    host.click("#start-button")
    friend.wait_for_selector("#prompt-actions button.legal")
    host.on("dialog", lambda dialog: dialog.accept())
    host.click(".player[data-seat='1'] .hand-to-bot")
    # The friend becomes a spectator; the bot makes the friend's secret pick by itself.
    friend.wait_for_selector("#prompt-actions button.legal", state="detached")
    host.wait_for_selector(".player[data-seat='1']:has-text('(bot)')")
    host.click("#prompt-actions button[data-label='Pick 1']")
    host.wait_for_selector("#prompt-actions button[data-label='Bank']")
    host.context.close()
    friend.context.close()


def test_a_signed_out_table_page_says_so_and_stops_reconnecting(browser, sqlite_server):
    """Refused sockets used to get HTTP 403, which a page cannot tell from a network error: it retried every 5 s for
    ever. Now the socket closes with a code; after 4401 (signed out) the page says so and stops."""
    from tests.support.browser import choose_nickname

    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    page.goto(sqlite_server.url + "/")
    choose_nickname(page, "Leaver")
    page.wait_for_selector("#create-table button[type=submit]")
    page.select_option("#game-select", "tally")
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/tables/**")
    page.wait_for_selector(".connection.live")
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.evaluate("fetch('/api/logout', {method: 'POST'})")  # the session ends: its open socket is closed (4401)
    page.wait_for_selector(".connection.down:has-text('signed out')")
    page.wait_for_timeout(2000)
    assert sockets == []  # no reconnection attempt
    context.close()


def test_a_players_own_move_comes_back_in_one_frame_its_patch_carrying_the_ack(browser, sqlite_server):
    """The table page asks for the ack inside its move's patch (`ack_in_patch`, docs/protocol.md): the server writes
    one frame per move to the mover instead of two, as the benchmarks measure it."""
    host, friend, _ = open_table_with_friend(
        browser, sqlite_server, "tally", 2,
        "document.querySelector('[name=\"opt:rounds\"]').value = '1';")
    received: list[dict] = []
    friend.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(json.loads(payload))))
    friend.reload()  # the table's socket opens again, now watched
    friend.wait_for_selector("#seats .seat-name:has-text('Friend')")
    host.click("#start-button")
    friend.wait_for_selector("#prompt-actions button[data-label='Pick 3']")
    friend.click("#prompt-actions button[data-label='Pick 3']")
    friend.wait_for_selector("#log :text('You have picked')", state="attached")
    host.click("#prompt-actions button[data-label='Pick 2']")
    friend.wait_for_selector("#log :text('Picks revealed')", state="attached")
    own = [f for f in received if f.get("type") == "patch" and "ack" in f]
    assert len(own) == 1, received  # the friend's pick, acknowledged inside its patch
    assert not [f for f in received if f.get("type") == "ack"]  # and no ack frame of its own
    host.context.close()
    friend.context.close()
