"""Gold Rush undo points: a purchase may be taken back until the turn ends; nothing that draws or ends the turn."""

from __future__ import annotations

import pytest

from app.engine.errors import GameError
from app.engine.playout import canonical
from app.engine.undo import take_back
from app.games.goldrush import GAME
from tests.support.undo import first, moved

FULL = {"variant": "full", "first_player": 0}


def test_a_purchase_may_be_taken_back_and_the_card_returns_to_the_market():
    state, seat, buy = first(GAME, 2, FULL, lambda s, seat, a: a["type"] == "buy")
    after, trail = moved(GAME, state, seat, buy)
    assert buy["card"] not in after["market"]
    point = take_back(GAME, trail, after, seat)
    assert canonical(point.state) == canonical(state) and buy["card"] in point.state["market"]
    line = {k: v for k, v in trail.took_back(seat).items() if k != "say"}  # `say`: the same line for other languages
    assert line == {"type": "undo", "text": f"@{seat} took back: {buy['label']}", "to": 0, "undone": 1}


@pytest.mark.parametrize("kind", ["explore", "end"])
def test_exploring_and_ending_the_turn_cannot_be_taken_back(kind):
    state, seat, action = first(GAME, 2, FULL, lambda s, seat, a: a["type"] == kind)
    after, trail = moved(GAME, state, seat, action)
    with pytest.raises(GameError) as refused:
        take_back(GAME, trail, after, seat)
    assert refused.value.code in ("not_undoable", "not_your_turn")


def test_a_purchase_before_an_exploration_is_kept_once_the_card_is_drawn():
    def then_explores(s, seat, a):
        return a["type"] == "buy" and any(b["type"] == "explore" for b in GAME.legal(GAME.apply(s, seat, a)[0], seat))

    state, seat, buy = first(GAME, 2, FULL, then_explores)
    after, trail = moved(GAME, state, seat, buy)
    explore = next(a for a in GAME.legal(after, seat) if a["type"] == "explore")
    explored, trail = moved(GAME, after, seat, explore, trail)
    assert trail.target(seat) is None


def test_the_next_player_cannot_take_back_what_the_last_one_bought():
    state, seat, buy = first(GAME, 2, FULL, lambda s, seat, a: a["type"] == "buy")
    after, trail = moved(GAME, state, seat, buy)
    with pytest.raises(GameError) as refused:
        take_back(GAME, trail, after, 1 - seat)
    assert refused.value.code == "not_your_turn"
    end = next(a for a in GAME.legal(after, seat) if a["type"] == "end")
    passed, trail = moved(GAME, after, seat, end, trail)
    if (1 - seat) in GAME.pending(passed):  # the start of the next player's turn: nothing of theirs to take back
        with pytest.raises(GameError) as refused:
            take_back(GAME, trail, passed, 1 - seat)
        assert refused.value.code == "not_undoable"
