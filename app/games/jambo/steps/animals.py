"""The animals (attacks): each card's rule and the decisions it asks for.

An animal is played into limbo and the opponent is first asked whether to cancel it with a Guard
(reactions.py); only then does its `start` run.
"""

from __future__ import annotations

from typing import ClassVar

from app.engine import State, seat_ref, t, words
from app.engine.steps import Frame

from .. import data as D
from ..state import can_take, fit_fee, held, held_types, place_wares, seen_in_hand, take_ware, total_wares
from ..turn import ask, done
from .common import (RULES, CardRule, JamboStep, card_choices, card_rule, draw_to_hand, fee_of, fee_paid,
                     one_per_kind, player, use_utility, ware_choices)


# ---- Crocodile ---------------------------------------------------------------------------------------------------

@card_rule
class Crocodile(CardRule):
    kind = "crocodile"
    first_step = "croc"

    def playable(self, s, seat):
        return bool(player(s, 1 - seat)["utilities"])


class CrocodileTarget(JamboStep):
    kind = "croc"
    title = t("Crocodile: choose an opponent's utility")

    def options(self, game, s, frame, seat):
        out = []
        for card in one_per_kind(player(s, 1 - seat)["utilities"]):
            if RULES[D.kind(card)].usable(s, seat):
                out.append({"type": "pick", "card": card, "use": True,
                            "label": t("Use their {card}, then discard it", card=D.name(card))})
            out.append({"type": "pick", "card": card, "use": False,
                        "label": t("Discard their {card} unused", card=D.name(card))})
        return out

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, 1 - seat)["utilities"].remove(card)
        s["limbo"].insert(0, card)
        if action["use"]:
            log.add("croc", t("{player} uses {owner}'s {card}, which is then discarded", player=seat_ref(seat),
                              owner=seat_ref(1 - seat), card=D.name(card)), card=card)
            use_utility(s, seat, D.kind(card), log)
        else:
            log.add("croc", t("{player} discards {owner}'s {card}", player=seat_ref(seat), owner=seat_ref(1 - seat),
                              card=D.name(card)), card=card)
            done(s)


# ---- Parrot ------------------------------------------------------------------------------------------------------

@card_rule
class Parrot(CardRule):
    kind = "parrot"
    first_step = "parrot"
    takes = 1

    def playable(self, s, seat):
        return total_wares(player(s, 1 - seat)) > 0 and can_take(player(s, seat), 1)


class ParrotWare(JamboStep):
    kind = "parrot"
    title = t("Parrot: choose a ware to take")

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, 1 - seat)), lambda ware: t("Take their {ware}", ware=ware), "theirs",
                            fee=fee_of(player(s, seat), 1))

    def resolve(self, game, s, frame, seat, action, log):
        ware = action["ware"]
        take_ware(player(s, 1 - seat), ware)
        placed, fee = place_wares(player(s, seat), [ware])
        assert placed == 1
        log.add("gain_ware", fee_paid(t("{player} takes 1 {ware} from {opponent}", player=seat_ref(seat),
                                        ware=D.WARES[ware], opponent=seat_ref(1 - seat)), fee))
        done(s)


# ---- Hyena -------------------------------------------------------------------------------------------------------

@card_rule
class Hyena(CardRule):
    kind = "hyena"

    def playable(self, s, seat):
        return bool(player(s, 1 - seat)["hand"])

    def start(self, s, seat, log):
        log.private(seat, "look_private", t("{player}'s hand: {cards}", player=seat_ref(1 - seat),
                                            cards=D.cards_say(player(s, 1 - seat)["hand"])))
        ask(s, "hyena_take", seat)


class HyenaTake(JamboStep):
    kind = "hyena_take"
    title = t("Hyena: choose a card to take from the opponent's hand")

    def options(self, game, s, frame, seat):
        return card_choices(player(s, 1 - seat)["hand"], lambda card: t("Take their {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, 1 - seat)["hand"].remove(card)
        player(s, seat)["hand"].append(card)
        seen_in_hand(s, seat, [card])
        log.add("hyena", t("{player} takes a card from {opponent}'s hand", player=seat_ref(seat),
                           opponent=seat_ref(1 - seat)))
        log.add("hyena_private", t("{player} takes {card} from {opponent}", player=seat_ref(seat),
                                   card=D.card_say(card), opponent=seat_ref(1 - seat)), [0, 1], card=card)
        ask(s, "hyena_give", seat)


class HyenaGive(JamboStep):
    kind = "hyena_give"
    title = t("Hyena: choose a card to give back")

    def options(self, game, s, frame, seat):
        return card_choices(player(s, seat)["hand"], lambda card: t("Give {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, seat)["hand"].remove(card)
        player(s, 1 - seat)["hand"].append(card)
        seen_in_hand(s, 1 - seat, list(player(s, 1 - seat)["hand"]))  # the Hyena's player saw the whole hand
        log.add("hyena", t("{player} gives a card to {opponent}", player=seat_ref(seat), opponent=seat_ref(1 - seat)))
        log.add("hyena_private", t("{player} gives {card} to {opponent}", player=seat_ref(seat), card=D.card_say(card),
                                   opponent=seat_ref(1 - seat)), [0, 1], card=card)
        done(s)


# ---- Snake -------------------------------------------------------------------------------------------------------

def _snake_next(s: State, start: int) -> None:
    """Ask `start` (then the other if `start` is the active player) to keep one utility."""
    active = s["turn"]
    for seat in ([active, 1 - active] if start == active else [start]):
        if len(player(s, seat)["utilities"]) >= 2:
            ask(s, "snake", seat)
            return
    done(s)


@card_rule
class Snake(CardRule):
    kind = "snake"

    def start(self, s, seat, log):
        _snake_next(s, seat)


class SnakeKeep(JamboStep):
    kind = "snake"
    title = t("Snake: choose the utility you keep")

    def options(self, game, s, frame, seat):
        return [{"type": "pick", "card": u, "label": t("Keep {card}", card=D.name(u))}
                for u in one_per_kind(player(s, seat)["utilities"])]

    def resolve(self, game, s, frame, seat, action, log):
        keep = action["card"]
        utilities = player(s, seat)["utilities"]
        for card in list(utilities):
            if card != keep:
                utilities.remove(card)
                s["limbo"].insert(0, card)
        log.add("snake", t("{player} keeps {card} and discards the other utilities", player=seat_ref(seat),
                           card=D.name(keep)))
        if seat == s["turn"]:
            _snake_next(s, 1 - seat)
        else:
            done(s)


# ---- Elephant, Ape and Lion: pool, then take one each in turn -------------------------------------------------------

def _draft_next(s: State, frame: Frame) -> None:
    pool = frame["pool"]
    if (sum(pool) if frame["step"] == "elephant" else len(pool)) == 0:
        done(s)
        return
    nxt = 1 - frame["seat"]
    if frame["step"] == "lion" and frame["taken"][nxt] >= D.MAX_UTILITIES:
        nxt = frame["seat"]
    frame["seat"] = nxt


@card_rule
class Elephant(CardRule):
    kind = "elephant"

    def start(self, s, seat, log):
        P, O = player(s, seat), player(s, 1 - seat)
        pool = [held(P, t) + held(O, t) for t in range(6)]
        for Q in (P, O):
            Q["wares"] = [0] * 6
            Q["sixth"] = -1
        if sum(pool):
            counted = [t("{n} {ware}", n=pool[w], ware=D.WARES[w]) for w in range(6) if pool[w]]
            log.add("pool", t("All wares are pooled: {wares}", wares=words(counted, ",")))
        else:
            log.add("pool", t("No wares to pool"))
        if sum(pool):
            ask(s, "elephant", seat, pool=pool)
        else:
            done(s)


class ElephantTake(JamboStep):
    kind = "elephant"
    title = t("Elephant: take a ware from the pool")

    def options(self, game, s, frame, seat):
        P = player(s, seat)
        fee, pays = fit_fee(P, 1), _pays_for_sixth(s, seat)
        wares = [w for w in range(6) if frame["pool"][w] > 0]
        if fee is None or (pays and P["gold"] < fee):
            return ware_choices(wares, lambda ware: t("Take {ware} (no room: it goes back to the supply)", ware=ware),
                                "pool")
        return ware_choices(wares, lambda ware: t("Take {ware}", ware=ware), "pool", fee=fee if pays else 0)

    def resolve(self, game, s, frame, seat, action, log):
        ware = action["ware"]
        frame["pool"][ware] -= 1
        placed, fee = place_wares(player(s, seat), [ware], by_choice=_pays_for_sixth(s, seat))
        if placed:
            log.add("pick", fee_paid(t("{player} takes 1 {ware}", player=seat_ref(seat), ware=D.WARES[ware]), fee))
        else:
            log.add("pick", t("{player} takes 1 {ware} (no room: back to the supply)", player=seat_ref(seat),
                              ware=D.WARES[ware]))
        _draft_next(s, frame)


def _pays_for_sixth(s: State, seat: int) -> bool:
    """The Elephant's own player chose to play it: a ware they put on their own 6th space costs the fee; the
    opponent receives through the card and pays nothing (issue #27, item 9)."""
    return seat == s["turn"]


@card_rule
class Ape(CardRule):
    kind = "ape"

    def start(self, s, seat, log):
        P, O = player(s, seat), player(s, 1 - seat)
        pool = P["hand"] + O["hand"]
        P["hand"], O["hand"] = [], []
        # Pooled cards lie face up, as at a real table: both players see every card (issue #10, ruling 6).
        log.add("pool", t("All hand cards are pooled face up for both players: {cards}", cards=D.cards_say(pool)),
                cards=pool)
        if pool:
            ask(s, "ape", seat, pool=pool)
        else:
            done(s)


class PoolCardTake(JamboStep):
    """One card taken from an Ape or Lion pool, into the hand or in front of the player."""

    into: ClassVar[str]

    def options(self, game, s, frame, seat):
        return card_choices(frame["pool"], lambda card: t("Take {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        frame["pool"].remove(card)
        player(s, seat)[self.into].append(card)
        if self.into == "hand":  # taken from the face-up pool: both players saw it go there
            seen_in_hand(s, seat, [card])
        if "taken" in frame:
            frame["taken"][seat] += 1
        log.add("pick", t("{player} takes {card}", player=seat_ref(seat), card=D.card_say(card)), card=card)
        _draft_next(s, frame)


class ApeTake(PoolCardTake):
    kind = "ape"
    title = t("Ape: take a card from the pool")
    into = "hand"


@card_rule
class Lion(CardRule):
    kind = "lion"

    def start(self, s, seat, log):
        P, O = player(s, seat), player(s, 1 - seat)
        pool = P["utilities"] + O["utilities"]
        P["utilities"], O["utilities"] = [], []
        if pool:
            log.add("pool", t("All utilities are pooled: {cards}", cards=D.cards_say(pool)), cards=pool)
        else:
            log.add("pool", t("All utilities are pooled: none"), cards=pool)
        if pool:
            ask(s, "lion", seat, pool=pool, taken=[0, 0])
        else:
            done(s)


class LionTake(PoolCardTake):
    kind = "lion"
    title = t("Lion: take a utility from the pool")
    into = "utilities"


# ---- Cheetah -----------------------------------------------------------------------------------------------------

CHEETAH_GOLD = 2


@card_rule
class Cheetah(CardRule):
    kind = "cheetah"

    def start(self, s, seat, log):
        ask(s, "cheetah", 1 - seat)


class CheetahChoice(JamboStep):
    kind = "cheetah"
    title = t("Cheetah: give 2 gold or let the opponent draw 2 cards")

    def options(self, game, s, frame, seat):
        out = []
        if player(s, seat)["gold"] >= CHEETAH_GOLD:
            out.append({"type": "opt", "opt": "gold", "price": CHEETAH_GOLD, "label": t("Give 2 gold")})
        out.append({"type": "opt", "opt": "cards", "label": t("Let them draw 2 cards")})
        return out

    def resolve(self, game, s, frame, seat, action, log):
        if action["opt"] == "gold":
            player(s, seat)["gold"] -= CHEETAH_GOLD
            player(s, 1 - seat)["gold"] += CHEETAH_GOLD
            log.add("cheetah", t("{player} gives 2 gold to {opponent}", player=seat_ref(seat),
                                 opponent=seat_ref(1 - seat)))
        else:
            log.add("cheetah", t("{player} lets {opponent} draw 2 cards", player=seat_ref(seat),
                                 opponent=seat_ref(1 - seat)))
            draw_to_hand(s, 1 - seat, 2, log)
        done(s)


STEPS = (CrocodileTarget, ParrotWare, HyenaTake, HyenaGive, SnakeKeep, ElephantTake, ApeTake, LionTake, CheetahChoice)
