"""The ten utilities: each card's rule (when it can be used, what using it starts) and the decisions it asks for.

Using a utility costs an action and is allowed once per turn (the play step counts both); the Crocodile uses an
opponent's utility without either.
"""

from __future__ import annotations

from app.engine import plural

from .. import data as D
from ..state import can_draw, exchange_wares, gainable_types, held_types, pile, place_wares, take_ware, total_wares
from ..turn import ask, done
from .common import (HandDiscard, JamboStep, UtilityRule, card_choices, card_rule, discard_from_hand, draw_to_hand,
                     fee_note, fee_of, fee_paid, paid_text, player, ware_choices)


# ---- Well --------------------------------------------------------------------------------------------------------

@card_rule
class Well(UtilityRule):
    kind = "well"
    announce = False
    price = 1

    def usable(self, s, seat):
        # Nothing to draw: the Well cannot be used (issue #10, ruling 4).
        return player(s, seat)["gold"] >= self.price and can_draw(s)

    def start(self, s, seat, log):
        player(s, seat)["gold"] -= self.price
        log.add("pay", f"@{seat} pays {self.price} gold to the Well")
        draw_to_hand(s, seat, 1, log)
        done(s)


# ---- Drums -------------------------------------------------------------------------------------------------------

@card_rule
class Drums(UtilityRule):
    kind = "drums"
    first_step = "drums"

    def usable(self, s, seat):
        return total_wares(player(s, seat)) > 0


class DrumsReturn(JamboStep):
    kind = "drums"
    title = "Drums: choose a ware to return"

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, seat)), "Return", "mine")

    def resolve(self, game, s, frame, seat, action, log):
        take_ware(player(s, seat), action["ware"])
        log.add("return", f"@{seat} returns 1 {D.WARES[action['ware']]}")
        draw_to_hand(s, seat, 1, log)
        done(s)


# ---- Throne ------------------------------------------------------------------------------------------------------

@card_rule
class Throne(UtilityRule):
    kind = "throne"
    first_step = "throne_take"

    def usable(self, s, seat):
        return total_wares(player(s, seat)) > 0 and total_wares(player(s, 1 - seat)) > 0


class ThroneTake(JamboStep):
    kind = "throne_take"
    title = "Throne: choose a ware to take from the opponent"

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, 1 - seat)), "Take their", "theirs")

    def resolve(self, game, s, frame, seat, action, log):
        ask(s, "throne_give", seat, take=action["ware"])


class ThroneGive(JamboStep):
    kind = "throne_give"
    title = "Throne: choose a ware to give in exchange"

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, seat)), "Give your", "mine")

    def resolve(self, game, s, frame, seat, action, log):
        mine, theirs = action["ware"], frame["take"]
        # An exchange: each ware takes the space the other left, so nobody pays a fee (issue #10, ruling 2).
        exchange_wares(player(s, seat), mine, player(s, 1 - seat), theirs)
        log.add("throne", f"@{seat} takes 1 {D.WARES[theirs]} from @{1 - seat} and gives 1 {D.WARES[mine]}")
        done(s)


# ---- Boat --------------------------------------------------------------------------------------------------------

@card_rule
class Boat(UtilityRule):
    kind = "boat"
    first_step = "boat_card"

    def usable(self, s, seat):
        return bool(player(s, seat)["hand"]) and bool(gainable_types(s, seat, 1, 0))


class BoatCard(HandDiscard):
    kind = "boat_card"
    title = "Boat: choose a card to discard"

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        ask(s, "boat_ware", seat)


class BoatWare(JamboStep):
    kind = "boat_ware"
    title = "Boat: choose a ware to take"

    def options(self, game, s, frame, seat):
        return ware_choices(gainable_types(s, seat, 1, 0), "Take", "supply", fee_note(player(s, seat), 1),
                            fee=fee_of(player(s, seat), 1))

    def resolve(self, game, s, frame, seat, action, log):
        placed, fee = place_wares(player(s, seat), [action["ware"]])
        assert placed == 1
        log.add("gain_ware", f"@{seat} takes 1 {D.WARES[action['ware']]}{fee_paid(fee)}")
        done(s)


# ---- Scale -------------------------------------------------------------------------------------------------------

@card_rule
class Scale(UtilityRule):
    kind = "scale"

    def usable(self, s, seat):
        return can_draw(s)

    def start(self, s, seat, log):
        got = pile(s).draw(2)
        if len(got) == 2:
            log.private(seat, "reveal_private", "You draw " + " and ".join(D.name(c) for c in got))
            ask(s, "scale", seat, cards=got)
        else:
            # One card left to draw: it is kept, and only its holder learns which (issue #10, ruling 4).
            player(s, seat)["hand"] += got
            log.add("draw", f"@{seat} draws {plural(len(got), 'card')} with the Scale")
            log.private(seat, "draw_private", f"@{seat} draws " + ", ".join(D.name(c) for c in got), cards=got)
            done(s)


class ScaleKeep(JamboStep):
    kind = "scale"
    title = "Scale: choose the card to keep (the other goes to the opponent)"

    def options(self, game, s, frame, seat):
        first, second = frame["cards"]
        return [{"type": "pick", "card": keep, "give": give, "label": f"Keep {D.name(keep)}, give {D.name(give)}"}
                for keep, give in ((first, second), (second, first))]

    def resolve(self, game, s, frame, seat, action, log):
        keep = action["card"]
        other = frame["cards"][1] if frame["cards"][0] == keep else frame["cards"][0]
        player(s, seat)["hand"].append(keep)
        player(s, 1 - seat)["hand"].append(other)
        log.add("scale", f"@{seat} keeps one card and gives the other to @{1 - seat}")
        log.add("scale_private", f"@{1 - seat} receives {D.name(other)}", [0, 1], card=other)
        done(s)


# ---- Mask of Transformation --------------------------------------------------------------------------------------

@card_rule
class Mask(UtilityRule):
    kind = "mask"
    first_step = "mask"

    def usable(self, s, seat):
        return bool(player(s, seat)["hand"]) and bool(s["discard"])


class MaskSwap(JamboStep):
    kind = "mask"
    title = "Mask: choose a hand card to swap with the top of the discard pile"

    def options(self, game, s, frame, seat):
        return card_choices(player(s, seat)["hand"], "Swap")

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        card = action["card"]
        taken = s["discard"].pop()
        P["hand"].remove(card)
        P["hand"].append(taken)
        s["discard"].append(card)
        log.add("mask", f"@{seat} swaps {D.name(card)} from hand with {D.name(taken)} from the discard pile",
                card=card)
        done(s)


# ---- Supplies ----------------------------------------------------------------------------------------------------

@card_rule
class Supplies(UtilityRule):
    kind = "supplies"
    first_step = "supplies"

    def usable(self, s, seat):
        return player(s, seat)["gold"] >= 1 or bool(player(s, seat)["hand"])


class SuppliesCost(JamboStep):
    kind = "supplies"
    title = "Supplies: pay 1 gold or discard a card"

    def options(self, game, s, frame, seat):
        out = []
        if player(s, seat)["gold"] >= 1:
            out.append({"type": "gold", "price": 1, "label": "Pay 1 gold"})
        return out + card_choices(player(s, seat)["hand"], "Discard")

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        if action["type"] == "gold":
            P["gold"] -= 1
            log.add("pay", f"@{seat} pays 1 gold")
        else:
            discard_from_hand(s, seat, action["card"], log)
        draws = pile(s)
        revealed, found = [], None
        while (card := draws.draw_one()) is not None:
            if D.card_type(card) == "ware":
                found = card
                break
            revealed.append(card)
        for card in revealed:
            s["discard"].append(card)
        if found is not None:
            P["hand"].append(found)
        text = f"@{seat} reveals " + (", ".join(D.name(c) for c in revealed) or "no other card")
        text += f" and takes {D.name(found)}" if found is not None else " and finds no ware card"
        log.add("supplies", text)
        done(s)


# ---- Kettle ------------------------------------------------------------------------------------------------------

@card_rule
class Kettle(UtilityRule):
    kind = "kettle"
    first_step = "kettle1"

    def usable(self, s, seat):
        return bool(player(s, seat)["hand"])


class KettleFirst(HandDiscard):
    kind = "kettle1"
    title = "Kettle: choose a card to discard"

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        if player(s, seat)["hand"]:
            ask(s, "kettle2", seat)
        else:
            draw_to_hand(s, seat, 1, log)
            done(s)


class KettleSecond(JamboStep):
    kind = "kettle2"
    title = "Kettle: discard a second card, or stop"

    def options(self, game, s, frame, seat):
        return card_choices(player(s, seat)["hand"], "Discard") + [{"type": "stop", "label": "Stop: draw 1 card"}]

    def resolve(self, game, s, frame, seat, action, log):
        if action["type"] == "stop":
            draw_to_hand(s, seat, 1, log)
        else:
            discard_from_hand(s, seat, action["card"], log)
            draw_to_hand(s, seat, 2, log)
        done(s)


# ---- Leopard Statue ----------------------------------------------------------------------------------------------

LEOPARD_PRICE = 2


@card_rule
class Leopard(UtilityRule):
    kind = "leopard"
    first_step = "leopard"

    def usable(self, s, seat):
        return bool(gainable_types(s, seat, 1, LEOPARD_PRICE))


class LeopardWare(JamboStep):
    kind = "leopard"
    title = "Leopard Statue: choose a ware to take for 2 gold"

    def options(self, game, s, frame, seat):
        return ware_choices(gainable_types(s, seat, 1, LEOPARD_PRICE), "Take", "supply",
                            f" for {LEOPARD_PRICE} gold" + fee_note(player(s, seat), 1),
                            price=LEOPARD_PRICE, fee=fee_of(player(s, seat), 1))

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        P["gold"] -= LEOPARD_PRICE
        placed, fee = place_wares(P, [action["ware"]])
        assert placed == 1
        log.add("gain_ware", f"@{seat} pays {paid_text(LEOPARD_PRICE, fee)} and takes 1 {D.WARES[action['ware']]}")
        done(s)


# ---- Weapons -----------------------------------------------------------------------------------------------------

WEAPONS_GAIN = 2


@card_rule
class Weapons(UtilityRule):
    kind = "weapons"
    first_step = "weapons"

    def usable(self, s, seat):
        return bool(player(s, seat)["hand"])


class WeaponsDiscard(HandDiscard):
    kind = "weapons"
    title = "Weapons: choose a card to discard for 2 gold"

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        player(s, seat)["gold"] += WEAPONS_GAIN
        log.add("gain", f"@{seat} takes {WEAPONS_GAIN} gold")
        done(s)


STEPS = (DrumsReturn, ThroneTake, ThroneGive, BoatCard, BoatWare, ScaleKeep, MaskSwap, SuppliesCost, KettleFirst,
         KettleSecond, LeopardWare, WeaponsDiscard)
