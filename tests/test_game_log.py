"""The whole game's log over HTTP (GET /api/tables/{id}/log): numbered by move version, paged, and filtered for
the caller's audience like the socket's log, so a page never carries another seat's secret line."""

from __future__ import annotations

import random

import httpx

from tests.support.clients import Person
from tests.test_ws import connect_all, started_table


def play_rounds(sockets, rng: random.Random) -> None:
    """Both players move (first legal action that is not a crash) until the game is over."""
    while True:
        movers = [s for s in sockets if s.view["legal"] and not s.view["result"]]
        if not movers:
            return
        mover = rng.choice(movers)
        options = [a for a in mover.view["legal"] if a["type"] not in ("boom", "poison")]
        mover.act_ok(rng.choice(options))
        for s in sockets:
            s.sync_to(mover.version)


def test_the_whole_log_comes_in_pages_numbered_by_version_and_each_seat_reads_only_its_own_secrets(sqlite_server):
    tid, people = started_table(sqlite_server, rounds=4, first=0)
    sockets = connect_all(people, tid)
    play_rounds(sockets, random.Random(7))
    last = sockets[0].version
    whole = {i: p.http.get(f"/api/tables/{tid}/log").json() for i, p in enumerate(people)}
    spectator = httpx.get(f"{sqlite_server.url}/api/tables/{tid}/log").json()
    for page in [*whole.values(), spectator]:
        versions = [line["v"] for line in page["lines"]]
        assert versions == sorted(versions) and versions[0] == 0 and versions[-1] == last and page["more"] is False
    # A secret line reaches its own seat only: never the other seat, never a spectator.
    for seat, page in whole.items():
        assert all(seat in line.get("seats", [seat]) for line in page["lines"])
    assert any("seats" in line for line in whole[0]["lines"]) and not any("seats" in line for line in spectator["lines"])
    public = [line for line in whole[0]["lines"] if "seats" not in line]
    assert public == spectator["lines"]
    # Pages of 3 moves, read backwards from the end, add up to the whole log, with "more" until the deal.
    lines, before, pages = [], None, 0
    while True:
        query = f"?limit=3&before={before}" if before else "?limit=3"
        page = people[1].http.get(f"/api/tables/{tid}/log{query}").json()
        lines = page["lines"] + lines
        pages += 1
        if not page["more"]:
            break
        before = page["lines"][0]["v"]
    assert lines == whole[1]["lines"] and pages >= 3
    # The numbers match the socket's snapshot log after a reconnect (what the page shows after a reload).
    again = people[0].socket(tid)
    snapshot = again.until("snapshot")
    assert snapshot["log"][-len(whole[0]["lines"]):] == whole[0]["lines"][-len(snapshot["log"]):]


def test_the_log_of_a_private_table_needs_the_invite_and_bad_paging_is_refused(sqlite_server):
    host = Person(sqlite_server, "Secretive")
    created = host.open_table(seats=2, private=True)
    tid = created["id"]
    host.post(f"/api/tables/{tid}/bots", {})
    host.post(f"/api/tables/{tid}/start")
    stranger = Person(sqlite_server, "Stranger")
    refused = stranger.http.get(f"/api/tables/{tid}/log")
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "private_table"
    assert stranger.http.get(f"/api/tables/{tid}/log?invite={created['invite']}").status_code == 200
    assert host.http.get(f"/api/tables/{tid}/log?limit=0").status_code == 422
    assert host.http.get(f"/api/tables/{tid}/log?before=abc").status_code == 422
    assert host.http.get("/api/tables/nosuchtable/log").status_code == 404
