"""Gold Rush decisions, one Step per kind (app/engine/steps.py), and the action cards of the full game.

`main` is the turn itself (buy, explore, claim, play a card, end); `pay` and `trade` are the payments a turn can
start with; `hand` is the end-of-turn hand limit; `keep`, `xpay` and `survey` are sub-decisions pushed on top of
`main` (or of `hand`, by a card played there). Each action card's offers and effect sit together in the table `ACTION_CARDS` at the end of this module.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Callable

from app.engine import Action, Log, Step, join_words, plural, steps

from .data import CARD
from .state import (GoldRushState, available, claimable, count, discard, draw, effect_sum, explore_cost, hand_limit,
                    meets, name, owed, partnership_due, price)
from .turn import (after_payment, distinct, draw_main, explore, finish_turn, gain, lose, maybe_auto_end,
                   produce_mines, produce_money, refill)

Frame = dict[str, Any]


class GoldRushStep(Step):
    """Every Gold Rush decision is the active seat's, so frames do not name a seat."""

    def seats(self, game, state, frame):
        return [state["turn"]]


class PayForPartners(GoldRushStep):
    """Basic upkeep (1 coin per 2 entrepreneurs) or the Obligations Due event (1 per entrepreneur).

    Basic upkeep: discarding one entrepreneur replaces the payment (the seed). Obligations Due: each entrepreneur
    discarded is one fewer to pay for, so the amount is recomputed until it is paid or nothing is owed.
    """

    kind = "pay"

    def text(self, game, state, frame, seat):
        due = owed(state, seat, frame["why"])
        can_pay = state["players"][seat]["coins"] >= due
        if frame["why"] == "upkeep":
            if can_pay:
                return f"Upkeep: pay {plural(due, 'coin')} for your entrepreneurs, or discard one of them instead"
            return f"Upkeep: you cannot pay {plural(due, 'coin')}, so discard one of your entrepreneurs instead"
        if can_pay:
            return (f"Obligations Due: pay {plural(due, 'coin')} for your entrepreneurs, or discard some of them "
                    f"(1 coin less for each)")
        return (f"Obligations Due: you cannot pay {plural(due, 'coin')}: discard entrepreneurs (1 coin less for each) "
                f"until you can pay")

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        why = frame["why"]
        due = owed(state, seat, why)
        out: list[Action] = []
        if player["coins"] >= due:
            out.append({"type": "pay", "why": why, "price": due,
                        "label": f"Pay {plural(due, 'coin')} for your partnerships"})
        for card in distinct(c for c in player["area"] if CARD[c]["type"] == "entre"):
            if why == "upkeep":
                label, left = f"Discard {name(card)} instead of paying", 0
            else:
                left = owed_without(state, seat, card)
                label = f"Discard {name(card)}" + (f" (then {plural(left, 'coin')} to pay)" if left else
                                                   " (nothing left to pay)")
            out.append({"type": "drop", "why": why, "card": card, "then_owed": left, "label": label})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        why = frame["why"]
        if action["type"] == "pay":
            due = owed(state, seat, why)
            state["players"][seat]["coins"] -= due
            log.add("pay", f"@{seat} pays {plural(due, 'coin')} for partnerships")
        else:
            lose(state, seat, action["card"], log, "cannot or will not pay for")
            if why == "oblig" and owed(state, seat, why) > 0:
                return
        steps.pop(state)
        after_payment(state, why, log)


def owed_without(state: GoldRushState, seat: int, card: int) -> int:
    """Obligations Due still owed once the entrepreneur `card` is discarded (one fewer to pay for)."""
    player = state["players"][seat]
    return partnership_due("oblig", count(player, {"type": "entre"}) - 1,
                           effect_sum(player, "upkeep_relief") - CARD[card]["fx"].get("upkeep_relief", 0))


class TradeRelationsBroken(GoldRushStep):
    """The event: pay 2 coins or discard one of your Trading enterprises."""

    kind = "trade"

    def text(self, game, state, frame, seat):
        if state["players"][seat]["coins"] >= 2:
            return "Trade Relations Broken: pay 2 coins or discard one of your Trading enterprises"
        return "Trade Relations Broken: you cannot pay 2 coins, so discard one of your Trading enterprises"

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        out: list[Action] = []
        if player["coins"] >= 2:
            out.append({"type": "pay", "why": "trade", "price": 2, "label": "Pay 2 coins to keep your trade"})
        for card in distinct(c for c in player["area"] if CARD[c]["type"] == "trading"):
            out.append({"type": "drop", "why": "trade", "card": card, "label": f"Discard {name(card)}"})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "pay":
            state["players"][seat]["coins"] -= 2
            log.add("pay", f"@{seat} pays 2 coins to keep trading")
        else:
            lose(state, seat, action["card"], log, "gives up")
        steps.pop(state)
        after_payment(state, "trade", log)


class Turn(GoldRushStep):
    """The active seat's turn: its actions in any order, then the end of the turn."""

    kind = "main"
    undoable = True  # purchases only (below): a bought card goes back to the market until the turn ends

    def undoable_choice(self, game, state, frame, seat, action):
        return action["type"] == "buy"

    def text(self, game, state, frame, seat):
        kinds = {a["type"] for a in self.options(game, state, frame, seat)}
        if state["variant"] == "basic" and state["turn_flags"]["bought"]:
            return "Claim an achievement or end your turn"
        explore_words = "send an expedition" if state["variant"] == "basic" else "explore"
        choices = (("buy", "buy a market card"), ("explore", explore_words),
                   ("explore_cards", "" if "explore" in kinds else "explore"), ("play", "play cards from your hand"),
                   ("skip", "take no action and claim an achievement"))
        can = [words for kind, words in choices if kind in kinds and words]
        if not can:
            return "Your turn: nothing else can be done now; end your turn"
        return f"Your turn: you may {join_words(can, 'or')}; or end your turn"

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        flags = state["turn_flags"]
        out: list[Action] = []
        if state["variant"] == "basic":
            # ruling: the achievement is claimed after the action (the seed's order), never before it
            if not flags["bought"]:
                out += buys(state, seat)
                cost = explore_cost(state, seat)
                if player["coins"] >= cost and available(state, "g"):
                    out.append({"type": "explore", "price": cost, "deck": "g",
                                "label": f"Send an expedition: pay {plural(cost, 'coin')}, take the top Guild card"})
                now = claimable(state, seat)
                if now:
                    out.append({"type": "skip", "claimable": now, "label": "Take no action, then claim an achievement"})
                out.append({"type": "end", "label": "Pass and end your turn"})
                return out
            if not flags["claimed"]:
                for card in claimable(state, seat):
                    out.append({"type": "claim", "card": card, "secret": card == player["secret"],
                                "label": f"Claim {name(card)}"})
            out.append({"type": "end", "label": "End your turn"})
            return out
        if not flags["bought"]:
            out += buys(state, seat)
        if not flags["explored"] and available(state, "x"):
            cost = explore_cost(state, seat)
            if player["coins"] >= cost:
                out.append({"type": "explore", "price": cost, "deck": "x",
                            "label": f"Explore: pay {plural(cost, 'coin')}"})
            if len(player["hand"]) >= 2:
                out.append({"type": "explore_cards", "hand_cards": 2, "deck": "x",
                            "label": "Explore: pay with 2 cards from your hand"})
        for card in distinct(player["hand"]):
            out += plays(state, seat, card)
        limit = hand_limit(player)
        excess = max(0, len(player["hand"]) - limit)
        extra = f" (then discard or play down to {plural(limit, 'card')})" if excess else ""
        out.append({"type": "end", "excess": excess, "label": "End your turn" + extra})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        kind = action["type"]
        player = state["players"][seat]
        flags = state["turn_flags"]
        if kind == "buy":
            card = action["card"]
            cost = price(state, seat, card)
            player["coins"] -= cost
            state["market"].remove(card)
            flags["bought"] = True
            flags["guild_connections"] = 0
            log.add("buy", f"@{seat} buys {name(card)} for {plural(cost, 'coin')}" if cost else
                    f"@{seat} takes {name(card)} from the market", card=card)
            gain(state, seat, card, log)
            maybe_auto_end(state, log)
        elif kind == "explore":
            cost = explore_cost(state, seat)
            player["coins"] -= cost
            log.add("explore", f"@{seat} pays {plural(cost, 'coin')} for an expedition")
            flags["bought" if state["variant"] == "basic" else "explored"] = True
            explore(state, seat, log)
        elif kind == "explore_cards":
            steps.push(state, "xpay", picked=[])
        elif kind == "skip":
            flags["bought"] = True
            log.add("pass", f"@{seat} takes no action")
        elif kind == "claim":
            claim(state, seat, action["card"], log)
        elif kind == "play":
            play_card(state, seat, action, log)
        elif kind == "end":
            if state["variant"] == "full" and len(player["hand"]) > hand_limit(player):
                state["phase"] = "end"
                steps.replace(state, "hand")
            else:
                finish_turn(state, log)


def buys(state: GoldRushState, seat: int) -> list[Action]:
    coins = state["players"][seat]["coins"]
    out: list[Action] = []
    for card in distinct(state["market"]):
        cost = price(state, seat, card)
        if cost <= coins:
            out.append({"type": "buy", "card": card, "price": cost,
                        "label": f"Buy {name(card)} for {plural(cost, 'coin')}" if cost
                        else f"Take {name(card)} (free)"})
    return out


def claim(state: GoldRushState, seat: int, card: int, log: Log) -> None:
    player = state["players"][seat]
    if card == player["secret"]:
        player["secret"] = None
        log.add("claim", f"@{seat} reveals a secret achievement and claims it: {name(card)} (1 VP)", card=card)
    else:
        state["row"].remove(card)
        log.add("claim", f"@{seat} claims {name(card)} (1 VP)", card=card)
    player["achievements"].append(card)
    state["turn_flags"]["claimed"] = True
    maybe_auto_end(state, log)


class KeepOne(GoldRushStep):
    """Bazanov's exploration: two cards drawn, one kept."""

    kind = "keep"

    def text(self, game, state, frame, seat):
        return "Keep one of the two explored cards; the other is discarded"

    def options(self, game, state, frame, seat):
        return [{"type": "keep", "card": c, "label": f"Keep {name(c)}"} for c in distinct(frame["cards"])]

    def resolve(self, game, state, frame, seat, action, log):
        card = action["card"]
        cards = frame["cards"]
        other = cards[1] if cards[0] == card else cards[0]
        steps.pop(state)
        discard(state, other)
        log.add("explore", f"@{seat} discards {name(other)}", card=other)
        if CARD[card]["type"] == "lost":
            discard(state, card)
            log.add("explore", f"@{seat} keeps the Lost Expedition: nothing is gained", card=card)
        else:
            log.add("explore", f"@{seat} keeps {name(card)}", card=card)
            gain(state, seat, card, log)
        maybe_auto_end(state, log)


class PayWithCards(GoldRushStep):
    """Full game: an exploration paid with two cards from the hand, chosen one at a time."""

    kind = "xpay"

    def text(self, game, state, frame, seat):
        return f"Choose {'two cards' if not frame['picked'] else 'one more card'} from your hand to pay for exploration"

    def options(self, game, state, frame, seat):
        picked = frame["picked"]
        hand = state["players"][seat]["hand"]
        out: list[Action] = [{"type": "xpay", "card": c, "label": f"Pay with {name(c)}"}
                             for c in distinct(c for c in hand if c not in picked)]
        out.append({"type": "cancel", "label": "Cancel the exploration"})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "cancel":
            steps.pop(state)
            return
        picked = frame["picked"]
        picked.append(action["card"])
        if len(picked) < 2:
            return
        hand = state["players"][seat]["hand"]
        for card in picked:
            hand.remove(card)
            discard(state, card)
        log.add("explore", f"@{seat} discards {name(picked[0])} and {name(picked[1])} to pay for an expedition")
        steps.pop(state)
        state["turn_flags"]["explored"] = True
        explore(state, seat, log)


class OrderSurvey(GoldRushStep):
    """Geological Survey: the top Exploration cards go back in the order the seat likes."""

    kind = "survey"

    def text(self, game, state, frame, seat):
        return "Geological Survey: put the top Exploration cards back in the order you like"

    def options(self, game, state, frame, seat):
        out: list[Action] = []
        seen = set()
        for order in permutations(frame["cards"]):
            names = tuple(name(c) for c in order)
            if names in seen:
                continue
            seen.add(names)
            out.append({"type": "order", "cards": list(order), "label": "Put back, top first: " + ", ".join(names)})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        order = action["cards"]
        state["deck"]["x"].extend(reversed(order))
        steps.pop(state)
        log.add("survey", f"@{seat} puts the top Exploration cards back")
        log.private(seat, "survey", "You put back, top first: " + ", ".join(name(c) for c in order))


class HandLimit(GoldRushStep):
    """Full game, end of turn: over the hand limit, discard or play the excess (the seed: «сбросить или разыграть
    лишние»). The turn ends as soon as the hand fits (GoldRush.advance checks it after every decision)."""

    kind = "hand"

    def text(self, game, state, frame, seat):
        player = state["players"][seat]
        limit = hand_limit(player)
        excess = plural(len(player["hand"]) - limit, "card")
        if any(a["type"] == "play" for a in self.options(game, state, frame, seat)):
            return f"Hand limit {limit}: discard or play {excess}"
        return f"Hand limit {limit}: discard {excess}"

    def options(self, game, state, frame, seat):
        hand = distinct(state["players"][seat]["hand"])
        out: list[Action] = [{"type": "discard", "card": c, "label": f"Discard {name(c)}"} for c in hand]
        for card in hand:
            out += plays(state, seat, card)
        return out

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "play":
            play_card(state, seat, action, log)
            return
        card = action["card"]
        state["players"][seat]["hand"].remove(card)
        discard(state, card)
        log.add("discard", f"@{seat} discards {name(card)} from hand", card=card)


def end_when_hand_fits(state: GoldRushState, log: Log) -> None:
    """After any decision during the hand limit (a play may have asked a survey or a keep first): end the turn once
    the hand is down to the limit."""
    frame = steps.top(state)
    player = state["players"][state["turn"]]
    if frame is not None and frame["step"] == "hand" and len(player["hand"]) <= hand_limit(player):
        finish_turn(state, log)


STEP_TYPES = (PayForPartners, TradeRelationsBroken, Turn, KeepOne, PayWithCards, OrderSurvey, HandLimit)


# ---- cards played from the hand (full game) ------------------------------------------------------------------------

def plays(state: GoldRushState, seat: int, card: int) -> list[Action]:
    """The ways `seat` may play a hand card now (none for a card that cannot be played)."""
    design = CARD[card]
    if design["type"] == "ach":
        if not meets(state["players"][seat], card):
            return []
        return [{"type": "play", "card": card, "effect": "achievement", "label": f"Play {design['name']} (1 VP)"}]
    if design["type"] != "action":
        return []
    offers, _ = ACTION_CARDS[effect_kind(card)]
    return offers(state, seat, card)


def effect_kind(card: int) -> str:
    act = CARD[card]["fx"]["act"]
    return next(k for k in ACTION_CARDS if k in act)


def play_card(state: GoldRushState, seat: int, action: Action, log: Log) -> None:
    card = action["card"]
    player = state["players"][seat]
    player["hand"].remove(card)
    design = CARD[card]
    if design["type"] == "ach":
        player["achievements"].append(card)
        log.add("claim", f"@{seat} plays the achievement {design['name']} (1 VP)", card=card)
        return
    discard(state, card)
    log.add("play", f"@{seat} plays {design['name']}", card=card)
    _, effect = ACTION_CARDS[effect_kind(card)]
    effect(state, seat, action, design["fx"]["act"], log)


def _plain(state, seat, card):
    return [{"type": "play", "card": card, "effect": effect_kind(card), "label": f"Play {name(card)}"}]


def _needs_exploration_deck(state, seat, card):
    return _plain(state, seat, card) if available(state, "x") else []


def _gain_coins(state, seat, action, act, log):
    state["players"][seat]["coins"] += act["gain"]
    log.add("coins", f"@{seat} gains {plural(act['gain'], 'coin')}")


def _produce(state, seat, action, act, log):
    if act["produce"] == "money":
        produce_money(state, seat, log)
    else:
        produce_mines(state, seat, log)


def _prospect(state, seat, action, act, log):
    explore(state, seat, log)


def _guild_connections_offers(state, seat, card):
    """Offered only while it can lower a purchase: the market action is unused and a market card costs something."""
    frame = steps.top(state)
    if (frame is None or frame["step"] != "main" or state["turn_flags"]["bought"]
            or not any(price(state, seat, c) > 0 for c in state["market"])):
        return []
    return _plain(state, seat, card)


def _guild_connections(state, seat, action, act, log):
    state["turn_flags"]["guild_connections"] += 1


def _poach_offers(state, seat, card):
    out = []
    for other in range(state["num_players"]):
        if other == seat:
            continue
        for partner in distinct(c for c in state["players"][other]["area"] if CARD[c]["type"] == "entre"):
            out.append({"type": "play", "card": card, "effect": "poach", "target": other, "ent": partner,
                        "label": f"Play {name(card)}: take {name(partner)} from @{other}"})
    return out


def _poach(state, seat, action, act, log):
    other, partner = action["target"], action["ent"]
    state["players"][other]["area"].remove(partner)
    log.add("poach", f"@{seat} poaches {name(partner)} from @{other}", card=partner)
    gain(state, seat, partner, log)


def _fire_offers(state, seat, card):
    return [{"type": "play", "card": card, "effect": "fire", "target": other,
             "coins": min(CARD[card]["fx"]["act"]["fire"], state["players"][other]["coins"]),
             "label": f"Play {name(card)} on @{other}"}
            for other in range(state["num_players"]) if other != seat and state["players"][other]["coins"] > 0]


def _fire(state, seat, action, act, log):
    other = state["players"][action["target"]]
    lost = min(act["fire"], other["coins"])
    other["coins"] -= lost
    log.add("coins", f"@{action['target']} loses {plural(lost, 'coin')} in the fire")


def _new_market(state, seat, action, act, log):
    for card in state["market"]:
        discard(state, card)
    state["market"] = []
    refill(state)
    log.add("market", "The market is swept away and dealt anew")


def _survey(state, seat, action, act, log):
    deck = state["deck"]["x"]
    if not deck:
        # the deck ran out after its discard pile was empty: the pile becomes the deck, the top card stays on it
        deck.append(draw(state, "x"))
    top = [deck.pop() for _ in range(min(act["survey"], len(deck)))]
    steps.push(state, "survey", cards=top)
    log.private(seat, "survey", "You see, top first: " + ", ".join(name(c) for c in top))


def _audit(state, seat, action, act, log):
    draw_main(state, seat, act["draw"], log)


Offers = Callable[[GoldRushState, int, int], list[Action]]
Effect = Callable[[GoldRushState, int, Action, dict, Log], None]

# What each action card offers and does, by the key of its effect in data.py ("act").
ACTION_CARDS: dict[str, tuple[Offers, Effect]] = {
    "gain": (_plain, _gain_coins),  # Bank Loan, Good Deal
    "produce": (_plain, _produce),  # Rush Order, Extra Washing
    "explore": (_needs_exploration_deck, _prospect),  # Prospecting Party
    "next_buy": (_guild_connections_offers, _guild_connections),  # Guild Connections
    "poach": (_poach_offers, _poach),  # Poach a Partner
    "fire": (_fire_offers, _fire),  # Warehouse Fire
    "new_market": (_plain, _new_market),  # New Trends
    "survey": (_needs_exploration_deck, _survey),  # Geological Survey
    "draw": (_plain, _audit),  # Audit
}
