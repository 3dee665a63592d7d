"""The ten utilities: each card's rule (when it can be used, what using it starts) and the decisions it asks for.

Using a utility costs an action and is allowed once per turn (the play step counts both); the Crocodile uses an
opponent's utility without either.
"""

from __future__ import annotations

from app.engine import seat_ref, t, tn

from .. import data as D
from ..state import (can_draw, exchange_wares, gainable_types, held_types, pile, place_wares, seen_in_hand, take_ware,
                     total_wares)
from ..turn import ask, done
from .common import (HandDiscard, JamboStep, UtilityRule, card_choices, card_rule, discard_from_hand, draw_to_hand,
                     fee_of, fee_paid, paid_text, player, ware_choices)


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
        log.add("pay", t("{player} pays {gold} to the Well", player=seat_ref(seat), gold=D.gold(self.price)))
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
    title = t("Drums: choose a ware to return")

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, seat)), lambda ware: t("Return {ware}", ware=ware), "mine")

    def resolve(self, game, s, frame, seat, action, log):
        take_ware(player(s, seat), action["ware"])
        log.add("return", t("{player} returns 1 {ware}", player=seat_ref(seat), ware=D.WARES[action["ware"]]))
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
    title = t("Throne: choose a ware to take from the opponent")

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, 1 - seat)), lambda ware: t("Take their {ware}", ware=ware), "theirs")

    def resolve(self, game, s, frame, seat, action, log):
        ask(s, "throne_give", seat, take=action["ware"])


class ThroneGive(JamboStep):
    kind = "throne_give"
    title = t("Throne: choose a ware to give in exchange")

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, seat)), lambda ware: t("Give your {ware}", ware=ware), "mine")

    def resolve(self, game, s, frame, seat, action, log):
        mine, theirs = action["ware"], frame["take"]
        # An exchange: each ware takes the space the other left, so nobody pays a fee (issue #10, ruling 2).
        exchange_wares(player(s, seat), mine, player(s, 1 - seat), theirs)
        log.add("throne", t("{player} takes 1 {taken} from {opponent} and gives 1 {given}", player=seat_ref(seat),
                            taken=D.WARES[theirs], opponent=seat_ref(1 - seat), given=D.WARES[mine]))
        done(s)


# ---- Boat --------------------------------------------------------------------------------------------------------

@card_rule
class Boat(UtilityRule):
    kind = "boat"
    first_step = "boat_card"
    takes = 1

    def usable(self, s, seat):
        return bool(player(s, seat)["hand"]) and bool(gainable_types(s, seat, 1, 0))


class BoatCard(HandDiscard):
    kind = "boat_card"
    title = t("Boat: choose a card to discard")

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        ask(s, "boat_ware", seat)


class BoatWare(JamboStep):
    kind = "boat_ware"
    title = t("Boat: choose a ware to take")

    def options(self, game, s, frame, seat):
        return ware_choices(gainable_types(s, seat, 1, 0), lambda ware: t("Take {ware}", ware=ware), "supply",
                            fee=fee_of(player(s, seat), 1))

    def resolve(self, game, s, frame, seat, action, log):
        placed, fee = place_wares(player(s, seat), [action["ware"]])
        assert placed == 1
        log.add("gain_ware", fee_paid(t("{player} takes 1 {ware}", player=seat_ref(seat), ware=D.WARES[action["ware"]]),
                                      fee))
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
            log.private(seat, "reveal_private", t("You draw {cards}", cards=D.cards_say(got, "and")))
            ask(s, "scale", seat, cards=got)
        else:
            # One card left to draw: it is kept, and only its holder learns which (issue #10, ruling 4).
            player(s, seat)["hand"] += got
            log.add("draw", tn("{player} draws {n} card with the Scale", "{player} draws {n} cards with the Scale",
                               len(got), player=seat_ref(seat)))
            log.private(seat, "draw_private",
                        t("{player} draws {cards}", player=seat_ref(seat), cards=D.cards_say(got)), cards=got)
            done(s)


class ScaleKeep(JamboStep):
    kind = "scale"
    title = t("Scale: choose the card to keep (the other goes to the opponent)")

    def options(self, game, s, frame, seat):
        first, second = frame["cards"]
        return [{"type": "pick", "card": keep, "give": give,
                 "label": t("Keep {kept}, give {given}", kept=D.card_say(keep), given=D.card_say(give))}
                for keep, give in ((first, second), (second, first))]

    def resolve(self, game, s, frame, seat, action, log):
        keep = action["card"]
        other = frame["cards"][1] if frame["cards"][0] == keep else frame["cards"][0]
        player(s, seat)["hand"].append(keep)
        player(s, 1 - seat)["hand"].append(other)
        seen_in_hand(s, 1 - seat, [other])
        log.add("scale", t("{player} keeps one card and gives the other to {opponent}", player=seat_ref(seat),
                           opponent=seat_ref(1 - seat)))
        log.add("scale_private", t("{player} receives {card}", player=seat_ref(1 - seat), card=D.card_say(other)),
                [0, 1], card=other)
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
    title = t("Mask: choose a hand card to swap with the top of the discard pile")

    def options(self, game, s, frame, seat):
        return card_choices(player(s, seat)["hand"], lambda card: t("Swap {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        card = action["card"]
        taken = s["discard"].pop()
        P["hand"].remove(card)
        P["hand"].append(taken)
        seen_in_hand(s, seat, [taken])
        s["discard"].append(card)
        log.add("mask", t("{player} swaps {card} from hand with {taken} from the discard pile", player=seat_ref(seat),
                          card=D.card_say(card), taken=D.card_say(taken)), card=card)
        done(s)


# ---- Supplies ----------------------------------------------------------------------------------------------------

@card_rule
class Supplies(UtilityRule):
    kind = "supplies"
    first_step = "supplies"

    def usable(self, s, seat):
        # Nothing to reveal when the draw pile and the discard pile are both empty (issue #27, item 10).
        return (player(s, seat)["gold"] >= 1 or bool(player(s, seat)["hand"])) and can_draw(s)


class SuppliesCost(JamboStep):
    kind = "supplies"
    title = t("Supplies: pay 1 gold or discard a card")

    def options(self, game, s, frame, seat):
        out = []
        if player(s, seat)["gold"] >= 1:
            out.append({"type": "gold", "price": 1, "label": t("Pay 1 gold")})
        return out + card_choices(player(s, seat)["hand"], lambda card: t("Discard {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        if action["type"] == "gold":
            P["gold"] -= 1
            log.add("pay", t("{player} pays 1 gold", player=seat_ref(seat)))
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
        who = seat_ref(seat)
        if found is None and revealed:
            text = t("{player} reveals {cards} and finds no ware card", player=who, cards=D.cards_say(revealed))
        elif found is None:
            text = t("{player} reveals no other card and finds no ware card", player=who)
        elif revealed:
            text = t("{player} reveals {cards} and takes {card}", player=who, cards=D.cards_say(revealed),
                     card=D.card_say(found))
        else:
            text = t("{player} reveals no other card and takes {card}", player=who, card=D.card_say(found))
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
    title = t("Kettle: choose a card to discard")

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        if player(s, seat)["hand"]:
            ask(s, "kettle2", seat)
        else:
            draw_to_hand(s, seat, 1, log)
            done(s)


class KettleSecond(JamboStep):
    kind = "kettle2"
    title = t("Kettle: discard a second card, or stop")

    def options(self, game, s, frame, seat):
        return card_choices(player(s, seat)["hand"], lambda card: t("Discard {card}", card=card)) + [
            {"type": "stop", "label": t("Stop: draw 1 card")}]

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
    price = LEOPARD_PRICE  # said in its label, as the Well's 1 gold is; paid when the ware is chosen
    takes = 1

    def usable(self, s, seat):
        return bool(gainable_types(s, seat, 1, LEOPARD_PRICE))


class LeopardWare(JamboStep):
    kind = "leopard"
    title = t("Leopard Statue: choose a ware to take for 2 gold")

    def options(self, game, s, frame, seat):
        price = D.gold(LEOPARD_PRICE)
        return ware_choices(gainable_types(s, seat, 1, LEOPARD_PRICE),
                            lambda ware: t("Take {ware} for {gold}", ware=ware, gold=price), "supply",
                            fee=fee_of(player(s, seat), 1), price=LEOPARD_PRICE)

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        P["gold"] -= LEOPARD_PRICE
        placed, fee = place_wares(P, [action["ware"]])
        assert placed == 1
        log.add("gain_ware", t("{player} pays {paid} and takes 1 {ware}", player=seat_ref(seat),
                               paid=paid_text(LEOPARD_PRICE, fee), ware=D.WARES[action["ware"]]))
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
    title = t("Weapons: choose a card to discard for 2 gold")

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        player(s, seat)["gold"] += WEAPONS_GAIN
        log.add("gain", t("{player} takes {gold}", player=seat_ref(seat), gold=D.gold(WEAPONS_GAIN)))
        done(s)


STEPS = (DrumsReturn, ThroneTake, ThroneGive, BoatCard, BoatWare, ScaleKeep, MaskSwap, SuppliesCost, KettleFirst,
         KettleSecond, LeopardWare, WeaponsDiscard)
