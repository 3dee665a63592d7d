"""Clocks and absent players, live: a realtime bank of 2 s runs out, the timeout move is made, two timeouts in a row
seat a bot (a zombie) and the player takes the seat back; votes, resignations, host rights; deadlines that survive
a restart and fire exactly once across two instances."""

from __future__ import annotations

import json
import re
import sqlite3
import time

import pytest

from app.engine.playout import canonical, replay
from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server
from tests.support.tally import TALLY

FAST = {"CLOCK_TICK_S": "0.1", "ABSENT_GRACE_S": "1", "PRESENCE_BEAT_S": "0.5"}
REALTIME_2S = {"mode": "realtime", "bank_s": 2, "increment_s": 0}


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("clocks") / "hall.db"
    server = Server(database_url=f"sqlite:///{db}", BOT_DELAY="0.4", **FAST)
    server.start()
    yield server
    server.stop()


def open_table(host: Person, pace: dict, seats: int = 2, rounds: int = 20, first: int = 0) -> str:
    body = {"game": "tally", "seats": seats, "options": {"rounds": rounds, "first_player": first}, "pace": pace}
    return host.post("/api/tables", body).json()["id"]


def events(sock) -> list[dict]:  # noqa: ANN001
    return [e for m in sock.seen if m["type"] in ("patch",) for e in m["events"]]


def until_table(sock, check, timeout: float = 10) -> dict:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while True:
        msg = sock.recv(timeout=max(0.01, deadline - time.monotonic()))
        if msg["type"] == "table" and check(msg["table"]):
            return msg["table"]


def test_pace_is_checked_stored_and_returned(clock_server):
    host = Person(clock_server, "Pacer")
    tid = open_table(host, {"mode": "turn_based", "deadline_h": 72})
    assert host.http.get(f"/api/tables/{tid}").json()["pace"] == {"mode": "turn_based", "deadline_h": 72}
    tid = open_table(host, {"mode": "realtime"})
    assert host.http.get(f"/api/tables/{tid}").json()["pace"] == {"mode": "realtime", "bank_s": 300, "increment_s": 20}
    plain = host.http.get(f"/api/tables/{host.open_table()['id']}").json()
    assert plain["pace"] == {"mode": "relaxed"}
    for bad in ({"mode": "realtime", "bank_s": 1}, {"mode": "relaxed", "bank_s": 60}, {"mode": "blitz"},
                {"mode": "turn_based", "deadline_h": "24"}, {"mode": "realtime", "bank_s": 2.5}):
        r = host.post("/api/tables", {"game": "tally", "pace": bad}, ok=False)
        assert r.status_code == 422, bad


def test_a_2s_bank_runs_out_the_timeout_moves_are_made_a_bot_takes_over_and_the_player_reclaims(clock_server):
    host = Person(clock_server, "Sleepy")
    tid = open_table(host, REALTIME_2S)
    host.post(f"/api/tables/{tid}/bots", {"seat": 1})
    host.post(f"/api/tables/{tid}/start")
    s = host.socket(tid)
    s.until("snapshot")
    assert s.view["clocks"]["0"] == {"left_ms": 2000, "running": True}
    assert s.view["clocks"]["1"] == {"left_ms": 2000, "running": False}  # a bot's clock never runs
    assert isinstance(s.view["clock_at"], int)
    # Nobody moves for seat 0: after 2 s the game's own rule picks 1 for it; then its bank is empty (no increment)
    # and its next decision (bank or attack, no rule of the game's own: the strongest bot decides) times out at once.
    zombie = until_table(s, lambda t: t["seats"][0]["bot"] is not None, timeout=15)
    assert zombie["seats"][0]["away_user_id"] == host.id and zombie["seats"][0]["user_id"] is None
    timeouts = [e for e in events(s) if e["type"] == "timeout"]
    assert [e["text"] for e in timeouts] == ["@0 ran out of time"] * 2
    picked = [e for e in events(s) if e["type"] == "reveal"]
    assert picked and picked[0]["picks"][0] == 1  # Tally's own timeout rule
    # The player comes back and takes the seat back with one click.
    back = host.post(f"/api/tables/{tid}/reclaim").json()
    assert back["seats"][0]["user_id"] == host.id and back["seats"][0]["bot"] is None
    s.send({"type": "sync"})
    deadline = time.monotonic() + 10
    while not (s.view["seat"] == 0 and s.view["legal"]):
        s.recv(timeout=max(0.01, deadline - time.monotonic()))
    assert s.view["clocks"]["0"]["running"] and s.view["clocks"]["0"]["left_ms"] >= 15_000  # a fair restart
    assert host.post(f"/api/tables/{tid}/reclaim", ok=False).json()["detail"]["code"] == "nothing_to_reclaim"
    s.act_ok(s.view["legal"][0])  # and plays on


def _three_playing_relaxed(server, names):  # noqa: ANN001, ANN202
    """Three people at a started relaxed table, each with a socket, once the first sees everyone connected."""
    people = [Person(server, n) for n in names]
    tid = open_table(people[0], {"mode": "relaxed"}, seats=3)
    for p in people[1:]:
        p.post(f"/api/tables/{tid}/join", {})
    people[0].post(f"/api/tables/{tid}/start")
    socks = [p.socket(tid) for p in people]
    for sock in socks:
        sock.until("snapshot")
    table = until_table(socks[0], lambda t: all(s["connected"] for s in t["seats"]))
    return people, tid, socks, table


def test_players_vote_a_bot_into_an_absent_players_seat_who_can_take_it_back(clock_server):
    people, tid, (a, b, c), table = _three_playing_relaxed(clock_server, ("Ana", "Ben", "Cy"))
    assert table["absent_grace_s"] == 1
    c.close()
    table = until_table(a, lambda t: t["seats"][2]["connected"] is False)
    vote = {"seat": 2}
    assert people[0].post(f"/api/tables/{tid}/vote", vote, ok=False).json()["detail"]["code"] == "too_soon"
    assert people[0].post(f"/api/tables/{tid}/vote", {"seat": 1}, ok=False).json()["detail"]["code"] == "not_absent"
    time.sleep(1.2)  # the grace period
    assert people[0].post(f"/api/tables/{tid}/vote", vote).json()["seats"][2]["votes"] == 1  # one of two needed
    watcher = Person(clock_server, "Nosy")
    assert watcher.post(f"/api/tables/{tid}/vote", vote, ok=False).json()["detail"]["code"] == "not_seated"
    after = people[1].post(f"/api/tables/{tid}/vote", vote).json()
    assert after["seats"][2]["bot"] and after["seats"][2]["away_user_id"] == people[2].id
    # The bot plays Cy's seat: Cy's secret pick is made without anyone waiting for them.
    a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
    b.sync_to(1)
    b.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
    a.sync_to(3)
    assert a.view["game"]["phase"] == "main"
    back = people[2].post(f"/api/tables/{tid}/reclaim").json()
    assert back["seats"][2]["user_id"] == people[2].id and back["seats"][2]["votes"] == 0


def test_a_resignation_is_in_the_result_and_host_rights_pass_to_the_next_connected_player(clock_server):
    host, friend = Person(clock_server, "Quitter"), Person(clock_server, "Stayer")
    tid = open_table(host, {"mode": "relaxed"}, rounds=1, first=1)
    friend.post(f"/api/tables/{tid}/join", {})
    host.post(f"/api/tables/{tid}/start")
    f = friend.socket(tid)
    f.until("snapshot")
    table = host.post(f"/api/tables/{tid}/resign").json()
    assert table["host_id"] == friend.id and table["seats"][0]["resigned"] and table["seats"][0]["bot"]
    assert host.post(f"/api/tables/{tid}/reclaim", ok=False).json()["detail"]["code"] == "nothing_to_reclaim"
    deadline = time.monotonic() + 15
    while f.view["result"] is None:
        if f.view["legal"]:
            f.act_ok(f.view["legal"][0])
        else:
            f.recv(timeout=max(0.01, deadline - time.monotonic()))
    assert f.view["result"]["resigned"] == [0] and 0 not in f.view["result"]["winners"]
    assert friend.http.get(f"/api/tables/{tid}").json()["result"]["resigned"] == [0]


def test_a_pending_deadline_survives_a_restart_and_fires_once(tmp_path):
    db = tmp_path / "restart.db"
    server = Server(database_url=f"sqlite:///{db}", **FAST)
    server.start()
    try:
        host = Person(server, "Restarter")
        tid = open_table(host, {"mode": "realtime", "bank_s": 3, "increment_s": 30}, rounds=1)
        host.post(f"/api/tables/{tid}/bots", {"seat": 1})
        host.post(f"/api/tables/{tid}/start")
        server.kill()  # the deadline is only in the database now
        time.sleep(3.2)
        server.start()
        s = host.socket(tid)
        s.until("snapshot")
        deadline = time.monotonic() + 10
        while s.view["game"]["picks"][0] != 1:  # made on startup, perhaps before this socket connected
            s.recv(timeout=max(0.01, deadline - time.monotonic()))
    finally:
        server.stop()
    con = sqlite3.connect(db)
    moves = [(seat, json.loads(action), json.loads(evs)) for seat, action, evs in con.execute(
        "SELECT seat, action, events FROM moves WHERE table_id = ? ORDER BY version", (tid,))]
    timed_out = [(seat, action) for seat, action, evs in moves if evs[0]["type"] == "timeout"]
    assert timed_out == [(0, {"type": "pick", "n": 1, "label": "Pick 1"})]  # once, by the game's own rule
    # A timeout move is an ordinary move: the game replays exactly from its seed and move log.
    seed, options, n, state = con.execute(
        "SELECT seed, options, num_players, state FROM games WHERE table_id = ?", (tid,)).fetchone()
    assert canonical(replay(TALLY, n, json.loads(options), seed, [(m[0], m[1]) for m in moves])) == \
        canonical(json.loads(state))


@pytest.mark.redis
@pytest.mark.postgres
def test_two_instances_fire_each_deadline_exactly_once_even_when_one_is_killed(postgres_url, redis_url):
    with temp_database(postgres_url) as url:
        one = Server(database_url=url, REDIS_URL=redis_url, BOT_DELAY="0.2", CLOCK_LEASE_S="2", **FAST)
        one.start()
        two = Server(database_url=url, REDIS_URL=redis_url, BOT_DELAY="0.2", CLOCK_LEASE_S="2", **FAST)
        two.start()
        try:
            host, guest = Person(one, "OnOne"), Person(two, "OnTwo")
            tid = open_table(host, REALTIME_2S, rounds=3)
            guest.post(f"/api/tables/{tid}/join", {})
            host.post(f"/api/tables/{tid}/start")
            b = guest.socket(tid)
            b.until("snapshot")
            # Both instances watch the deadlines; both seats run out at once.
            deadline = time.monotonic() + 15
            while not any(e["type"] == "timeout" for e in events(b)):
                b.recv(timeout=max(0.01, deadline - time.monotonic()))
            one.kill()  # perhaps holding a claim: its lease expires and instance two fires instead
            until_table(b, lambda t: all(s["bot"] for s in t["seats"]), timeout=40)
        finally:
            one.kill()
            two.stop()
        import psycopg

        with psycopg.connect(url) as con:
            rows = con.execute("SELECT version, seat, events FROM moves WHERE table_id = %s ORDER BY version",
                               (tid,)).fetchall()
            claims = con.execute("SELECT claims FROM clocks WHERE table_id = %s", (tid,)).fetchone()[0]
    versions = [r[0] for r in rows]
    assert versions == list(range(1, len(rows) + 1))
    timed_out = [(v, seat) for v, seat, evs in rows if evs and evs[0]["type"] == "timeout"]
    # Two timeouts in a row per seat before the bots took over (a third when the killed instance made the second
    # but died before seating the bot), and no deadline was claimed twice: at most one claim died with its instance.
    assert 4 <= len(timed_out) <= 6
    assert len(timed_out) <= claims <= len(timed_out) + 1


def test_a_returning_player_reads_themselves_connected_in_their_first_frame_and_a_vote_about_them_ends(clock_server):
    """The handshake notes the arrival before it builds the table it sends: the returning player's own first
    `table` frame already shows them connected, and the others are told once, with the vote about them void."""
    people, tid, (a, b, c), _ = _three_playing_relaxed(clock_server, ("Dee", "Eli", "Fay"))
    c.close()
    until_table(a, lambda t: t["seats"][2]["connected"] is False)
    time.sleep(1.2)  # the grace period
    assert people[0].post(f"/api/tables/{tid}/vote", {"seat": 2}).json()["seats"][2]["votes"] == 1
    again = people[2].socket(tid)
    first = again.until("table")["table"]
    assert first["seats"][2]["connected"] and first["seats"][2]["votes"] == 0
    assert first["invite"] is not None  # Fay was at the table: her own frame carries the invite
    told = until_table(a, lambda t: t["seats"][2]["connected"])
    assert told["seats"][2]["votes"] == 0 and told["invite"] is None  # the others' copy never carries it
    again.close()


def test_host_rights_pass_to_a_connected_player_when_the_host_stays_away(clock_server):
    host, friend = Person(clock_server, "Leaver"), Person(clock_server, "Keeper")
    tid = open_table(host, {"mode": "relaxed"})
    friend.post(f"/api/tables/{tid}/join", {})
    host.post(f"/api/tables/{tid}/start")
    h, f = host.socket(tid), friend.socket(tid)
    h.until("snapshot")
    f.until("snapshot")
    h.close()
    table = until_table(f, lambda t: t["host_id"] == friend.id)  # after the grace period, at the next heartbeat
    assert table["seats"][0]["user_id"] == host.id and not table["seats"][0]["connected"]
    assert friend.post(f"/api/tables/{tid}/bots", {"seat": 0}).json()["seats"][0]["away_user_id"] == host.id


def test_tables_awaiting_you_are_listed_first_with_the_time_you_have_left(clock_server):
    me = Person(clock_server, "Lister")
    waiting_room = open_table(me, {"mode": "relaxed"})
    timed = open_table(me, {"mode": "turn_based", "deadline_h": 12})
    me.post(f"/api/tables/{timed}/bots", {"seat": 1})
    me.post(f"/api/tables/{timed}/start")
    later = open_table(me, {"mode": "relaxed"})  # newer, so it would come first without the ordering
    mine = me.http.get("/api/tables").json()["mine"]
    assert [t["id"] for t in mine][0] == timed and {waiting_room, later} <= {t["id"] for t in mine}
    first = mine[0]
    assert first["your_move"] is True and first["waiting"][:1] == [0]
    assert 11 * 3600_000 < first["clocks"]["0"]["left_ms"] <= 12 * 3600_000 and first["clocks"]["0"]["running"]
    assert not any(t["your_move"] for t in mine[1:])
    page = me.http.get("/").text
    assert page.index(f'/tables/{timed}"') < page.index(f'/tables/{later}"') and re.search(r"Your move \((11 h 59|12 h 0) min left\)", page)
