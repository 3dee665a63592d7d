"""Gold Rush decisions, one Step per kind (app/engine/steps.py), and the action cards of the full game.

`main` is the turn itself (buy, explore, claim, play a card, end); `pay` and `trade` are the payments a turn can
start with; `hand` is the end-of-turn hand limit; `keep`, `xpay` and `survey` are sub-decisions pushed on top of
`main` (or of `hand`, by a card played there). Each action card's offers and effect sit together in the table `ACTION_CARDS` at the end of this module.
"""

from __future__ import annotations

from abc import abstractmethod
from functools import cached_property
from itertools import permutations
from typing import Any, Callable

import orjson

from app.engine import N_, Action, Log, Step, Text, seat_ref, steps, t, words
from app.engine.game import Prompt
from app.engine.memo import Memo, labelled_kept

from .data import CARD
from .state import (GoldRushState, available, claimable, count, discard, draw, effect_sum, explore_cost, hand_limit,
                    market_prices, meets, name, owed, partnership_due, price)
from .turn import (after_payment, card_names, cards, coins, distinct, draw_main, explore, finish_turn, gain, lose,
                   maybe_auto_end, produce_mines, produce_money, refill)

Frame = dict[str, Any]


class GoldRushStep(Step):
    """Every Gold Rush decision is the active seat's, so frames do not name a seat.

    Each kind writes `fresh_options` and `fresh_text` (given the options: the turn's prompt names what they allow);
    `options` and `text` hand back what `decision` keeps for the same position, worked out once."""

    def seats(self, game, state, frame):
        return [state["turn"]]

    def options(self, game, state, frame, seat):
        return decision(self, game, state, frame, seat).options

    def text(self, game, state, frame, seat):
        return decision(self, game, state, frame, seat).text

    @abstractmethod
    def fresh_options(self, game, state, frame, seat) -> list[Action]:
        """The options worked out from the state (what `options` keeps)."""

    @abstractmethod
    def fresh_text(self, game, state, frame, seat, options: list[Action]) -> Text:
        """The prompt worked out from the state and those options (what `text` keeps)."""


# ---- a decision worked out once per position ---------------------------------------------------------------------
# A move asks the top step's text and options several times, each time of a fresh orjson copy of the state: the
# engine's `pending` in apply's check and again in full_views (the turn's text reads its options), `legal` for the
# mover's view, and the next move's check asks the same position again. Options and text read only the parts of
# the state in `decision_key`, so they are kept under the bytes of those parts. A hit hands back the very same
# lists, and a view's `legal` that did not change is skipped by the diff with `is`. Results are never changed once
# made (the engine copies an action before playing it). Bounded, and small (state.Memo): a table's next move needs
# only what its last one made.
DECISION_MEMO_SIZE = 8
LABEL_MEMO_SIZE = 64


class KeptPrompt(Prompt):
    """A Prompt whose JSON is written once: every view of the same position gets the very same dict, which the
    diff then skips with `is` (nothing changes a view once made)."""

    @cached_property
    def _json(self) -> dict[str, Any]:
        return Prompt.to_json(self)

    def to_json(self) -> dict[str, Any]:
        return self._json


class Decision:
    """One position's options and prompt text; the options as `legal` lists them and the Prompt `pending` gives
    (made when first asked)."""

    __slots__ = ("options", "text", "_legal", "_prompt")

    def __init__(self, options: list[Action], text: Text) -> None:
        self.options = options
        self.text = text
        self._legal: list[Action] | None = None
        self._prompt: Prompt | None = None

    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = [labelled_once(action) for action in self.options]
        return self._legal

    def prompt(self, step: GoldRushStep) -> Prompt:
        """As StepGame.pending asks it (no Gold Rush step has prompt data)."""
        if self._prompt is None:
            self._prompt = KeptPrompt(self.text, kind=step.prompt_kind or step.kind, secret=step.secret)
        return self._prompt


_decisions = Memo(DECISION_MEMO_SIZE)
_labelled = Memo(LABEL_MEMO_SIZE)


def decision_key(state: GoldRushState, frame: Frame, seat: int) -> bytes:
    """What every step's options and text may read: the frame, the seat, the variant, the turn's flags, every
    player (coins, play area, hand, achievements, secret: poach and fire look at the others), the market, the
    achievement row and how many Guild and Exploration cards can still be drawn."""
    deck, piles = state["deck"], state["discard"]  # (`available`, written out: this is asked twice a move)
    return orjson.dumps((seat, frame, state["variant"], state["num_players"], state["turn_flags"], state["players"],
                         state["market"], state["row"], len(deck["g"]) + len(piles["g"]),
                         len(deck["x"]) + len(piles["x"])))


def decision(step: GoldRushStep, game, state: GoldRushState, frame: Frame, seat: int) -> Decision:
    key = decision_key(state, frame, seat)
    found = _decisions.get(key)
    if found is None:
        options = step.fresh_options(game, state, frame, seat)
        found = _decisions.keep(key, Decision(options, step.fresh_text(game, state, frame, seat, options)))
    return found


def labelled_once(action: Action) -> Action:
    """`labelled(action)`, the same object for an equal action (`memo.labelled_kept`)."""
    return labelled_kept(_labelled, action)


def pending(game, state: GoldRushState) -> dict[int, Prompt]:
    """`StepGame.pending` from the decision kept for this position: the active seat's Prompt, the same object (and
    JSON) while the position is the same."""
    frame = steps.top(state)
    if frame is None or state.get("over"):
        return {}
    step = game.step_for(frame)
    seat = state["turn"]
    return {seat: decision(step, game, state, frame, seat).prompt(step)}


def asked(game, state: GoldRushState) -> tuple[int | None, dict[str, Any] | None, list[Action]]:
    """The seat to move, its prompt's JSON and its legal list, from one look-up of the position's decision (the
    game's `full_views`); (None, None, []) when nobody decides."""
    frame = steps.top(state)
    if frame is None or state.get("over"):
        return None, None, []
    step = game.step_for(frame)
    seat = state["turn"]
    found = decision(step, game, state, frame, seat)
    return seat, found.prompt(step).to_json(), found.legal()


def legal(game, state: GoldRushState, seat: int) -> list[Action]:
    """`StepGame.legal` from the decision kept for this position: the same list while the position is the same."""
    frame = steps.top(state)
    if frame is None or state.get("over") or seat != state["turn"]:
        return []
    return decision(game.step_for(frame), game, state, frame, seat).legal()


class PayForPartners(GoldRushStep):
    """Basic upkeep (1 coin per 2 entrepreneurs) or the Obligations Due event (1 per entrepreneur).

    Basic upkeep: discarding one entrepreneur replaces the payment (the seed). Obligations Due: each entrepreneur
    discarded is one fewer to pay for, so the amount is recomputed until it is paid or nothing is owed.
    """

    kind = "pay"

    def fresh_text(self, game, state, frame, seat, options):
        due = owed(state, seat, frame["why"])
        can_pay = state["players"][seat]["coins"] >= due
        if frame["why"] == "upkeep":
            if can_pay:
                return t("Upkeep: pay {coins} for your entrepreneurs, or discard one of them instead", coins=coins(due))
            return t("Upkeep: you cannot pay {coins}, so discard one of your entrepreneurs instead", coins=coins(due))
        if can_pay:
            return t("Obligations Due: pay {coins} for your entrepreneurs, or discard some of them (1 coin less for "
                     "each)", coins=coins(due))
        return t("Obligations Due: you cannot pay {coins}: discard entrepreneurs (1 coin less for each) until you can "
                 "pay", coins=coins(due))

    def fresh_options(self, game, state, frame, seat):
        player = state["players"][seat]
        why = frame["why"]
        due = owed(state, seat, why)
        out: list[Action] = []
        if player["coins"] >= due:
            out.append({"type": "pay", "why": why, "price": due,
                        "label": t("Pay {coins} for your partnerships", coins=coins(due))})
        for card in distinct(c for c in player["area"] if CARD[c]["type"] == "entre"):
            if why == "upkeep":
                label, left = t("Discard {card} instead of paying", card=name(card)), 0
            else:
                left = owed_without(state, seat, card)
                label = (t("Discard {card} (then {coins} to pay)", card=name(card), coins=coins(left)) if left else
                         t("Discard {card} (nothing left to pay)", card=name(card)))
            out.append({"type": "drop", "why": why, "card": card, "then_owed": left, "label": label})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        why = frame["why"]
        if action["type"] == "pay":
            due = owed(state, seat, why)
            state["players"][seat]["coins"] -= due
            log.add("pay", t("{player} pays {coins} for partnerships", player=seat_ref(seat), coins=coins(due)))
        else:
            lose(state, seat, action["card"], log, N_("{player} cannot or will not pay for {card}: it is discarded"))
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

    def fresh_text(self, game, state, frame, seat, options):
        if state["players"][seat]["coins"] >= 2:
            return t("Trade Relations Broken: pay 2 coins or discard one of your Trading enterprises")
        return t("Trade Relations Broken: you cannot pay 2 coins, so discard one of your Trading enterprises")

    def fresh_options(self, game, state, frame, seat):
        player = state["players"][seat]
        out: list[Action] = []
        if player["coins"] >= 2:
            out.append({"type": "pay", "why": "trade", "price": 2, "label": t("Pay 2 coins to keep your trade")})
        for card in distinct(c for c in player["area"] if CARD[c]["type"] == "trading"):
            out.append({"type": "drop", "why": "trade", "card": card, "label": t("Discard {card}", card=name(card))})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "pay":
            state["players"][seat]["coins"] -= 2
            log.add("pay", t("{player} pays 2 coins to keep trading", player=seat_ref(seat)))
        else:
            lose(state, seat, action["card"], log, N_("{player} gives up {card}: it is discarded"))
        steps.pop(state)
        after_payment(state, "trade", log)


class Turn(GoldRushStep):
    """The active seat's turn: its actions in any order, then the end of the turn."""

    kind = "main"
    undoable = True  # purchases only (below): a bought card goes back to the market until the turn ends

    def undoable_choice(self, game, state, frame, seat, action):
        return action["type"] == "buy"

    def fresh_text(self, game, state, frame, seat, options):
        kinds = {a["type"] for a in options}
        if state["variant"] == "basic" and state["turn_flags"]["bought"]:
            return t("Claim an achievement or end your turn")
        explore_words = t("send an expedition") if state["variant"] == "basic" else t("explore")
        choices = (("buy", t("buy a market card")), ("explore", explore_words),
                   ("explore_cards", None if "explore" in kinds else t("explore")),
                   ("play", t("play cards from your hand")), ("skip", t("take no action and claim an achievement")))
        can = [what for kind, what in choices if kind in kinds and what]
        if not can:
            return t("Your turn: nothing else can be done now; end your turn")
        return t("Your turn: you may {choices}; or end your turn", choices=words(can, "or"))

    def fresh_options(self, game, state, frame, seat):
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
                                "label": t("Send an expedition: pay {coins}, take the top Guild card",
                                           coins=coins(cost))})
                now = claimable(state, seat)
                if now:
                    out.append({"type": "skip", "claimable": now,
                                "label": t("Take no action, then claim an achievement")})
                out.append({"type": "end", "label": t("Pass and end your turn")})
                return out
            if not flags["claimed"]:
                for card in claimable(state, seat):
                    out.append({"type": "claim", "card": card, "secret": card == player["secret"],
                                "label": t("Claim {card}", card=name(card))})
            out.append({"type": "end", "label": t("End your turn")})
            return out
        if not flags["bought"]:
            out += buys(state, seat)
        if not flags["explored"] and available(state, "x"):
            cost = explore_cost(state, seat)
            if player["coins"] >= cost:
                out.append({"type": "explore", "price": cost, "deck": "x",
                            "label": t("Explore: pay {coins}", coins=coins(cost))})
            if len(player["hand"]) >= 2:
                out.append({"type": "explore_cards", "hand_cards": 2, "deck": "x",
                            "label": t("Explore: pay with 2 cards from your hand")})
        for card in distinct(player["hand"]):
            out += plays(state, seat, card)
        limit = hand_limit(player)
        excess = max(0, len(player["hand"]) - limit)
        label = (t("End your turn (then discard or play down to {cards})", cards=cards(limit)) if excess else
                 t("End your turn"))
        out.append({"type": "end", "excess": excess, "label": label})
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
            log.add("buy", t("{player} buys {card} for {coins}", player=seat_ref(seat), card=name(card),
                             coins=coins(cost)) if cost else
                    t("{player} takes {card} from the market", player=seat_ref(seat), card=name(card)), card=card)
            gain(state, seat, card, log)
            maybe_auto_end(state, log)
        elif kind == "explore":
            cost = explore_cost(state, seat)
            player["coins"] -= cost
            log.add("explore", t("{player} pays {coins} for an expedition", player=seat_ref(seat), coins=coins(cost)))
            flags["bought" if state["variant"] == "basic" else "explored"] = True
            explore(state, seat, log)
        elif kind == "explore_cards":
            steps.push(state, "xpay", picked=[])
        elif kind == "skip":
            flags["bought"] = True
            log.add("pass", t("{player} takes no action", player=seat_ref(seat)))
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
    purse = state["players"][seat]["coins"]
    costs = dict(zip(state["market"], market_prices(state, seat)))
    out: list[Action] = []
    for card in distinct(state["market"]):
        cost = costs[card]
        if cost <= purse:
            out.append({"type": "buy", "card": card, "price": cost,
                        "label": t("Buy {card} for {coins}", card=name(card), coins=coins(cost)) if cost
                        else t("Take {card} (free)", card=name(card))})
    return out


def claim(state: GoldRushState, seat: int, card: int, log: Log) -> None:
    player = state["players"][seat]
    if card == player["secret"]:
        player["secret"] = None
        log.add("claim", t("{player} reveals a secret achievement and claims it: {card} (1 VP)", player=seat_ref(seat),
                           card=name(card)), card=card)
    else:
        state["row"].remove(card)
        log.add("claim", t("{player} claims {card} (1 VP)", player=seat_ref(seat), card=name(card)), card=card)
    player["achievements"].append(card)
    state["turn_flags"]["claimed"] = True
    maybe_auto_end(state, log)


class KeepOne(GoldRushStep):
    """Bazanov's exploration: two cards drawn, one kept."""

    kind = "keep"

    def fresh_text(self, game, state, frame, seat, options):
        return t("Keep one of the two explored cards; the other is discarded")

    def fresh_options(self, game, state, frame, seat):
        return [{"type": "keep", "card": c, "label": t("Keep {card}", card=name(c))} for c in distinct(frame["cards"])]

    def resolve(self, game, state, frame, seat, action, log):
        card = action["card"]
        drawn = frame["cards"]
        other = drawn[1] if drawn[0] == card else drawn[0]
        steps.pop(state)
        discard(state, other)
        log.add("explore", t("{player} discards {card}", player=seat_ref(seat), card=name(other)), card=other)
        if CARD[card]["type"] == "lost":
            discard(state, card)
            log.add("explore", t("{player} keeps the Lost Expedition: nothing is gained", player=seat_ref(seat)),
                    card=card)
        else:
            log.add("explore", t("{player} keeps {card}", player=seat_ref(seat), card=name(card)), card=card)
            gain(state, seat, card, log)
        maybe_auto_end(state, log)


class PayWithCards(GoldRushStep):
    """Full game: an exploration paid with two cards from the hand, chosen one at a time."""

    kind = "xpay"

    def fresh_text(self, game, state, frame, seat, options):
        if not frame["picked"]:
            return t("Choose two cards from your hand to pay for exploration")
        return t("Choose one more card from your hand to pay for exploration")

    def fresh_options(self, game, state, frame, seat):
        picked = frame["picked"]
        hand = state["players"][seat]["hand"]
        out: list[Action] = [{"type": "xpay", "card": c, "label": t("Pay with {card}", card=name(c))}
                             for c in distinct(c for c in hand if c not in picked)]
        out.append({"type": "cancel", "label": t("Cancel the exploration")})
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
        log.add("explore", t("{player} discards {cards} to pay for an expedition", player=seat_ref(seat),
                             cards=words([name(picked[0]), name(picked[1])])))
        steps.pop(state)
        state["turn_flags"]["explored"] = True
        explore(state, seat, log)


class OrderSurvey(GoldRushStep):
    """Geological Survey: the top Exploration cards go back in the order the seat likes."""

    kind = "survey"

    def fresh_text(self, game, state, frame, seat, options):
        return t("Geological Survey: put the top Exploration cards back in the order you like")

    def fresh_options(self, game, state, frame, seat):
        out: list[Action] = []
        seen = set()
        for order in permutations(frame["cards"]):
            names = tuple(name(c) for c in order)
            if names in seen:
                continue
            seen.add(names)
            out.append({"type": "order", "cards": list(order),
                        "label": t("Put back, top first: {cards}", cards=card_names(list(order)))})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        order = action["cards"]
        state["deck"]["x"].extend(reversed(order))
        steps.pop(state)
        log.add("survey", t("{player} puts the top Exploration cards back", player=seat_ref(seat)))
        log.private(seat, "survey", t("You put back, top first: {cards}", cards=card_names(order)))


class HandLimit(GoldRushStep):
    """Full game, end of turn: over the hand limit, discard or play the excess (the seed: «сбросить или разыграть
    лишние»). The turn ends as soon as the hand fits (GoldRush.advance checks it after every decision)."""

    kind = "hand"

    def fresh_text(self, game, state, frame, seat, options):
        player = state["players"][seat]
        limit = hand_limit(player)
        excess = cards(len(player["hand"]) - limit)
        if any(a["type"] == "play" for a in options):
            return t("Hand limit {limit}: discard or play {cards}", limit=limit, cards=excess)
        return t("Hand limit {limit}: discard {cards}", limit=limit, cards=excess)

    def fresh_options(self, game, state, frame, seat):
        hand = distinct(state["players"][seat]["hand"])
        out: list[Action] = [{"type": "discard", "card": c, "label": t("Discard {card}", card=name(c))} for c in hand]
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
        log.add("discard", t("{player} discards {card} from hand", player=seat_ref(seat), card=name(card)), card=card)


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
        return [{"type": "play", "card": card, "effect": "achievement",
                 "label": t("Play {card} (1 VP)", card=design["name"])}]
    if design["type"] != "action":
        return []
    offers, _ = ACTION_CARDS[effect_kind(card)]
    return offers(state, seat, card)


def effect_kind(card: int) -> str:
    return EFFECT_KIND[card]


def play_card(state: GoldRushState, seat: int, action: Action, log: Log) -> None:
    card = action["card"]
    player = state["players"][seat]
    player["hand"].remove(card)
    design = CARD[card]
    if design["type"] == "ach":
        player["achievements"].append(card)
        log.add("claim", t("{player} plays the achievement {card} (1 VP)", player=seat_ref(seat), card=design["name"]),
                card=card)
        return
    discard(state, card)
    log.add("play", t("{player} plays {card}", player=seat_ref(seat), card=design["name"]), card=card)
    _, effect = ACTION_CARDS[effect_kind(card)]
    effect(state, seat, action, design["fx"]["act"], log)


def _plain(state, seat, card):
    return [{"type": "play", "card": card, "effect": effect_kind(card), "label": t("Play {card}", card=name(card))}]


def _needs_exploration_deck(state, seat, card):
    return _plain(state, seat, card) if available(state, "x") else []


def _gain_coins(state, seat, action, act, log):
    state["players"][seat]["coins"] += act["gain"]
    log.add("coins", t("{player} gains {coins}", player=seat_ref(seat), coins=coins(act["gain"])))


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
                        "label": t("Play {card}: take {partner} from {player}", card=name(card),
                                   partner=name(partner), player=seat_ref(other))})
    return out


def _poach(state, seat, action, act, log):
    other, partner = action["target"], action["ent"]
    state["players"][other]["area"].remove(partner)
    log.add("poach", t("{player} poaches {partner} from {other}", player=seat_ref(seat), partner=name(partner),
                       other=seat_ref(other)), card=partner)
    gain(state, seat, partner, log)


def _fire_offers(state, seat, card):
    return [{"type": "play", "card": card, "effect": "fire", "target": other,
             "coins": min(CARD[card]["fx"]["act"]["fire"], state["players"][other]["coins"]),
             "label": t("Play {card} on {player}", card=name(card), player=seat_ref(other))}
            for other in range(state["num_players"]) if other != seat and state["players"][other]["coins"] > 0]


def _fire(state, seat, action, act, log):
    other = state["players"][action["target"]]
    lost = min(act["fire"], other["coins"])
    other["coins"] -= lost
    log.add("coins", t("{player} loses {coins} in the fire", player=seat_ref(action["target"]), coins=coins(lost)))


def _new_market(state, seat, action, act, log):
    for card in state["market"]:
        discard(state, card)
    state["market"] = []
    refill(state)
    log.add("market", t("The market is swept away and dealt anew"))


def _survey(state, seat, action, act, log):
    deck = state["deck"]["x"]
    if not deck:
        # the deck ran out after its discard pile was empty: the pile becomes the deck, the top card stays on it
        deck.append(draw(state, "x"))
    top = [deck.pop() for _ in range(min(act["survey"], len(deck)))]
    steps.push(state, "survey", cards=top)
    log.private(seat, "survey", t("You see, top first: {cards}", cards=card_names(top)))


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

# Each action card's key in ACTION_CARDS, by card id (looked up for every hand card a turn's options list).
EFFECT_KIND: dict[int, str] = {card: next(k for k in ACTION_CARDS if k in design["fx"]["act"])
                               for card, design in enumerate(CARD) if design["type"] == "action"}
