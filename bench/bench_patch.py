"""The patches of one move: CPU and bytes of every seat's JSON Patch, per game.

Plays `--moves` random moves of each game (seed 1, fewest players), keeps every seat's view before and after each
move, then times `app.play.patch.make_patch` over all of them (best of `--repeat` runs) and sums the patches' bytes.
This is the part of a move that lists growing and shrinking make expensive, which the race micro-game of
`bench_ws.py` never shows.

    .venv/bin/python bench/bench_patch.py
    .venv/bin/python bench/bench_patch.py --games istanbul goldrush --moves 80
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import timeit
from pathlib import Path

import orjson

os.environ.setdefault("BOARDHALL_BENCH_GAMES", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from app import engine  # noqa: E402
from app.play.patch import make_patch  # noqa: E402


def view_pairs(game_id: str, moves: int) -> list[tuple[dict, dict]]:
    """(old view, new view) of every seat for each of `moves` random moves."""
    game = engine.get(game_id)
    players = game.min_players
    state, _ = game.start(players, {}, 1)
    rng = random.Random(1)
    pairs = []
    for _ in range(moves):
        pending = sorted(game.pending(state))
        if not pending:
            break
        seat = pending[0]
        before = [game.full_view(state, s) for s in range(players)]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        pairs += zip(before, [game.full_view(state, s) for s in range(players)])
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["race", "river", "jambo", "goldrush", "istanbul", "goldwest"])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    engine.load_games()
    print(f"{'game':10s} {'moves':>5s} {'CPU a move (all seats)':>24s} {'patch bytes a move':>20s}")
    for game_id in args.games:
        pairs = view_pairs(game_id, args.moves)
        moves = len(pairs) // engine.get(game_id).min_players
        best = min(timeit.repeat(lambda: [make_patch(old, new) for old, new in pairs], number=10,
                                 repeat=args.repeat)) / 10
        size = sum(len(orjson.dumps(make_patch(old, new))) for old, new in pairs)
        print(f"{game_id:10s} {moves:5d} {best / moves * 1e6:21.1f} us {size / moves:20.0f}")


if __name__ == "__main__":
    main()
