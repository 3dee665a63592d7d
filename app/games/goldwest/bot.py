"""A heuristic Gold West bot: activate the section whose kept resources build a settlement and pay for the best
investment, buy the richest investment, take Boomtown cells, ship every metal left, build next to its own group in
terrains it can win, and store each token's resources for 3 VP. Building needs Wood or Stone, and a turn without
either must loot (-1 VP, a camp in the Wanted area, no influence): so while its track is short of them it takes
tokens with Wood and Stone over richer metal ones (it looted in 37-47% of its turns before, 15-20% since;
bench/bench_goldwest_blunders.py).

It reads only the seat's view (public board, legal actions) and the static data.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from app.engine import Bot

from . import data as D


def _counts(resources: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for res in resources:
        out[res] = out.get(res, 0) + 1
    return out


SETTLEMENT_VALUE, CAMP_VALUE, LOOT_VALUE = 4.0, 2.5, -3.0  # this turn's Build or Loot by what is kept


def kept_value(kept: list[str], game: dict) -> float:
    """How useful a set of activated resources is this turn."""
    held = _counts(kept)
    wood, stone = held.get("wood", 0) > 0, held.get("stone", 0) > 0
    value = SETTLEMENT_VALUE if wood and stone else CAMP_VALUE if wood or stone else LOOT_VALUE
    best_card = 0.0
    for card in game["investments"]:
        inv = D.INVESTMENT_BY_ID[card]
        if all(held.get(m, 0) >= n for m, n in inv["cost"].items()):
            bonus = game["investment_bonus"][0] if game["investment_bonus"] else 0
            best_card = max(best_card, inv["vp"] + bonus - 1.2 * sum(inv["cost"].values()))
    metals = sum(held.get(m, 0) for m in D.METALS)
    return value + best_card + 1.2 * metals


def best_keep(resources: list[str], keep: int, game: dict) -> float:
    if keep <= 0:
        return kept_value([], game)
    seen: set[tuple[str, ...]] = set()
    best = float("-inf")
    for combo in combinations(sorted(resources), min(keep, len(resources))):
        if combo not in seen:
            seen.add(combo)
            best = max(best, kept_value(list(combo), game))
    return best


def builders_on_track(supply: list[list[str]]) -> dict[str, int]:
    """Wood and Stone on the supply track: what the next turns can build with."""
    return {r: sum(cubes.count(r) for cubes in supply) for r in ("wood", "stone")}


BUILDER_WANT = 2  # Wood and Stone on the track below which a token's Wood or Stone is worth taking for itself
BUILDER_VALUE = 1.5  # what one such cube is worth: a turn that builds instead of looting (-1 VP, Wanted, no influence)


def builder_value(resources: list[str] | tuple[str, ...], builders: dict[str, int]) -> float:
    """The worth of a token's Wood and Stone to a seat short of them: without them a later turn must loot."""
    value = 0.0
    for res in ("wood", "stone"):
        gained = sum(1 for r in resources if r == res)
        short = max(0, BUILDER_WANT - builders[res])
        value += BUILDER_VALUE * min(gained, short)
    return value


FUTURE_WEIGHT = 0.3  # how much next turn's best activation counts against VP now when storing resources


class GoldWestBot(Bot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        game = view["game"]
        me = view["seat"]
        kind = legal[0]["type"]
        self.prompt_data = (view.get("prompt") or {}).get("data") or {}
        handler = getattr(self, f"_{kind}", None)
        if handler is None:
            return legal[0]
        return handler(legal, game, me, rng)

    # ---- the supply track ------------------------------------------------------------------------------------------
    def _activate(self, legal, game, me, rng):
        supply = game["players"][me]["supply"]

        def value(action):
            section = action["section"]
            cubes = supply[section]
            return best_keep(cubes, len(cubes) - section, game) + 0.1 * len(cubes)

        return max(legal, key=value)

    def _drop(self, legal, game, me, rng):
        hand = list(game["turn"]["hand"])
        section = legal[0]["section"]

        def value(action):
            rest = list(hand)
            rest.remove(action["resource"])
            return best_keep(rest, len(rest) - section, game)

        return max(legal, key=value)

    # ---- metals ------------------------------------------------------------------------------------------------------
    def _invest(self, legal, game, me, rng):
        return self._metals_choice(legal, game, me)

    def _boomtown(self, legal, game, me, rng):
        return self._metals_choice(legal, game, me)

    def _ship(self, legal, game, me, rng):
        return self._metals_choice(legal, game, me)

    def _done(self, legal, game, me, rng):
        return self._metals_choice(legal, game, me)

    def _metals_choice(self, legal, game, me):
        invests = [a for a in legal if a["type"] == "invest"]
        if invests:
            return max(invests, key=lambda a: a["vp"] - 0.5 * sum(a["cost"].values()))
        towns = [a for a in legal if a["type"] == "boomtown"]
        if towns:
            single = game["boomtown"]["single"]
            return max(towns, key=lambda a: (a["cell"] == single, -sum(a["cost"].values())))
        ships = [a for a in legal if a["type"] == "ship"]
        if ships:
            ship = game["players"][me]["ship"]

            def gain(action):
                to = action["to"]
                return (D.TRACK_VP.get(to, 0) + (5 if to - 1 in D.BONUS_SPACES else 0), -abs(6 - ship[action["metal"]]))

            return max(ships, key=gain)
        return next(a for a in legal if a["type"] == "done")

    def _free_ship(self, legal, game, me, rng):
        return max(legal, key=lambda a: D.TRACK_VP.get(a["to"], 0) + (5 if a["to"] - 1 in D.BONUS_SPACES else 0))

    def _gain(self, legal, game, me, rng):
        supply = game["players"][me]["supply"]
        want = "wood" if supply[0].count("wood") <= supply[0].count("stone") else "stone"
        return next(a for a in legal if a["resource"] == want and a["section"] == 0)

    def _free_office(self, legal, game, me, rng):
        single = game["boomtown"]["single"]
        return max(legal, key=lambda a: a["cell"] == single)

    def _trade(self, legal, game, me, rng):
        return max(legal, key=lambda a: -1 if a["section"] is None else a["section"])

    # ---- Build or Loot and the token's resources -----------------------------------------------------------------
    def _build(self, legal, game, me, rng):
        hexes = {h["id"]: h for h in game["map"]}
        mine = {h for h, hx in hexes.items() if hx["camp"] == me}
        players = game["players"]

        builders = builders_on_track(players[me]["supply"])

        def value(action):
            hx = hexes[action["hex"]]
            token = D.TOKENS[hx["token"]]
            worth = len(token["resources"]) + 0.3 * sum(r in D.METALS for r in token["resources"])
            worth += builder_value(token["resources"], builders)
            if action["as"] == "loot":
                return worth
            near = sum(1 for n in D.NEIGHBOURS[action["hex"]] if n in mine)
            terrain = hx["terrain"]
            lead = players[me]["influence"][terrain] - max(p["influence"][terrain] for p in players if p["seat"] != me)
            contest = 1.5 if -2 <= lead <= 1 else 0.5
            return worth + 2.0 * min(near, 2) + contest + rng.random() * 0.1

        return max(legal, key=value)

    def _place(self, legal, game, me, rng):
        """VP now, plus how good the best activation next turn will be with these resources there."""
        supply = game["players"][me]["supply"]
        resources = self.prompt_data.get("resources", [])

        def value(action):
            after = [list(cubes) for cubes in supply]
            after[action["section"]] += resources
            best_next = max(best_keep(cubes, len(cubes) - t, game) for t, cubes in enumerate(after) if cubes)
            return action["section"] + FUTURE_WEIGHT * best_next

        return max(legal, key=value)
