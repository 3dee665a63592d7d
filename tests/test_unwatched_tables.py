"""A game in play with bots in every seat stops when nobody watches it (issue #27 item 12): its bots move no more,
the table is finished where it stands and leaves the list of games in play. A table where a person plays goes on."""

from __future__ import annotations

import time

import pytest

from tests.support.clients import Person
from tests.support.servers import Server

# Six bots in the full game without the safety end: long enough that the game is still going when the watcher leaves.
LONG_GAME = {"variant": "full", "safety_end": False}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("unwatched") / "hall.db"
    srv = Server(database_url=f"sqlite:///{db}", BOT_DELAY="0.05", UNWATCHED_CLOSE_S="1")
    srv.start()
    yield srv
    srv.stop()


def _public_ids(person: Person) -> set[str]:
    return {t["id"] for t in person.http.get("/api/tables").json()["public"]}


def _version(person: Person, table_id: str) -> int:
    sock = person.socket(table_id)
    try:
        return sock.until("snapshot")["version"]
    finally:
        sock.close()


def _bot_table(host: Person, seats: int = 6) -> str:
    tid = host.open_table(game="goldrush", seats=seats, options=LONG_GAME)["id"]
    host.post(f"/api/tables/{tid}/leave", {})  # the host only watches
    for seat in range(seats):
        host.post(f"/api/tables/{tid}/bots", {"seat": seat})
    return tid


def _wait_for(check, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_an_all_bot_table_whose_last_watcher_leaves_is_closed_and_no_longer_listed(server):
    host = Person(server, "Watcher")
    tid = _bot_table(host)
    watcher = host.socket(tid)
    watcher.until("snapshot")
    host.post(f"/api/tables/{tid}/start")
    assert watcher.until("table")["table"]["status"] == "playing"
    watcher.send({"type": "sync"})
    watcher.until("snapshot")
    _wait_for(lambda: (watcher.recv(timeout=10) or True) and (watcher.version or 0) >= 5)
    assert tid in _public_ids(Person(server, "Passer"))
    watcher.close()

    _wait_for(lambda: host.http.get(f"/api/tables/{tid}").json()["status"] == "finished")
    stopped_at = _version(host, tid)  # looking again does not wake its bots
    time.sleep(1.5)
    assert _version(host, tid) == stopped_at
    table = host.http.get(f"/api/tables/{tid}").json()
    assert table["status"] == "finished" and table["result"] is None  # stopped, not scored
    assert tid not in _public_ids(Person(server, "Later"))


def test_an_all_bot_table_goes_on_while_somebody_watches(server):
    host = Person(server, "Keeper")
    tid = _bot_table(host)
    first, second = host.socket(tid), Person(server, "Friend").socket(tid)
    first.until("snapshot")
    second.until("snapshot")
    host.post(f"/api/tables/{tid}/start")
    first.close()  # one of two watchers leaves
    second.until("table")
    second.send({"type": "sync"})
    second.until("snapshot")
    version = second.version or 0
    _wait_for(lambda: (second.recv(timeout=10) or True) and ((second.version or 0) >= version + 30
                                                             or second.view["result"] is not None))
    time.sleep(1.5)  # more than the server's closing delay
    table = host.http.get(f"/api/tables/{tid}").json()
    assert table["status"] == "playing" or table["result"] is not None  # going on, or ended by its own rules
    second.close()


def test_a_table_where_a_person_plays_is_not_closed_when_they_leave(server):
    host = Person(server, "Player")
    tid = host.open_table(game="goldrush", seats=2, options=LONG_GAME)["id"]
    host.post(f"/api/tables/{tid}/bots", {"seat": 1})
    sock = host.socket(tid)
    sock.until("snapshot")
    host.post(f"/api/tables/{tid}/start")
    sock.until("table")
    sock.close()
    time.sleep(2.5)  # more than the server's closing delay
    assert host.http.get(f"/api/tables/{tid}").json()["status"] == "playing"
    assert tid in _public_ids(Person(server, "Onlooker"))
