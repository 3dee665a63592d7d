"""Gold Rush views: what each seat (or a spectator) may know, and the catalogue of card designs.

Hidden: other seats' hands (a count), every secret achievement (whether one is held) until it is claimed or the
game ends, deck
order, the face-down ingot tokens, and the cards of another seat's keep or survey choice.
"""

from __future__ import annotations

from typing import Any

from app.engine import steps

from .data import CARD, catalogue_data
from .state import DECKS, GoldRushState, explore_cost, hand_limit, income, ingots, mines, price, vp

# Sub-decisions whose kind every audience sees; their cards only the deciding seat.
SHOWN_STEPS = ("keep", "survey", "xpay")


def view(state: GoldRushState, seat: int | None) -> dict[str, Any]:
    return views(state, [seat])[0]


def views(state: GoldRushState, seats: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences: the players' rows (their points worked out) and the board are the same for
    all, so they are made once; the seat to move also sees its sub-decision's cards and its own prices, and every
    seat its hand and secret."""
    shared = public(state)
    turn = state["turn"]
    out = []
    for seat in seats:
        mine = dict(shared)
        if seat == turn:  # (None == None once the game is over: the prices as anyone would pay them)
            frame = steps.top(state)
            if shared["sub"] is not None:
                mine["sub"] = {**shared["sub"], **{k: v for k, v in frame.items() if k in ("cards", "picked")}}
            mine["prices"] = [price(state, seat, c) for c in state["market"]]
        if seat is not None:
            me = state["players"][seat]
            mine.update(hand=me["hand"], my_secret=me["secret"], hand_limit=hand_limit(me))
        out.append(mine)
    return out


def public(state: GoldRushState) -> dict[str, Any]:
    """What a spectator sees."""
    over = state["over"]
    players = []
    for s, player in enumerate(state["players"]):
        players.append({
            "coins": player["coins"], "area": player["area"], "achievements": player["achievements"],
            "hand": len(player["hand"]), "secret": player["secret"] is not None, "vp": vp(state, s),
            "mines": mines(player), "income": income(player), "ingots": ingots(player),
            "industrialist": state["industrialist"] == s,
        })
        if over and state["variant"] == "basic":
            players[-1]["secret_card"] = player["secret"]  # every secret achievement is shown face up at the end
    frame = steps.top(state)
    sub = {"kind": frame["step"]} if frame is not None and frame["step"] in SHOWN_STEPS else None
    flags = state["turn_flags"]
    return {
        "variant": state["variant"], "players": players, "turn": state["turn"],
        "phase": frame["step"] if frame is not None else "over", "sub": sub,
        "round": state["round"], "round_cap": state["round_cap"], "first": state["first"], "target": state["target"],
        "equal_turns": state["equal_turns"], "final_round": state["final_round"],
        "market": state["market"],
        "prices": [CARD[c]["cost"] or 0 for c in state["market"]],
        "row": state["row"], "industrialist": state["industrialist"], "event": state["event"],
        "decks": {k: len(state["deck"][k]) for k in DECKS},
        "discards": {k: {"count": len(state["discard"][k]),
                         "top": state["discard"][k][-1] if state["discard"][k] else None} for k in DECKS},
        "ingot_pool": len(state["ingots"]),
        "turn_flags": dict(flags),
        "explore_cost": explore_cost(state, state["turn"]),
        "over": {"winners": over["winners"], "reason": over["reason"]} if over else None,
    }


def catalogue() -> dict[str, Any]:
    return catalogue_data()
