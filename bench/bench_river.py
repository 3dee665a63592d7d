"""Benchmark for The River: random full games per second, full_view sizes, heuristic bot vs random bot.

Run: .venv/bin/python bench/bench_river.py   (prints figures; asserts nothing about time)
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import RandomBot  # noqa: E402
from app.engine.playout import play_game  # noqa: E402
from app.games.river import GAME  # noqa: E402
from app.games.river.bot import RiverBot  # noqa: E402


def games_per_second(n: int, count: int) -> tuple[float, float, float]:
    t = time.perf_counter()
    moves = rounds = 0
    for seed in range(count):
        out = play_game(GAME, n, None, seed)
        moves += len(out.moves)
        rounds += out.state["round"]
    dt = time.perf_counter() - t
    return count / dt, moves / count, rounds / count


def view_sizes(n: int, count: int) -> tuple[float, int]:
    sizes = []
    for seed in range(count):
        out = play_game(GAME, n, None, seed, bots=[RiverBot() for _ in range(n)])
        state = GAME.new_game(n, None, seed)
        for seat, action in out.moves:
            state, _ = GAME.apply(state, seat, action)
            for viewer in [None] + list(range(n)):
                sizes.append(len(json.dumps(GAME.full_view(state, viewer))))
    return sum(sizes) / len(sizes), max(sizes)


def heuristic_win_rate(games: int = 200) -> tuple[float, float]:
    wins = shared = 0
    for seed in range(games):
        h = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[h] = RiverBot()
        res = GAME.result(play_game(GAME, 2, None, seed, bots=bots).state)
        if res["winners"] == [h]:
            wins += 1
        elif h in res["winners"]:
            shared += 1
    return wins / games, shared / games


def game_lengths(n: int, table: str, games: int) -> dict[str, float]:
    """Rounds per game for a table of heuristic bots, random bots or both (alternating seats), and how often
    the 40-round cap ended the game instead of the Bay; the rules doc quotes these figures, not prose."""
    rounds, capped, best = [], 0, 0
    for seed in range(games):
        if table == "heuristic":
            bots = [RiverBot() for _ in range(n)]
        elif table == "random":
            bots = [RandomBot() for _ in range(n)]
        else:
            bots = [RiverBot() if (seat + seed) % 2 else RandomBot() for seat in range(n)]
        out = play_game(GAME, n, None, seed, bots=bots)
        rounds.append(out.state["round"])
        capped += not out.state["bay"]
        best += max(GAME.result(out.state)["scores"])
    rounds.sort()
    return {"median": statistics.median(rounds), "p90": rounds[int(0.9 * (len(rounds) - 1))], "max": rounds[-1],
            "capped": capped / games, "best": best / games}


def main() -> None:
    random.seed(0)
    print("The River benchmark")
    for n in (2, 3, 4):
        gps, mv, rd = games_per_second(n, 100)
        print(f"  {n} players: {gps:7.1f} random games/s  (mean {mv:.0f} moves, {rd:.1f} rounds)")
    for n in (2, 3, 4):
        mean, mx = view_sizes(n, 10)
        print(f"  {n} players: full_view JSON mean {mean:.0f} bytes, max {mx} bytes")
    print("  game length in rounds (median / 90th percentile / longest), share ended by the 40-round cap:")
    for table in ("heuristic", "mixed", "random"):
        for n in (2, 3, 4):
            f = game_lengths(n, table, 100)
            print(f"    {table:9} {n} players: {f['median']:4.0f} / {f['p90']:2d} / {f['max']:2d} rounds, "
                  f"capped {f['capped']:4.0%}, winner's score {f['best']:.1f}")
    win, shared = heuristic_win_rate(200)
    print(f"  heuristic vs random (2 players, 200 games, alternating seats): wins {win:.1%}, shared {shared:.1%}")


if __name__ == "__main__":
    main()
