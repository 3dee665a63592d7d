"""Gold Rush views: what each seat (or a spectator) may know, and the catalogue of card designs.

Hidden: other seats' hands (a count), every secret achievement (whether one is held) until it is claimed or the
game ends, deck
order, the face-down ingot tokens, and the cards of another seat's keep or survey choice.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.engine import steps
from app.engine.memo import Memo

from .data import CARD, catalogue_data
from .state import DECKS, GoldRushState, explore_cost, hand_limit, income, ingots, market_prices, mines, vp

# Sub-decisions whose kind every audience sees; their cards only the deciding seat.
SHOWN_STEPS = ("keep", "survey", "xpay")
SHOWN_SUB = {kind: {"kind": kind} for kind in SHOWN_STEPS}  # the same dict every move: the diff skips it with `is`


def view(state: GoldRushState, seat: int | None) -> dict[str, Any]:
    return views(state, [seat])[0]


def views(state: GoldRushState, seats: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences: the players' rows (their points worked out) and the board are the same for
    all, so they are made once; the seat to move also sees its sub-decision's cards and its own prices, and every
    seat its hand and secret."""
    areas = [tuple(player["area"]) for player in state["players"]]
    shared = public(state, areas)
    turn = state["turn"]
    out = []
    for seat in seats:
        if seat is None:  # a spectator sees the public part as it is (views share objects; none changes them)
            out.append(shared)
            continue
        mine = dict(shared)
        if seat == turn:
            frame = steps.top(state)
            if shared["sub"] is not None:
                mine["sub"] = {**shared["sub"], **{k: v for k, v in frame.items() if k in ("cards", "picked")}}
            mine["prices"] = market_prices(state, seat)
        me = state["players"][seat]
        mine["hand"] = same_list(me["hand"])
        mine["my_secret"] = me["secret"]
        mine["hand_limit"] = seat_limits(state, seat, areas[seat])[0]
        out.append(mine)
    return out


def public(state: GoldRushState, areas: list[tuple[int, ...]] | None = None) -> dict[str, Any]:
    """What a spectator sees. `areas`: each seat's play area as a tuple, when the caller has made them."""
    if areas is None:
        areas = [tuple(player["area"]) for player in state["players"]]
    over = state["over"]
    turn = state["turn"]
    frame = steps.top(state)
    sub = SHOWN_SUB.get(frame["step"]) if frame is not None else None
    market, prices = market_parts(state["market"])
    return {
        "variant": state["variant"], "players": player_rows(state, areas), "turn": turn,
        "phase": frame["step"] if frame is not None else "over", "sub": sub,
        "round": state["round"], "round_cap": state["round_cap"], "first": state["first"], "target": state["target"],
        "equal_turns": state["equal_turns"], "final_round": state["final_round"],
        "market": market, "prices": prices,
        "row": same_list(state["row"]), "industrialist": state["industrialist"], "event": state["event"],
        "decks": decks_part(state), "discards": discards_part(state),
        "ingot_pool": len(state["ingots"]),
        "turn_flags": flags_part(state["turn_flags"]),
        "explore_cost": seat_limits(state, turn, areas[turn])[1],
        "over": {"winners": over["winners"], "reason": over["reason"]} if over else None,
    }


# ---- view parts handed back as the very same object while what they show is unchanged ---------------------------
# Most of a view does not change in a move: three seats' rows, the market, the decks' sizes, the hand of a seat that
# did not draw. Each part below is kept under a key of what it shows (ints and tuples, cheap to make), so an
# unchanged part is the object the previous move's view holds, and the diff skips it with `is` instead of comparing
# it. The parts hold their own copies of the state's lists (a state may be changed in place after its views are
# made: tests, bots' playouts) and are never changed once made. Bounded, and small (state.Memo): a table's next
# move needs only what its last one made.
PART_MEMO_SIZE = 32

_rows = Memo(PART_MEMO_SIZE)
_row_lists = Memo(PART_MEMO_SIZE)
_parts = Memo(PART_MEMO_SIZE)


def player_rows(state: GoldRushState, areas: list[tuple[int, ...]]) -> list[dict[str, Any]]:
    """Every seat's public row (its points worked out); the same list while every row is the same."""
    rows = [player_row(state, s, player, areas[s]) for s, player in enumerate(state["players"])]
    # The kept list holds the rows, so their ids cannot be reused by other objects while it is kept.
    key = tuple(map(id, rows))
    found = _row_lists.get(key)
    return found if found is not None else _row_lists.keep(key, rows)


def player_row(state: GoldRushState, s: int, player: dict, area: tuple[int, ...]) -> dict[str, Any]:
    # () while the secret is hidden; at the end of a basic game (the secret,), shown even when None (claimed)
    shown_secret = (player["secret"],) if state["over"] and state["variant"] == "basic" else ()
    key = (s, player["coins"], area, tuple(player["achievements"]), len(player["hand"]),
           player["secret"] is not None, state["industrialist"] == s, shown_secret)
    found = _rows.get(key)
    if found is not None:
        return found
    row = {
        "coins": player["coins"], "area": list(area), "achievements": list(player["achievements"]),
        "hand": len(player["hand"]), "secret": player["secret"] is not None, "vp": vp(state, s),
        "mines": mines(player), "income": income(player), "ingots": ingots(player),
        "industrialist": state["industrialist"] == s,
    }
    if shown_secret:
        row["secret_card"] = shown_secret[0]  # every secret achievement is shown face up at the end
    return _rows.keep(key, row)


def seat_limits(state: GoldRushState, seat: int, area: tuple[int, ...]) -> tuple[int, int]:
    """A seat's hand limit and what exploring costs it: both read only the variant and the seat's play area."""
    key = ("limits", state["variant"], area)
    found = _parts.get(key)
    if found is None:
        found = _parts.keep(key, (hand_limit(state["players"][seat]), explore_cost(state, seat)))
    return found


def same_list(cards: list[int]) -> list[int]:
    """A copy of a list of ints, the same one for the same ints."""
    key = ("list", *cards)
    found = _parts.get(key)
    return found if found is not None else _parts.keep(key, list(cards))


def market_parts(market: list[int]) -> tuple[list[int], list[int]]:
    """The market and its printed prices."""
    key = ("market", *market)
    found = _parts.get(key)
    if found is None:
        found = _parts.keep(key, (list(market), [CARD[c]["cost"] or 0 for c in market]))
    return found


def decks_part(state: GoldRushState) -> dict[str, int]:
    deck = state["deck"]
    key = ("decks", *(len(deck[k]) for k in DECKS))
    found = _parts.get(key)
    return found if found is not None else _parts.keep(key, {k: len(deck[k]) for k in DECKS})


def discards_part(state: GoldRushState) -> dict[str, dict[str, Any]]:
    piles = state["discard"]
    key = ("discards", *((len(piles[k]), piles[k][-1] if piles[k] else None) for k in DECKS))
    found = _parts.get(key)
    if found is None:
        found = _parts.keep(key, {k: {"count": len(piles[k]), "top": piles[k][-1] if piles[k] else None}
                                    for k in DECKS})
    return found


def flags_part(flags: dict[str, Any]) -> dict[str, Any]:
    key = ("flags", orjson.dumps(flags))  # bytes: a flag's false and 0 are different keys
    found = _parts.get(key)
    return found if found is not None else _parts.keep(key, dict(flags))


def catalogue() -> dict[str, Any]:
    return catalogue_data()
