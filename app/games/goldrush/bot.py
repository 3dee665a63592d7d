"""A greedy Gold Rush bot: claims every achievement it can, plays its money cards, buys the card with the best
value for its stage of the game and explores when coins allow. It sees only the seat's view (with legal)."""

from __future__ import annotations

import random
from typing import Any

from app.engine import Bot

from .data import CARD

# Actions worth playing whenever they are legal, best first.
_ALWAYS_PLAY = {"M15": 9, "M16": 8, "M25": 7, "M17": 6, "M18": 6, "M19": 5, "M21": 4, "M22": 3}


def card_value(cid: int, variant: str) -> float:
    """Rough worth of owning a card (in coins-ish units)."""
    d = CARD[cid]
    if d["vp"]:
        return 10.0
    t = d["type"]
    if t == "mine":
        return 4.0 + 2.0 * d["ingots"]
    if t in ("trading", "infra"):
        v = 2.5 * d["income"] + (0.5 if d["tags"] else 0.0)
        if d["fx"]:
            v += 1.0
        if variant == "full":
            v *= 0.6  # money cards produce only on events in the full game
        return v
    if t == "entre":
        return 2.5 if d["fx"].get("discount") is None else 2.0
    return 0.0


def hand_value(cid: int) -> float:
    d = CARD[cid]
    if d["type"] == "ach":
        return 5.0
    return float(_ALWAYS_PLAY.get(d["key"], 1))


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal = view["legal"]
        game = view["game"]
        var = game["variant"]
        me = game["players"][view["seat"]]
        by_type: dict[str, list[dict]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        phase = game["phase"]

        if phase in ("pay", "trade"):
            if "pay" in by_type:
                return by_type["pay"][0]
            return min(by_type["drop"], key=lambda a: card_value(a["card"], var))
        if phase == "keep":
            return max(legal, key=lambda a: card_value(a["card"], var))
        if phase == "survey":
            # put the best card on top
            return max(legal, key=lambda a: card_value(a["cards"][0], var))
        if phase in ("xpay", "hand"):
            picks = by_type.get("xpay") or by_type.get("discard")
            return min(picks, key=lambda a: hand_value(a["card"]))

        for a in by_type.get("claim", []):
            return a
        plays = by_type.get("play", [])
        for a in plays:
            if CARD[a["card"]]["type"] == "ach":
                return a
        best_play = None
        for a in plays:
            key = CARD[a["card"]]["key"]
            score = _ALWAYS_PLAY.get(key)
            if key == "M22":  # hit the richest opponent
                score = 3 + game["players"][a["target"]]["coins"] / 100
            if key == "M21":
                score = 4 + card_value(a["ent"], var) / 100
            if score is not None and (best_play is None or score > best_play[0]):
                best_play = (score, a)
        if best_play:
            return best_play[1]

        buys = by_type.get("buy", [])
        if buys:
            if var == "full" and not game["turn_flags"]["guild_connections"]:
                gc = [a for a in plays if CARD[a["card"]]["key"] == "M20"]
                if gc:
                    return gc[0]
            best = max(buys, key=lambda a: card_value(a["card"], var))
            value = card_value(best["card"], var)
            threshold = 2.0 if var == "basic" else 1.0
            explore = by_type.get("explore")
            if explore and var == "basic" and value < 4.0 and me["coins"] < 5:
                return explore[0]
            if value >= threshold:
                return best
        if "explore" in by_type:
            return by_type["explore"][0]
        if "explore_cards" in by_type and sum(1 for c in game.get("hand", []) if hand_value(c) <= 2) >= 2:
            return by_type["explore_cards"][0]
        return by_type["end"][0]
