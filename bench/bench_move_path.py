"""The rules-and-views part of one move, in process: what a move costs before any socket or database.

For the `race` micro-game and for each real game, plays moves and times the work the hub does per move (parse the
message, apply, build the views, diff them, serialise the patch frames) with views for every audience (what the
hub did before issue 17: each seat plus spectators) and for only the audiences with a socket (here: the seats,
no spectator). Timings are the best of several runs, so they change little with what else the machine does.

    .venv/bin/python bench/bench_move_path.py
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("BOARDHALL_BENCH_GAMES", "1")
from app import engine  # noqa: E402
from app.engine.registry import load_games  # noqa: E402
from app.play import messages  # noqa: E402
from app.play.runtime import SPECTATOR, audience_key, seat_number  # noqa: E402
from app.play.patch import make_patch  # noqa: E402
from bench.bench_parse import parse_pydantic  # noqa: E402


def playout(game: engine.Game, players: int, moves: int, seed: int) -> list[tuple[dict, int, dict]]:
    """(state before, seat, action) for up to `moves` random legal moves."""
    state = game.new_game(players, {}, seed)
    rng = random.Random(seed)
    out = []
    while len(out) < moves and game.result(state) is None:
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(game.legal(state, seat))
        out.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    return out


def one_move(game: engine.Game, state: dict, seat: int, action: dict, audiences: list[str], parse) -> None:  # noqa: ANN001
    text = orjson.dumps({"type": "act", "id": 1, "version": 7, "action": action})
    parse(text)
    old = dict(zip(audiences, game.full_views(state, [seat_number(a) for a in audiences])))
    new_state, events = game.apply(state, seat, action)
    orjson.dumps(new_state)  # the state stored with the move
    new = game.full_views(new_state, [seat_number(a) for a in audiences])
    for key, view in zip(audiences, new):
        orjson.dumps({"type": "patch", "version": 8, "ops": make_patch(old[key], view),
                      "events": engine.filter_events(events, seat_number(key))})


def per_move_us(game: engine.Game, moves: list, audiences: list[str], parse, repeat: int = 7) -> float:  # noqa: ANN001
    # The old views are built inside the timed loop for simplicity; the hub keeps them from the previous move, so
    # both figures carry that cost once more than the hub pays. The difference between them is what matters.
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for state, seat, action in moves:
            one_move(game, state, seat, action, audiences, parse)
        best = min(best, time.process_time() - start)
    return best / len(moves) * 1e6


def main() -> None:
    load_games()
    print(f"{'game':10s} {'players':>7s} {'before: all audiences, pydantic':>32s} {'after: seats only, msgspec':>27s}")
    for game_id, players in [("race", 2), ("river", 4), ("jambo", 2), ("goldrush", 4), ("istanbul", 4),
                             ("goldwest", 4)]:
        game = engine.get(game_id)
        if game is None:
            continue
        moves = playout(game, players, 200, seed=7)
        seats = [audience_key(s) for s in range(players)]
        before = per_move_us(game, moves, [*seats, SPECTATOR], parse_pydantic)
        after = per_move_us(game, moves, seats, messages.parse)
        print(f"{game_id:10s} {players:7d} {before:29.0f} us {after:24.0f} us")


if __name__ == "__main__":
    main()
