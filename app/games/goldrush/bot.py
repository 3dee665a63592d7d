"""A greedy Gold Rush bot: plays its money cards, buys the card with the best value for its stage of the game,
explores when coins allow, and claims every achievement it can. It sees only the seat's view (with legal).

It also refreshes a market with nothing worth buying (New Trends), surveys before it explores, values the cards
whose worth depends on what it owns (Assay Office, Siberian Bank), and skips actions that would gain nothing.
"""

from __future__ import annotations

import random
from typing import Any

from app.engine import Bot

from .data import CARD

# Action cards worth playing whenever they are legal and useful, best first.
_PLAY_SCORE = {"M15": 9, "M16": 8, "M25": 7, "M17": 6, "M18": 6, "M19": 5, "M21": 4, "M22": 3}
_CAPITALIST = "M06"  # the one achievement a purchase can take away (coins)


def card_value(cid: int, variant: str, me: dict | None = None) -> float:
    """Rough worth of owning a card (in coins-ish units) for the seat `me` (its view entry)."""
    d = CARD[cid]
    if d["vp"]:
        return 10.0
    t = d["type"]
    area = me["area"] if me else []
    if d["key"] == "G14":  # Assay Office: +1 coin per production of its owner's mines
        return 1.5 + 1.0 * (me["mines"] if me else 0)
    if d["key"] == "G15":  # Siberian Bank: 1 coin less for every partnership payment
        return 1.5 + 0.5 * sum(1 for c in area if CARD[c]["type"] == "entre")
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
    return float(_PLAY_SCORE.get(d["key"], 1))


def _threshold(variant: str) -> float:
    return 2.0 if variant == "basic" else 1.0


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
            return min(by_type["drop"], key=lambda a: card_value(a["card"], var, me))
        if phase == "keep":
            return max(legal, key=lambda a: card_value(a["card"], var, me))
        if phase == "survey":
            return max(legal, key=lambda a: card_value(a["cards"][0], var, me))  # the best card on top
        if phase == "xpay":
            return min(by_type["xpay"], key=lambda a: hand_value(a["card"]))
        if phase == "hand":
            play = self._best_play(by_type.get("play", []), game, me, var)
            if play is not None:
                return play
            return min(by_type["discard"], key=lambda a: hand_value(a["card"]))

        for a in by_type.get("claim", []):
            return a
        if "skip" in by_type:
            action = self._basic_action(by_type, me, var)
            return action or by_type["skip"][0]
        play = self._best_play(by_type.get("play", []), game, me, var)
        if play is not None:
            return play

        buys = by_type.get("buy", [])
        if buys:
            if var == "full" and not game["turn_flags"]["guild_connections"]:
                gc = [a for a in by_type.get("play", []) if CARD[a["card"]]["key"] == "M20"]
                if gc:
                    return gc[0]
            best = max(buys, key=lambda a: card_value(a["card"], var, me))
            value = card_value(best["card"], var, me)
            explore = by_type.get("explore")
            if explore and var == "basic" and value < 4.0 and me["coins"] < 5:
                return explore[0]
            if value >= _threshold(var):
                return best
        if "explore" in by_type:
            return by_type["explore"][0]
        if "explore_cards" in by_type and sum(1 for c in game.get("hand", []) if hand_value(c) <= 2) >= 2:
            return by_type["explore_cards"][0]
        return by_type["end"][0]

    def _basic_action(self, by_type: dict[str, list[dict]], me: dict, var: str) -> dict | None:
        """Basic, an achievement within reach before the action: act only if the action keeps it claimable."""
        if not any(CARD[c]["key"] == _CAPITALIST for c in by_type["skip"][0]["claimable"]):
            buys = by_type.get("buy", [])
            best = max(buys, key=lambda a: card_value(a["card"], var, me), default=None)
            if best is not None and card_value(best["card"], var, me) >= _threshold(var):
                return best
            return (by_type.get("explore") or [None])[0]
        spare = me["coins"] - 10
        buys = [a for a in by_type.get("buy", []) if a["price"] <= spare]
        if buys:
            return max(buys, key=lambda a: card_value(a["card"], var, me))
        return None

    def _best_play(self, plays: list[dict], game: dict, me: dict, var: str) -> dict | None:
        """The most useful card to play now, or None: achievements first, then the actions that gain something."""
        for a in plays:
            if a["effect"] == "achievement":
                return a
        best = None
        for a in plays:
            key = CARD[a["card"]]["key"]
            score = _PLAY_SCORE.get(key)
            if key == "M17" and me["income"] <= 0:
                score = None  # Rush Order with no money cards gains nothing
            if key == "M18" and me["mines"] <= 0:
                score = None  # Extra Washing with no mine gains nothing
            if key == "M22":  # hit the richest opponent
                score = 3 + game["players"][a["target"]]["coins"] / 100
            if key == "M21":
                score = 4 + card_value(a["ent"], var) / 100
            if key == "M23" and game["phase"] == "main" and not game["turn_flags"]["bought"]:
                worth = max((card_value(c, var, me) for c in game["market"]), default=0.0)
                if worth < _threshold(var) + 1.0:
                    score = 2  # New Trends: nothing in the market is worth buying
            if key == "M24" and game["phase"] == "main" and not game["turn_flags"]["explored"] \
                    and game["decks"]["x"] >= 2 and me["coins"] >= game["explore_cost"]:
                score = 2  # Geological Survey before exploring: put the best card on top
            if score is not None and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else None
