"""Issue 33's candidate 3 measured before it is built: what the move writer would save by storing each move's
action with a snapshot of the state only every N moves, instead of the whole state with every move.

Both ways run the writer's own statements (app/play/writer.py `write_batch`, on the driver's cursor, one
transaction a batch) on a migrated SQLite database, for each real game's states from a seeded random playout:
`--tables` tables of the game, one move of each per batch (the group commit's shape under load). "state each move"
is what the writer does today, encoding and decoding the batch included; "snapshot every N" writes the same move
rows but sets the game row's state only on every N-th version. Prints the writer's CPU a move and the bytes of
state written a move. Never fails on a timing.

    .venv/bin/python bench/bench_move_log.py --tables 20 --batches 60 --every 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import orjson
import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from app import engine  # noqa: E402
from app.db.session import make_sync_engine  # noqa: E402
from app.engine.registry import load_games  # noqa: E402
from app.play import writer  # noqa: E402
from app.play.writer import PendingMove  # noqa: E402
from tests.test_migrations import alembic  # noqa: E402

GAMES = [("river", 4), ("jambo", 2), ("goldrush", 4), ("istanbul", 4), ("goldwest", 4)]
NOW = "2026-12-07 00:00:00"
# The compare-and-set without the state: what the writer would run for a move between two snapshots.
CAS_NO_STATE = ("UPDATE games SET version = :version, result = :result, updated_at = :now "
                "WHERE table_id = :table_id AND version = :expected "
                "AND NOT EXISTS (SELECT 1 FROM tables WHERE tables.id = :table_id AND tables.status = 'finished')")


def prepare(url: str, table_ids: list[str], game_id: str, players: int) -> None:
    alembic(url, "upgrade", "head")
    db = make_sync_engine(url)
    with db.begin() as conn:
        conn.execute(sa.text("INSERT INTO users (id, nickname, created_at, show_ratings) VALUES (1, 'Host', :now, true)"),
                     {"now": NOW})
        for tid in table_ids:
            conn.execute(sa.text("INSERT INTO tables (id, game_id, options, host_id, private, invite, status, num_seats, "
                                 "created_at, updated_at) VALUES (:id, :g, '{}', 1, false, :inv, 'playing', :n, :now, :now)"),
                         {"id": tid, "g": game_id, "inv": "inv-" + tid, "n": players, "now": NOW})
            conn.execute(sa.text("INSERT INTO games (table_id, game_id, seed, options, num_players, version, state, "
                                 "updated_at) VALUES (:id, :g, 1, '{}', :n, 0, '{}', :now)"),
                         {"id": tid, "g": game_id, "n": players, "now": NOW})
    db.dispose()


def moves_of(game: engine.Game, players: int, count: int, seed: int) -> list[tuple[int, dict, list, bytes]]:
    """(seat, action, events, state JSON after) for `count` random moves (a new deal when one game ends)."""
    rng = random.Random(seed)
    state = game.new_game(players, {}, seed)
    out = []
    while len(out) < count:
        if game.result(state) is not None:
            seed += 1000
            state = game.new_game(players, {}, seed)
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(game.legal(state, seat))
        state, events = game.apply(state, seat, action)
        out.append((seat, action, events, orjson.dumps(state)))
    return out


def run(url: str, table_ids: list[str], plays: list[list], every: int) -> tuple[float, float]:
    """CPU a move (encode + decode + statements + commit) and state bytes written a move."""
    connection = writer.connect({"dialect": "sqlite", "path": url.removeprefix("sqlite:///"), "lock_timeout": 5})
    cpu = 0.0
    written = 0
    batches = len(plays[0])
    for version in range(1, batches + 1):
        batch = [PendingMove(tid, version, *plays[i][version - 1][:3], plays[i][version - 1][3], None)
                 for i, tid in enumerate(table_ids)]
        start = time.process_time()
        moves = writer.decode_batch(writer.encode_batch(batch))
        if every <= 1 or version % every == 0:
            writer.write_batch(connection, "sqlite", moves)
            written += sum(len(m.state_json) for m in moves)
        else:
            cursor = connection.cursor()
            for m in moves:
                cursor.execute(CAS_NO_STATE, {"version": m.version, "now": NOW, "result": None,
                                              "table_id": m.table_id, "expected": m.version - 1})
            cursor.executemany(writer._SQL["insert"], [
                {"table_id": m.table_id, "version": m.version, "seat": m.seat, "now": NOW,
                 "action": writer._json(m.action), "events": writer._json(m.events)} for m in moves])
            cursor.close()
        connection.commit()
        cpu += time.process_time() - start
    connection.close()
    moves_total = batches * len(table_ids)
    return cpu / moves_total * 1e6, written / moves_total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--batches", type=int, default=60)
    parser.add_argument("--every", type=int, default=20, help="a snapshot every N moves")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    load_games()
    print(f"the writer's CPU a move, {args.tables} tables a batch, {args.batches} batches, median of {args.rounds} "
          f"rounds each way; SQLite")
    for game_id, players in GAMES:
        game = engine.get(game_id)
        table_ids = [f"t{i}" for i in range(args.tables)]
        plays = [moves_of(game, players, args.batches, seed=100 + i) for i in range(args.tables)]
        now, log = [], []
        for _ in range(args.rounds):
            for way, out in ((1, now), (args.every, log)):
                url = f"sqlite:///{tempfile.mkdtemp(prefix='bench-log-')}/log.db"
                prepare(url, table_ids, game_id, players)
                out.append(run(url, table_ids, plays, way))
        a, b = statistics.median(x[0] for x in now), statistics.median(x[0] for x in log)
        print(f"{game_id} state each move: best {min(x[0] for x in now):.1f} us, median {a:.1f} us "
              f"({now[0][1]:.0f} B of state a move)")
        print(f"{game_id} snapshot every {args.every}: best {min(x[0] for x in log):.1f} us, median {b:.1f} us "
              f"({log[0][1]:.0f} B of state a move); ratio {b / a:.2f}")


if __name__ == "__main__":
    main()
