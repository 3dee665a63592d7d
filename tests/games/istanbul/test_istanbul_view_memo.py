"""The view memos (app/games/istanbul/view.py, issue 33): a place or a player row handed back from a memo equals the
one built afresh, JSON for JSON (same keys, order and types), after every move of seeded playouts in every variant;
an unchanged part is the very same object the last view held, so the diff skips it; the memos stay bounded."""

from __future__ import annotations

import random

import orjson
import pytest

from app.games.istanbul import GAME
from app.games.istanbul import view as V

OPTIONS = [{"expansion": "letters_and_seals"}, {"expansion": "none"}, {"expansion": "none", "layout": "random"},
           {"expansion": "letters_and_seals", "variant": "grand_bazaar"}]


def fresh_board(state: dict) -> list[dict]:
    """The board as it was laid out before the memo: every place built from the state."""
    here = {p: {"merchants": [], "companions": [], "family": [], "assistants": []} for p in state["layout"]}
    for seat, p in enumerate(state["players"]):
        here[p["merchant"]]["merchants"].append(seat)
        here[p["family"]]["family"].append(seat)
        if isinstance(p["companion"], int):
            here[p["companion"]]["companions"].append(seat)
        for place, count in p["assistants"].items():
            here[int(place)]["assistants"].extend([seat] * count)
    cols = state["cols"]
    return [V.place_view(state, p, i // cols, i % cols, here[p]) for i, p in enumerate(state["layout"])]


def fresh_views(state: dict, audiences: list) -> list[dict]:
    out = []
    for audience in audiences:
        shared = {**V.public(state), "board": fresh_board(state),
                  "players": [V.player_view(state, s, audience) for s in range(state["n"])]}
        out.append(shared)
    return out


def states(n: int, options: dict, seed: int, moves: int = 150):
    rng = random.Random(seed)
    state = GAME.new_game(n, options, seed)
    for _ in range(moves):
        yield state
        if GAME.result(state) is not None:
            return
        seat = rng.choice(sorted(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o.values()))
@pytest.mark.parametrize("n", [2, 5])
def test_memoised_views_equal_fresh_ones(n: int, options: dict) -> None:
    audiences = [*range(n), None]
    for seed in (1, 2):
        for state in states(n, options, seed):
            got = V.views(state, audiences)
            assert orjson.dumps(got) == orjson.dumps(fresh_views(state, audiences))


def test_memo_small_enough_to_be_cleared_gives_the_same_views(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(V, "PLACES", V.Memo(3))
    monkeypatch.setattr(V, "PLAYERS", V.Memo(3))
    for state in states(4, {}, 3, moves=60):
        assert orjson.dumps(V.views(state, [0, None])) == orjson.dumps(fresh_views(state, [0, None]))
        assert len(V.PLACES) <= 3 and len(V.PLAYERS) <= 3


@pytest.fixture
def roomy_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty memos too large to be cleared during the test (a clear between two views would rebuild a part)."""
    monkeypatch.setattr(V, "PLACES", V.Memo(1 << 20))
    monkeypatch.setattr(V, "PLAYERS", V.Memo(1 << 20))


@pytest.mark.usefixtures("roomy_memos")
def test_an_unchanged_part_is_the_same_object() -> None:
    state = GAME.new_game(4, {}, 5)
    first = V.views(state, [0, 1, None])
    again = V.views(orjson.loads(orjson.dumps(state)), [0, 1, None])  # a fresh parse, as every move has
    assert all(a is b for a, b in zip(first[2]["board"], again[2]["board"]))
    assert all(a is b for a, b in zip(first[2]["players"], again[2]["players"]))
    assert first[0]["players"][0] is again[0]["players"][0]  # the own row, hand included
    assert first[0]["players"][0] is not first[2]["players"][0]


@pytest.mark.usefixtures("roomy_memos")
def test_a_move_rebuilds_only_what_it_changed() -> None:
    rng = random.Random(9)
    kept = 0
    for before in states(4, {}, 9, moves=80):
        seat = rng.choice(sorted(GAME.pending(before)))
        after, _ = GAME.apply(before, seat, rng.choice(GAME.legal(before, seat)))
        old, new = V.public(before), V.public(after)
        for a, b in zip(old["board"], new["board"]):
            assert (a is b) == (a == b)  # unchanged: the very object again; changed: a new one
            kept += a is b
        for s, (a, b) in enumerate(zip(old["players"], new["players"])):
            if before["players"][s] == after["players"][s] and before["round"] == after["round"]:
                assert a is b
    assert kept > 1000
