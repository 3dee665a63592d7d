"""The auction of the Traveling Merchant (2 wares from the supply) and the Arabian Merchant (the top 3 cards).

The two players bid in turn, each bid higher than the last; the first pass ends it and the high bidder pays
and takes everything (spec §8.12).
"""

from __future__ import annotations

from app.engine import State

from .. import data as D
from ..state import put_ware
from ..turn import ask, done
from .common import JamboStep


def open_auction(s: State, seat: int, what: str, items: list[int]) -> None:
    """`what` is "wares" (items are ware types) or "cards" (items are card ids); `seat` speaks first."""
    ask(s, "auction", seat, what=what, items=items, high=0, leader=None)


def bid_amounts(high: int, gold: int) -> list[int]:
    """Bids offered: every whole amount above the high bid up to the bidder's gold (spec §8.12)."""
    return list(range(high + 1, gold + 1))


class Auction(JamboStep):
    kind = "auction"
    title = "Auction: bid or pass"

    def options(self, game, s, frame, seat):
        gold = s["players"][seat]["gold"]
        out = [{"type": "bid", "amount": a, "label": f"Bid {a} gold"} for a in bid_amounts(frame["high"], gold)]
        out.append({"type": "pass", "label": "Pass"})
        return out

    def resolve(self, game, s, frame, seat, action, log):
        if action["type"] == "bid":
            frame["high"] = action["amount"]
            frame["leader"] = seat
            frame["seat"] = 1 - seat
            log.add("bid", f"@{seat} bids {action['amount']} gold")
            return
        log.add("pass", f"@{seat} passes")
        # The first pass ends the auction (spec §6.4): without an opening bid nobody buys.
        if frame["leader"] is None:
            if frame["what"] == "cards":
                for card in frame["items"]:
                    s["discard"].append(card)
                log.add("auction_end", "Nobody bids: the cards are discarded")
            else:
                log.add("auction_end", "Nobody bids: the wares stay in the supply")
            done(s)
            return
        buyer = frame["leader"]
        B = s["players"][buyer]
        B["gold"] -= frame["high"]
        if frame["what"] == "cards":
            B["hand"] += frame["items"]
            log.add("auction_end", f"@{buyer} pays {frame['high']} gold and takes the cards")
        else:
            placed = sum(1 for ware in frame["items"] if put_ware(B, ware))
            log.add("auction_end", f"@{buyer} pays {frame['high']} gold and takes {D.ware_list(frame['items'])}"
                    + ("" if placed == 2 else " (wares without room go back to the supply)"))
        done(s)


STEPS = (Auction,)
