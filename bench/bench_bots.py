"""Seeded matches of a search level against the heuristic bot, per game and player count.

One seat plays the level (it moves round the table from game to game), every other seat the heuristic bot. Prints
the level's win share with a 95% interval (Wilson, a shared win counted as a fraction), the fair share 1/n, CPU and
wall seconds per searched move (median and maximum wall: the per-move deadline) and game lengths. No timing fails.

    python -m bench.bench_bots --level hard --games river goldrush --players 2 --matches 10
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import replace

from app.engine import get, load_games
from app.engine.search import LEVELS, policy_bot, search


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(game_id: str, n: int, seed: int, level: str, deadline: bool) -> dict:
    game = get(game_id)
    budget = LEVELS[level].budget(game, n)
    if not deadline:
        budget = replace(budget, seconds=None)
    rng = random.Random(seed)
    heuristic = policy_bot(game)
    state = game.new_game(n, None, seed)
    me = seed % n
    cpu, wall, moves, left = [], [], 0, 0
    while game.result(state) is None:
        seat = rng.choice(sorted(game.pending(state)))
        if seat == me:
            c, w = time.process_time(), time.perf_counter()
            found = search(game, state, seat, budget, seed=seed * 7919 + moves)
            action, left = found.action, left + found.left_heuristic
            if len(game.legal(state, seat)) > 1:
                cpu.append(time.process_time() - c)
                wall.append(time.perf_counter() - w)
        else:
            action = heuristic.choose(game.full_view(state, seat), rng)
        state, _ = game.apply(state, seat, action)
        moves += 1
    winners = game.result(state)["winners"]
    print(f"  {game_id} {n}p seed {seed}: level at seat {me}, winners {winners}, {moves} moves, "
          f"CPU {sum(cpu):.1f} s, left the heuristic's choice in {left} of {len(cpu)} choices",
          file=sys.stderr, flush=True)
    return {"share": 1 / len(winners) if me in winners else 0.0, "cpu": cpu, "wall": wall, "moves": moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", choices=[k for k, v in LEVELS.items() if v.iterations])
    parser.add_argument("--games", nargs="+", default=["river", "jambo", "goldrush", "goldwest", "istanbul"])
    parser.add_argument("--players", nargs="+", type=int, default=[2])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--deadline", action="store_true",
                        help="stop each search at the level's deadline (wall time: on a busy machine this weakens "
                             "the search); by default the level's iteration budget alone, so strength is measured "
                             "apart from the load and CPU s/move says what it costs")
    args = parser.parse_args()
    load_games()
    print(f"level {args.level}: {LEVELS[args.level]}, deadline {'on' if args.deadline else 'off'}")
    print("| game | players | matches | win share | 95% interval | fair share | iterations | CPU s/move median / max | "
          "wall s/move median / max | moves/game |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for game_id in args.games:
        game = get(game_id)
        for n in args.players:
            if not game.min_players <= n <= game.max_players:
                continue
            runs = [match(game_id, n, args.first_seed + i, args.level, args.deadline) for i in range(args.matches)]
            share = sum(r["share"] for r in runs)
            low, high = wilson(share, len(runs))
            cpu = [c for r in runs for c in r["cpu"]]
            wall = [w for r in runs for w in r["wall"]]
            print(f"| {game_id} | {n} | {len(runs)} | {share / len(runs):.2f} | {low:.2f}-{high:.2f} | {1 / n:.2f} | "
                  f"{LEVELS[args.level].budget(game, n).iterations} | {statistics.median(cpu):.2f} / {max(cpu):.2f} | "
                  f"{statistics.median(wall):.2f} / {max(wall):.2f} | "
                  f"{statistics.mean(r['moves'] for r in runs):.0f} |", flush=True)


if __name__ == "__main__":
    main()
