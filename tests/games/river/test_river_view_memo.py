"""The River's memoised view parts (app/games/river/view.py): a player's row, the list of rows and the cargo are
kept by a content key and handed back as the very same object while unchanged. They must never change a view."""

from __future__ import annotations

import random

import orjson
import pytest

from app.games.river import GAME
from app.games.river import view as river_view

MEMOS = (river_view._ROWS, river_view._PLAYERS, river_view._CARGO)


def clear_memos() -> None:
    for memo in MEMOS:
        memo.clear()


def playout(players: int, seed: int, moves: int = 400) -> list[dict]:
    rng = random.Random(seed)
    state = GAME.new_game(players, {}, seed)
    states = [state]
    while len(states) < moves and GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 11), (4, 7)])
def test_memoised_views_equal_fresh_ones_over_a_playout(players, seed):
    audiences = [*range(players), None]
    states = playout(players, seed)
    clear_memos()
    warm = [GAME.full_views(state, audiences) for state in states]  # the memos fill along the game, as on a server
    for state, seen in zip(states, warm):
        clear_memos()
        assert GAME.full_views(state, audiences) == seen
        assert [GAME.full_view(state, a) for a in audiences] == seen


def test_an_unchanged_part_is_the_same_object():
    state = playout(4, 5, moves=60)[-1]
    again = orjson.loads(orjson.dumps(state))  # every move's state is a fresh copy
    first, second = river_view.views(state, [0, 1]), river_view.views(again, [0, 1])
    assert second[0]["players"] is first[0]["players"]
    assert all(a is b for a, b in zip(second[0]["players"], first[0]["players"]))
    assert second[0]["cargo"] is first[0]["cargo"]
    if state["phase"] != "choose":
        assert second[0] is second[1]  # no secret token: every audience gets the one public dict


def test_a_changed_player_gets_a_new_row_and_the_others_keep_theirs():
    state = playout(3, 9, moves=80)[-1]
    before = river_view.views(state, [None])[0]
    changed = orjson.loads(orjson.dumps(state))
    changed["players"][1]["article"].append(changed["deck"].pop())  # a new picture: the score changes too
    after = river_view.views(changed, [None])[0]
    assert after["players"] is not before["players"]
    assert after["players"][0] is before["players"][0] and after["players"][2] is before["players"][2]
    assert after["players"][1] != before["players"][1]
    clear_memos()
    assert river_view.views(changed, [None])[0] == after


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 13)])
def test_memoised_legal_actions_equal_fresh_ones_over_a_playout(players, seed):
    """`River.legal` keeps the token and move decisions' lists by what their options read (rules._legal_key)."""
    from app.engine import StepGame
    from app.games.river import rules

    states = playout(players, seed)
    rules._LEGAL.clear()
    warm = [[GAME.legal(state, seat) for seat in range(players)] for state in states]
    for state, seen in zip(states, warm):
        rules._LEGAL.clear()
        assert [StepGame.legal(GAME, state, seat) for seat in range(players)] == seen
        assert [GAME.legal(state, seat) for seat in range(players)] == seen
    for kind in ("token", "move"):
        asked = next(s for s in states if s["steps"] and s["steps"][-1]["step"] == kind)
        seat = min(GAME.pending(asked))
        assert GAME.legal(asked, seat) is GAME.legal(orjson.loads(orjson.dumps(asked)), seat)
