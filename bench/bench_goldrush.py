"""Gold Rush benchmark: random full games per second, full_view sizes, heuristic bot vs random bot, and how six
heuristic bots end STALL_GAMES seeded full games, with the safety end (issue #10: 34 of 100 seeds reached the round
cap before the bot learnt to value Assay Office and Siberian Bank and to play New Trends and Geological Survey) and
without it (issue #27: the move cap ends the games that stall). docs/rules/goldrush.md quotes these figures.

Run: .venv/bin/python bench/bench_goldrush.py   (prints figures; asserts nothing about time)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import RandomBot  # noqa: E402
from app.engine.playout import play_game  # noqa: E402
from app.games.goldrush import GAME  # noqa: E402
from app.games.goldrush.bot import HeuristicBot  # noqa: E402

GAMES = 40
STALL_GAMES = 100  # as many as docs/rules/goldrush.md quotes


def speed() -> None:
    print("Random full games per second (random bots, includes full_view + legal each move)")
    print(f"{'variant':8} {'players':>7} {'games/s':>8} {'moves/game':>10} {'view mean B':>11} {'view max B':>10}")
    for variant in ("basic", "full"):
        for n in range(2, 7):
            t = time.perf_counter()
            moves = 0
            for seed in range(GAMES):
                moves += len(play_game(GAME, n, {"variant": variant}, seed).moves)
            rate = GAMES / (time.perf_counter() - t)
            sizes = []
            for seed in range(5):
                po = play_game(GAME, n, {"variant": variant}, 900 + seed)
                state = GAME.new_game(n, {"variant": variant}, 900 + seed)
                for seat, action in po.moves:
                    sizes.append(len(json.dumps(GAME.full_view(state, seat))))
                    state, _ = GAME.apply(state, seat, action)
            print(f"{variant:8} {n:>7} {rate:>8.1f} {moves / GAMES:>10.1f} {sum(sizes) / len(sizes):>11.0f} "
                  f"{max(sizes):>10}")


def bot_rate() -> None:
    print("\nHeuristic bot vs random bot, 2 players, 200 seeded games, seats alternating")
    for variant in ("basic", "full"):
        wins = 0
        t = time.perf_counter()
        for seed in range(200):
            h = seed % 2
            bots = [RandomBot(), RandomBot()]
            bots[h] = HeuristicBot()
            res = GAME.result(play_game(GAME, 2, {"variant": variant}, seed, bots=bots).state)
            wins += res["winners"] == [h]
        print(f"{variant:8} heuristic wins {wins}/200 = {wins / 2:.1f}%  ({time.perf_counter() - t:.1f} s)")


def stalls(safety_end: bool, games: int = STALL_GAMES) -> None:
    print(f"\nSix heuristic bots, full game, safety end {'on' if safety_end else 'off'}, seeds 0-{games - 1}: "
          "how each game ends")
    reasons: dict[str, int] = {}
    rounds, moves = [], []
    t = time.perf_counter()
    for seed in range(games):
        out = play_game(GAME, 6, {"variant": "full", "safety_end": safety_end}, seed,
                        bots=[HeuristicBot() for _ in range(6)])
        reason = GAME.result(out.state)["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
        rounds.append(out.state["round"])
        moves.append(len(out.moves))
    ended = [m for m in moves if m < GAME.move_cap]
    print(f"{', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))} (of {games}); "
          f"mean rounds {sum(rounds) / games:.1f}, longest {max(rounds)}; "
          f"games that ended by themselves: median {sorted(ended)[len(ended) // 2] if ended else '-'} moves, "
          f"the longest {sorted(ended)[-3:]}; {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    stalls(safety_end=True)
    stalls(safety_end=False)
    speed()
    bot_rate()
