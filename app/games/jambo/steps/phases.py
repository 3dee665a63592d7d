"""The turn's own decisions (phase 1: draw and keep; phase 2: play) and what playing a card asks at once.

Phase 2 offers, once per kind of card in hand: buying or selling with a ware card, building a small stand,
putting a utility in front of you (choosing one to discard when you already have 3), playing a person or an
animal (whose rules are in people.py and animals.py), and using each utility once. Ware cards and animals
first give the opponent a chance to react (Rain Maker, Guard).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cache
from typing import ClassVar

from app.engine import Log, State, Text, english, seat_ref, t
from app.engine.move import labelled

from .. import data as D
from ..state import (can_draw, can_take, count_wares, fit_fee, free_plain, held, pile, place_wares, seen_in_hand,
                     supply, take_ware)
from ..turn import ask, discard_card, done, end_turn, set_turn_step
from .common import RULES, JamboStep, fee_of, kept, one_per_kind, paid_text, use_utility, with_fee


def stand_cost(s: State) -> int:
    return D.LATER_STAND_COST if s["stand_built"] else D.FIRST_STAND_COST


def buy_price(s: State, kind: str) -> int:
    return max(0, D.KINDS[kind]["buy"] - 2 * s["wise_men"])


def sell_price(s: State, kind: str) -> int:
    return D.KINDS[kind]["sell"] + 2 * s["wise_men"]


@cache
def _need(kind: str) -> tuple[int, ...]:
    """The wares a ware card names, counted per type (card data: worked out once, asked for each card in a hand)."""
    return tuple(count_wares(D.KINDS[kind]["wares"]))


def can_buy(s: State, seat: int, kind: str, left: list[int] | None = None) -> bool:
    """`left`: the supply, when the caller has it at hand (it asks for every card of a hand)."""
    need = _need(kind)
    if left is None:
        left = supply(s)
    if any(need[t] > left[t] for t in range(6)):
        return False
    return can_take(s["players"][seat], len(D.KINDS[kind]["wares"]), buy_price(s, kind))


def can_sell(s: State, seat: int, kind: str) -> bool:
    need = _need(kind)
    return all(held(s["players"][seat], t) >= need[t] for t in range(6))


def utility_actions(s: State, phase_one: bool = False) -> list[dict]:
    """Utilities the active player may use now (in phase 1 only the Mask may be used)."""
    out: list[dict] = []
    for card, fee in utility_facts(s, phase_one):
        out.append(utility_action(card, fee))
    return out


def utility_facts(s: State, phase_one: bool = False) -> list[tuple[int, int]]:
    """(card, 6th-space fee its use commits to) of each utility the active player may use now: all a use action is
    made of (`utility_action`)."""
    me = s["turn"]
    out = []
    for card in s["players"][me]["utilities"]:
        kind = D.kind(card)
        if phase_one and kind != "mask":
            continue
        rule = RULES[kind]
        if card not in s["used_utilities"] and rule.usable(s, me):
            out.append((card, fee_of(s["players"][me], rule.takes) if rule.takes else 0))
    return out


def utility_action(card: int, fee: int) -> dict:
    """Using a utility, from its facts (`utility_facts`)."""
    rule = RULES[D.kind(card)]
    if rule.price:
        label = t("Use {card} (1 action, {gold})", card=D.name(card), gold=D.gold(rule.price))
    else:
        label = t("Use {card} (1 action)", card=D.name(card))
    use = {"type": "use", "card": card, "price": rule.price} if rule.price else {"type": "use", "card": card}
    return {**use, **({"fee": fee} if fee else {}), "label": with_fee(label, fee)}


def end_action(s: State) -> dict:
    """Ending the turn; `bonus` is the gold it brings (1 with at least 2 actions unused)."""
    bonus = 1 if D.ACTIONS - s["actions_used"] >= D.END_BONUS_UNUSED else 0
    return {"type": "end", "bonus": bonus, "label": t("End turn")}


# ---- phase 2's offer, labelled once by what each action is made of -----------------------------------------------
# A hand's offer changes a little each move (one card played, a price or a fee), and labelling every action anew (its
# Texts made, then its JSON written to find it in LABELLED) was the largest part of a move's `legal`. Each action (or
# card's actions) is made from a small tuple of facts alone (`card_facts`, `utility_facts`, the end bonus), so the
# labelled actions are kept under that tuple: the same objects while the facts are the same, which the diff skips with
# `is`. The facts are worked out from the state every time (cheap arithmetic); only the making is kept.
# Keeping or discarding a drawn card, by the card: bounded by the deck's 110 cards, never emptied (nothing churns).
_KEEP_OFFERS: dict[int, tuple] = {}


def card_facts(s: State, seat: int, card: int, left: list[int]) -> tuple | None:
    """All that playing `card` from `seat`'s hand offers depends on, `left` being the supply: for a ware card (buy
    price or None, 6th-space fee of the buy, sell gain or None); for a stand (its price or None); for any other card
    (its 6th-space fee, or None when it cannot be played)."""
    P = s["players"][seat]
    kind = D.kind(card)
    type_ = D.card_type(card)
    if type_ == "ware":
        buy = fee = None
        if can_buy(s, seat, kind, left):
            buy = buy_price(s, kind)
            fee = fit_fee(P, len(D.KINDS[kind]["wares"]))
        sell = sell_price(s, kind) if can_sell(s, seat, kind) else None
        return (buy, fee, sell)
    if type_ == "stand":
        cost = stand_cost(s)
        return (cost if P["gold"] >= cost else None,)
    if kind in REACTIONS:
        return None
    if type_ == "utility":  # laid in front of its player (always possible): it takes nothing yet
        return (0,)
    rule = RULES[kind]
    if not rule.playable(s, seat):
        return None
    return (fee_of(P, rule.takes) if rule.takes else 0,)


# Per ware card (card data, made once): the wares it names counted per type, only the types it names; how many;
# its buy and sell price before Wise Men.
_WARE_CARDS: dict[int, tuple[tuple[tuple[int, int], ...], int, int, int]] = {
    card: (tuple((w, n) for w, n in enumerate(count_wares(D.KINDS[kind]["wares"])) if n),
           len(D.KINDS[kind]["wares"]), D.KINDS[kind]["buy"], D.KINDS[kind]["sell"])
    for card, kind in enumerate(D.CARD_KIND) if D.KINDS[kind]["type"] == "ware"}


def ware_facts(card_data: tuple, left: list[int], P: dict, free: int, wise_men: int) -> tuple:
    """`card_facts` of a ware card (the same tuple), written out for the play phase's offer, which asks it for every
    ware card of a hand: `card_data` from _WARE_CARDS, `free` the player's free ordinary spaces."""
    need, n, buy, sell = card_data
    price = fee = None
    for ware, k in need:
        if left[ware] < k:
            break
    else:
        fit = 0 if n <= free else (D.SIXTH_SPACE_FEE if n == free + 1 and P["sixth"] < 0 else None)
        cost = max(0, buy - 2 * wise_men)
        if fit is not None and P["gold"] >= cost + fit:
            price, fee = cost, fit
    wares, sixth = P["wares"], P["sixth"]
    for ware, k in need:
        if wares[ware] + (1 if sixth == ware else 0) < k:
            return (price, fee, None)
    return (price, fee, sell + 2 * wise_men)


def card_actions(card: int, facts: tuple | None) -> list[dict]:
    """The actions of playing `card`, from its facts (`card_facts`) alone."""
    if facts is None:
        return []
    kind = D.kind(card)
    type_ = D.card_type(card)
    if type_ == "ware":
        buy, fee, sell = facts
        out = []
        wares = D.wares_say(D.KINDS[kind]["wares"])
        if buy is not None:
            label = t("Buy {wares} for {gold}", wares=wares, gold=D.gold(buy))
            out.append({"type": "buy", "card": card, "wares": list(D.KINDS[kind]["wares"]),
                        "price": buy, "fee": fee, "label": with_fee(label, fee or 0)})
        if sell is not None:
            out.append({"type": "sell", "card": card, "wares": list(D.KINDS[kind]["wares"]), "gain": sell,
                        "label": t("Sell {wares} for {gold}", wares=wares, gold=D.gold(sell))})
        return out
    if type_ == "stand":
        cost = facts[0]
        if cost is None:
            return []
        return [{"type": "play", "card": card, "price": cost,
                 "label": t("Play {card} for {gold}", card=D.name(card), gold=D.gold(cost))}]
    label = t("Play {card}", card=D.name(card))
    if type_ == "utility":
        return [{"type": "play", "card": card, "label": label}]
    fee = facts[0]
    return [{"type": "play", "card": card, **({"fee": fee} if fee else {}), "label": with_fee(label, fee)}]


def labelled_utilities(game, s: State, phase_one: bool = False) -> list[dict]:  # noqa: ANN001
    out: list[dict] = []
    for card, fee in utility_facts(s, phase_one):
        out += kept(("use", card, fee), _use_actions, card, fee)
    return out


def labelled_end(game, s: State) -> dict:  # noqa: ANN001
    bonus = 1 if D.ACTIONS - s["actions_used"] >= D.END_BONUS_UNUSED else 0
    return kept(("end", bonus), _end_actions, bonus)[0]


def _use_actions(card: int, fee: int) -> list[dict]:
    return [utility_action(card, fee)]


def _end_actions(bonus: int) -> list[dict]:
    """`[end_action(s)]` of a state whose end brings `bonus`."""
    return [{"type": "end", "bonus": bonus, "label": t("End turn")}]


def _draw_actions() -> list[dict]:
    return [{"type": "draw", "label": t("Draw a card (1 action)")}]


def _phase2_actions() -> list[dict]:
    return [{"type": "phase2", "label": t("Go to phase 2")}]


def start_use(s: State, seat: int, card: int, log: Log) -> None:
    s["actions_used"] += 1
    s["used_utilities"].append(card)
    use_utility(s, seat, D.kind(card), log)


class DrawPhase(JamboStep):
    kind = "draw"

    def text(self, game, s, frame, seat):
        return t("Phase 1: draw a card, or go to phase 2 ({n} actions left)", n=D.ACTIONS - s["actions_used"])

    def prompt_key(self, s, frame):
        return ("draw", s["actions_used"])  # all `text` reads (no data)

    def options(self, game, s, frame, seat):
        out = []
        if s["actions_used"] < D.ACTIONS and can_draw(s):
            out.append({"type": "draw", "label": t("Draw a card (1 action)")})
        out.append({"type": "phase2", "label": t("Go to phase 2")})
        if s["actions_used"] < D.ACTIONS:
            out += utility_actions(s, phase_one=True)
        out.append(end_action(s))
        return out

    def labelled_options(self, game, s, frame, seat):
        """`options` as `legal` lists them (labelled), each action kept by what it is made of (OFFERS)."""
        out = []
        if s["actions_used"] < D.ACTIONS and can_draw(s):
            out += kept(("draw",), _draw_actions)
        out += kept(("phase2",), _phase2_actions)
        if s["actions_used"] < D.ACTIONS:
            out += labelled_utilities(game, s, phase_one=True)
        out.append(labelled_end(game, s))
        return out

    def resolve(self, game, s, frame, seat, action, log):
        kind = action["type"]
        if kind == "draw":
            s["actions_used"] += 1
            card = pile(s).draw_one()
            set_turn_step(s, "keep", card=card)
            log.add("draw", t("{player} draws a card", player=seat_ref(seat)))
            log.private(seat, "draw_private", t("{player} draws {card}", player=seat_ref(seat), card=D.card_say(card)),
                        card=card)
        elif kind == "phase2":
            set_turn_step(s, "play")
            log.add("phase", t("{player} goes to phase 2", player=seat_ref(seat)))
        elif kind == "end":
            end_turn(s, log)
        else:
            start_use(s, seat, action["card"], log)


class KeepDrawn(JamboStep):
    kind = "keep"

    def text(self, game, s, frame, seat):
        return t("Keep the card you drew (and go to phase 2) or discard it")

    def prompt_key(self, s, frame):
        return ("keep",)

    def options(self, game, s, frame, seat):
        name = D.card_say(frame["card"])
        card = frame["card"]
        return [{"type": "keep", "card": card, "label": t("Keep {card}", card=name)},
                {"type": "reject", "card": card, "label": t("Discard {card}", card=name)}]

    def labelled_options(self, game, s, frame, seat):
        """`options` labelled, kept per card (at most one entry a card of the deck: a drawn card is seldom one an
        earlier move offered, so a small memo would miss)."""
        card = frame["card"]
        found = _KEEP_OFFERS.get(card)
        if found is None:
            found = _KEEP_OFFERS[card] = tuple(labelled(a) for a in self.options(game, s, frame, seat))
        return list(found)

    def resolve(self, game, s, frame, seat, action, log):
        card = frame["card"]
        if action["type"] == "keep":
            s["players"][seat]["hand"].append(card)
            set_turn_step(s, "play")
            log.add("keep", t("{player} keeps the card and goes to phase 2", player=seat_ref(seat)))
            return
        discard_card(s, card)
        log.add("reject", t("{player} discards {card}", player=seat_ref(seat), card=D.card_say(card)), card=card)
        # Five draws discarded: phase 1 is over and so, with no action left, is the turn (advance ends it).
        set_turn_step(s, "play" if s["actions_used"] >= D.ACTIONS else "draw")


class PlayPhase(JamboStep):
    kind = "play"
    undoable = True  # the choices below that show nothing; a reaction question or a drawn card still ends the run

    def text(self, game, s, frame, seat):
        return t("Phase 2: play cards or use utilities ({n} actions left)", n=D.ACTIONS - s["actions_used"])

    def prompt_key(self, s, frame):
        return ("play", s["actions_used"])

    def options(self, game, s, frame, seat):
        P = s["players"][seat]
        out: list[dict] = []
        if s["actions_used"] < D.ACTIONS:
            left = supply(s)
            for card in one_per_kind(P["hand"]):
                out += self._card_actions(s, seat, card, left)
            out += utility_actions(s)
        out.append(end_action(s))
        return out

    def labelled_options(self, game, s, frame, seat):
        """`options` as `legal` lists them (labelled), each card's actions kept by its facts (OFFERS)."""
        P = s["players"][seat]
        out: list[dict] = []
        if s["actions_used"] < D.ACTIONS:
            left = supply(s)
            free = free_plain(P)
            wise_men = s["wise_men"]
            for card in one_per_kind(P["hand"]):
                ware = _WARE_CARDS.get(card)
                facts = ware_facts(ware, left, P, free, wise_men) if ware is not None else card_facts(s, seat, card, left)
                if facts is not None:
                    out += kept(("card", card, *facts), card_actions, card, facts)
            out += labelled_utilities(game, s)
        out.append(labelled_end(game, s))
        return out

    def undoable_choice(self, game, s, frame, seat, action):
        kind = action["type"]
        if kind in ("buy", "sell"):
            return True  # the opponent is then asked about a Rain Maker, which the engine's checks refuse
        if kind == "use":
            return RULES[D.kind(action["card"])].only_asks()
        if kind == "play":
            card_kind = D.kind(action["card"])
            return D.card_type(action["card"]) in ("stand", "utility") or RULES[card_kind].only_asks()
        return False  # ending the turn

    @staticmethod
    def _card_actions(s: State, seat: int, card: int, left: list[int]) -> list[dict]:
        return card_actions(card, card_facts(s, seat, card, left))

    def resolve(self, game, s, frame, seat, action, log):
        if action["type"] == "end":
            end_turn(s, log)
            return
        if action["type"] == "use":
            start_use(s, seat, action["card"], log)
            return
        P = s["players"][seat]
        card = action["card"]
        kind = D.kind(card)
        s["actions_used"] += 1
        P["hand"].remove(card)
        if action["type"] == "buy":
            price = buy_price(s, kind)
            P["gold"] -= price
            placed, fee = place_wares(P, D.KINDS[kind]["wares"])
            assert placed == len(D.KINDS[kind]["wares"])
            discard_card(s, card)
            log.add("buy", t("{player} buys {wares} and pays {paid}", player=seat_ref(seat),
                             wares=D.wares_say(D.KINDS[kind]["wares"]), paid=paid_text(price, fee)), card=card)
            ask(s, "rain", 1 - seat, card=card)
            return
        if action["type"] == "sell":
            for ware in D.KINDS[kind]["wares"]:
                take_ware(P, ware)
            gain = sell_price(s, kind)
            P["gold"] += gain
            discard_card(s, card)
            log.add("sell", t("{player} sells {wares} for {gold}", player=seat_ref(seat),
                              wares=D.wares_say(D.KINDS[kind]["wares"]), gold=D.gold(gain)), card=card)
            ask(s, "rain", 1 - seat, card=card)
            return
        log.add("play", t("{player} plays {card}", player=seat_ref(seat), card=D.card_say(card)), card=card)
        type_ = D.card_type(card)
        if type_ == "stand":
            cost = stand_cost(s)
            P["gold"] -= cost
            s["stand_built"] = True
            P["stands"].append(card)
            log.add("stand", t("{player} pays {gold} for a small market stand (+3 spaces)", player=seat_ref(seat),
                               gold=D.gold(cost)))
        elif type_ == "utility":
            if len(P["utilities"]) >= D.MAX_UTILITIES:
                ask(s, "replace", seat, card=card)
            else:
                P["utilities"].append(card)
        else:
            s["limbo"].append(card)
            if type_ == "animal":
                ask(s, "guard", 1 - seat, card=card)
            else:
                RULES[kind].start(s, seat, log)


class ReplaceUtility(JamboStep):
    kind = "replace"
    undoable = True  # which of one's own utilities goes to the discard pile
    title = t("You already have 3 utilities: choose one to discard")

    def options(self, game, s, frame, seat):
        return [{"type": "pick", "card": u, "label": t("Discard {card}", card=D.name(u))}
                for u in s["players"][seat]["utilities"]]

    def resolve(self, game, s, frame, seat, action, log):
        P = s["players"][seat]
        old = action["card"]
        P["utilities"].remove(old)
        discard_card(s, old)
        P["utilities"].append(frame["card"])
        log.add("replace", t("{player} discards {card} to make room", player=seat_ref(seat), card=D.name(old)),
                card=old)
        done(s)


# ---- reactions in the opponent's turn --------------------------------------------------------------------------
# Both are always offered to the opponent, whatever their hand, so the pause itself reveals nothing.

REACTIONS = ("guard", "rainmaker")


def _first_of_kind(hand: list[int], kind: str) -> int | None:
    return next((c for c in hand if D.kind(c) == kind), None)


NO_REACTION = {"type": "allow", "label": t("No reaction")}


class Reaction(JamboStep, ABC):
    """A question to the opponent inside the active player's turn: play `card_kind` from hand (an action of the
    step's own type), or not react. A player out of time does not react."""

    card_kind: ClassVar[str]

    @abstractmethod
    def reaction_label(self, frame: dict) -> Text:
        """The label of playing the reaction card."""

    def options(self, game, s, frame, seat):
        out = []
        if _first_of_kind(s["players"][seat]["hand"], self.card_kind) is not None:
            out.append({"type": self.kind, "label": self.reaction_label(frame)})
        out.append(dict(NO_REACTION))
        return out

    def on_timeout(self, game, s, frame, seat):
        # The action as the platform records a move: the English label, which `legal` lists it with.
        return {**NO_REACTION, "label": english(NO_REACTION["label"])}


class GuardReaction(Reaction):
    kind = "guard"

    def describe(self, game, s, frame):
        return t("{player} plays {card}: react?", player=seat_ref(s["turn"]), card=D.card_say(frame["card"]))

    def text(self, game, s, frame, seat):
        return t("Your opponent plays {card}: react?", card=D.card_say(frame["card"]))

    card_kind = "guard"

    def reaction_label(self, frame):
        return t("Play Guard: cancel the {card}", card=D.card_say(frame["card"]))

    def resolve(self, game, s, frame, seat, action, log):
        animal = frame["card"]
        if action["type"] == "guard":
            guard = _first_of_kind(s["players"][seat]["hand"], "guard")
            s["players"][seat]["hand"].remove(guard)
            log.add("guard", t("{player} plays a Guard: the {card} is cancelled", player=seat_ref(seat),
                               card=D.card_say(animal)), card=guard)
            s["limbo"].append(guard)
            done(s)
        else:
            log.add("allow", t("{player} does not react", player=seat_ref(seat)))
            RULES[D.kind(animal)].start(s, s["turn"], log)


class RainReaction(Reaction):
    kind = "rain"

    def describe(self, game, s, frame):
        return t("{player} used a ware card: react?", player=seat_ref(s["turn"]))

    def text(self, game, s, frame, seat):
        return t("Your opponent used a ware card: react?")

    card_kind = "rainmaker"

    def reaction_label(self, frame):
        return t("Play Rain Maker: take the ware card ({card})", card=D.card_say(frame["card"]))

    def resolve(self, game, s, frame, seat, action, log):
        if action["type"] == "rain":
            P = s["players"][seat]
            rain_maker = _first_of_kind(P["hand"], "rainmaker")
            P["hand"].remove(rain_maker)
            s["discard"].remove(frame["card"])
            P["hand"].append(frame["card"])
            seen_in_hand(s, seat, [frame["card"]])
            discard_card(s, rain_maker)
            log.add("rain", t("{player} plays Rain Maker and takes {card}", player=seat_ref(seat),
                              card=D.card_say(frame["card"])), card=frame["card"])
        done(s)


STEPS = (DrawPhase, KeepDrawn, PlayPhase, ReplaceUtility, GuardReaction, RainReaction)
