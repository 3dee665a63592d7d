"""Gold West's heuristic bot, its plain blunders counted over seeded games of heuristic bots (issue 31, item 6).

Per normal turn (not the last turns, which have no Build or Loot) of every seat:

- **thrown away**: activated resources lost at the end of the turn that the turn did not need: every metal (a
  metal can always be shipped while its stagecoach can move, so a lost one is a choice) and every Wood or Stone
  beyond the one of each a settlement needs. Counted as turns that throw something away, and resources per turn;
- **losing anything**: turns whose log says "loses the unused ...": also the Wood and Stone a build needed (building
  takes them from nobody: what is held is lost at the end of the turn), so this is not a blunder by itself;
- **loots**: turns that loot, and the loots a build would have avoided: another section of the supply track would
  have kept Wood or Stone for a camp or a settlement.

It reads the state (a bench, not a bot). No figure fails anything.

    python -m bench.bench_goldwest_blunders --games 40 --players 2 3 4
"""

from __future__ import annotations

import argparse
import random

from app.engine import get, load_games
from app.engine.search import policy_bot


def _keeps_wood_or_stone(cubes: list[str], section: int) -> bool:
    """Whether activating this section can keep Wood or Stone (one cube dropped per lower section, by choice)."""
    keep = len(cubes) - section
    return keep > 0 and any(r in ("wood", "stone") for r in cubes)


def tally(num_players: int, seed: int) -> dict[str, int]:
    game = get("goldwest")
    bot = policy_bot(game)
    rng = random.Random(seed)
    state = game.new_game(num_players, None, seed)
    out = {"turns": 0, "losing": 0, "throwing": 0, "thrown": 0, "loots": 0, "avoidable_loots": 0}
    activation_choices: dict[int, bool] = {}  # seat -> another section could have kept Wood or Stone
    while game.result(state) is None:
        seat = sorted(game.pending(state))[0]
        action = bot.choose(game.full_view(state, seat), rng)
        turn = state["turn"]
        if action["type"] == "activate" and not turn["final"]:
            supply = state["players"][seat]["supply"]
            activation_choices[seat] = any(_keeps_wood_or_stone(cubes, s) for s, cubes in enumerate(supply))
        if action["type"] == "build" and action["as"] == "loot":
            out["loots"] += 1
            out["avoidable_loots"] += activation_choices.get(seat, False)
        if action["type"] == "place":
            held = turn["held"]
            thrown = sum(n for r, n in held.items() if r not in ("wood", "stone"))
            thrown += max(0, held.get("wood", 0) - 1) + max(0, held.get("stone", 0) - 1)
            out["turns"] += 1
            out["losing"] += any(held.values())  # the log's "loses the unused ...", Wood and Stone that built too
            out["throwing"] += thrown > 0
            out["thrown"] += thrown
        state, _ = game.apply(state, seat, action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    load_games()
    print("| players | games | turns | turns losing anything | turns throwing away | resources thrown per turn | "
          "loots per turn | avoidable loots per turn |")
    print("|---|---|---|---|---|---|---|---|")
    for n in args.players:
        total: dict[str, int] = {}
        for i in range(args.games):
            for k, v in tally(n, args.first_seed + i).items():
                total[k] = total.get(k, 0) + v
        turns = total["turns"]
        print(f"| {n} | {args.games} | {turns} | {total['losing'] / turns:.0%} | {total['throwing'] / turns:.0%} | {total['thrown'] / turns:.2f} | "
              f"{total['loots'] / turns:.0%} | {total['avoidable_loots'] / turns:.0%} |", flush=True)


if __name__ == "__main__":
    main()
