"""A heuristic River bot: sail to buoys whose top discovery it can take, buy tools early, race home once done.

It reads only the seat's view (public board, its own hand) and the static card data.
"""

from __future__ import annotations

import random
from typing import Any

from app.engine import Bot

from . import data as C


def _remaining_fronts(g: dict) -> dict[int, int]:
    """Fronts of cards whose place is unknown (in the deck below the top), estimated from what is visible."""
    left = {f: sum(c for _, _, c in v) for f, v in C.DISCOVERIES.items()}
    for p in g["players"]:
        for c in p["article"] + p["replaced"]:
            left[C.FRONT[c]] -= 1
    for f in g["aside"]:
        left[f] -= 1
    if g["deck_top"] is not None:
        left[g["deck_top"]] -= 1
    return left


class RiverBot(Bot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        g = view["game"]
        me = view["seat"]
        kind = legal[0]["type"]
        if kind == "draft":
            return rng.choice(legal)
        if kind == "token":
            return max(legal, key=lambda a: (self._token_value(g, me, a["token"]), rng.random()))
        if kind == "move":
            return max(legal, key=lambda a: (self._move_value(g, me, a), rng.random()))
        if kind == "buy":
            left = _remaining_fronts(g)
            return max(legal, key=lambda a: (left[a["equip"]] + (3 if g["deck_top"] == a["equip"] else 0), rng.random()))
        if kind == "pay":
            # the star first (it never moves the own ship), then the smallest number
            return max(legal, key=lambda a: (a["token"] == C.STAR, -a["token"]))
        if kind == "replace":
            return max(legal, key=lambda a: C.VALUE[a["card"]] - C.VALUE[a["old"]])
        return rng.choice(legal)

    # ---------------------------------------------------------------- evaluation
    def _take_chance(self, g: dict, me: int) -> float:
        p = g["players"][me]
        mine = set(p["equipment"]) | {C.CLOVER}
        top = g["deck_top"]
        left = _remaining_fronts(g)
        total = sum(max(v, 0) for v in left.values()) or 1
        second = sum(max(left[f], 0) for f in mine) / total
        if top is not None and top in mine:
            return 1.0
        return second

    def _wants_equipment(self, g: dict, me: int) -> bool:
        p = g["players"][me]
        return (not p["homeward"] and len(set(p["equipment"])) < 3 and len(p["hand"]) + len(p["used"]) >= 5
                and bool(g["cargo"]))

    def _place_value(self, g: dict, me: int, pos: int) -> float:
        p = g["players"][me]
        if p["homeward"]:
            return 100.0 if pos == C.BAY else pos * 2.0
        v = 0.0
        if pos in g["buoys"]:
            v += 10.0 * self._take_chance(g, me)
        else:
            d = min(abs(pos - b) for b in g["buoys"])
            v -= d * 0.5
        if pos == g["barge"]:
            v += 4.0 if self._wants_equipment(g, me) else -3.0
        return v + pos * 0.05

    def _ship_dests(self, g: dict, me: int, k: int) -> dict[str, int]:
        p = g["players"][me]
        pos = p["pos"]
        out = {}
        if p["homeward"]:
            out["forward"] = min(pos + k, C.BAY)
        elif pos + k <= C.LAST_SECTION:
            out["forward"] = pos + k
        if pos - k >= C.HARBOUR:
            out["back"] = pos - k
        return out

    def _token_value(self, g: dict, me: int, token: int) -> float:
        p = g["players"][me]
        if token == C.STAR:
            if p["homeward"]:
                return -5.0
            return self._place_value(g, me, p["pos"]) - 1.0
        return max(self._place_value(g, me, d) for d in self._ship_dests(g, me, token).values())

    def _move_value(self, g: dict, me: int, action: dict) -> float:
        if action["piece"] == "barge":
            # Bring the barge to the own ship only when a tool is wanted; otherwise keep it away.
            if action["to"] != g["players"][me]["pos"]:
                return 0.0
            return 3.0 if self._wants_equipment(g, me) else -3.0
        return self._place_value(g, me, action["to"])
