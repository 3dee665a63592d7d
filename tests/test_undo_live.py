"""Taking back a move at a live table: refused cases change nothing; an accepted undo is a new version whose state
is the earlier one, every audience gets its patch and the "took back" line; the log replays; it works after a
restart and from another instance (the trail is rebuilt from the seed and the move log)."""

from __future__ import annotations

import copy
import json
import sqlite3
from contextlib import closing

import psycopg
import pytest

from app.engine import registry
from app.engine.playout import canonical, states
from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server

FULL = {"variant": "full", "first_player": 0}
registry.load_games()
GOLDRUSH = registry.get("goldrush")
START_S = 120  # a loaded test machine may take a while to start a server; nothing here is timed


def _table_with_a_purchase(server, tag: str, pace: dict | None = None):
    """A started Gold Rush table where seat 0 may buy on its first turn (most deals allow it), and its people."""
    for attempt in range(8):
        a, b = Person(server, f"{tag}A{attempt}"), Person(server, f"{tag}B{attempt}")
        tid = a.post("/api/tables", {"game": "goldrush", "seats": 2, "options": FULL, "private": False,
                                     "pace": pace or {"mode": "relaxed"}}).json()["id"]
        b.post(f"/api/tables/{tid}/join", {})
        a.post(f"/api/tables/{tid}/start")
        sa = a.socket(tid)
        sa.until("snapshot")
        if any(x["type"] == "buy" for x in sa.view["legal"]):
            return tid, a, b, sa
        sa.close()
    pytest.fail("no deal let seat 0 buy")


def _undo(sock, version: int) -> dict:
    msg_id = sock._next
    sock._next += 1
    sock.send({"type": "undo", "id": msg_id, "version": version})
    return sock.until_reply(msg_id)


def _stored(database_url: str, tid: str):
    """(seed, options, players, state, [(seat, action)]) as the database holds them."""
    if database_url.startswith("sqlite"):
        con = sqlite3.connect(database_url.removeprefix("sqlite:///"))
        one = lambda sql: con.execute(sql.replace("%s", "?"), (tid,))  # noqa: E731
    else:
        con = psycopg.connect(database_url)
        one = lambda sql: con.execute(sql, (tid,))  # noqa: E731
    with closing(con):
        seed, options, n, state = one("SELECT seed, options, num_players, state FROM games WHERE table_id = %s").fetchone()
        moves = one("SELECT seat, action FROM moves WHERE table_id = %s ORDER BY version").fetchall()
    parse = lambda v: json.loads(v) if isinstance(v, str) else v  # noqa: E731
    return seed, parse(options), n, json.loads(state), [(seat, parse(action)) for seat, action in moves]


def _play_and_take_back(server, tag: str) -> str:
    tid, a, b, sa = _table_with_a_purchase(server, tag)
    sb = b.socket(tid)
    sb.until("snapshot")
    sw = Person(server, f"{tag}W").socket(tid)
    sw.until("snapshot")
    socks = {"a": sa, "b": sb, "spectator": sw}
    at_start = {k: copy.deepcopy(s.view) for k, s in socks.items()}
    assert "undo" not in sa.view
    # Refused, and nothing changes: the start of a turn, another seat, a spectator.
    assert _undo(sa, 0)["code"] == "not_undoable"
    assert _undo(sb, 0)["code"] == "not_your_turn"
    assert _undo(sw, 0)["code"] == "not_seated"
    buy = next(x for x in sa.view["legal"] if x["type"] == "buy")
    assert sa.act_ok(buy)["version"] == 1
    for s in (sb, sw):
        s.sync_to(1)
        assert "undo" not in s.view
    assert sa.view["undo"] == {"to": 0, "label": buy["label"], "say": buy["say"]}  # say: for other languages
    assert _undo(sb, 1)["code"] == "not_your_turn"
    assert _undo(sa, 0)["code"] == "stale_version"
    sa.until("snapshot")
    assert sa.version == 1
    ack = _undo(sa, 1)
    assert ack["type"] == "ack" and ack["version"] == 2
    for key, s in socks.items():
        s.sync_to(2)
        assert s.view == at_start[key]  # the view of version 0 again, for every audience
        patches = [m for m in s.seen if m["type"] == "patch"]
        assert [m["version"] for m in patches] == [1, 2]  # the refusals made no version
        assert [e["type"] for e in patches[-1]["events"]] == ["undo"]
        assert patches[-1]["events"][0]["text"] == f"@0 took back: {buy['label']}"
    assert _undo(sa, 2)["code"] == "not_undoable"  # one purchase, one press
    seed, options, n, state, moves = _stored(server.database_url, tid)
    # The server stores its own copy of the listed action, never the words a client sent with it (docs/security.md).
    assert moves == [(0, {k: v for k, v in buy.items() if k != "say"}), (0, {"type": "undo", "to": 0})]
    walked = {v: canonical(s) for v, s, _ in states(GOLDRUSH, n, options, seed, moves)}
    assert walked[2] == walked[0] == canonical(state)
    for s in socks.values():
        s.close()
    return tid


def test_an_undo_reaches_every_audience_and_refusals_change_nothing_on_sqlite(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'undo.db'}")
    server.start(timeout=START_S)
    try:
        _play_and_take_back(server, "Sq")
    finally:
        server.stop()


@pytest.mark.postgres
def test_an_undo_reaches_every_audience_and_refusals_change_nothing_on_postgresql(postgres_url):
    with temp_database(postgres_url) as url:
        server = Server(database_url=url)
        server.start(timeout=START_S)
        try:
            _play_and_take_back(server, "Pg")
        finally:
            server.stop()


def _without_clocks(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("clocks", "clock_at")}


def test_a_purchase_made_before_a_restart_can_be_taken_back_after_it(tmp_path):
    """On a realtime table: the undo also gives back no increment, neither its own nor the purchase's."""
    server = Server(database_url=f"sqlite:///{tmp_path / 'undo.db'}")
    server.start(timeout=START_S)
    try:
        bank_ms = 300_000
        tid, a, b, sa = _table_with_a_purchase(server, "Rs", {"mode": "realtime", "bank_s": 300, "increment_s": 60})
        before = copy.deepcopy(sa.view)
        sa.act_ok(next(x for x in sa.view["legal"] if x["type"] == "buy"))
        assert sa.view["clocks"]["0"]["left_ms"] > bank_ms  # the purchase earned its increment
        sa.close()
        server.stop()
        server.start(timeout=START_S)
        again = a.socket(tid)
        again.until("snapshot")
        assert again.version == 1 and again.view["undo"]["to"] == 0  # rebuilt from the seed and the move log
        assert _undo(again, 1)["version"] == 2
        again.sync_to(2)
        assert _without_clocks(again.view) == _without_clocks(before)
        assert again.view["clocks"]["0"]["left_ms"] <= bank_ms and again.view["clocks"]["0"]["running"]
        again.close()
    finally:
        server.stop()


@pytest.mark.postgres
@pytest.mark.redis
def test_a_purchase_made_on_one_instance_is_taken_back_on_another(postgres_url, redis_url):
    with temp_database(postgres_url) as url:
        one, two = Server(database_url=url, REDIS_URL=redis_url), Server(database_url=url, REDIS_URL=redis_url)
        one.start(timeout=START_S)
        two.start(timeout=START_S)
        try:
            tid, a, b, sa = _table_with_a_purchase(one, "Mi")
            on_two = Person.__new__(Person)
            on_two.server, on_two.http, on_two.user = two, a.http, a.user  # the same cookie, the other instance
            watcher = Person(two, "MiW").socket(tid)
            watcher.until("snapshot")
            start = copy.deepcopy(watcher.view)
            sa.act_ok(next(x for x in sa.view["legal"] if x["type"] == "buy"))
            sa2 = on_two.socket(tid)
            sa2.until("snapshot")
            assert sa2.version == 1 and sa2.view["undo"]["to"] == 0
            assert _undo(sa2, 1)["version"] == 2
            for s in (sa, watcher):
                s.sync_to(2)
            assert watcher.view == start and "undo" not in sa.view
        finally:
            one.stop()
            two.stop()
