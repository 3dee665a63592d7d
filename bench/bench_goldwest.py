"""Benchmark for Gold West: random full games per second, full_view sizes, heuristic bot against random bots.

Run: .venv/bin/python bench/bench_goldwest.py [games]   (prints figures; asserts nothing about time)
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine.playout import play_game  # noqa: E402
from app.games.goldwest import GAME  # noqa: E402
from app.games.goldwest.bot import GoldWestBot  # noqa: E402


def games_per_second(n: int, count: int) -> tuple[float, float]:
    start = time.perf_counter()
    moves = 0
    for seed in range(count):
        moves += len(play_game(GAME, n, None, seed).moves)
    return count / (time.perf_counter() - start), moves / count


def view_sizes(n: int, count: int) -> tuple[float, int]:
    sizes = []
    for seed in range(count):
        out = play_game(GAME, n, None, seed, bots=[GoldWestBot() for _ in range(n)])
        state = GAME.new_game(n, None, seed)
        for seat, action in out.moves:
            state, _ = GAME.apply(state, seat, action)
            for viewer in [None, *range(n)]:
                sizes.append(len(json.dumps(GAME.full_view(state, viewer))))
    return sum(sizes) / len(sizes), max(sizes)


def bot_game(n: int, seed: int, heuristic_seat: int) -> dict:
    """One seeded game; only the heuristic seat is given a view (random seats choose from the legal list)."""
    rng = random.Random(seed)
    bot = GoldWestBot()
    state = GAME.new_game(n, None, seed)
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        if seat == heuristic_seat:
            action = bot.choose(GAME.full_view(state, seat), rng)
        else:
            action = rng.choice(GAME.legal(state, seat))
        state, _ = GAME.apply(state, seat, action)
    return GAME.result(state)


def heuristic_win_rate(n: int, games: int) -> tuple[float, float]:
    """The heuristic bot in a rotating seat against n-1 random bots: outright and shared wins."""
    wins = shared = 0
    for seed in range(games):
        seat = seed % n
        result = bot_game(n, seed, seat)
        if result["winners"] == [seat]:
            wins += 1
        elif seat in result["winners"]:
            shared += 1
    return wins / games, shared / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for n in (2, 3, 4):
        rate, moves = games_per_second(n, 20)
        print(f"{n} players: {rate:.1f} random games/s, {moves:.0f} moves per game")
    mean, biggest = view_sizes(4, 2)
    print(f"full_view size (4 players, heuristic games): mean {mean:.0f} bytes, max {biggest} bytes")
    for n in (2, 4):
        wins, shared = heuristic_win_rate(n, games)
        print(f"heuristic vs {n - 1} random, {games} seeded games: wins {wins:.1%}, shared {shared:.1%}")


if __name__ == "__main__":
    main()
