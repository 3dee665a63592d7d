"""The animals (attacks): each card's rule and the decisions it asks for.

An animal is played into limbo and the opponent is first asked whether to cancel it with a Guard
(reactions.py); only then does its `start` run.
"""

from __future__ import annotations

from typing import ClassVar

from app.engine import State
from app.engine.steps import Frame

from .. import data as D
from ..state import can_take, held, held_types, place_wares, take_ware, total_wares
from ..turn import ask, done
from .common import (RULES, CardRule, JamboStep, card_choices, card_rule, draw_to_hand, fee_note, fee_of,
                     fee_paid, one_per_kind, player, use_utility, ware_choices)


# ---- Crocodile ---------------------------------------------------------------------------------------------------

@card_rule
class Crocodile(CardRule):
    kind = "crocodile"
    first_step = "croc"

    def playable(self, s, seat):
        return bool(player(s, 1 - seat)["utilities"])


class CrocodileTarget(JamboStep):
    kind = "croc"
    title = "Crocodile: choose an opponent's utility"

    def options(self, game, s, frame, seat):
        out = []
        for card in one_per_kind(player(s, 1 - seat)["utilities"]):
            if RULES[D.kind(card)].usable(s, seat):
                out.append({"type": "pick", "card": card, "use": True,
                            "label": f"Use their {D.name(card)}, then discard it"})
            out.append({"type": "pick", "card": card, "use": False, "label": f"Discard their {D.name(card)} unused"})
        return out

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, 1 - seat)["utilities"].remove(card)
        s["limbo"].insert(0, card)
        if action["use"]:
            log.add("croc", f"@{seat} uses @{1 - seat}'s {D.name(card)}, which is then discarded", card=card)
            use_utility(s, seat, D.kind(card), log)
        else:
            log.add("croc", f"@{seat} discards @{1 - seat}'s {D.name(card)}", card=card)
            done(s)


# ---- Parrot ------------------------------------------------------------------------------------------------------

@card_rule
class Parrot(CardRule):
    kind = "parrot"
    first_step = "parrot"

    def playable(self, s, seat):
        return total_wares(player(s, 1 - seat)) > 0 and can_take(player(s, seat), 1)


class ParrotWare(JamboStep):
    kind = "parrot"
    title = "Parrot: choose a ware to take"

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, 1 - seat)), "Take their", "theirs", fee_note(player(s, seat), 1),
                            fee=fee_of(player(s, seat), 1))

    def resolve(self, game, s, frame, seat, action, log):
        ware = action["ware"]
        take_ware(player(s, 1 - seat), ware)
        placed, fee = place_wares(player(s, seat), [ware])
        assert placed == 1
        log.add("gain_ware", f"@{seat} takes 1 {D.WARES[ware]} from @{1 - seat}{fee_paid(fee)}")
        done(s)


# ---- Hyena -------------------------------------------------------------------------------------------------------

@card_rule
class Hyena(CardRule):
    kind = "hyena"

    def playable(self, s, seat):
        return bool(player(s, 1 - seat)["hand"])

    def start(self, s, seat, log):
        log.private(seat, "look_private",
                    f"@{1 - seat}'s hand: " + ", ".join(D.name(c) for c in player(s, 1 - seat)["hand"]))
        ask(s, "hyena_take", seat)


class HyenaTake(JamboStep):
    kind = "hyena_take"
    title = "Hyena: choose a card to take from the opponent's hand"

    def options(self, game, s, frame, seat):
        return card_choices(player(s, 1 - seat)["hand"], "Take their")

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, 1 - seat)["hand"].remove(card)
        player(s, seat)["hand"].append(card)
        log.add("hyena", f"@{seat} takes a card from @{1 - seat}'s hand")
        log.add("hyena_private", f"@{seat} takes {D.name(card)} from @{1 - seat}", [0, 1], card=card)
        ask(s, "hyena_give", seat)


class HyenaGive(JamboStep):
    kind = "hyena_give"
    title = "Hyena: choose a card to give back"

    def options(self, game, s, frame, seat):
        return card_choices(player(s, seat)["hand"], "Give")

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, seat)["hand"].remove(card)
        player(s, 1 - seat)["hand"].append(card)
        log.add("hyena", f"@{seat} gives a card to @{1 - seat}")
        log.add("hyena_private", f"@{seat} gives {D.name(card)} to @{1 - seat}", [0, 1], card=card)
        done(s)


# ---- Snake -------------------------------------------------------------------------------------------------------

def _snake_next(s: State, start: int) -> None:
    """Ask `start` (then the other if `start` is the active player) to keep one utility."""
    t = s["turn"]
    for seat in ([t, 1 - t] if start == t else [start]):
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
    title = "Snake: choose the utility you keep"

    def options(self, game, s, frame, seat):
        return [{"type": "pick", "card": u, "label": f"Keep {D.name(u)}"}
                for u in one_per_kind(player(s, seat)["utilities"])]

    def resolve(self, game, s, frame, seat, action, log):
        keep = action["card"]
        utilities = player(s, seat)["utilities"]
        for card in list(utilities):
            if card != keep:
                utilities.remove(card)
                s["limbo"].insert(0, card)
        log.add("snake", f"@{seat} keeps {D.name(keep)} and discards the other utilities")
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
        log.add("pool", "All wares are pooled: " + ", ".join(
            f"{pool[t]} {D.WARES[t]}" for t in range(6) if pool[t]) if sum(pool) else "No wares to pool")
        if sum(pool):
            ask(s, "elephant", seat, pool=pool)
        else:
            done(s)


class ElephantTake(JamboStep):
    kind = "elephant"
    title = "Elephant: take a ware from the pool"

    def options(self, game, s, frame, seat):
        return ware_choices([t for t in range(6) if frame["pool"][t] > 0], "Take", "pool")

    def resolve(self, game, s, frame, seat, action, log):
        ware = action["ware"]
        frame["pool"][ware] -= 1
        # Taking back pooled wares is not a player's own purchase: any free space, the 6th included, is free.
        placed, _ = place_wares(player(s, seat), [ware], by_choice=False)
        log.add("pick", f"@{seat} takes 1 {D.WARES[ware]}" + ("" if placed else " (no room: back to the supply)"))
        _draft_next(s, frame)


@card_rule
class Ape(CardRule):
    kind = "ape"

    def start(self, s, seat, log):
        P, O = player(s, seat), player(s, 1 - seat)
        pool = P["hand"] + O["hand"]
        P["hand"], O["hand"] = [], []
        # Pooled cards lie face up, as at a real table: both players see every card (issue #10, ruling 6).
        log.add("pool", "All hand cards are pooled face up for both players: " + ", ".join(D.name(c) for c in pool),
                cards=pool)
        if pool:
            ask(s, "ape", seat, pool=pool)
        else:
            done(s)


class PoolCardTake(JamboStep):
    """One card taken from an Ape or Lion pool, into the hand or in front of the player."""

    into: ClassVar[str]

    def options(self, game, s, frame, seat):
        return card_choices(frame["pool"], "Take")

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        frame["pool"].remove(card)
        player(s, seat)[self.into].append(card)
        if "taken" in frame:
            frame["taken"][seat] += 1
        log.add("pick", f"@{seat} takes {D.name(card)}", card=card)
        _draft_next(s, frame)


class ApeTake(PoolCardTake):
    kind = "ape"
    title = "Ape: take a card from the pool"
    into = "hand"


@card_rule
class Lion(CardRule):
    kind = "lion"

    def start(self, s, seat, log):
        P, O = player(s, seat), player(s, 1 - seat)
        pool = P["utilities"] + O["utilities"]
        P["utilities"], O["utilities"] = [], []
        log.add("pool", "All utilities are pooled: " + (", ".join(D.name(c) for c in pool) or "none"), cards=pool)
        if pool:
            ask(s, "lion", seat, pool=pool, taken=[0, 0])
        else:
            done(s)


class LionTake(PoolCardTake):
    kind = "lion"
    title = "Lion: take a utility from the pool"
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
    title = "Cheetah: give 2 gold or let the opponent draw 2 cards"

    def options(self, game, s, frame, seat):
        out = []
        if player(s, seat)["gold"] >= CHEETAH_GOLD:
            out.append({"type": "opt", "opt": "gold", "price": CHEETAH_GOLD, "label": "Give 2 gold"})
        out.append({"type": "opt", "opt": "cards", "label": "Let them draw 2 cards"})
        return out

    def resolve(self, game, s, frame, seat, action, log):
        if action["opt"] == "gold":
            player(s, seat)["gold"] -= CHEETAH_GOLD
            player(s, 1 - seat)["gold"] += CHEETAH_GOLD
            log.add("cheetah", f"@{seat} gives 2 gold to @{1 - seat}")
        else:
            log.add("cheetah", f"@{seat} lets @{1 - seat} draw 2 cards")
            draw_to_hand(s, 1 - seat, 2, log)
        done(s)


STEPS = (CrocodileTarget, ParrotWare, HyenaTake, HyenaGive, SnakeKeep, ElephantTake, ApeTake, LionTake, CheetahChoice)
