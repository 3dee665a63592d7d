"""Shared helpers for the Jambo tests (imported by the test modules; not itself a test file)."""

from __future__ import annotations

from app.games.jambo import GAME
from app.games.jambo import data as C
from app.games.jambo.state import free_plain, held
from app.games.jambo.turn import set_turn_step, sub_step, turn_frame


def stage(state):
    """The decision being resolved inside the turn (a card's effect, a reaction), or None."""
    return sub_step(state)


def drawn(state):
    """The card drawn in phase 1 that waits to be kept or discarded, or None."""
    frame = turn_frame(state)
    return frame["card"] if frame["step"] == "keep" else None


def check_invariants(state) -> None:
    GAME.invariants(state)
    pend = GAME.pending(state)
    if GAME.result(state) is None:
        for seat in pend:
            labels = [a["label"] for a in GAME.legal(state, seat)]
            assert all(isinstance(x, str) and x for x in labels)
    else:
        assert pend == {}
        r = GAME.result(state)
        assert r["scores"] == [P["gold"] for P in state["players"]]
        e = state["ender"]
        g = r["scores"]
        if g[1 - e] > g[e]:
            assert r["winners"] == [1 - e]
        elif g[1 - e] < g[e]:
            assert r["winners"] == [e]
        else:
            assert r["winners"] == [e if state["tie_goes_to"] == "first_to_60" else 1 - e]


# ---- building positions ----------------------------------------------------------------------------------------

def new(seed: int = 1, first: int = 0, **opts):
    return GAME.new_game(2, {"first_player": first, **opts}, seed)


def find_card(state, k: str, exclude=()) -> int:
    """A card of kind k, taken from the deck or discard pile (or a hand, as a last resort) and removed from there."""
    places = [state["deck"], state["discard"]] + [P["hand"] for P in state["players"]]
    for place in places:
        for c in place:
            if C.CARD_KIND[c] == k and c not in exclude:
                place.remove(c)
                return c
    raise LookupError(k)


def give(state, seat: int, *kinds: str) -> list[int]:
    out = []
    for k in kinds:
        c = find_card(state, k)
        state["players"][seat]["hand"].append(c)
        out.append(c)
    return out


def set_hand(state, seat: int, *kinds: str) -> list[int]:
    P = state["players"][seat]
    state["deck"][:0] = P["hand"]  # back to the bottom of the deck
    P["hand"] = []
    return give(state, seat, *kinds)


def give_util(state, seat: int, *kinds: str) -> list[int]:
    out = []
    for k in kinds:
        c = find_card(state, k)
        state["players"][seat]["utilities"].append(c)
        out.append(c)
    return out


def build_stands(state, seat: int, count: int) -> None:
    """`count` small market stands built in front of `seat` (cards taken from the deck)."""
    for _ in range(count):
        state["players"][seat]["stands"].append(find_card(state, "stand"))


def set_wares(state, seat: int, codes: str) -> None:
    P = state["players"][seat]
    P["wares"] = [0] * 6
    P["sixth"] = -1
    for ch in codes:
        if free_plain(P) > 0:
            P["wares"][C.WARE_CODES.index(ch)] += 1
        else:
            assert P["sixth"] < 0, "too many wares"
            P["sixth"] = C.WARE_CODES.index(ch)


def to_phase2(state) -> None:
    set_turn_step(state, "play")


def legal(state, seat=None):
    seat = state["turn"] if seat is None else seat
    return GAME.legal(state, seat)


def act(state, pred, seat=None):
    """Apply the unique legal action matching pred (a dict subset, or a label substring); returns (state, events)."""
    pend = GAME.pending(state)
    if seat is None:
        assert len(pend) == 1, pend
        seat = next(iter(pend))
    options = GAME.legal(state, seat)
    if isinstance(pred, str):
        hits = [a for a in options if pred in a["label"]]
    else:
        hits = [a for a in options if all(a.get(k) == v for k, v in pred.items())]
    assert hits, f"no legal action matching {pred!r} in {[a['label'] for a in options]}"
    new_state, events = GAME.apply(state, seat, hits[0])
    return new_state, events


def labels(state, seat=None):
    return [a["label"] for a in legal(state, seat)]


def wares_of(state, seat: int) -> str:
    """A player's wares as codes in type order, e.g. "KKTS"."""
    P = state["players"][seat]
    return "".join(C.WARE_CODES[t] * held(P, t) for t in range(6))


def only_sixth_free(state, seat: int = 0) -> None:
    """Five ordinary spaces full, the 6th space of the large stand free."""
    set_wares(state, seat, "KKKHH")


def events_text(events) -> str:
    return "\n".join(e["text"] for e in events)


def ware_id(code: str) -> int:
    return C.WARE_CODES.index(code)
