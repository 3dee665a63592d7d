"""The generic part of a move (app/engine/move.py, app/engine/text.py's remembered English, app/play/patch.py's
shared diffs): each shortcut gives exactly what the long way gave, on seeded playouts of every game."""

from __future__ import annotations

import random

import orjson
import pytest

from app import engine
from app.engine import GameOver, IllegalAction, NotYourTurn, Prompt
from app.engine import text
from app.engine.move import action_key, match_action
from app.play import patch
from app.play.patch import make_patch, make_patches
from tests.support.tally import TALLY

GAMES = sorted(engine.all_games(), key=lambda g: g.id)


def _old_match(action, legal):
    """match_action as it was: every candidate serialised with sorted keys until one matches."""
    if not isinstance(action, dict):
        return None
    try:
        key = action_key({k: v for k, v in action.items() if k != "say"})
    except (TypeError, orjson.JSONEncodeError):
        return None
    for candidate in legal:
        if action_key({k: v for k, v in candidate.items() if k != "say"}) == key:
            return candidate
    return None


def _playout(game, n, seed, moves=60):
    rng = random.Random(seed)
    state = game.new_game(n, {}, seed)
    out = []
    while len(out) < moves and game.result(state) is None:
        seat = rng.choice(sorted(game.pending(state)))
        legal = game.legal(state, seat)
        action = rng.choice(legal)
        out.append((state, seat, legal, action))
        state, _ = game.apply(state, seat, action)
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_match_action_finds_what_the_canonical_loop_found(game):
    rng = random.Random(3)
    for state, seat, legal, action in _playout(game, game.max_players, 3):
        near = [action, {k: v for k, v in action.items() if k != "say"}, {**action, "say": "x"}]
        for key, value in action.items():
            if isinstance(value, bool):
                near.append({**action, key: int(value)})
            elif isinstance(value, int):
                near += [{**action, key: float(value)}, {**action, key: value == 1}]
            near.append({k: v for k, v in action.items() if k != key})
        near += [{**action, "extra": rng.randrange(9)}, [action], "x", {1: 2}, {"n": 2**70}]
        for probe in near:
            assert match_action(probe, legal) is _old_match(probe, legal), probe


def test_apply_with_the_listed_legal_actions_refuses_as_without():
    state = TALLY.new_game(2, {"first_player": 0}, seed=1)
    legal = TALLY.legal(state, 0)
    played, _ = TALLY.apply(state, 0, legal[0], None, legal)
    assert played == TALLY.apply(state, 0, legal[0])[0]
    assert 0 not in TALLY.pending(played) and TALLY.full_view(played, 0)["legal"] == []
    with pytest.raises(NotYourTurn):  # an empty list proves nothing: the full checks run, in their order
        TALLY.apply(played, 0, legal[0], None, [])
    with pytest.raises(IllegalAction):
        TALLY.apply(state, 0, {"type": "nothing"}, None, legal)
    with pytest.raises(IllegalAction):
        TALLY.apply(state, 0, {**legal[0], "extra": 1}, None, legal)
    over = {**state, "over": {"scores": [0, 0], "winners": [0, 1], "text": "done"}}
    if TALLY.result(over) is not None:
        with pytest.raises(GameOver):
            TALLY.apply(over, 0, legal[0], None, legal)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_remembered_english_is_the_english_and_the_same_object_again(game):
    checked = 0
    for state, seat, legal, _ in _playout(game, game.max_players, 5):
        prompts = game.pending(state)
        for value in [a.get("say") for a in legal] + [p.text for p in prompts.values()]:
            if not text.is_text(value):
                continue
            first = text.english_of(value)
            assert first == text.english(value)
            assert text.english_of(orjson.loads(orjson.dumps(value))) is first  # a fresh copy: remembered by content
            checked += 1
    if game.id in engine.registry.GAME_PACKAGES:  # the real games label their actions with Texts
        assert checked


def test_remembered_english_is_bounded():
    for i in range(text._WRITTEN_MAX + 10):
        assert text.english_of(text.t("{n} coins", n=i)) == f"{i} coins"
    assert len(text._WRITTEN) <= text._WRITTEN_MAX


def test_prompt_keeps_its_dataclass_behaviour():
    a, b = Prompt("Your move", kind="move"), Prompt("Your move", "move")
    assert a == b and a.data == {} and a.data is not b.data and not a.secret
    assert Prompt("x", data=None).data is None
    with pytest.raises(AttributeError):
        a.kind = "other"  # type: ignore[misc]
    assert repr(a) == "Prompt(text='Your move', kind='move', secret=False, data={})"
    assert a.to_json() == {"text": "Your move", "kind": "move"}


def test_the_shared_count_is_measured_for_how_the_module_runs():
    # A part two audiences hold is diffed once: the second audience gets the very ops of the first.
    old_shared, new_shared = {"cells": [0, 1, 2]}, {"cells": [0, 9, 2]}
    pairs = [({"game": {"board": old_shared["cells"], "me": s}}, {"game": {"board": new_shared["cells"], "me": s}})
             for s in range(2)]
    first, second = make_patches(pairs)
    assert first == second == [{"op": "replace", "path": "/game/board/1", "value": 9}]
    assert first[0] is second[0]
    assert 2 <= patch._HELD_ELSEWHERE <= 8


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_make_patches_gives_make_patch_per_audience(game):
    n = game.max_players
    audiences = [*range(n), None]
    for state, seat, legal, action in _playout(game, n, 9, moves=40):
        old = game.full_views(state, audiences)
        new_state, _ = game.apply(state, seat, action, orjson.dumps(state), old[seat]["legal"])
        new = game.full_views(new_state, audiences)
        assert make_patches(list(zip(old, new))) == [make_patch(a, b) for a, b in zip(old, new)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_copy_apply_makes_is_the_json_round_trip(game):
    """`_copied` (apply's copy when compiled) gives what parsing the stored JSON gives: equal, of the same types
    throughout, no container shared with the original."""
    from app.engine.move import _copied

    def same(a, b):
        assert type(a) is type(b)
        if type(a) is dict:
            assert list(a) == list(b) and all(same(a[k], b[k]) for k in a)
        elif type(a) is list:
            assert len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        else:
            assert a == b
        return True

    def containers(value, out):
        if type(value) in (dict, list):
            out.add(id(value))
            for item in value.values() if type(value) is dict else value:
                containers(item, out)
        return out

    for state, *_ in _playout(game, game.max_players, 5, moves=40):
        copy = _copied(state)
        assert same(copy, orjson.loads(orjson.dumps(state)))
        assert not containers(copy, set()) & containers(state, set())


def test_the_copy_declines_what_the_round_trip_would_change():
    from app.engine.move import _copied

    class Str(str):
        pass

    assert _copied({"a": [1, {"b": -0.0, "c": 1.5, "d": None, "e": True, "f": "x"}]}) == {
        "a": [1, {"b": -0.0, "c": 1.5, "d": None, "e": True, "f": "x"}]}
    for odd in ({"a": (1, 2)}, {"a": [float("nan")]}, {"a": float("inf")}, {"a": Str("x")}, {Str("k"): 1},
                [{"a": {1, 2}}], {"a": [[b"x"]]}):
        assert _copied(odd) is None


def test_race_hands_out_the_same_prompt_and_listed_actions_as_it_built():
    """Race's `pending` and `legal` give objects made once (nothing changes them): equal to what it built each move."""
    from app.games.race.rules import CELLS, Race

    race = Race()
    state = race.new_game(2, {"first_player": 1}, 3)
    for _ in range(CELLS + 3):
        seat = state["turn"]
        assert race.pending(state) == {seat: Prompt("Your move", kind="move")}
        cell = state["count"] % CELLS
        assert race.legal(state, seat) == [{"type": "mark", "cell": cell, "label": f"Mark cell {cell}"}]
        assert race.legal(state, 1 - seat) == []
        assert race.views(state, [0, 1, None]) == [race.view(state, s) for s in (0, 1, None)]
        state, events = race.apply(state, seat, race.legal(state, seat)[0], orjson.dumps(state))
        assert events == [{"type": "mark", "text": f"@{seat} marks cell {cell}"}]
    assert state["count"] == CELLS + 3 and state["cells"][2] in (0, 1)
