"""Shared helpers for the Gold Rush tests: build states, move cards around, find actions."""

from __future__ import annotations

from collections import Counter

from app.games.goldrush import GAME
from app.games.goldrush.cards import CARD, GOLD_INDUSTRIALIST, INGOT_POOL
from app.games.goldrush.rules import vp

ALL_IDS = list(range(len(CARD)))


def ids(key: str) -> list[int]:
    return [i for i, d in enumerate(CARD) if d["key"] == key]


def new(variant: str = "full", n: int = 2, seed: int = 1, **opts) -> dict:
    return GAME.new_game(n, {"variant": variant, "first_player": 0, **opts}, seed)


def locations(state: dict) -> list[list[int]]:
    """Every list a card can sit in."""
    out = [state["deck"][k] for k in "gxme"] + [state["disc"][k] for k in "gxme"]
    out += [state["market"], state["row"], state["box"]]
    for p in state["p"]:
        out += [p["a"], p["h"], p["w"]]
    return out


def all_cards(state: dict) -> list[int]:
    cards = [c for loc in locations(state) for c in loc]
    cards += [p["s"] for p in state["p"] if p["s"] is not None]
    cards.append(GOLD_INDUSTRIALIST)  # on the table or with its holder (state["gi"])
    sub = state["sub"]
    if sub and state["ph"] in ("keep", "survey"):
        cards += sub["cards"]
    return cards


def take(state: dict, cid: int) -> int:
    """Remove a card from wherever it is (for building test positions)."""
    for loc in locations(state):
        if cid in loc:
            loc.remove(cid)
            return cid
    for p in state["p"]:
        if p["s"] == cid:
            p["s"] = None
            return cid
    raise AssertionError(f"card {cid} not found")


def free(state: dict, key: str, k: int = 1) -> list[int]:
    """k copies of a design, taken preferably from decks/discards (not from players)."""
    got = []
    player_locs = [id(x) for p in state["p"] for x in (p["a"], p["h"], p["w"])]
    tops = {c for k in "gxme" for c in state["deck"][k][-6:]}  # keep cards a test just stacked
    for c in sorted(ids(key), key=lambda c: c in tops):
        if len(got) == k:
            break
        if any(c in loc for loc in locations(state) if id(loc) not in player_locs):
            take(state, c)
            got.append(c)
    assert len(got) == k, f"not enough free {key}"
    return got


def give(state: dict, seat: int, key: str, k: int = 1, where: str = "a") -> list[int]:
    cards = free(state, key, k)
    state["p"][seat][where].extend(cards)
    return cards


def on_top(state: dict, deck: str, key_or_id) -> int:
    """Put a card (design key or id) on top of a deck."""
    cid = take(state, key_or_id) if isinstance(key_or_id, int) else free(state, key_or_id)[0]
    state["deck"][deck].append(cid)
    return cid


def find(state: dict, seat: int, type_: str, **match) -> dict | None:
    for a in GAME.legal(state, seat):
        if a["type"] == type_ and all(a.get(k) == v for k, v in match.items()):
            return a
    return None


def act(state: dict, seat: int, type_: str, **match) -> tuple[dict, list[dict]]:
    a = find(state, seat, type_, **match)
    assert a is not None, f"no legal {type_} {match} in {[x['label'] for x in GAME.legal(state, seat)]}"
    return GAME.apply(state, seat, a)


def start(state: dict, seat: int | None = None) -> list[dict]:
    """Restart the active (or given) seat's turn from its beginning."""
    if seat is not None:
        state["turn"] = seat
    events: list[dict] = []
    GAME._start_turn(state, events)
    return events


def check_invariants(state: dict) -> None:
    cards = all_cards(state)
    assert sorted(cards) == ALL_IDS, "cards not conserved"
    assert Counter(state["pool"]) == Counter(INGOT_POOL)
    for p in state["p"]:
        assert p["c"] >= 0
    assert len(state["market"]) <= 4
    gi = state["gi"]
    if gi is not None:
        mines = [sum(1 for c in p["a"] if CARD[c]["type"] == "mine") for p in state["p"]]
        assert mines[gi] >= 3 and mines[gi] == max(mines)
    res = GAME.result(state)
    pend = GAME.pending(state)
    if res is None:
        assert len(pend) == 1
        for s in pend:
            assert GAME.legal(state, s), "pending seat without legal action"
    else:
        assert not pend
        assert res["scores"] == [vp(state, s) for s in range(state["n"])]
        for s in range(state["n"]):
            own = state["p"][s]
            assert res["scores"][s] == sum(CARD[c]["vp"] for c in own["a"]) + len(own["w"]) + (gi == s)
        if res["reason"] == "target":
            assert res["scores"][res["winners"][0]] >= state["target"]
