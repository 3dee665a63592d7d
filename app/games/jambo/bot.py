"""Heuristic Jambo bot: sells whenever it can, buys wares that a ware card in hand can sell again, builds a stand
when space runs short, keeps useful utilities, defends with Guards and Rain Makers, and otherwise ends the turn
early for the 1-gold bonus. It sees only its seat's view (with the legal list) and the static card data."""

from __future__ import annotations

import math
import random
from typing import Any

from app.engine import Bot

from .data import CARD_KIND, KINDS

UTIL_VALUE = {"weapons": 6, "leopard": 5, "well": 5, "boat": 4, "supplies": 4, "drums": 3, "kettle": 3,
              "throne": 4, "scale": 3, "mask": 2}
PLAY_VALUE = {"wiseman": 0, "parrot": 4, "cheetah": 3, "crocodile": 3, "hyena": 2, "elder": 2, "psychic": 3,
              "drummer": 2, "basket": 3, "portuguese": 0, "shaman": 0, "carrier": 3, "arabian": 1, "traveling": 1,
              "snake": 0, "elephant": 0, "ape": 0, "lion": 0, "dancer": 0}
HAND_FULL = 8  # cards in hand from which the bot stops drawing more


def _need(k: str) -> list[int]:
    c = [0] * 6
    for t in KINDS[k]["wares"]:
        c[t] += 1
    return c


class JamboBot(Bot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal = view["legal"]
        g = view["game"]
        me = view["seat"]
        scored = [(self._score(a, view, g, me), i) for i, a in enumerate(legal)]
        best = max(s for s, _ in scored)
        options = [legal[i] for s, i in scored if s == best]
        return rng.choice(options)

    # ---- helpers ----------------------------------------------------------------------------------------
    def _hand(self, g: dict, me: int) -> list[int]:
        return g["players"][me].get("hand", [])

    def _wanted(self, g: dict, me: int) -> list[int]:
        """How many more of each ware type the ware cards in hand could sell."""
        want = [0] * 6
        have = g["players"][me]["wares"]
        for c in self._hand(g, me):
            k = CARD_KIND[c]
            if KINDS[k]["type"] == "ware" and len(KINDS[k]["wares"]) == 3:
                n = _need(k)
                for t in range(6):
                    want[t] = max(want[t], n[t] - have[t])
        return want

    def _can_sell_now(self, g: dict, me: int) -> bool:
        have = g["players"][me]["wares"]
        return any(KINDS[CARD_KIND[c]]["type"] == "ware" and self._missing(have, CARD_KIND[c]) == 0
                   for c in self._hand(g, me))

    def _one_short(self, g: dict, me: int) -> bool:
        """A ware card in hand lacks exactly one ware that the supply still has."""
        have = g["players"][me]["wares"]
        for c in self._hand(g, me):
            k = CARD_KIND[c]
            if KINDS[k]["type"] == "ware" and self._missing(have, k) == 1:
                n = _need(k)
                t = next(t for t in range(6) if n[t] > have[t])
                if g["supply"][t] > 0:
                    return True
        return False

    def _keep_worthy(self, c: int, g: dict, me: int) -> bool:
        k = CARD_KIND[c]
        typ = KINDS[k]["type"]
        P = g["players"][me]
        if typ == "ware":
            return self._missing(P["wares"], k) <= 1 or (KINDS[k]["buy"] <= 4 and P["free"] >= 3)
        if typ == "utility":
            return len(P["utils"]) < 3 and UTIL_VALUE.get(k, 2) >= 4
        if typ == "stand":
            return P["free"] < 5
        return k in ("guard", "wiseman", "parrot", "dancer", "psychic", "carrier", "cheetah")

    def _card_value(self, c: int, g: dict, me: int) -> float:
        k = CARD_KIND[c]
        typ = KINDS[k]["type"]
        if typ == "ware":
            have = g["players"][me]["wares"]
            n = _need(k)
            if all(have[t] >= n[t] for t in range(6)):
                return 10
            return 5 if len(KINDS[k]["wares"]) == 3 else 2
        if typ == "utility":
            return UTIL_VALUE.get(k, 2)
        if typ == "stand":
            return 4
        if k == "guard":
            return 4
        if k == "rainmaker":
            return 3
        return PLAY_VALUE.get(k, 1) + 1

    def _missing(self, have: list[int], k: str) -> int:
        n = _need(k)
        return sum(max(0, n[t] - have[t]) for t in range(6))

    def _buy_value(self, card: int, g: dict, me: int) -> float:
        """Buy when another ware card in hand can then sell (or nearly sell) the wares; cheap speculation otherwise."""
        k = CARD_KIND[card]
        P = g["players"][me]
        have = list(P["wares"])
        for t in KINDS[k]["wares"]:
            have[t] += 1
        best = -5.0
        fillers = any(CARD_KIND[u["card"]] in ("leopard", "boat") and not u["used"] for u in P["utils"])
        for c in self._hand(g, me):
            if c == card:
                continue
            k2 = CARD_KIND[c]
            if KINDS[k2]["type"] != "ware" or KINDS[k2]["sell"] <= KINDS[k]["buy"]:
                continue
            m = self._missing(have, k2)
            if m == 0:
                best = max(best, 8.0)
            elif m == 1 and fillers:
                best = max(best, 6.0)
        if best < 0 and KINDS[k]["buy"] <= 4 and P["free"] >= 5 and P["gold"] >= 10:
            best = 3.0
        return best

    # ---- scoring ----------------------------------------------------------------------------------------------
    def _score(self, a: dict, view: dict, g: dict, me: int) -> float:
        typ = a["type"]
        P = g["players"][me]
        O = g["players"][1 - me]
        st = g.get("stage")
        left = g["actions_left"]
        if st is None:
            if typ == "draw":
                if self._can_sell_now(g, me):
                    return -1
                return 3 if len(self._hand(g, me)) < HAND_FULL and g["actions_used"] < 2 else -1
            if typ == "phase2":
                return 1
            if typ == "keep":
                return 1 if self._keep_worthy(g["drawn"], g, me) or g["actions_left"] <= 3 else -1
            if typ == "reject":
                return 0
            if typ == "end":
                if g["phase"] == 1:
                    return -1
                return 0.5 if left >= 2 else 0.2
            if typ == "sell":
                return 20 + KINDS[CARD_KIND[a["card"]]]["sell"] / 10
            if typ == "buy":
                v = self._buy_value(a["card"], g, me)
                return v if left >= 2 or v < 0 else min(v, 1)
            if typ == "play":
                k = CARD_KIND[a["card"]]
                if k == "stand":
                    return 7 if P["free"] < 4 and P["gold"] >= g["next_stand_cost"] + 4 else -5
                if KINDS[k]["type"] == "utility":
                    if len(P["utils"]) < 3:
                        return 2 + UTIL_VALUE.get(k, 2) / 10
                    worst = min(UTIL_VALUE.get(CARD_KIND[u["card"]], 2) for u in P["utils"])
                    return 2 if UTIL_VALUE.get(k, 2) > worst + 1 else -5
                if k == "wiseman":
                    hand = self._hand(g, me)
                    trades = sum(1 for x in view["legal"] if x["type"] in ("sell",))
                    return 9 if trades >= 1 and left >= 2 and len(hand) >= 2 else -5
                if k == "crocodile":
                    return 3 if O["utils"] else -5
                if k == "elder":
                    return 2.5 if O["hand_count"] > 4 or len(self._hand(g, me)) < 3 else -5
                if k == "dancer":
                    return 6
                if k == "portuguese":
                    return 3 if P["free"] <= 1 and not self._can_sell_now(g, me) else -5
                v = PLAY_VALUE.get(k, 0)
                return v if v > 0 else -5
            if typ == "use":
                k = CARD_KIND[a["card"]]
                hand = self._hand(g, me)
                if k == "weapons":
                    return 4 if any(self._card_value(c, g, me) <= 3 for c in hand) else -5
                if k == "well":
                    return 2.5 if P["gold"] >= 8 and len(hand) < 6 else -5
                if k == "leopard":
                    return 7 if self._one_short(g, me) else (2 if sum(self._wanted(g, me)) > 0 else -5)
                if k == "boat":
                    if not any(self._card_value(c, g, me) <= 3 for c in hand):
                        return -5
                    return 7.5 if self._one_short(g, me) else (2.6 if sum(self._wanted(g, me)) > 0 else -5)
                if k == "supplies":
                    # Only for a hand short of cards, like a draw: a hand that hoards ware cards left a pile with
                    # none, and Supplies then took 1 gold for nothing every turn, which the end bonus paid back.
                    return 2 if P["gold"] >= 6 and len(hand) < HAND_FULL else -5
                if k == "kettle":
                    return 1.5 if any(self._card_value(c, g, me) <= 2 for c in hand) else -5
                if k == "throne":
                    return 1.5
                if k == "drums":
                    return 2.2 if P["free"] <= 1 and not self._can_sell_now(g, me) else -5
                return -5
            return 0
        return self._stage_score(a, view, g, me, st)

    def _stage_score(self, a: dict, view: dict, g: dict, me: int, st: dict) -> float:
        typ = a["type"]
        k = st["kind"]
        P = g["players"][me]
        want = self._wanted(g, me)
        if typ in ("guard", "rain"):
            return 10
        if typ == "allow":
            return 0
        if k == "auction":
            value = 6 if st["what"] == "wares" else 5
            if typ == "bid":
                if "room" in a:  # a ware auction: what winning would really bring and cost
                    value = 3 * a["room"]
                cost = a["amount"] + a.get("fee", 0)
                return 1 - cost / 10 if cost <= value else -10
            return 0
        if typ == "ware":
            t = a["ware"]
            if k == "portuguese":
                return 1 if want[t] == 0 else -1
            if k in ("drums", "throne_give", "dancer_ware", "portuguese", "shaman_from"):
                # give away what hand cards need least
                return -want[t] + P["wares"][t] / 10
            if k == "portuguese":
                return -1
            return want[t] + (g["supply"][t] / 20)
        if typ == "stop":
            return 0.5 if k == "portuguese" else 0
        if typ in ("pick", "gold"):
            if typ == "gold":
                return 0.5
            c = a["card"]
            v = self._card_value(c, g, me)
            if k in ("boat_card", "weapons", "kettle1", "kettle2", "elder_discard", "supplies", "mask",
                     "hyena_give", "replace"):
                if k == "replace":
                    return -UTIL_VALUE.get(CARD_KIND[c], 2)
                return -v
            if k == "croc":
                return (1 if a.get("use") else 0) + UTIL_VALUE.get(CARD_KIND[c], 2) / 10
            if k == "snake" or k == "lion":
                return UTIL_VALUE.get(CARD_KIND[c], 2)
            return v
        if typ == "opt":
            o = a["opt"]
            if k == "elder":
                return 1 if (o == "discard") == (g["players"][1 - me]["hand_count"] > 4) else 0
            if k == "carrier":
                return 1 if (o == "wares") == (sum(want) > 0) else 0
            if k == "cheetah":
                return 1 if o == "gold" else 0
        return 0


GOLD_SPREAD = 10.0  # gold: how far apart two players must be for the richer to be clearly ahead


def chances(state: dict) -> list[float]:
    """Each player's chance to win as estimated from the gold held (a softmax over `GOLD_SPREAD`), for a search
    playout cut off before the end (`Jambo.search_cutoff`)."""
    golds = [p["gold"] for p in state["players"]]
    top = max(golds)
    weights = [math.exp((g - top) / GOLD_SPREAD) for g in golds]
    return [w / sum(weights) for w in weights]
