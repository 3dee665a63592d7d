"""Security and input handling: each test is named after a problem that was found and fixed."""

from __future__ import annotations

import pytest

from tests.support.clients import Person
from tests.test_ws import connect_all, started_table


def test_a_player_replaced_by_a_bot_stops_receiving_that_seats_private_view(sqlite_server):
    """The host hands seat 1 to a bot during play: the old player's open socket must switch to the spectator's
    audience at once, not keep receiving seat 1's patches (the bot's secret pick) until it happens to resync."""
    tid, people = started_table(sqlite_server, rounds=1)
    host, leaver = people
    a, b = connect_all(people, tid)
    host.post(f"/api/tables/{tid}/bots", {"seat": 1})
    a.sync_to(1)
    assert a.view["game"]["picked"] == [False, True]  # the bot has picked secretly
    b.sync_to(1)
    assert b.view["seat"] is None
    assert b.view["game"]["picks"] == [None, None]  # the bot's pick is not shown to the player who left
    assert b.view["legal"] == []


def test_a_malformed_catch_up_version_gets_a_snapshot_not_a_crash(sqlite_server):
    """`?v=²` passes str.isdigit() but not int(); a 5000-digit v exceeds int()'s limit. Both killed the socket."""
    tid, people = started_table(sqlite_server)
    for since in ["%C2%B2", "9" * 5000]:
        s = people[0].socket(tid, f"v={since}")
        assert s.until("snapshot")["version"] == 0
        s.send({"type": "ping", "id": 1})
        assert s.until("pong")["id"] == 1
        s.close()


@pytest.fixture(scope="module")
def postgres_server(postgres_url):
    from tests.support.pg import temp_database
    from tests.support.servers import Server

    with temp_database(postgres_url) as url:
        server = Server(database_url=url)
        server.start()
        yield server
        server.stop()


def test_one_player_cannot_take_several_seats_by_joining_in_parallel(sqlite_server):
    """Concurrent joins each passed the 'already seated' check before any committed: one guest could fill every
    seat of a public table (and then only play the first: the game could never finish)."""
    _join_in_parallel(sqlite_server)


def test_one_player_cannot_take_several_seats_by_joining_in_parallel_on_postgres(postgres_server):
    _join_in_parallel(postgres_server)


def _join_in_parallel(server) -> None:  # noqa: ANN001
    import threading

    host = Person(server, "Host")
    for _ in range(5):
        tid = host.open_table(seats=4)["id"]
        bob = Person(server, "Bob")
        barrier = threading.Barrier(3)

        def join(seat: int) -> None:
            barrier.wait()
            bob.http.post(f"/api/tables/{tid}/join", json={"seat": seat})

        threads = [threading.Thread(target=join, args=(seat,)) for seat in (1, 2, 3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        seats = host.http.get(f"/api/tables/{tid}").json()["seats"]
        assert sum(1 for s in seats if s["user_id"] == bob.id) == 1, seats


def test_an_act_without_a_version_is_refused_not_applied_to_whatever_state_is_current(sqlite_server):
    """`version` is the compare-and-set that makes a stale or resent act fail; leaving it out skipped the check, so
    an act computed on an old view (or a duplicate) was applied to the current state."""
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    a.send({"type": "act", "id": 7, "action": {"type": "pick", "n": 3, "label": "Pick 3"}})
    reply = a.until_reply(7)
    assert reply["type"] == "error" and reply["code"] == "bad_message", reply
    b.send({"type": "sync"})
    assert b.until("snapshot")["version"] == 1


def test_a_non_ascii_invite_is_refused_not_a_server_error(sqlite_server):
    """secrets.compare_digest raises TypeError on non-ASCII str: `?invite=é` on a private table gave a 500."""
    host, eve = Person(sqlite_server, "Host"), Person(sqlite_server, "Eve")
    tid = host.open_table(private=True)["id"]
    r = eve.http.get(f"/api/tables/{tid}", params={"invite": "é"})
    assert r.status_code == 403 and r.json()["detail"]["code"] == "private_table"
    r = eve.post(f"/api/tables/{tid}/join", {"invite": "é"}, ok=False)
    assert r.status_code == 403
    assert eve.http.get(f"/tables/{tid}", params={"invite": "é"}).status_code == 200  # the 'private' page


def test_binary_frames_and_blank_chat_get_errors_and_the_socket_lives_on(sqlite_server):
    host, guest = Person(sqlite_server, "Bin"), Person(sqlite_server, "Ary")
    tid = host.open_table()["id"]
    guest.post(f"/api/tables/{tid}/join", {})
    host.post(f"/api/tables/{tid}/start")
    sock = host.socket(tid)
    sock.until("snapshot")
    sock.ws.send(b"\x00\x01binary")
    assert sock.until("error")["code"] == "bad_message"
    sock.send({"type": "chat", "id": 7, "text": "   \n  "})
    assert sock.until("error")["code"] == "bad_message"
    sock.send({"type": "ping", "id": "still-here"})
    assert sock.until("pong")["id"] == "still-here"
    late = host.socket(tid)
    assert late.until("chat_history")["messages"] == []  # nothing blank was stored


def test_writes_from_an_opaque_null_origin_are_refused(sqlite_server):
    p = Person(sqlite_server, "Sandboxed")
    r = p.http.post("/api/tables", json={"game": "tally"}, headers={"origin": "null"})
    assert r.status_code == 403


def _own_server(tmp_path_factory, name: str, **env: str):  # noqa: ANN001, ANN202
    from tests.support.servers import Server

    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp(name) / 'hall.db'}", **env)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def graceful_server(tmp_path_factory):
    yield from _own_server(tmp_path_factory, "grace", ABSENT_GRACE_S="2", PRESENCE_BEAT_S="0.5", CLOCK_TICK_S="0.1")


def test_a_seat_not_yet_opened_since_the_start_gets_the_whole_grace_and_host_rights_stay_with_people(graceful_server):
    """Issue 28: a player voted the host's seat to a bot 0.05 s after the start, before the host's page had opened
    the table (a player never seen had no grace), and took the host's rights with it. The grace of a seat not seen
    since the start counts from the start; after it, host rights go to a seated person, never to the bot."""
    import time

    host, voter = Person(graceful_server, "Slow Host"), Person(graceful_server, "Eager")
    tid = host.open_table(seats=2, options={"rounds": 2})["id"]
    voter.post(f"/api/tables/{tid}/join", {})
    host.post(f"/api/tables/{tid}/start")
    started = time.time() * 1000
    early = voter.post(f"/api/tables/{tid}/vote", {"seat": 0}, ok=False)
    assert early.status_code == 409 and early.json()["detail"]["code"] == "too_soon", early.text
    table = voter.http.get(f"/api/tables/{tid}").json()
    assert table["host_id"] == host.id and table["seats"][0]["user_id"] == host.id
    assert abs(table["seats"][0]["absent_since_ms"] - started) < 1500  # away since the start, not "0: never"
    time.sleep(2.3)  # the grace, counted from the start
    table = voter.post(f"/api/tables/{tid}/vote", {"seat": 0}).json()
    assert table["seats"][0]["bot"] and table["seats"][0]["away_user_id"] == host.id
    assert table["host_id"] == voter.id  # the next seated person, not the bot playing the host's seat
    back = host.post(f"/api/tables/{tid}/reclaim").json()
    assert back["seats"][0]["user_id"] == host.id and back["host_id"] in (host.id, voter.id)
    # Alone with bots, a host who resigns keeps the rights: there is no person to pass them to.
    solo = Person(graceful_server, "Solo")
    sid = solo.open_table(seats=2, options={"rounds": 1})["id"]
    solo.post(f"/api/tables/{sid}/bots", {})
    solo.post(f"/api/tables/{sid}/start")
    assert solo.post(f"/api/tables/{sid}/resign").json()["host_id"] == solo.id


@pytest.fixture(scope="module")
def exposed_server(tmp_path_factory):
    """A server as `make run` starts it (no trusted proxy), with a host allow-list."""
    yield from _own_server(tmp_path_factory, "exposed", FORWARDED_ALLOW_IPS="", GUESTS_PER_ADDRESS_PER_HOUR="2",
                           ALLOWED_HOSTS="games.example.org, hall.example.org")


def test_without_a_trusted_proxy_x_forwarded_for_is_not_believed(exposed_server):
    """Issue 28: `make run` trusted X-Forwarded-For from 127.0.0.1, so behind nothing (or a local tunnel) anyone could
    pick the address the per-address limits count. Trusted proxies are a setting, none by default."""
    codes = []
    for i in range(3):
        person = Person(exposed_server)
        person.http.headers["x-forwarded-for"] = f"10.77.0.{i}"
        codes.append(person.post("/api/session", {"nickname": f"Spoofer {i}"}, ok=False).status_code)
    assert codes == [200, 200, 429]


def test_allowed_hosts_refuses_requests_naming_another_host(exposed_server):
    """Issue 28: with no Host allow-list a DNS-rebinding page (evil.example resolving to a private instance) could talk
    to it. With ALLOWED_HOSTS set, another host name gets 400 `bad_host` and its websocket is refused; the listed
    names and the machine's own addresses are served."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    person = Person(exposed_server)
    refused = person.http.get("/api/games", headers={"host": "evil.example"})
    assert refused.status_code == 400 and refused.json()["detail"]["code"] == "bad_host"
    assert person.http.post("/api/session", json={"nickname": "Rebound"},
                            headers={"host": "evil.example:8000"}).status_code == 400
    for host in ("games.example.org", "HALL.example.org:443", f"127.0.0.1:{exposed_server.port}", "localhost"):
        assert person.http.get("/api/games", headers={"host": host}).status_code == 200, host
    upgrade = {"upgrade": "websocket", "connection": "Upgrade", "sec-websocket-version": "13",
               "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ=="}
    refused_socket = person.http.get("/ws/tables/nosuch", headers={**upgrade, "host": "evil.example"})
    assert refused_socket.status_code == 403
    # The machine's own address reaches the socket route itself, which answers an unknown table with 4404.
    with connect(f"{exposed_server.ws_url}/ws/tables/nosuch") as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd.code == 4404
