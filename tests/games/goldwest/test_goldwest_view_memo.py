"""The memoised parts of Gold West's views (view.PartMemo, issue 33): over seeded random games every memoised view
equals one built afresh, with no memo at all and with the memos emptied, at every move and for every audience; a
part whose input did not change is handed back as the very same object; the memos stay bounded."""

from __future__ import annotations

import random

import orjson
import pytest

from app.engine.game import copy_state
from app.games.goldwest import GAME
from app.games.goldwest import view as V


def fresh_views(state: dict, seats: list[int | None]) -> list[dict]:
    """The views as they were built before the memos: every part from the state, nothing shared with a memo."""
    shared = V.public(state)
    return [{**shared, "map": V.hexes(state["map"], set(state["players"][seat]["peeked"]) if seat is not None
                                      else set())} for seat in seats]


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
        assert [as_json(v) for v in memoised] == [as_json(v) for v in expected]
        assert memoised == expected
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
