"""The River's state as typed plain data, and the set-up that fills it (spec 2.2).

Everything a player owns is in `players[seat]` under word keys; the board (buoys, barge, cargo, deck, aside
pile) and the round (acting order, lowest number, queued tasks) are top-level keys. The decision being asked
is the top frame of `steps` (app/engine/steps.py); a token chosen in secret lives in the token step's frame
until the reveal, so nothing else in the state holds it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal, TypedDict

from app.engine import Rng, seats_from
from app.engine import steps as frames

from . import data as C

Phase = Literal["draft", "choose", "act", "over"]


class Player(TypedDict):
    pos: int              # 0 Harbour, 1-16 sections, 17 Bay
    equipment: list[int]  # equipment card ids, sorted
    hand: list[int]       # tokens that may be chosen (or paid)
    used: list[int]       # tokens lying on the newspaper page until the hand is empty
    spent: list[int]      # tokens paid for equipment, gone for good
    token: int | None     # the token revealed this round (None before the reveal)
    article: list[int]    # discovery card ids, at most 4
    replaced: list[int]   # pictures replaced, in order; 4 make the ship homeward


class RiverState(TypedDict):
    rng: int
    phase: Phase
    steps: list[dict[str, Any]]
    over: dict[str, Any] | None
    round: int
    players: list[Player]
    tiebreak: list[int]    # replaces "the youngest player": earlier wins ties of the acting order
    buoys: list[int]
    barge: int
    cargo: list[int]       # equipment card ids still on the barge
    deck: list[int]        # discovery card ids, top = last
    aside: list[int]       # set-aside discoveries (their tool side is public)
    order: list[int]       # this round's acting order, fixed at the reveal
    acting: int            # index in `order` of the seat acting now (-1 before the first)
    low: int | None        # the lowest number revealed this round: how far a star moves the barge
    tasks: list[list[Any]]  # what the acting order still has to do this turn: [kind, seat], first first
    bay: list[int]         # seats in the Bay, in order of arrival


def new_player() -> Player:
    return {"pos": C.HARBOUR, "equipment": [], "hand": sorted(C.TOKENS), "used": [], "spent": [], "token": None,
            "article": [], "replaced": []}


def setup(num_players: int, options: Any, state: dict) -> None:
    """Random buoys and barge, the tie order, a shuffled deck; the draft is asked by rules.setup."""
    rng = Rng(state)
    sections = list(range(C.FIRST_SECTION, C.LAST_SECTION + 1))
    rng.shuffle(sections)
    first = getattr(options, "first_player", None)
    if first is not None:
        tiebreak = seats_from(first, num_players)
    else:
        tiebreak = list(range(num_players))
        rng.shuffle(tiebreak)
    deck = list(C.DISCOVERY_IDS)
    rng.shuffle(deck)
    state.update({
        "phase": "draft",
        "steps": [],
        "over": None,
        "round": 0,
        "players": [new_player() for _ in range(num_players)],
        "tiebreak": tiebreak,
        "buoys": sorted(sections[:C.NUM_BUOYS]),
        "barge": sections[C.NUM_BUOYS],
        "cargo": list(range(C.NUM_EQUIPMENT)),
        "deck": deck,
        "aside": [],
        "order": [],
        "acting": -1,
        "low": None,
        "tasks": [],
        "bay": [],
    })


def active_seats(state: RiverState) -> list[int]:
    """Seats still on the river (not in the Bay)."""
    return [s for s, p in enumerate(state["players"]) if p["pos"] != C.BAY]


def homeward(player: Player) -> bool:
    return len(player["replaced"]) >= C.REPLACEMENTS_NEEDED


def owned_tools(player: Player) -> set[int]:
    return {C.EQUIPMENT_TYPE[e] for e in player["equipment"]}


def check_invariants(state: RiverState) -> None:
    """What always holds: every card and token is in exactly one place, and positions stay on the river."""
    players = state["players"]
    equipment = state["cargo"] + [e for p in players for e in p["equipment"]]
    assert sorted(equipment) == list(range(C.NUM_EQUIPMENT)), "equipment cards are conserved"
    frame = frames.top(state)
    held = [frame["card"]] if frame and frame["step"] == "replace" else []  # the discovery being placed
    discoveries = state["deck"] + state["aside"] + held + [c for p in players for c in p["article"] + p["replaced"]]
    assert sorted(discoveries) == C.DISCOVERY_IDS, "discovery cards are conserved"
    for seat, p in enumerate(players):
        assert Counter(p["hand"] + p["used"] + p["spent"]) == Counter(C.TOKENS), f"seat {seat}'s tokens"
        assert any(t != C.STAR for t in p["hand"] + p["used"]), f"seat {seat} keeps a number token (ruling 7)"
        assert len(p["article"]) <= C.ARTICLE_SLOTS and len(p["replaced"]) <= C.REPLACEMENTS_NEEDED
        assert not p["replaced"] or len(p["article"]) == C.ARTICLE_SLOTS, "replacements only in a full article"
        assert C.HARBOUR <= p["pos"] <= C.BAY
        assert (p["pos"] == C.BAY) == (seat in state["bay"]), "the Bay list matches the ships in the Bay"
        assert p["pos"] != C.BAY or homeward(p), "only a homeward ship enters the Bay"
    if frame and frame["step"] == "token":
        assert all(t is None or t in players[s]["hand"] for s, t in enumerate(frame["chosen"]))
    assert C.FIRST_SECTION <= state["barge"] <= C.LAST_SECTION
    assert 0 <= state["round"] <= C.ROUND_CAP
    assert (state["over"] is not None) == (state["phase"] == "over")
