"""Views and patches are made only for audiences with a socket; one that arrives later still gets every version.

A move builds and diffs the views of the audiences (seats, spectators) that have a socket on some instance. These
tests check the paths where an audience had none: a spectator who comes mid-game, a player who opens their first
socket after moves were made, a reconnect asking for patches that were never made, and a spectator on another
instance than the one the moves are made on.
"""

from __future__ import annotations

import pytest

from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server
from tests.test_ws import connect_all, started_table

PICK = {"type": "pick", "n": 2, "label": "Pick 2"}


def states(sock) -> list[tuple[str, int]]:  # noqa: ANN001
    """The (kind, version) of every snapshot and patch a socket got, in order."""
    return [(m["type"], m["version"]) for m in sock.seen if m["type"] in ("snapshot", "patch")]


def assert_every_version(sock, last: int) -> None:  # noqa: ANN001
    """From its first snapshot on, the socket got each version once, by patch or snapshot, up to `last`."""
    versions = [v for _, v in states(sock)]
    assert versions == list(range(versions[0], last + 1)), states(sock)


def test_a_spectator_joining_mid_game_gets_a_snapshot_then_patches(sqlite_server):
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    a.act_ok(PICK)
    b.sync_to(1)
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})  # no spectator yet: no spectator view was made
    watcher = Person(sqlite_server, "Latecomer").socket(tid)
    first = watcher.until("snapshot")
    assert first["version"] == 2 and first["view"]["seat"] is None
    assert first["view"]["game"]["picks"] == [2, 1] and first["view"]["legal"] == []
    a.sync_to(2)
    a.act_ok({"type": "attack", "seat": 1, "label": "Attack seat 2"})
    watcher.sync_to(3)
    assert states(watcher) == [("snapshot", 2), ("patch", 3)]
    fresh = Person(sqlite_server, "Checker").socket(tid)
    fresh.until("snapshot")
    assert watcher.view == fresh.view  # the patched view is exactly the one a new spectator is given


def test_a_player_whose_first_socket_comes_after_moves_gets_their_own_view(sqlite_server):
    tid, people = started_table(sqlite_server)
    (a,) = connect_all(people[:1], tid)
    a.act_ok(PICK)  # seat 1 has never had a socket: only seat 0's view was made
    b = people[1].socket(tid)
    snap = b.until("snapshot")
    assert snap["version"] == 1 and b.view["seat"] == 1
    assert b.view["game"]["picked"] == [True, False] and b.view["game"]["picks"] == [None, None]
    assert b.view["legal"], "seat 1 is asked to pick"
    b.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    a.sync_to(2)
    a.act_ok({"type": "bank", "label": "Bank"})
    b.sync_to(3)
    assert states(b) == [("snapshot", 1), ("patch", 2), ("patch", 3)]
    again = people[1].socket(tid)
    again.until("snapshot")
    assert b.view == again.view


def test_a_reconnect_asking_for_patches_that_were_never_made_gets_a_snapshot(sqlite_server):
    tid, people = started_table(sqlite_server)
    a, b = connect_all(people, tid)
    b.close()  # seat 1 leaves at version 0; the next move makes no patch for it
    while a.until("table")["table"]["seats"][1]["connected"]:
        pass  # the server has seen seat 1 go (it tells the table once it has closed the socket)
    a.act_ok(PICK)
    b2 = people[1].socket(tid, "v=0")
    snap = b2.until("snapshot")
    assert snap["version"] == 1 and b2.view["game"]["picked"] == [True, False]
    assert not [m for m in b2.seen if m["type"] == "patch"]
    b2.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    a.sync_to(2)
    assert a.view["game"]["picks"] == [2, 1]
    assert_every_version(a, 2)


@pytest.mark.redis
@pytest.mark.postgres
def test_a_spectator_on_another_instance_gets_patches_for_the_moves_made_elsewhere(postgres_url, redis_url):
    with temp_database(postgres_url) as url:
        one = Server(database_url=url, REDIS_URL=redis_url)
        two = Server(database_url=url, REDIS_URL=redis_url)
        try:
            one.start(timeout=120)  # generous: the machine may be busy, and a test never fails on timing
            two.start(timeout=120)
            tid, people = started_table(one)
            a, b = connect_all(people, tid)
            watcher = Person(two, "Elsewhere").socket(tid)
            watcher.until("snapshot")
            moves = [(a, PICK), (b, {"type": "pick", "n": 1, "label": "Pick 1"}),
                     (a, {"type": "attack", "seat": 1, "label": "Attack seat 2"})]
            for version, (sock, action) in enumerate(moves, start=1):
                sock.sync_to(version - 1)
                sock.act_ok(action)
                watcher.sync_to(version)
            assert_every_version(watcher, 3)
            # Instance one learns of the spectator through Redis, ahead of its own first move's message at the
            # latest; from the second move on the spectator is sent patches, never a snapshot per move.
            assert [kind for kind, version in states(watcher) if version >= 2] == ["patch", "patch"]
            fresh = Person(one, "Checker").socket(tid)
            fresh.until("snapshot")
            assert watcher.view == fresh.view
        finally:
            one.stop()
            two.stop()
