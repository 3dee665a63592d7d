"""Replays of real games played on a live server: the replay API, from every point of view and at every version,
shows exactly what the table showed (spectators: the views their socket rebuilt from patches; seats and the open
view: a fresh walk of the stored move log), and it opens only when and to whom it should."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import orjson
import pytest

from app import engine
from app.db.models import GameRecord, Move
from app.lobby.timing import with_resignations
from app.replays import service as timelines
from tests.support.clients import Person

REAL_GAMES = [g for g in engine.registry.GAME_PACKAGES if engine.get(g) is not None]
PLATFORM_FIELDS = ("clocks", "clock_at")  # the table's clocks are live figures, not part of a replay


def digest(view: dict) -> str:
    view = {k: v for k, v in view.items() if k not in PLATFORM_FIELDS}
    return hashlib.sha256(orjson.dumps(view, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def stored_game(server, table_id: str) -> tuple[dict, list[tuple[int, dict]]]:  # noqa: ANN001
    with sqlite3.connect(server.database_url.removeprefix("sqlite:///")) as db:
        game_id, seed, options, n, version = db.execute(
            "SELECT game_id, seed, options, num_players, version FROM games WHERE table_id = ?", (table_id,)).fetchone()
        moves = [(seat, json.loads(action)) for seat, action in db.execute(
            "SELECT seat, action FROM moves WHERE table_id = ? ORDER BY version", (table_id,))]
        resigned = {i for (i,) in db.execute("SELECT \"index\" FROM seats WHERE table_id = ? AND resigned", (table_id,))}
    return {"game": game_id, "seed": seed, "options": json.loads(options), "n": n, "version": version,
            "resigned": resigned}, moves


def stored_record(record: dict) -> GameRecord:
    return GameRecord(num_players=record["n"], options=record["options"], seed=record["seed"],
                      version=record["version"], opening_events=[])


def stored_moves(server, table_id: str) -> list[Move]:  # noqa: ANN001
    with sqlite3.connect(server.database_url.removeprefix("sqlite:///")) as db:
        return [Move(version=v, seat=seat, action=json.loads(action), events=json.loads(events)) for v, seat, action, events
                in db.execute("SELECT version, seat, action, events FROM moves WHERE table_id = ? ORDER BY version",
                              (table_id,))]


def fresh_views(record: dict, moves: list) -> list[dict[str, list[str]]]:  # noqa: ANN001
    """Per version, digests of each audience's view computed here with the engine: "0".., "spectator", "open"."""
    game = engine.get(record["game"])
    state = game.new_game(record["n"], record["options"], record["seed"])
    out = []
    for version in range(len(moves) + 1):
        if version:
            state, _ = game.apply(state, *moves[version - 1])
        views = game.full_views(state, [*range(record["n"]), None])
        for view in views:
            view["result"] = with_resignations(view["result"], record["resigned"])
        entry = {str(s): digest(v) for s, v in zip([*range(record["n"]), "spectator"], views)}
        out.append(entry)
    return out


def replay(person: Person, table_id: str, seat: str, v: int) -> dict:
    r = person.http.get(f"/api/tables/{table_id}/replay", params={"seat": seat, "v": v})
    assert r.status_code == 200, r.text
    return r.json()


def bots_game(server, game_id: str) -> tuple[Person, str, dict[int, str]]:  # noqa: ANN001
    """A whole game between bots, watched by a spectator socket: the host, the table and the spectator's view
    digests by version, from the version its first snapshot brought (bots move at once) to the end."""
    game = engine.get(game_id)
    host = Person(server, "Host")
    tid = host.open_table(game=game_id, seats=game.min_players, options={"first_player": 0})["id"]
    host.post(f"/api/tables/{tid}/leave", {})
    for seat in range(game.min_players):
        host.post(f"/api/tables/{tid}/bots", {"seat": seat})
    spectator = host.socket(tid)
    spectator.until("snapshot")
    host.post(f"/api/tables/{tid}/start")
    spectator.until("table")
    spectator.send({"type": "sync"})
    spectator.until("snapshot")
    seen = {spectator.version: digest(spectator.view)}
    while spectator.view["result"] is None:
        spectator.recv(timeout=30)
        seen[spectator.version] = digest(spectator.view)
    spectator.close()
    assert sorted(seen) == list(range(min(seen), max(seen) + 1)), "the spectator missed versions"
    return host, tid, seen


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_replay_shows_every_audience_what_the_live_game_showed_at_every_version(replay_server, game_id):
    host, tid, live = bots_game(replay_server, game_id)
    record, moves = stored_game(replay_server, tid)
    fresh = fresh_views(record, moves)
    assert len(fresh) == record["version"] + 1 == max(live) + 1
    for v in range(record["version"] + 1):
        if v in live:
            assert fresh[v]["spectator"] == live[v], f"the engine's spectator view differs from the live one at {v}"
        assert digest(replay(host, tid, "spectator", v)["view"]) == fresh[v]["spectator"], f"spectator at {v}"
    # Each seat at every version through the replay service (the route around it is the one just used), and
    # through the API at every turn's start.
    line = timelines.build(engine.get(game_id), stored_record(record), stored_moves(replay_server, tid),
                           record["resigned"])
    for v in range(record["version"] + 1):
        for seat in range(record["n"]):
            assert digest(timelines.frame(line, seat, v)["view"]) == fresh[v][str(seat)], f"seat {seat} at {v}"
    for v in line.turns:
        for seat in range(record["n"]):
            assert digest(replay(host, tid, str(seat), v)["view"]) == fresh[v][str(seat)], f"seat {seat} at {v}"
    # Every card open, at the end: each seat's own view, so every hand shows.
    end = replay(host, tid, "open", record["version"])
    assert [digest(view) for view in end["views"]] == [fresh[-1][str(s)] for s in range(record["n"])]
    assert end["turns"][0] == 0 and end["turns"] == sorted(set(end["turns"]))
