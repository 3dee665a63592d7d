"""The people (one action each, then discarded): each card's rule and the decisions it asks for.

The Traveling Merchant and the Arabian Merchant end in the auction (auction.py). Guard and Rain Maker are
reactions, played in the opponent's turn (reactions.py).
"""

from __future__ import annotations

from app.engine import State, Text, seat_ref, t

from .. import data as D
from ..state import (can_draw, free_spaces, gainable_types, held, held_types, known, pile, place_wares, seen_in_hand,
                     supply, take_ware, total_wares)
from ..turn import ask, done
from .auction import open_auction
from .common import (CardRule, HandDiscard, JamboStep, card_choices, card_rule, discard_from_hand, draw_to_hand,
                     fee_of, fee_paid, one_per_kind, paid_text, player, ware_choices, with_fee)


# ---- Shaman ------------------------------------------------------------------------------------------------------

def shaman_trades(s: State, seat: int) -> list[tuple[int, int]]:
    """(give up, receive) ware type pairs the supply allows. The received wares take the spaces of the ones given
    up (an exchange: no 6th-space fee, always room)."""
    P = player(s, seat)
    left = supply(s)
    return [(give, receive) for give in held_types(P) for receive in range(6)
            if receive != give and left[receive] >= held(P, give)]


@card_rule
class Shaman(CardRule):
    kind = "shaman"
    first_step = "shaman_from"

    def playable(self, s, seat):
        return bool(shaman_trades(s, seat))


class ShamanGiveUp(JamboStep):
    kind = "shaman_from"
    title = t("Shaman: choose the ware type to give up")

    def options(self, game, s, frame, seat):
        P = player(s, seat)
        gives = sorted({give for give, _ in shaman_trades(s, seat)})
        return [{"type": "ware", "ware": w, "area": "mine", "count": held(P, w),
                 "label": t("Give up all {n} {ware}", n=held(P, w), ware=D.WARES[w])} for w in gives]

    def resolve(self, game, s, frame, seat, action, log):
        ask(s, "shaman_to", seat, **{"from": action["ware"]})


class ShamanReceive(JamboStep):
    kind = "shaman_to"
    title = t("Shaman: choose the ware type to receive")

    def options(self, game, s, frame, seat):
        give = frame["from"]
        receives = [b for a, b in shaman_trades(s, seat) if a == give]
        return ware_choices(receives, lambda ware: t("Receive {ware}", ware=ware), "supply", fee=0,
                            count=held(player(s, seat), give))

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        give, receive = frame["from"], action["ware"]
        n = held(P, give)
        for space in [take_ware(P, give) for _ in range(n)]:
            if space == "sixth":
                P["sixth"] = receive
            else:
                P["wares"][receive] += 1
        log.add("shaman", t("{player} exchanges {n} {given} for {n} {received}", player=seat_ref(seat), n=n,
                            given=D.WARES[give], received=D.WARES[receive]))
        done(s)


# ---- Psychic -----------------------------------------------------------------------------------------------------

PSYCHIC_LOOK = 6


@card_rule
class Psychic(CardRule):
    kind = "psychic"

    def playable(self, s, seat):
        return can_draw(s)

    def start(self, s, seat, log):
        # Like every draw, the look reshuffles the discard pile when the draw pile runs out (issue #10, ruling 4).
        cards = pile(s).draw(PSYCHIC_LOOK)  # top first
        ask(s, "psychic", seat, cards=cards)
        log.private(seat, "look_private", t("You see {cards}", cards=D.cards_say(cards)))


class PsychicTake(JamboStep):
    kind = "psychic"
    title = t("Psychic: choose a card to take")

    def options(self, game, s, frame, seat):
        return card_choices(frame["cards"], lambda card: t("Take {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, seat)["hand"].append(card)
        back = list(reversed([c for c in frame["cards"] if c != card]))
        s["deck"].extend(back)
        known(s)["deck_top"][str(seat)] = back
        log.add("psychic", t("{player} takes one of the top cards; the others go back in order", player=seat_ref(seat)))
        log.private(seat, "psychic_private", t("You take {card}", card=D.card_say(card)), card=card)
        done(s)


# ---- Tribal Elder ------------------------------------------------------------------------------------------------

ELDER_HAND = 3
ELDER_DRAW_TO = 5


@card_rule
class Elder(CardRule):
    kind = "elder"
    first_step = "elder"


class ElderChoice(JamboStep):
    kind = "elder"
    title = t("Tribal Elder: choose an effect")

    def options(self, game, s, frame, seat):
        return [{"type": "opt", "opt": "discard", "label": t("The opponent discards down to 3 cards")},
                {"type": "opt", "opt": "draw", "label": t("Draw until you hold 5 cards")}]

    def resolve(self, game, s, frame, seat, action, log):
        if action["opt"] == "discard":
            log.add("elder", t("{player} must discard down to 3 cards", player=seat_ref(1 - seat)))
            if len(player(s, 1 - seat)["hand"]) > ELDER_HAND:
                ask(s, "elder_discard", 1 - seat)
                return
        else:
            need = max(0, ELDER_DRAW_TO - len(player(s, seat)["hand"]))
            if need:
                draw_to_hand(s, seat, need, log)
            else:
                log.add("elder", t("{player} already holds 5 cards", player=seat_ref(seat)))
        done(s)


class ElderDiscard(HandDiscard):
    kind = "elder_discard"
    title = t("Tribal Elder: discard down to 3 cards")

    def resolve(self, game, s, frame, seat, action, log):
        discard_from_hand(s, seat, action["card"], log)
        if len(player(s, seat)["hand"]) <= ELDER_HAND:
            done(s)


# ---- Wise Man from Afar ------------------------------------------------------------------------------------------

@card_rule
class WiseMan(CardRule):
    kind = "wiseman"

    def start(self, s, seat, log):
        s["wise_men"] += 1
        log.add("wise", t("Until the end of {player}'s turn, ware cards buy for {n} less and sell for {n} more",
                          player=seat_ref(seat), n=2 * s["wise_men"]))
        done(s)


# ---- Portuguese --------------------------------------------------------------------------------------------------

PORTUGUESE_PRICE = 2


@card_rule
class Portuguese(CardRule):
    kind = "portuguese"
    first_step = "portuguese"

    def playable(self, s, seat):
        return total_wares(player(s, seat)) > 0


class PortugueseSell(JamboStep):
    kind = "portuguese"
    title = t("Portuguese: sell wares for 2 gold each, or finish")

    def options(self, game, s, frame, seat):
        price = D.gold(PORTUGUESE_PRICE)
        return ware_choices(held_types(player(s, seat)),
                            lambda ware: t("Sell 1 {ware} for {gold}", ware=ware, gold=price), "mine",
                            gain=PORTUGUESE_PRICE) + [
            {"type": "stop", "label": t("Finish selling")}]

    def resolve(self, game, s, frame, seat, action, log):
        if action["type"] == "stop":
            done(s)
            return
        P = player(s, seat)
        take_ware(P, action["ware"])
        P["gold"] += PORTUGUESE_PRICE
        log.add("sell", t("{player} sells 1 {ware} for {gold}", player=seat_ref(seat), ware=D.WARES[action["ware"]],
                          gold=D.gold(PORTUGUESE_PRICE)))
        if total_wares(P) == 0:
            done(s)


# ---- Basket Maker ------------------------------------------------------------------------------------------------

BASKET_PRICE = 2


@card_rule
class BasketMaker(CardRule):
    kind = "basket"
    first_step = "basket"
    takes = 2

    def playable(self, s, seat):
        return bool(gainable_types(s, seat, 2, BASKET_PRICE))


class BasketWare(JamboStep):
    kind = "basket"
    title = t("Basket Maker: choose the ware type (2 for 2 gold)")

    def options(self, game, s, frame, seat):
        price = D.gold(BASKET_PRICE)
        return ware_choices(gainable_types(s, seat, 2, BASKET_PRICE),
                            lambda ware: t("Take 2 {ware} for {gold}", ware=ware, gold=price), "supply",
                            fee=fee_of(player(s, seat), 2), count=2, price=BASKET_PRICE)

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        ware = action["ware"]
        P["gold"] -= BASKET_PRICE
        placed, fee = place_wares(P, [ware, ware])
        assert placed == 2
        log.add("gain_ware", t("{player} pays {paid} and takes 2 {ware}", player=seat_ref(seat),
                               paid=paid_text(BASKET_PRICE, fee), ware=D.WARES[ware]))
        done(s)


# ---- Traveling Merchant and Arabian Merchant (the auction itself is in auction.py) --------------------------------

@card_rule
class TravelingMerchant(CardRule):
    kind = "traveling"
    first_step = "travel1"

    def playable(self, s, seat):
        return sum(supply(s)) >= 2


class TravelingFirst(JamboStep):
    kind = "travel1"
    title = t("Traveling Merchant: choose the first ware to auction")

    def options(self, game, s, frame, seat):
        left = supply(s)
        return ware_choices([w for w in range(6) if left[w] >= 1], lambda ware: t("Auction {ware}", ware=ware),
                            "supply")

    def resolve(self, game, s, frame, seat, action, log):
        ask(s, "travel2", seat, first=action["ware"])


class TravelingSecond(JamboStep):
    kind = "travel2"
    title = t("Traveling Merchant: choose the second ware to auction")

    def options(self, game, s, frame, seat):
        left = supply(s)
        left[frame["first"]] -= 1
        first = D.WARES[frame["first"]]
        return ware_choices([w for w in range(6) if left[w] >= 1],
                            lambda ware: t("Auction {first} and {second}", first=first, second=ware), "supply")

    def resolve(self, game, s, frame, seat, action, log):
        items = [frame["first"], action["ware"]]
        log.add("auction", t("{player} auctions {wares}", player=seat_ref(seat), wares=D.wares_say(items)))
        open_auction(s, seat, "wares", items, log)


ARABIAN_REVEAL = 3


@card_rule
class ArabianMerchant(CardRule):
    kind = "arabian"

    def playable(self, s, seat):
        return can_draw(s)

    def start(self, s, seat, log):
        got = pile(s).draw(ARABIAN_REVEAL)
        log.add("reveal", t("{player} reveals {cards} for auction", player=seat_ref(seat), cards=D.cards_say(got)),
                cards=got)
        open_auction(s, seat, "cards", got, log)


# ---- Dancer ------------------------------------------------------------------------------------------------------

DANCER_WARES = 3


def _three_ware_cards(hand: list[int]) -> list[int]:
    return [c for c in hand if D.card_type(c) == "ware" and len(D.KINDS[D.kind(c)]["wares"]) == DANCER_WARES]


@card_rule
class Dancer(CardRule):
    kind = "dancer"
    first_step = "dancer_card"

    def playable(self, s, seat):
        P = player(s, seat)
        return total_wares(P) >= DANCER_WARES and bool(_three_ware_cards(P["hand"]))


class DancerCard(JamboStep):
    kind = "dancer_card"
    title = t("Dancer: choose a 3-ware card to discard")

    def options(self, game, s, frame, seat):
        return [{"type": "pick", "card": c, "gain": D.KINDS[D.kind(c)]["sell"],
                 "label": t("Discard {card} (sell price {price})", card=D.card_say(c),
                            price=D.KINDS[D.kind(c)]["sell"])}
                for c in one_per_kind(_three_ware_cards(player(s, seat)["hand"]))]

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        player(s, seat)["hand"].remove(card)
        s["limbo"].append(card)
        ask(s, "dancer_ware", seat, card=card, left=DANCER_WARES)
        log.add("discard", t("{player} discards {card} with the Dancer", player=seat_ref(seat), card=D.card_say(card)),
                card=card)


class DancerWare(JamboStep):
    kind = "dancer_ware"
    title = t("Dancer: choose a ware to return")

    def options(self, game, s, frame, seat):
        return ware_choices(held_types(player(s, seat)), lambda ware: t("Return {ware}", ware=ware), "mine")

    def resolve(self, game, s, frame, seat, action, log):
        P = player(s, seat)
        take_ware(P, action["ware"])
        log.add("return", t("{player} returns 1 {ware}", player=seat_ref(seat), ware=D.WARES[action["ware"]]))
        frame["left"] -= 1
        if frame["left"] == 0:
            gain = D.KINDS[D.kind(frame["card"])]["sell"]
            P["gold"] += gain
            log.add("gain", t("{player} takes {gold}", player=seat_ref(seat), gold=D.gold(gain)))
            done(s)


# ---- Carrier -----------------------------------------------------------------------------------------------------

CARRIER_COUNT = 2


@card_rule
class Carrier(CardRule):
    kind = "carrier"
    first_step = "carrier"


class CarrierChoice(JamboStep):
    kind = "carrier"
    title = t("Carrier: choose your option")

    def options(self, game, s, frame, seat):
        out = []
        if gainable_types(s, seat, CARRIER_COUNT, 0):
            fee = fee_of(player(s, seat), CARRIER_COUNT)
            take = with_fee(t("Take 2 wares of one type"), fee)
            label = t("{action} (opponent draws 2)", action=take)
            out.append({"type": "opt", "opt": "wares", "fee": fee, "label": label})
        out.append({"type": "opt", "opt": "cards", "label": t("Draw 2 cards (opponent takes 2 wares)")})
        return out

    def resolve(self, game, s, frame, seat, action, log):
        if action["opt"] == "wares":
            ask(s, "carrier_ware", seat)
            return
        draw_to_hand(s, seat, CARRIER_COUNT, log)
        if any(x >= CARRIER_COUNT for x in supply(s)):
            ask(s, "carrier_opp", 1 - seat)
        else:
            log.add("carrier", t("{player} gets no wares: the supply is too low", player=seat_ref(1 - seat)))
            done(s)


def _carrier_take(s: State, seat: int, ware: int, log, by_choice: bool) -> None:
    """The Carrier's player pays for a 6th space they chose; the opponent's wares take any free space for free."""
    placed, fee = place_wares(player(s, seat), [ware] * CARRIER_COUNT, by_choice)
    who, name = seat_ref(seat), D.WARES[ware]
    if placed == CARRIER_COUNT:
        took = fee_paid(t("{player} takes 2 {ware}", player=who, ware=name), fee)
    elif placed:
        took = t("{player} takes 1 of the 2 {ware}: the other has no room and goes back to the supply", player=who,
                 ware=name)
    else:
        took = t("{player} has no room: the 2 {ware} go back to the supply", player=who, ware=name)
    log.add("gain_ware", took)


class CarrierWares(JamboStep):
    kind = "carrier_ware"
    title = t("Carrier: choose the ware type")

    def options(self, game, s, frame, seat):
        return ware_choices(gainable_types(s, seat, CARRIER_COUNT, 0), lambda ware: t("Take 2 {ware}", ware=ware),
                            "supply", fee=fee_of(player(s, seat), CARRIER_COUNT), count=CARRIER_COUNT)

    def resolve(self, game, s, frame, seat, action, log):
        _carrier_take(s, seat, action["ware"], log, by_choice=True)
        draw_to_hand(s, 1 - seat, CARRIER_COUNT, log)
        done(s)


def _received(room: int, ware: str) -> Text:
    """The recipient's choice, telling before they choose how many of the 2 wares find no room."""
    if room >= CARRIER_COUNT:
        return t("Take 2 {ware}", ware=ware)
    if room:
        return t("Take 2 {ware} (room for 1: the other goes back to the supply)", ware=ware)
    return t("Take 2 {ware} (no room: both go back to the supply)", ware=ware)


class CarrierOpponent(JamboStep):
    kind = "carrier_opp"
    title = t("Carrier: choose the ware type you receive")

    def options(self, game, s, frame, seat):
        left = supply(s)
        room = min(CARRIER_COUNT, free_spaces(player(s, seat)))  # received wares take the 6th space for free
        return ware_choices([w for w in range(6) if left[w] >= CARRIER_COUNT], lambda ware: _received(room, ware),
                            "supply", count=CARRIER_COUNT, room=room)

    def resolve(self, game, s, frame, seat, action, log):
        _carrier_take(s, seat, action["ware"], log, by_choice=False)
        done(s)


# ---- Drummer -----------------------------------------------------------------------------------------------------

def _discarded_utilities(s: State) -> list[int]:
    return [c for c in reversed(s["discard"]) if D.card_type(c) == "utility"]


@card_rule
class Drummer(CardRule):
    kind = "drummer"
    first_step = "drummer"

    def playable(self, s, seat):
        for card in s["discard"]:  # `_discarded_utilities` is not empty
            if D.card_type(card) == "utility":
                return True
        return False


class DrummerTake(JamboStep):
    kind = "drummer"
    title = t("Drummer: choose a utility from the discard pile")

    def options(self, game, s, frame, seat):
        return card_choices(_discarded_utilities(s), lambda card: t("Take {card}", card=card))

    def resolve(self, game, s, frame, seat, action, log):
        card = action["card"]
        s["discard"].remove(card)
        player(s, seat)["hand"].append(card)
        seen_in_hand(s, seat, [card])
        log.add("drummer", t("{player} takes {card} from the discard pile", player=seat_ref(seat), card=D.name(card)),
                card=card)
        done(s)


STEPS = (ShamanGiveUp, ShamanReceive, PsychicTake, ElderChoice, ElderDiscard, PortugueseSell, BasketWare,
         TravelingFirst, TravelingSecond, DancerCard, DancerWare, CarrierChoice, CarrierWares, CarrierOpponent,
         DrummerTake)
