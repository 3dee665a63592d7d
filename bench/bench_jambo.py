"""Jambo benchmark: random full games per second per variant, full_view sizes, heuristic bot vs random bot.

Run: .venv/bin/python bench/bench_jambo.py   (prints figures; asserts nothing about time)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import RandomBot  # noqa: E402
from app.engine.playout import play_game  # noqa: E402
from app.games.jambo import GAME  # noqa: E402
from app.games.jambo.bot import JamboBot  # noqa: E402

VARIANTS = {"first_to_60 (default)": {}, "last_player": {"tie_goes_to": "last_player"}}


def games_per_second(opts: dict, n: int = 100) -> tuple[float, float]:
    t = time.perf_counter()
    moves = 0
    for seed in range(n):
        moves += len(play_game(GAME, 2, opts, seed).moves)
    dt = time.perf_counter() - t
    return n / dt, moves / n


def view_sizes(n: int = 10) -> tuple[float, int]:
    sizes = []
    for seed in range(n):
        out = play_game(GAME, 2, {}, seed)
        state = GAME.new_game(2, {}, seed)
        for seat, action in out.moves:
            for viewer in (0, 1, None):
                sizes.append(len(json.dumps(GAME.full_view(state, viewer))))
            state, _ = GAME.apply(state, seat, action)
    return sum(sizes) / len(sizes), max(sizes)


def win_rate(n: int = 200) -> tuple[float, float]:
    wins = 0
    t = time.perf_counter()
    for seed in range(n):
        h = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[h] = JamboBot()
        out = play_game(GAME, 2, {}, seed, bots=bots)
        wins += GAME.result(out.state)["winners"] == [h]
    return wins / n, time.perf_counter() - t


def main() -> None:
    for label, opts in VARIANTS.items():
        gps, mean_moves = games_per_second(opts)
        print(f"2 players, {label}: {gps:.1f} random games/s (mean {mean_moves:.0f} moves per game)")
    mean, top = view_sizes()
    print(f"full_view JSON size: mean {mean:.0f} bytes, max {top} bytes")
    rate, dt = win_rate()
    print(f"heuristic vs random, 200 seeded games (alternating seats): heuristic wins {rate:.1%} ({dt:.1f} s)")


if __name__ == "__main__":
    main()
