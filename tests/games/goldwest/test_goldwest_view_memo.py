"""The memoised parts of Gold West's views (view.PartMemo, issue 33): over seeded random games every memoised view
equals one built afresh, with no memo at all and with the memos emptied, at every move and for every audience; a
part whose input did not change is handed back as the very same object; the memos stay bounded."""

from __future__ import annotations

import random

import orjson
import pytest

from app.engine.game import copy_state
from app.games.goldwest import GAME
from app.games.goldwest import data as D
from app.games.goldwest import view as V
from app.games.goldwest.scoring import groups, influence, settlements_in


def fresh_views(state: dict, seats: list[int | None]) -> list[dict]:
    """The views as they were built before the memos (the tree before issue 33, verbatim but for the imports):
    every part from the state, the scoring per seat and terrain, no memo anywhere."""
    shared = reference_public(state)
    return [{**shared, "map": reference_hexes(state, seat if seat is not None and state["players"][seat]["peeked"]
                                              else None)} for seat in seats]


def reference_hexes(state: dict, seat: int | None) -> list[dict]:
    seen = set(state["players"][seat]["peeked"]) if seat is not None else set()
    out = []
    for h, hx in enumerate(state["map"]):
        if hx["terrain"] is None:
            continue
        entry = {"id": h, "terrain": hx["terrain"], "camp": hx["camp"], "settlement": hx["settlement"],
                 "looted": hx["looted"]}
        if hx["token"] is not None:
            entry["face_up"] = hx["face_up"]
            entry["token"] = hx["token"] if hx["face_up"] or h in seen else None
        out.append(entry)
    return out


def reference_public(state: dict) -> dict:
    players = []
    for s, p in enumerate(state["players"]):
        players.append({
            "seat": s, "vp": p["vp"], "points": dict(p["points"]), "supply": [list(sec) for sec in p["supply"]],
            "camps": p["camps"], "influence_tokens": p["influence_tokens"],
            "influence": {t: influence(state, s, t) for t in D.TERRAINS},
            "tokens": {t: list(ids) for t, ids in p["tokens"].items()},
            "settlements": {t: settlements_in(state, s, t) for t in D.TERRAINS},
            "markers": dict(p["markers"]), "investments": list(p["investments"]), "ship": dict(p["ship"]),
            "ship_tiles": list(p["ship_tiles"]), "wanted": p["wanted"], "peeked": list(p["peeked"]),
            "groups": groups(state, s),
        })
    turn = state["turn"]
    boomtown = state["boomtown"]
    return {
        "phase": state["phase"], "round": state["round"], "order": list(state["order"]),
        "turn": {"seat": turn["seat"], "final": turn["final"], "hand": list(turn["hand"]), "held": dict(turn["held"]),
                 "invested": turn["invested"], "boomtown": turn["boomtown"], "hex": turn["hex"]},
        "tiles": [list(t) if t else None for t in state["tiles"]],
        "face_down": {t: sum(1 for hx in state["map"] if hx["terrain"] == t and hx["token"] is not None
                             and not hx["face_up"]) for t in D.TERRAINS},
        "boomtown": {"cells": [dict(c) for c in boomtown["cells"]],
                     "offices": [{"office": o["office"], "cells": list(o["cells"])} for o in boomtown["offices"]],
                     "single": boomtown["single"], "single_tile": boomtown["single_tile"]},
        "investments": list(state["investments"]), "investment_bonus": list(state["investment_bonus"]),
        "ship_bonus": {m: [list(stack) for stack in stacks] for m, stacks in state["ship_bonus"].items()},
        "players": players, "options": dict(state["options"]),
    }


def as_json(value: object) -> bytes:
    return orjson.dumps(value)  # key order and JSON types as clients get them


@pytest.mark.parametrize("n, options, seed", [(2, {}, 3), (3, {"trading_post": True, "bandits": True}, 5),
                                              (4, {}, 7), (4, {"bandits": True}, 11)])
def test_memoised_views_equal_fresh_ones_over_a_playout(n: int, options: dict, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game(n, options, seed)
    seats: list[int | None] = [*range(n), None]
    while GAME.result(state) is None:
        memoised = GAME.views(state, seats)
        expected = fresh_views(state, seats)
        assert [as_json(v) for v in memoised] == [as_json(v) for v in expected]  # key order and JSON types too
        assert memoised == expected
        assert V.public(state) == reference_public(state)  # the path without a board memoises no part
        seat = rng.choice(sorted(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        if rng.random() < 0.1:  # now and then from empty memos, as after a clear
            V.clear_memos()
    assert GAME.views(state, seats) == fresh_views(state, seats)


def test_a_peeking_player_sees_its_tokens_and_no_one_else_does() -> None:
    state = GAME.new_game(3, {}, 2)
    hidden = [h for h, hx in enumerate(state["map"]) if hx["token"] is not None and not hx["face_up"]][:2]
    state["players"][1]["peeked"] = hidden
    views = GAME.views(state, [0, 1, 2, None])
    assert views == fresh_views(state, [0, 1, 2, None])
    shown = {e["id"]: e for e in views[1]["map"]}
    assert all(shown[h]["token"] == state["map"][h]["token"] for h in hidden)
    for other in (views[0], views[2], views[3]):
        assert all(e["token"] is None for e in other["map"] if e["id"] in hidden)
    assert views[0] is views[2] is views[3]  # every audience that looked at nothing has one view object
    assert views[1]["players"] is views[0]["players"]  # the peeking seat shares all but the map


def test_an_unchanged_part_is_the_same_object() -> None:
    state = GAME.new_game(4, {"first_player": 0}, 1)
    first = GAME.views(state, [0, None])
    again = GAME.views(copy_state(state), [0, None])  # a fresh copy, as every move's state is
    for key in ("map", "players", "face_down", "boomtown", "tiles", "ship_bonus", "investments", "options"):
        if key != "players":
            assert again[0][key] is first[0][key], key
    assert all(a is b for a, b in zip(again[0]["players"], first[0]["players"]))
    assert again[0] is not first[0]  # each view is a dict of its own: the hub sets its top-level keys


def test_a_move_rebuilds_only_what_it_changed() -> None:
    state = GAME.new_game(4, {"first_player": 0}, 1)
    before = GAME.views(state, [None])[0]
    activate = next(a for a in GAME.legal(state, 0) if a["type"] == "activate")
    after_state, _ = GAME.apply(state, 0, activate)
    after = GAME.views(after_state, [None])[0]
    assert after == fresh_views(after_state, [None])[0]
    assert after["players"][0] is not before["players"][0]  # seat 0's supply track changed
    assert all(after["players"][s] is before["players"][s] for s in (1, 2, 3))
    assert after["map"] is before["map"] and after["boomtown"] is before["boomtown"]


def test_the_memos_are_bounded() -> None:
    memo = V.PartMemo(3)
    built = [memo.get(i, lambda i=i: [i]) for i in range(10)]
    assert len(memo.parts) <= 3
    assert memo.get(9, lambda: ["never built"]) is built[9]
    rng = random.Random(4)
    state = GAME.new_game(4, {}, 4)
    for _ in range(300):
        if GAME.result(state) is not None:
            break
        GAME.views(state, [0, 1, 2, 3, None])
        seat = rng.choice(sorted(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    assert all(len(memo.parts) <= memo.size for memo in V.MEMOS)
