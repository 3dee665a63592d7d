"""Benchmark for Istanbul: random full games per second, full_view sizes, heuristic bot vs random bot.

Run: .venv/bin/python bench/bench_istanbul.py [games]   (prints figures; asserts nothing about time)
Random Istanbul games are long (random players rarely afford rubies), so the counts are small by default.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import RandomBot  # noqa: E402
from app.engine.playout import play_game  # noqa: E402
from app.games.istanbul import GAME  # noqa: E402
from app.games.istanbul.bot import IstanbulBot  # noqa: E402

OPTIONS = ({"expansion": "letters_and_seals"}, {"expansion": "none"},
           {"expansion": "letters_and_seals", "variant": "grand_bazaar"})


def name(options: dict) -> str:
    return options.get("variant", options["expansion"])


def games_per_second(n: int, options: dict, count: int) -> tuple[float, float, float]:
    t = time.perf_counter()
    moves = rounds = 0
    for seed in range(count):
        out = play_game(GAME, n, options, seed)
        moves += len(out.moves)
        rounds += out.state["round"]
    dt = time.perf_counter() - t
    return count / dt, moves / count, rounds / count


def view_sizes(n: int, options: dict) -> tuple[float, int]:
    sizes = []
    out = play_game(GAME, n, options, 1, bots=[IstanbulBot() for _ in range(n)])
    state = GAME.new_game(n, options, 1)
    for seat, action in out.moves:
        state, _ = GAME.apply(state, seat, action)
        for viewer in [None, seat]:
            sizes.append(len(json.dumps(GAME.full_view(state, viewer))))
    return sum(sizes) / len(sizes), max(sizes)


def heuristic_win_rate(games: int, options: dict) -> tuple[float, float, float]:
    """Heuristic bot against one random bot, 2 players, seats alternating."""
    wins = shared = rounds = 0
    for seed in range(games):
        h = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[h] = IstanbulBot()
        state = play_game(GAME, 2, options, seed, bots=bots).state
        res = GAME.result(state)
        rounds += state["round"]
        if res["winners"] == [h]:
            wins += 1
        elif h in res["winners"]:
            shared += 1
    return wins / games, shared / games, rounds / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("Istanbul benchmark")
    for options in OPTIONS:
        for n in (2, 5):
            gps, mv, rd = games_per_second(n, options, 3)
            print(f"  {name(options)}, {n} players: {gps:6.2f} random games/s "
                  f"(mean {mv:.0f} moves, {rd:.0f} rounds)")
        for n in (2, 5):
            mean, mx = view_sizes(n, options)
            print(f"  {name(options)}, {n} players: full_view JSON mean {mean:.0f} bytes, max {mx} bytes")
    for options in OPTIONS:
        win, shared, rd = heuristic_win_rate(games, options)
        print(f"  {name(options)}: heuristic vs random over {games} games: won {win:.0%}, "
              f"shared {shared:.0%} (mean {rd:.1f} rounds)")


if __name__ == "__main__":
    main()
