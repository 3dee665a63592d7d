"""Limits per person and per address (issue 8): each is a setting, each refusal has its own error code.

Before: one user on 20 sockets stored 5,000 chat rows in 11 s; one guest created 300 tables in 1.4 s and filled 45
of the 50 public rows; 500 cookieless `POST /api/session` made 500 users; 500 anonymous sockets sat on one table.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.support.clients import Person, TableSocket
from tests.support.servers import Server
from tests.test_hostile import close_code

LIMITS = {"GUESTS_PER_ADDRESS_PER_HOUR": "5", "SOCKETS_PER_USER": "3", "SOCKETS_PER_ADDRESS": "5",
          "SOCKETS_PER_TABLE": "4", "CHAT_PER_MINUTE": "4", "PUBLIC_TABLES_PER_HOST": "2",
          "ABANDONED_AFTER_SECONDS": "3", "OPEN_TABLES_PER_USER": "3", "OPEN_TOURNAMENTS_PER_USER": "2",
          "TOURNAMENTS_PER_ADDRESS_PER_HOUR": "3", "TOURNAMENT_MAX_ENTRANTS": "6"}


@pytest.fixture(scope="module")
def limited(tmp_path_factory):
    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('limits') / 'hall.db'}", **LIMITS)
    server.start()
    yield server
    server.stop()


_addresses = iter(range(1, 10_000))


def guest(server, nickname: str, address: str | None = None) -> Person:  # noqa: ANN001
    """A guest from an address of its own (the server trusts X-Forwarded-For from 127.0.0.1, as behind a proxy)."""
    person = Person(server)
    person.http.headers["x-forwarded-for"] = address or f"10.1.{next(_addresses) // 250}.{next(_addresses) % 250}"
    r = person.post("/api/session", {"nickname": nickname}, ok=False)
    assert r.status_code == 200, r.text
    person.user = r.json()["user"]
    return person


def socket_from(person: Person, table_id: str) -> TableSocket:
    """A table socket sent from the person's own address."""
    cookie = "; ".join(f"{k}={v}" for k, v in person.http.cookies.items())
    headers = {"x-forwarded-for": person.http.headers["x-forwarded-for"]}
    if cookie:
        headers["Cookie"] = cookie
    return TableSocket(connect(f"{person.server.ws_url}/ws/tables/{table_id}", additional_headers=headers,
                               legacy=True))


def test_guests_per_address_per_hour(limited):
    made = [Person(limited) for _ in range(6)]
    codes = []
    for p in made:
        p.http.headers["x-forwarded-for"] = "10.200.0.1"
        codes.append(p.post("/api/session", {"nickname": "Spam"}, ok=False))
    assert [r.status_code for r in codes] == [200] * 5 + [429]
    assert codes[-1].json()["detail"]["code"] == "too_many_guests" and codes[-1].json()["detail"]["retry_after"] > 0
    # Renaming an existing guest is not a new guest.
    made[0].post("/api/session", {"nickname": "Renamed"})
    # Another address is not affected.
    guest(limited, "Elsewhere", "10.200.0.2")


def test_open_tables_per_user(limited):
    host = guest(limited, "Hoarder")
    for _ in range(3):
        host.open_table()
    r = host.post("/api/tables", {"game": "tally"}, ok=False)
    assert r.status_code == 429 and r.json()["detail"]["code"] == "too_many_tables" and _waits(r)


def test_tables_per_minute(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'fast.db'}", TABLES_PER_MINUTE="3")
    server.start()
    try:
        host = Person(server, "Quick")
        for _ in range(3):
            host.open_table()
        r = host.post("/api/tables", {"game": "tally"}, ok=False)
        assert r.status_code == 429 and r.json()["detail"]["code"] == "tables_too_fast" and 50 <= _waits(r) <= 60
    finally:
        server.stop()


def test_sockets_per_user_per_address_and_per_table(limited):
    host = guest(limited, "Sockety")
    tid = host.open_table()["id"]
    mine = [socket_from(host, tid) for _ in range(3)]
    for s in mine:
        s.until("snapshot")
    assert close_code(socket_from(host, tid)) == 4429  # a fourth socket of one user
    for s in mine:
        s.close()
    # Per address: anonymous watchers from one address (no cookie, so no per-user count).
    crowd = []
    for _ in range(5):
        watcher = Person(limited)
        watcher.http.headers["x-forwarded-for"] = "10.201.0.1"
        crowd.append(watcher)
    other_tid = guest(limited, "Crowded").open_table()["id"]
    time.sleep(0.3)  # the closed sockets above are unregistered
    open_ = [socket_from(w, other_tid) for w in crowd[:4]]
    for s in open_:
        s.until("snapshot")
    assert close_code(socket_from(crowd[4], other_tid)) == 4429  # the table holds 4
    third_tid = guest(limited, "Third").open_table()["id"]
    s5 = socket_from(crowd[4], third_tid)
    s5.until("snapshot")  # the address's fifth socket
    assert close_code(socket_from(crowd[0], third_tid)) == 4429  # its sixth
    for s in open_ + [s5]:
        s.close()


def test_chat_per_user_per_minute_across_sockets_and_tables(limited):
    talker = guest(limited, "Talker")
    t1, t2 = talker.open_table()["id"], talker.open_table()["id"]
    a, b = socket_from(talker, t1), socket_from(talker, t2)
    a.until("snapshot")
    b.until("snapshot")
    for i in range(3):
        a.send({"type": "chat", "id": i, "text": f"hello {i}"})
        a.until("chat")
    b.send({"type": "chat", "id": 3, "text": "over here"})
    b.until("chat")
    b.send({"type": "chat", "id": 4, "text": "and more"})
    error = b.until("error")
    assert error["code"] == "chat_too_fast" and error["id"] == 4
    a.send({"type": "chat", "id": 5, "text": "still more"})
    assert a.until("error")["code"] == "chat_too_fast"
    late = socket_from(talker, t2)
    assert [m["text"] for m in late.until("chat_history")["messages"]] == ["over here"]
    for s in (a, b, late):
        s.close()


def test_the_public_list_shows_a_few_tables_per_host_and_drops_abandoned_ones(limited):
    host = guest(limited, "Lister")
    ids = [host.open_table()["id"] for _ in range(3)]
    looker = guest(limited, "Looker")
    public = [t["id"] for t in looker.http.get("/api/tables").json()["public"]]
    assert sum(1 for t in ids if t in public) == 2
    assert ids[2] in public and ids[1] in public  # the newest two
    assert len(host.http.get("/api/tables").json()["mine"]) == 3  # the host still sees all of theirs
    # Nobody connected: after ABANDONED_AFTER_SECONDS (3 s here) the tables leave the public list, but a table with
    # a socket open stays.
    visitor = socket_from(looker, ids[2])
    visitor.until("snapshot")
    time.sleep(4)
    public = [t["id"] for t in looker.http.get("/api/tables").json()["public"]]
    assert ids[1] not in public and ids[0] not in public
    assert ids[2] in public
    visitor.close()


def test_watchers_never_lock_the_players_out_of_their_table(limited):
    """Issue 28: 200 anonymous sockets filled the table's cap, and the seated host's own socket was then refused
    (4429). Watchers have caps of their own (SOCKETS_PER_TABLE, SOCKETS_PER_ADDRESS: 4 and 5 here); the host and
    the seated players always get in, from any address, the crowd's included."""
    host = guest(limited, "Besieged")
    player = guest(limited, "Besieged Too", "10.202.0.9")
    tid = host.open_table(seats=2)["id"]
    player.post(f"/api/tables/{tid}/join", {})
    crowd = [Person(limited) for _ in range(6)]
    for i, watcher in enumerate(crowd):
        watcher.http.headers["x-forwarded-for"] = f"10.202.1.{i}"
    watching = [socket_from(w, tid) for w in crowd[:4]]
    for s in watching:
        s.until("snapshot")
    assert close_code(socket_from(crowd[4], tid)) == 4429  # the table's watchers are full
    mine = socket_from(host, tid)
    assert mine.until("snapshot")["view"] is None  # the host gets in all the same
    theirs = socket_from(player, tid)
    theirs.until("snapshot")
    # Watchers from the player's own address fill that address's cap; the player still gets in from it.
    neighbours = []
    for _ in range(5):
        n = Person(limited)
        n.http.headers["x-forwarded-for"] = "10.202.0.9"
        neighbours.append(socket_from(n, guest(limited, "Elsewhere Host").open_table()["id"]))
    for s in neighbours:
        s.until("snapshot")
    n = Person(limited)
    n.http.headers["x-forwarded-for"] = "10.202.0.9"
    assert close_code(socket_from(n, guest(limited, "Other Host").open_table()["id"])) == 4429
    theirs.close()
    time.sleep(0.3)
    again = socket_from(player, tid)
    again.until("snapshot")
    for s in watching + neighbours + [mine, again]:
        s.close()


def _waits(r) -> int:  # noqa: ANN001
    """A 429 that says when to try again, in its body and its Retry-After header alike."""
    assert r.status_code == 429, r.text
    seconds = r.json()["detail"]["retry_after"]
    assert type(seconds) is int and seconds >= 1 and r.headers["retry-after"] == str(seconds), (r.headers, r.text)
    return seconds


def test_tournaments_per_person_per_address_and_entrants_per_tournament(limited):
    """Issue 28: one guest created 15 tournaments of 15, and one tournament took 256 bot entrants (starting it would
    have seated some 64 all-bot tables at once). Unfinished tournaments per organiser (2 here), new ones per address
    an hour (3) and entrants per tournament (6) are capped; a round's tables are the tournament's own budget."""
    body = {"name": "Cup", "game": "tally", "options": {}, "min_size": 3, "max_size": 3}
    first = guest(limited, "Organiser One", "10.203.0.1")
    ids = [first.post("/api/tournaments", body).json()["id"] for _ in range(2)]
    r = first.post("/api/tournaments", body, ok=False)
    assert r.json()["detail"]["code"] == "too_many_tournaments" and _waits(r)
    second = guest(limited, "Organiser Two", "10.203.0.1")
    second.post("/api/tournaments", body)  # the address's third this hour
    r = second.post("/api/tournaments", body, ok=False)
    assert r.json()["detail"]["code"] == "tournaments_too_fast" and 3000 < _waits(r) <= 3600
    guest(limited, "Organiser Three", "10.203.0.2").post("/api/tournaments", body)  # another address
    r = first.post(f"/api/tournaments/{ids[0]}/bots", {"count": 64}, ok=False)
    assert r.status_code == 409 and r.json()["detail"]["code"] == "tournament_full"
    first.post(f"/api/tournaments/{ids[0]}/bots", {"count": 5})
    first.post(f"/api/tournaments/{ids[0]}/register", {})  # the sixth entrant
    late = guest(limited, "Latecomer")
    r = late.post(f"/api/tournaments/{ids[0]}/register", {}, ok=False)
    assert r.status_code == 409 and r.json()["detail"]["code"] == "tournament_full"
    assert len(first.http.get(f"/api/tournaments/{ids[0]}").json()["entrants"]) == 6


# ---- refusals a program can act on (issue 28, item 7) -------------------------------------------------------------

PROTOCOL = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
SLOW_DOWN = {"rate_limited", "chat_too_fast"}  # socket refusals that ask the client to wait: they say how long


def documented_codes() -> tuple[set[str], set[str]]:
    """The websocket error codes (docs/protocol.md, "Error codes") and the HTTP 429 codes of its table."""
    text = PROTOCOL.read_text()
    listing = text.split("### Error codes", 1)[1].strip().split("\n\n", 1)[0]  # the paragraph listing them
    socket_codes = set(re.findall(r"`([a-z]+_[a-z_]+)`", listing))  # codes have an underscore; `undo` is a type
    http_429 = set(re.findall(r"^\| 429 \| `([a-z_]+)` \|", text, re.M))
    return socket_codes, http_429


def _registered(server, username: str, address: str) -> Person:  # noqa: ANN001
    person = Person(server)
    person.http.headers["x-forwarded-for"] = address
    person.user = person.post("/api/register", {"username": username, "password": "violet-kettle-drums-47"}).json()["user"]
    return person


@pytest.fixture(scope="module")
def strict(tmp_path_factory):
    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('strict') / 'hall.db'}", RATE_PER_SECOND="10",
                    RATE_BURST="40", CHAT_PER_MINUTE="2", GUESTS_PER_ADDRESS_PER_HOUR="2", OPEN_TABLES_PER_USER="1",
                    TABLES_PER_MINUTE="1", OPEN_TOURNAMENTS_PER_USER="1", TOURNAMENTS_PER_ADDRESS_PER_HOUR="2",
                    LOGIN_FREE_FAILURES="1", DB_LOCK_TIMEOUT="0.3", FRIEND_REQUESTS_PER_HOUR="1",
                    TABLE_INVITES_PER_HOUR="1")
    server.start()
    yield server
    server.stop()


def _refusal(sock: TableSocket, msg_id, code: str) -> dict:  # noqa: ANN001
    """The error frame answering `msg_id`, in the documented shape: type, id, code, message, say?, retry_after?."""
    deadline = time.monotonic() + 5
    while True:
        frame = sock.recv(timeout=max(0.01, deadline - time.monotonic()))
        if frame["type"] == "error" and frame["id"] == msg_id:
            assert frame["code"] == code, frame
            break
    assert set(frame) <= {"type", "id", "code", "message", "say", "retry_after"}, frame
    assert type(frame["message"]) is str and frame["message"], frame
    assert "say" not in frame or "msg" in frame["say"], frame
    if code in SLOW_DOWN:
        assert type(frame["retry_after"]) in (int, float) and 0 < frame["retry_after"] <= 60, frame
    else:
        assert "retry_after" not in frame, frame
    return frame


def _finish_against_a_bot(person: Person, table_id: str) -> None:
    person.post(f"/api/tables/{table_id}/bots", {})
    person.post(f"/api/tables/{table_id}/start")
    sock = socket_from(person, table_id)
    sock.until("snapshot")
    sock.play_to_the_end()
    sock.close()


def test_every_documented_refusal_code_comes_in_its_documented_shape(strict):
    """Issue 28: `rate_limited` came with `id: null` and no retry time, `too_large` never named its message,
    `chat_too_fast` said no time, and not every HTTP 429 carried `retry_after` and `Retry-After`. This walks every
    refusal code docs/protocol.md lists for the socket and every 429 of its table, makes the server send each, and
    checks its shape: the refused message's id, and a time to wait on each refusal that asks the client to slow down."""
    socket_codes, http_429 = documented_codes()
    assert len(socket_codes) >= 15 and len(http_429) >= 6, (socket_codes, http_429)
    seen: set[str] = set()
    host, other = guest(strict, "Walker"), guest(strict, "Walker Two")
    tid = host.open_table(seats=2, options={"rounds": 1, "first_player": 0})["id"]
    other.post(f"/api/tables/{tid}/join", {})
    a, b = socket_from(host, tid), socket_from(other, tid)
    a.until("snapshot")
    b.until("snapshot")

    def refused(sock, message, code, msg_id="?"):  # noqa: ANN001, ANN202
        sock.send(message)
        frame = _refusal(sock, message.get("id") if msg_id == "?" else msg_id, code)
        seen.add(code)
        return frame

    refused(a, {"type": "act", "id": "early", "version": -1, "action": {"type": "pick", "n": 1}}, "not_started")
    host.post(f"/api/tables/{tid}/start")
    for sock in (a, b):
        sock.send({"type": "sync"})
        sock.until("snapshot", version=0)
    refused(a, "{nope", "malformed_json", None)
    refused(a, {"type": "act", "id": "m1", "version": "0", "action": {}}, "bad_message")
    refused(a, {"type": "launch", "id": "m2"}, "unknown_type")
    big = refused(a, '{"type": "chat", "id": "big", "text": "%s"}' % ("x" * 9000), "too_large", "big")
    assert big["id"] == "big"
    refused(a, {"type": "act", "id": "m3", "version": 0, "action": {"type": "pick", "n": 99, "label": "x"}},
            "illegal_action")
    refused(a, {"type": "undo", "id": "m4", "version": 0}, "not_undoable")
    a.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    refused(a, {"type": "act", "id": "m5", "version": 0, "action": {"type": "pick", "n": 1, "label": "Pick 1"}},
            "stale_version")
    b.sync_to(1)
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    b.sync_to(2)
    refused(b, {"type": "act", "id": "m6", "version": 2, "action": {"type": "pass", "label": "Pass"}},
            "not_your_turn")
    # The database busy: the writer gives up on SQLite's lock after DB_LOCK_TIMEOUT (0.3 s here).
    locker = sqlite3.connect(strict.database_url[len("sqlite:///"):], isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        a.sync_to(2)
        refused(a, {"type": "act", "id": "m7", "version": 2, "action": {"type": "bank", "label": "Bank"}},
                "try_again")
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    a.act_ok({"type": "bank", "label": "Bank"})
    b.sync_to(3)
    b.act_ok({"type": "pass", "label": "Pass"})
    a.sync_to(4)
    assert a.view["result"] is not None
    refused(a, {"type": "act", "id": "m8", "version": 4, "action": {"type": "pass", "label": "Pass"}}, "game_over")
    for i in range(2):
        a.send({"type": "chat", "id": f"c{i}", "text": f"hello {i}"})
        a.until("chat")
    refused(a, {"type": "chat", "id": "c2", "text": "one more"}, "chat_too_fast")
    # Watchers: anonymous (not signed in) and not seated.
    anonymous = Person(strict)
    anonymous.http.headers["x-forwarded-for"] = "10.204.0.9"
    watcher = socket_from(anonymous, tid)
    watcher.until("snapshot")
    refused(watcher, {"type": "chat", "id": "w1", "text": "hi"}, "not_signed_in")
    refused(watcher, {"type": "act", "id": "w2", "version": 4, "action": {"type": "pass"}}, "not_seated")
    # A rules bug (the test game's poison action): refused, logged, the table plays on.
    bugs = guest(strict, "Bug Finder")
    bid = bugs.open_table(seats=2, options={"buggy": True, "first_player": 0})["id"]
    guest(strict, "Bug Witness").post(f"/api/tables/{bid}/join", {})
    bugs.post(f"/api/tables/{bid}/start")
    poisoned = socket_from(bugs, bid)
    poisoned.until("snapshot")
    refused(poisoned, {"type": "act", "id": "bug", "version": 0,
                       "action": {"type": "poison", "where": "view", "label": "Break view"}}, "internal_error")
    # A flood: each refused message is named by its id, with the time until the socket takes one again.
    flood = socket_from(guest(strict, "Flooder"), tid)
    flood.until("snapshot")
    for i in range(60):
        flood.send({"type": "ping", "id": f"p{i}"})
    answered: dict[str, dict] = {}
    while len(answered) < 60:
        frame = flood.recv()
        if frame["type"] in ("pong", "error"):
            answered[frame["id"]] = frame
    limited_ = [f for f in answered.values() if f["type"] == "error"]
    assert limited_ and len(limited_) < 60
    for frame in limited_:
        assert frame["code"] == "rate_limited" and 0 < frame["retry_after"] <= 0.1, frame
        assert set(frame) <= {"type", "id", "code", "message", "say", "retry_after"}
    seen.add("rate_limited")
    assert seen == socket_codes, (socket_codes - seen, seen - socket_codes)
    # HTTP: every 429 of the table says when to try again, in its body and its Retry-After header.
    http_seen = set()

    def waits(r, code: str) -> int:  # noqa: ANN001
        assert r.json()["detail"]["code"] == code, r.text
        http_seen.add(code)
        return _waits(r)

    crowd = [Person(strict) for _ in range(3)]
    for person in crowd:
        person.http.headers["x-forwarded-for"] = "10.204.0.1"
    statuses = [person.post("/api/session", {"nickname": "Crowd"}, ok=False) for person in crowd]
    assert [r.status_code for r in statuses] == [200, 200, 429]
    waits(statuses[2], "too_many_guests")
    hoarder = guest(strict, "Hoarder")
    hoarder.open_table()
    waits(hoarder.post("/api/tables", {"game": "tally"}, ok=False), "too_many_tables")
    quick = guest(strict, "Quick")
    _finish_against_a_bot(quick, quick.open_table(seats=2, options={"rounds": 1})["id"])
    assert 0 < waits(quick.post("/api/tables", {"game": "tally"}, ok=False), "tables_too_fast") <= 60
    cup = {"name": "Cup", "game": "tally", "options": {}, "min_size": 3, "max_size": 3}
    organisers = [guest(strict, f"Organiser {i}") for i in range(3)]
    for organiser in organisers:  # signed up from their own addresses, organising from one
        organiser.http.headers["x-forwarded-for"] = "10.204.0.2"
    organisers[0].post("/api/tournaments", cup)
    waits(organisers[0].post("/api/tournaments", cup, ok=False), "too_many_tournaments")
    organisers[1].post("/api/tournaments", cup)
    waits(organisers[2].post("/api/tournaments", cup, ok=False), "tournaments_too_fast")
    register = Person(strict)
    register.http.headers["x-forwarded-for"] = "10.204.0.3"
    register.post("/api/register", {"username": "walker", "password": "violet-kettle-drums-47"})
    for attempt in range(3):
        r = register.post("/api/login", {"username": "walker", "password": f"wrong-{attempt}"}, ok=False)
    waits(r, "too_many_attempts")
    fan, star, kid = (_registered(strict, name, f"10.204.0.{n}") for n, name in ((4, "fan_w"), (5, "star_w"),
                                                                                 (6, "kid_w")))
    fan.post("/api/friends", {"user_id": star.id})
    waits(fan.post("/api/friends", {"user_id": kid.id}, ok=False), "friend_requests_too_fast")
    star.post(f"/api/friends/{fan.id}/accept")
    kid.post("/api/friends", {"user_id": fan.id})
    fan.post(f"/api/friends/{kid.id}/accept")
    tid = fan.open_table()["id"]
    fan.post(f"/api/tables/{tid}/invites", {"user_id": star.id})
    waits(fan.post(f"/api/tables/{tid}/invites", {"user_id": kid.id}, ok=False), "invites_too_fast")
    assert http_seen == http_429, (http_429 - http_seen, http_seen - http_429)
