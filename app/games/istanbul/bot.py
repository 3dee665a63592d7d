"""The heuristic Istanbul bot. It sees only its view: it values every legal action (a destination by what its
place would give now, an action by its gain, rubies far above everything) and plays the best, ties at random."""

from __future__ import annotations

import math
import random
from typing import Any

from app.engine import Bot

from . import data as D

RUBY = 40.0
TEA_EV = {k: k * sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= k) / 36
          + 2 * (1 - sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= k) / 36) for k in range(3, 13)}
CARD_VALUE = {"five_lira": 5, "gain_good": 3, "gem_twice": 4, "sultan_twice": 4, "move_far": 2, "go_anywhere": 2,
              "take_letter": 2, "dice_reward": 5, "sell_good": 3, "good_red": 4, "good_green": 4, "good_yellow": 4,
              "good_blue": 5}


class IstanbulBot(Bot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        game = view["game"]
        me = game["players"][view["seat"]]
        board = {p["place"]: p for p in game["board"]}
        kind = (view.get("prompt") or {}).get("kind", "")
        best, best_value = [], None
        for action in view["legal"]:
            value = self.value(kind, action, game, me, board, view["seat"])
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)

    # ---- what a place would give now ---------------------------------------------------------------------------
    def place_value(self, place: int, game: dict, me: dict, board: dict, seat: int) -> float:
        goods, lira, cap = me["goods"], me["lira"], me["capacity"]
        spot = board[place]
        value = 0.0
        if place == D.WAINWRIGHT:
            if cap < D.MAX_CAPACITY and lira >= D.WAINWRIGHT_PRICE:
                value = 7 + (RUBY / 2 if me["extensions"] == 2 else 0)
        elif place in D.WAREHOUSE_GOOD:
            value = 1.5 * (cap - goods[D.WAREHOUSE_GOOD[place]])
        elif place == D.POST_OFFICE:
            value = 4
        elif place == D.CARAVANSARY:
            value = 3
        elif place == D.FOUNTAIN:
            out = len(me["assistants"])
            value = 2.5 * out if me["stack"] <= 1 else 0.5 * out
        elif place == D.BLACK_MARKET:
            value = 3.5
        elif place == D.TEA_HOUSE:
            value = 3
        elif place in (D.LARGE_MARKET, D.SMALL_MARKET):
            demand = spot["demand"]
            count = min(5, sum(min(goods[g], c) for g, c in demand.items()))
            value = (0, 3, 7, 12, 18, 25)[count] * (0.8 if place == D.LARGE_MARKET else 0.7)
        elif place == D.POLICE:
            value = 3 if me["family"] == D.POLICE else 0
        elif place == D.SULTAN:
            cost = spot["cost"]
            fixed_missing = sum(max(0, c - goods[g]) for g, c in cost.items() if g != "any")
            rest = sum(goods.values()) - sum(min(goods[g], c) for g, c in cost.items() if g != "any")
            if spot["rubies"] and fixed_missing == 0 and rest >= cost.get("any", 0):
                value = RUBY
        elif place in (D.SMALL_MOSQUE, D.GREAT_MOSQUE):
            for colour, tiles in spot["tiles"].items():
                if tiles and colour not in me["mosque"] and goods[colour] >= tiles[0]:
                    pair = D.SMALL_MOSQUE_COLOURS if place == D.SMALL_MOSQUE else D.GREAT_MOSQUE_COLOURS
                    other = [c for c in pair if c != colour][0]
                    value = max(value, 14 + (RUBY if other in me["mosque"] and spot["rubies"] else 0))
        elif place == D.GEM_DEALER:
            if spot["rubies"] and lira >= spot["price"]:
                value = RUBY
        elif place in (D.EMBASSY, D.KIOSK):
            value = 4.5
        elif place == D.AUCTION:
            value = 3
        elif place == D.SECRET_SOCIETY:
            value = RUBY if me["seals"] >= D.SEALS_SOCIETY else 0
        elif place == D.ROASTING_PLANT:
            value = 2.5 * D.ROASTING_COFFEE
        elif place == D.GUILD_HALL:
            value = 2.0
        elif place == D.TAVERN:
            for series, tiles in spot["tavern"].items():
                if tiles and series not in me["tavern"] and me["coffee"] >= tiles[0]:
                    value = max(value, 12)
            if spot["rubies"] and seat not in spot["baksheesh_paid"] and me["coffee"] >= spot["baksheesh_ruby"]:
                value = RUBY
        elif place == D.COFFEE_HOUSE:
            if spot["rubies"] and me["coffee"] >= spot["coffee_price"]:
                value = RUBY
        elif place == D.CATACOMBS:
            value = 3.5
        if "governor" in spot["tokens"]:
            value += 2
        if "smuggler" in spot["tokens"]:
            value += 2
        if "courier" in spot["tokens"] and lira >= 4:
            value += 1.5
        if "coffee_trader" in spot["tokens"]:
            value += 2
        value += 1.5 * sum(1 for l in me["letters"] if not l["delivered"] and l["place"] == place)
        value += 3 * sum(1 for s in spot["family"] if s != seat and place != D.POLICE)
        return value

    def reach_value(self, place: int, game: dict, me: dict, board: dict, seat: int) -> float:
        """Where the Catacombs should send the merchant: the best place one or two steps on from there."""
        row, col = board[place]["row"], board[place]["col"]
        near = [p for p, spot in board.items() if 1 <= abs(spot["row"] - row) + abs(spot["col"] - col) <= 2]
        return max(self.place_value(p, game, me, board, seat) for p in near)

    def arrival_cost(self, place: int, game: dict, me: dict, board: dict, seat: int, token: str,
                     join: int | None) -> float:
        if place == D.FOUNTAIN:
            return 0.0
        spot = board[place]
        fees = sum(1 for s in spot["merchants"] if s != seat and s != join) + \
            sum(1 for s in spot["companions"] if s != seat) + spot["neutrals"]
        if fees * D.FEE > me["lira"]:
            return 100.0
        cost = 2.5 * fees
        if token == "merchant" and seat not in spot["assistants"]:
            if me["stack"] == 0:
                return 100.0
            cost += 1.0
        return cost

    # ---- every action ------------------------------------------------------------------------------------------
    def value(self, kind: str, a: dict, game: dict, me: dict, board: dict, seat: int) -> float:
        t = a["type"]
        goods, lira = me["goods"], me["lira"]
        card_penalty = 1.5 if "card" in a and t in ("move", "family") else 0
        if t == "move":
            token = a.get("token", "merchant")
            if kind == "catacombs":
                return self.reach_value(a["to"], game, me, board, seat)
            cost = self.arrival_cost(a["to"], game, me, board, seat, token, a.get("join"))
            extra = D.GO_ANYWHERE_PRICE if a.get("card") == "go_anywhere" else 0
            return self.place_value(a["to"], game, me, board, seat) - cost - extra - card_penalty
        if t == "family":
            return self.place_value(a["to"], game, me, board, seat) - card_penalty
        if t == "place_companion":
            return 0.2
        if t == "card":
            return self.card_play(kind, a, me)
        if t == "recall":
            return 1.0 if kind == "fountain" else (0.5 if lira > 12 and me["stack"] == 0 else -1)
        if t == "act":
            return self.act_value(a, game, me, board, seat)
        if t in ("skip", "continue", "done", "keep", "no", "none"):
            return 0.0
        if t == "companion":
            return 0.5
        if t == "draw":
            return 1.0 if a["from"] == "deck" else 0.5
        if t == "discard":
            return -CARD_VALUE.get(a["card"], 1)
        if t == "four" or t == "reroll":
            return 0.1 * (4 - (0 if t == "four" else 2))
        if t == "buy":
            return 1.0 if lira > 14 else -1
        if t == "pay":
            return 5.0 if kind == "pay" else (1.0 if lira > 8 else -0.5)
        if t == "refuse":
            return 0.0
        if t == "good":
            return 1.0 - goods[a["good"]] * 0.1 - (2 if a["good"] == "blue" else 0)
        if t == "catch":
            return 10 + (0.5 if a["take"] == "lira" else 0)
        if t == "governor":
            return 2.0 if lira >= 4 else -1
        if t == "smuggler":
            return 2.0 + (1 if a["good"] == "blue" else 0) - 0.2 * goods[a["good"]]
        if t == "courier":
            return 1.5 if a["pay"] == "free" or (a["pay"] == "lira" and lira >= 6) else -1
        if t == "coffee_trader":
            return 2.0 if lira >= 4 or "A" in me["tavern"] else -1
        if t == "guild_discard":
            return 0.0
        if t == "guild":  # a whole turn for the place's action where the merchant stands
            return self.act_value({**a, "type": "act"}, game, me, board, seat, a["guild"]) - 1.0
        if t == "end":
            return 6.0 if a.get("letters") else -0.5
        if t == "kiosk":
            return self.kiosk_value(a, me)
        if t == "bid":
            return 1.0 - a["amount"] * 0.3 if a["amount"] <= 4 else -5
        if t == "pass":
            return 0.0
        return 0.0

    def card_play(self, kind: str, a: dict, me: dict) -> float:
        card = a["card"]
        if kind == "pay" and card in ("five_lira", "dice_reward", "good_red", "good_green", "good_yellow", "good_blue"):
            return 0.5  # lira to pay the merchants here: better than ending the turn, worse than paying at once
        if card == "family_home":
            return -1.0
        if card == "recall_assistant":
            return 1.0 if me["stack"] == 0 else -1.0
        if card == "sell_good":
            if "coffee" in a:
                return 0.5 if me["coffee"] >= 10 else -1.0
            return 0.5 if me["goods"][a["good"]] >= 3 else -1.0
        if card == "gain_good":
            return 0.5 - 0.1 * me["goods"][a["good"]] + (0.3 if a["good"] == "blue" else 0)
        # pure gains: play them once nothing else is better (at the end of a turn)
        return 0.3 if kind in ("after", "epilogue") else -0.2

    def act_value(self, a: dict, game: dict, me: dict, board: dict, seat: int, place: int | None = None) -> float:
        goods = me["goods"]
        place = place or (game.get("step") or {}).get("place")
        if "sell" in a:
            return sum(a["sell"].values()) * 3 + (0.5 if "card" in a else 0)
        if "number" in a:
            return TEA_EV[a["number"]]
        if "barrier" in a:  # worth little to this bot
            return -1.0
        if "to" in a:
            return self.place_value(a["to"], game, me, board, seat) + 1
        if "any" in a:
            return RUBY - 0.1 * sum(1 for g in a["any"] if goods[g] <= 1)
        if "colour" in a:
            return 15 + (2 if a["colour"] in ("yellow", "blue") else 0)
        if "letters" in a:
            return RUBY - 0.1 * len(a["letters"])
        if "series" in a:
            return 12
        if "baksheesh" in a:
            return RUBY
        if "coffee" in a:
            return 2.5
        if place in (D.COFFEE_HOUSE, D.GEM_DEALER):
            return RUBY
        if place == D.WAINWRIGHT:
            return 7.0
        if "good" in a:
            return 3.0 - 0.2 * goods[a["good"]] + (1 if a["good"] == "blue" else 0)
        return 5.0

    def kiosk_value(self, a: dict, me: dict) -> float:
        tile, choice = a["tile"], a["choice"]
        if choice == "decline":
            return 0.0
        if "coffee" in a:
            return {12: 2.5, 13: 2.0}.get(tile, 0.8 if choice == "buy" else 0.2)
        simple = {1: 2.5, 2: 2.5, 3: 2.5, 4: 3, 5: 3, 6: 3, 7: 1.5, 8: 1.5, 9: 1.5, 10: 2.5, 11: 4, 12: 2, 13: 3,
                  14: 0.3, 15: 3.5, 16: 6 if me["lira"] >= 20 else -1, 17: 6, 18: -0.5}
        if tile in simple:
            return simple[tile]
        if choice == "buy":
            return 1.0 if tile != 22 else 0.8
        return 0.5 if tile in (21, 23) else 0.2


# ---- an estimate for the search bot's cut-off playouts ----------------------------------------------------------

GOOD = 3.0  # a good in the cart, in lira: about what a market pays for it
EXTENSION = 7.0  # a cart extension: its price at the Wainwright, and a third of a ruby there
MOSQUE_TILE = 10.0  # a mosque tile: its lasting ability, and half of a pair that gives a ruby
CARD = 3.0  # a bonus card in hand
COFFEE = 1.5  # Grand Bazaar: coffee pays for Tavern tiles and Coffee House rubies
SPREAD = 25.0  # lira: how far apart two worths must be for the better to be clearly ahead


def worth(player: dict) -> float:
    """A player's position in lira: rubies far above everything (the bot's own RUBY), then what brings the next
    ruby nearer — lira, goods, cart extensions, mosque tiles, bonus cards."""
    return (RUBY * player["rubies"] + player["lira"] + GOOD * sum(player["goods"].values())
            + EXTENSION * player["extensions"] + MOSQUE_TILE * len(player["mosque"]) + CARD * len(player["hand"])
            + COFFEE * player.get("coffee", 0))


def chances(state: dict) -> list[float]:
    """Each seat's chance to win as estimated from the worths (a softmax over `SPREAD` lira), for a playout cut
    off before the end. A player past the ruby target (the last round is under way) is scored on rubies first."""
    worths = [worth(p) for p in state["players"]]
    if state["ending"] or state["over"]:
        worths = [w + 10 * RUBY * p["rubies"] for w, p in zip(worths, state["players"])]
    top = max(worths)
    weights = [math.exp((w - top) / SPREAD) for w in worths]
    total = sum(weights)
    return [w / total for w in weights]
