"""Live play over the websocket: snapshots, acks, per-audience patches, reconnects and every kind of bad input."""

from __future__ import annotations

import json
import threading

import pytest
from websockets.exceptions import InvalidStatus, ConnectionClosed

from tests.support.clients import Person


def started_table(server, seats: int = 2, rounds: int = 2, first: int = 0, bots: int = 0):
    people = [Person(server, f"P{i}") for i in range(seats - bots)]
    tid = people[0].open_table(seats=seats, options={"rounds": rounds, "first_player": first})["id"]
    for p in people[1:]:
        p.post(f"/api/tables/{tid}/join", {})
    for _ in range(bots):
        people[0].post(f"/api/tables/{tid}/bots", {})
    people[0].post(f"/api/tables/{tid}/start")
    return tid, people


def connect_all(people, tid):
    sockets = []
    for p in people:
        s = p.socket(tid)
        s.until("snapshot")
        sockets.append(s)
    return sockets


def test_connect_sends_table_chat_history_and_snapshot(sqlite_server):
    tid, people = started_table(sqlite_server)
    s = people[0].socket(tid)
    kinds = [s.recv()["type"] for _ in range(3)]
    assert kinds == ["table", "chat_history", "snapshot"]
    assert s.version == 0 and s.view["seat"] == 0
    assert set(s.view) >= {"seat", "legal", "result", "prompt", "waiting", "game"}
    assert s.view["result"] is None and all("label" in a for a in s.view["legal"])


def test_simultaneous_picks_stay_secret_until_all_have_chosen(sqlite_server):
    tid, people = started_table(sqlite_server, seats=3)
    a, b, c = connect_all(people, tid)
    spectator = Person(sqlite_server, "Watcher").socket(tid)
    spectator.until("snapshot")
    assert sorted(a.view["waiting"]) == [0, 1, 2]
    a.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    for other in (b, c, spectator):
        other.sync_to(1)
        assert other.view["game"]["picked"] == [True, False, False]
        assert other.view["game"]["picks"][0] is None  # chosen, but not what
    assert a.view["game"]["picks"][0] == 3
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    c.sync_to(2)
    c.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
    spectator.sync_to(3)
    assert spectator.view["game"]["picks"] == [3, 1, 2]
    assert spectator.view["legal"] == [] and spectator.view["seat"] is None


def test_every_audience_gets_every_version_and_private_events_only_reach_their_seat(sqlite_server):
    tid, people = started_table(sqlite_server, rounds=1)
    a, b = connect_all(people, tid)
    spectator = Person(sqlite_server, "Watcher2").socket(tid)
    spectator.until("snapshot")
    moves = [(a, {"type": "pick", "n": 1, "label": "Pick 1"}), (b, {"type": "pick", "n": 2, "label": "Pick 2"}),
             (a, {"type": "bank", "label": "Bank"}), (b, {"type": "pass", "label": "Pass"})]
    for sock, action in moves:
        sock.sync_to(max(a.version, b.version))
        sock.act_ok(action)
    for sock in (a, b, spectator):
        sock.sync_to(4)
        versions = [m["version"] for m in sock.seen if m["type"] == "patch"]
        assert versions == sorted(set(versions)) and versions[-1] == 4
    private = [e for m in a.seen if m["type"] == "patch" for e in m["events"] if e["type"] == "secret"]
    assert private and private[0]["seats"] == [0]
    for sock in (b, spectator):
        assert not [e for m in sock.seen if m["type"] == "patch" for e in m["events"] if e["type"] == "secret"]
    assert a.view["result"]["scores"] == [1, 0]
    assert people[0].http.get(f"/api/tables/{tid}").json()["status"] == "finished"


def test_illegal_out_of_turn_foreign_and_stale_actions_change_nothing(sqlite_server):
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    spectator_person = Person(sqlite_server, "Snoop")
    spectator = spectator_person.socket(tid)
    spectator.until("snapshot")
    cases = [
        (a, {"type": "pick", "n": 7, "label": "Pick 7"}, None, "illegal_action"),
        (a, {"type": "bank", "label": "Bank"}, None, "illegal_action"),
        (spectator, {"type": "pick", "n": 1, "label": "Pick 1"}, None, "not_seated"),
        (a, {"type": "pick", "n": 1, "label": "Pick 1"}, 5, "stale_version"),
    ]
    for sock, action, version, code in cases:
        reply = sock.until_reply(sock.act(action, version=version))
        assert reply["type"] == "error" and reply["code"] == code, reply
    a.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    reply = a.until_reply(a.act({"type": "pick", "n": 2, "label": "Pick 2"}))
    assert reply["code"] == "not_your_turn"
    b.sync_to(1)
    assert b.view["game"]["picked"] == [True, False] and a.version == 1


def test_an_act_asking_for_its_ack_in_the_patch_gets_one_frame_for_its_move(sqlite_server):
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    a.send({"type": "act", "id": "m1", "version": 0, "ack_in_patch": True,
            "action": {"type": "pick", "n": 1, "label": "Pick 1"}})
    patch = a.until("patch")
    assert patch["version"] == 1 and patch["ack"] == "m1" and a.view["game"]["picked"] == [True, False]
    a.send({"type": "ping", "id": "after"})
    a.until("pong", id="after")
    assert [m["type"] for m in a.seen[-2:]] == ["patch", "pong"]  # no separate ack came
    other = b.until("patch")
    assert other["version"] == 1 and "ack" not in other  # the other players' patches carry no ack
    # Refused: an error as always, and nothing committed.
    b.send({"type": "act", "id": "m2", "version": 0, "ack_in_patch": True,
            "action": {"type": "pick", "n": 2, "label": "Pick 2"}})
    assert b.until_reply("m2")["code"] == "stale_version"
    b.until("snapshot")
    # Without the opt-in nothing changes: an ack of its own, and a patch without one.
    b.send({"type": "act", "id": "m3", "version": 1, "action": {"type": "pick", "n": 2, "label": "Pick 2"}})
    assert b.until_reply("m3") == {"type": "ack", "id": "m3", "version": 2}
    assert all("ack" not in m for m in b.seen if m["type"] == "patch")


def test_messages_sent_behind_a_move_are_answered_after_it_in_their_order(sqlite_server):
    # A socket's messages are handled one after another: what it sends while its move is being committed is
    # answered after that move's ack (a move finished outside the socket's task must keep this order).
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    a.send({"type": "act", "id": "m1", "version": 0, "action": {"type": "pick", "n": 1, "label": "Pick 1"}})
    a.send({"type": "ping", "id": "p1"})
    a.send({"type": "act", "id": "m2", "version": 0, "action": {"type": "pick", "n": 1, "label": "Pick 1"}})
    a.send({"type": "ping", "id": "p2"})
    a.until("pong", id="p2")
    answers = [(m["type"], m.get("id"), m.get("version")) for m in a.seen if m["type"] in ("ack", "pong", "error")]
    assert answers[-4:] == [("ack", "m1", 1), ("pong", "p1", None), ("error", "m2", None), ("pong", "p2", None)]
    assert [m for m in a.seen if m["type"] == "patch"][0]["version"] == 1
    assert b.until("patch")["version"] == 1


def test_malformed_unknown_oversized_and_flooding_messages_get_errors(sqlite_server):
    tid, people = started_table(sqlite_server)
    (a,) = connect_all(people[:1], tid)
    for raw, code in [("{nope", "malformed_json"), ("[1,2]", "bad_message"), ('{"type": "launch"}', "unknown_type"),
                      ('{"type": "act", "id": 4}', "bad_message"), ('{"type": "act", "action": 5}', "bad_message"),
                      (json.dumps({"type": "chat", "text": "x" * 9000}), "too_large")]:
        a.send(raw)
        reply = a.until("error")
        assert reply["code"] == code, (raw[:30], reply)
    for _ in range(100):
        a.send({"type": "ping"})
    codes = set()
    for _ in range(100):
        msg = a.recv()
        codes.add(msg.get("code") or msg["type"])
    assert "rate_limited" in codes
    b = people[1].socket(tid)
    b.until("snapshot")
    assert b.version == 0  # nothing changed


def test_reconnect_with_version_gets_the_missed_patches(sqlite_server):
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    # Seat 1 keeps a second tab open, so patches are made for it while this socket is away (with no socket of
    # its audience anywhere, none are made and a reconnect gets a snapshot: tests/test_ws_audiences.py).
    other_tab = people[1].socket(tid)
    other_tab.until("snapshot")
    b.close()
    a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
    b2 = people[1].socket(tid, "v=0")
    b2.version, b2.view = 0, b.view
    msg = b2.until("patch")
    assert msg["version"] == 1 and b2.view["game"]["picked"] == [True, False]
    assert not [m for m in b2.seen if m["type"] == "snapshot"]
    b3 = people[1].socket(tid, "v=1")  # already current: nothing to replay
    b3.until("chat_history")
    b3.send({"type": "ping", "id": "x"})
    assert b3.until("pong")["id"] == "x"
    assert not [m for m in b3.seen if m["type"] in ("snapshot", "patch")]


def test_chat_reaches_everyone_and_is_kept(sqlite_server):
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    a.send({"type": "chat", "text": "  good   luck "})
    assert b.until("chat")["text"] == "good luck"
    late = Person(sqlite_server, "Late").socket(tid)
    history = late.until("chat_history")
    assert [m["text"] for m in history["messages"]] == ["good luck"]


def test_bots_play_their_seats_to_the_end(sqlite_server):
    tid, people = started_table(sqlite_server, seats=3, rounds=2, bots=2)
    (a,) = connect_all(people, tid)
    stale = 0
    while a.view["result"] is None:
        if a.view["legal"]:
            reply = a.until_reply(a.act(a.view["legal"][0]))
            if reply["type"] == "error":  # a bot moved first in a simultaneous phase; the server sent a snapshot
                assert reply["code"] == "stale_version", reply
                stale += 1
                a.until("snapshot")
        else:
            a.recv()
    assert stale < 10
    assert len(a.view["result"]["scores"]) == 3


def test_private_table_socket_needs_the_invite(sqlite_server):
    host, bob = Person(sqlite_server, "H"), Person(sqlite_server, "B")
    created = host.open_table(private=True)
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        s = bob.socket(created["id"])
        s.recv()
    s = bob.socket(created["id"], f"invite={created['invite']}")
    assert s.until("table")["table"]["id"] == created["id"]


def test_two_moves_on_one_version_exactly_one_wins(sqlite_server):
    """The version race: both players act on version 0 at the same instant (simultaneous phase)."""
    for _ in range(5):
        tid, people = started_table(sqlite_server)
        a, b = connect_all(people, tid)
        barrier = threading.Barrier(2)
        replies = {}

        def go(name, sock, n):
            msg_id = sock._next
            barrier.wait()
            sock.act({"type": "pick", "n": n, "label": f"Pick {n}"}, version=0)
            replies[name] = sock.until_reply(msg_id)

        threads = [threading.Thread(target=go, args=("a", a, 1)), threading.Thread(target=go, args=("b", b, 2))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        kinds = sorted(r["type"] for r in replies.values())
        assert kinds == ["ack", "error"], replies
        loser = next(r for r in replies.values() if r["type"] == "error")
        assert loser["code"] == "stale_version"
        watcher = Person(sqlite_server, "W").socket(tid)
        watcher.until("snapshot")
        assert watcher.version == 1 and watcher.view["game"]["picked"].count(True) == 1


def test_waiting_room_updates_live_and_the_start_reaches_every_socket(sqlite_server):
    host, bob = Person(sqlite_server, "Host"), Person(sqlite_server, "Bob")
    tid = host.open_table(seats=3)["id"]
    room = host.socket(tid)
    first = room.until("table")["table"]
    assert first["status"] == "open" and first["invite"]  # the host sees the invite to share
    assert room.until("snapshot")["version"] is None  # nothing dealt yet
    bob.post(f"/api/tables/{tid}/join", {})
    assert room.until("table")["table"]["seats"][1]["name"] == "Bob"
    host.post(f"/api/tables/{tid}/bots", {"seat": 2})
    seats = room.until("table")["table"]["seats"]
    assert seats[2]["bot"] and seats[2]["name"].endswith("(bot)")
    watcher = Person(sqlite_server, "Watcher").socket(tid)
    assert watcher.until("table")["table"]["invite"] is None  # spectators never get the invite
    host.post(f"/api/tables/{tid}/start")
    assert room.until("table")["table"]["status"] == "playing"
    room.send({"type": "sync"})
    assert room.until("snapshot")["version"] is not None and room.view["seat"] == 0


def test_reconnect_beyond_the_kept_history_gets_a_snapshot(sqlite_server):
    tid, people = started_table(sqlite_server)
    (a,) = connect_all(people[:1], tid)
    s = people[0].socket(tid, "v=999")  # a version the server never had
    msg = s.until("snapshot")
    assert msg["version"] == 0


def test_an_evicted_table_reloads_from_the_database(tmp_path):
    """With room for one cached table, playing two tables in turn evicts and reloads them; nothing is lost."""
    from tests.support.servers import Server

    server = Server(database_url=f"sqlite:///{tmp_path / 'evict.db'}", MAX_CACHED_TABLES="1")
    server.start()
    try:
        games = [started_table(server) for _ in range(2)]
        for turn in range(2):
            for tid, people in games:
                a, b = connect_all(people, tid)
                sock = (a, b)[turn]
                sock.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
                a.close()
                b.close()
        for tid, people in games:
            (a,) = connect_all(people[:1], tid)
            assert a.version == 2 and a.view["game"]["picks"] == [2, 2]
    finally:
        server.stop()


def test_a_crash_in_the_rules_refuses_the_move_and_keeps_the_table_alive(sqlite_server):
    host, guest = Person(sqlite_server, "H"), Person(sqlite_server, "G")
    tid = host.open_table(options={"buggy": True, "first_player": 0})["id"]
    guest.post(f"/api/tables/{tid}/join", {})
    host.post(f"/api/tables/{tid}/start")
    (a,) = connect_all([host], tid)
    reply = a.until_reply(a.act({"type": "boom", "label": "Crash the rules"}))
    assert reply["type"] == "error" and reply["code"] == "internal_error"
    a.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})  # same socket, next move fine
    assert a.version == 1 and a.view["game"]["picks"][0] == 1


def test_the_deal_opens_the_log_with_private_parts_for_their_seat_only(sqlite_server):
    tid, people = started_table(sqlite_server, first=1)
    a, b = connect_all(people, tid)
    first_a = [m for m in a.seen if m["type"] == "snapshot"][0]["log"]
    first_b = [m for m in b.seen if m["type"] == "snapshot"][0]["log"]
    assert first_a[0]["text"] == "Cards are dealt; @1 will be first"
    assert [e["type"] for e in first_a] == ["deal", "secret"] and [e["type"] for e in first_b] == ["deal"]


def test_the_host_can_hand_a_players_seat_to_a_bot_during_play(sqlite_server):
    tid, people = started_table(sqlite_server, rounds=1)
    host, leaver = people
    a, b = connect_all(people, tid)
    assert leaver.post(f"/api/tables/{tid}/bots", {"seat": 0}, ok=False).json()["detail"]["code"] == "not_host"
    assert host.post(f"/api/tables/{tid}/bots", {}, ok=False).json()["detail"]["code"] == "bad_seat"
    table = host.post(f"/api/tables/{tid}/bots", {"seat": 1}).json()
    assert table["seats"][1]["bot"] and table["seats"][1]["user_id"] is None
    # The bot now plays seat 1 (its secret pick arrives without anyone clicking) ...
    a.sync_to(1)
    assert a.view["game"]["picked"] == [False, True]
    # ... and the friend who left watches: their act is refused, their view becomes the spectator's.
    b.until("table")
    reply = b.until_reply(b.act({"type": "pick", "n": 1, "label": "Pick 1"}, version=1))
    assert reply["code"] == "not_seated"
    b.send({"type": "sync"})
    assert b.until("snapshot")["view"]["seat"] is None
    assert host.post(f"/api/tables/{tid}/bots", {"seat": 1}, ok=False).json()["detail"]["code"] == "seat_taken"
    a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
    while a.view["result"] is None:  # the host plays on against the bot to the end
        if a.view["legal"]:
            reply = a.until_reply(a.act(a.view["legal"][0]))
            if reply["type"] == "error":
                a.until("snapshot")
        else:
            a.recv()


def test_a_socket_opened_from_another_site_is_refused(sqlite_server):
    from websockets.sync.client import connect

    tid, people = started_table(sqlite_server)
    cookie = "; ".join(f"{k}={v}" for k, v in people[0].http.cookies.items())
    url = f"{sqlite_server.ws_url}/ws/tables/{tid}"
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        with connect(url, additional_headers={"Cookie": cookie}, origin="http://evil.example") as ws:
            ws.recv(timeout=5)
    with connect(url, additional_headers={"Cookie": cookie}, origin=sqlite_server.url) as ws:  # our own pages
        assert json.loads(ws.recv(timeout=5))["type"] == "table"


def test_frames_go_out_uncompressed_even_to_a_client_offering_deflate(sqlite_server):
    """Browsers offer permessage-deflate; the server declines it (scripts/entrypoint.sh), since deflating each patch
    cost more CPU than the move that made it on the larger games (docs/operations.md, UVICORN_WS_DEFLATE)."""
    from websockets.sync.client import connect

    tid, people = started_table(sqlite_server)
    cookie = "; ".join(f"{k}={v}" for k, v in people[0].http.cookies.items())
    with connect(f"{sqlite_server.ws_url}/ws/tables/{tid}", additional_headers={"Cookie": cookie},
                 origin=sqlite_server.url, compression="deflate") as ws:
        assert "permessage-deflate" in ws.request.headers.get("Sec-WebSocket-Extensions", "")  # offered, as browsers do
        assert ws.response.headers.get("Sec-WebSocket-Extensions") is None  # and declined
        assert json.loads(ws.recv(timeout=5))["type"] == "table"
