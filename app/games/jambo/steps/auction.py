"""The auction of the Traveling Merchant (2 wares from the supply) and the Arabian Merchant (the top 3 cards).

Auctions must be opened (spec §8.12, issue #10 ruling 1): the active player opens with at least 1 gold when they
have any; with none, the opponent may open or pass. Then the players bid in turn, each bid higher than the last;
the first pass ends it and the high bidder pays and takes everything. Nobody bids: wares stay in the supply,
cards are discarded.
"""

from __future__ import annotations

from app.engine import Log, State, seat_ref, t
from app.engine.game import copy_state

from .. import data as D
from ..state import free_plain, place_wares
from ..turn import ask, done
from .common import JamboStep, kept, paid_text, with_fee


def open_auction(s: State, seat: int, what: str, items: list[int], log: Log) -> None:
    """`what` is "wares" (items are ware types) or "cards" (items are card ids); `seat` must open when it can."""
    if s["players"][seat]["gold"] >= 1:
        ask(s, "auction", seat, what=what, items=items, high=0, leader=None)
    elif s["players"][1 - seat]["gold"] >= 1:
        log.add("auction", t("{player} has no gold to open the auction: {opponent} may open it or pass",
                             player=seat_ref(seat), opponent=seat_ref(1 - seat)))
        ask(s, "auction", 1 - seat, what=what, items=items, high=0, leader=None)
    else:
        log.add("auction", t("Neither player has any gold to bid"))
        _unsold(s, what, items, log)


def _unsold(s: State, what: str, items: list[int], log: Log) -> None:
    if what == "cards":
        s["discard"].extend(items)
        log.add("auction_end", t("Nobody bids: the cards are discarded"))
    else:
        log.add("auction_end", t("Nobody bids: the wares stay in the supply"))
    done(s)


def bid_amounts(high: int, gold: int) -> list[int]:
    """Bids offered: every whole amount above the high bid up to the bidder's gold (spec §8.12)."""
    return list(range(high + 1, gold + 1))


def winning_placement(P: dict, wares: list[int], amount: int) -> tuple[int, int]:
    """(wares that would find room, 6th-space fee) if this player won these wares for `amount` gold."""
    after = copy_state(P)
    after["gold"] -= amount
    return place_wares(after, wares)


def placement_after(P: dict, n: int, amount: int) -> tuple[int, int]:
    """`winning_placement(P, wares, amount)` for n wares, worked out without a copy of P (tested equal): ordinary
    spaces first, then the 6th space if it is free and the gold left after the bid pays its fee."""
    room = min(n, max(free_plain(P), 0))
    if room < n and P["sixth"] < 0 and P["gold"] - amount >= D.SIXTH_SPACE_FEE:
        return room + 1, D.SIXTH_SPACE_FEE
    return room, 0


class Auction(JamboStep):
    kind = "auction"

    def describe(self, game, s, frame):
        if frame["leader"] is None and frame["seat"] == s["turn"]:
            return t("Auction: open the bidding (at least 1 gold)")
        return t("Auction: bid or pass")

    def options(self, game, s, frame, seat):
        P = s["players"][seat]
        out = []
        for amount in bid_amounts(frame["high"], P["gold"]):
            label = t("Bid {gold}", gold=D.gold(amount))
            bid = {"type": "bid", "amount": amount, "price": amount}
            if frame["what"] == "wares":
                # The bid menu says what winning would cost on top, or that a ware would find no room.
                room, fee = winning_placement(P, frame["items"], amount)
                bid.update(fee=fee, room=room)
                label = with_fee(label, fee)
                if room < len(frame["items"]):
                    label = t("{bid} (room for {room} of the {n} wares: the rest go back to the supply)", bid=label,
                              room=room, n=len(frame["items"]))
            bid["label"] = label
            out.append(bid)
        if not (frame["leader"] is None and seat == s["turn"]):
            out.append({"type": "pass", "label": t("Pass")})
        return out

    def labelled_options(self, game, s, frame, seat):
        """`options` labelled, each bid kept by what it is made of (its amount, and for wares the room and fee winning
        would bring and how many wares): the next bidder's menu mostly repeats the last one's amounts."""
        P = s["players"][seat]
        wares = frame["what"] == "wares"
        n = len(frame["items"])
        out: list[dict] = []
        for amount in bid_amounts(frame["high"], P["gold"]):
            if wares:
                room, fee = placement_after(P, n, amount)
                out += kept(("bid", amount, room, fee, n), _bid, amount, room, fee, n)
            else:
                out += kept(("bid", amount), _bid, amount, None, None, n)
        if not (frame["leader"] is None and seat == s["turn"]):
            out += kept(("pass",), _pass)
        return out

    def resolve(self, game, s, frame, seat, action, log):
        if action["type"] == "bid":
            frame["high"] = action["amount"]
            frame["leader"] = seat
            frame["seat"] = 1 - seat
            log.add("bid", t("{player} bids {gold}", player=seat_ref(seat), gold=D.gold(action["amount"])))
            return
        log.add("pass", t("{player} passes", player=seat_ref(seat)))
        # The first pass ends the auction (spec §6.4).
        if frame["leader"] is None:
            _unsold(s, frame["what"], frame["items"], log)
            return
        buyer = frame["leader"]
        B = s["players"][buyer]
        B["gold"] -= frame["high"]
        if frame["what"] == "cards":
            B["hand"] += frame["items"]
            log.add("auction_end", t("{player} pays {gold} and takes the cards", player=seat_ref(buyer),
                                     gold=D.gold(frame["high"])))
        else:
            placed, fee = place_wares(B, frame["items"])
            args = {"player": seat_ref(buyer), "paid": paid_text(frame["high"], fee),
                    "wares": D.wares_say(frame["items"])}
            if placed == len(frame["items"]):
                log.add("auction_end", t("{player} pays {paid} and takes {wares}", **args))
            else:
                log.add("auction_end", t("{player} pays {paid} and takes {wares} (wares without room go back to the "
                                         "supply)", **args))
        done(s)


def _pass() -> list[dict]:
    return [{"type": "pass", "label": t("Pass")}]


def _bid(amount: int, room: int | None, fee: int | None, n: int) -> list[dict]:
    """A bid as `Auction.options` makes it: for wares (`room` not None) with the fee and room winning would bring."""
    label = t("Bid {gold}", gold=D.gold(amount))
    bid = {"type": "bid", "amount": amount, "price": amount}
    if room is not None:
        bid.update(fee=fee, room=room)
        label = with_fee(label, fee)
        if room < n:
            label = t("{bid} (room for {room} of the {n} wares: the rest go back to the supply)", bid=label,
                      room=room, n=n)
    bid["label"] = label
    return [bid]


STEPS = (Auction,)
