"""Jambo undo points: in phase 2, playing a stand or a utility, or a card or utility that only asks its player a
question, may be taken back; buying and selling (the opponent is asked about a Rain Maker), drawing and a card that
draws may not."""

from __future__ import annotations

import pytest

from app.engine.errors import GameError
from app.engine.playout import canonical
from app.engine.undo import take_back
from app.games.jambo import GAME
from app.games.jambo import data as D
from tests.support.undo import first, moved


def _refused(state, seat, action) -> str:
    after, trail = moved(GAME, state, seat, action)
    with pytest.raises(GameError) as refused:
        take_back(GAME, trail, after, seat)
    return refused.value.code


def test_playing_a_utility_may_be_taken_back():
    state, seat, play = first(GAME, 2, None, lambda s, seat, a: a["type"] == "play"
                              and D.card_type(a["card"]) == "utility" and len(s["players"][seat]["utilities"]) < 3)
    after, trail = moved(GAME, state, seat, play)
    assert play["card"] in after["players"][seat]["utilities"]
    point = take_back(GAME, trail, after, seat)
    assert canonical(point.state) == canonical(state) and play["card"] in point.state["players"][seat]["hand"]


def test_two_plays_in_a_row_are_taken_back_one_press_at_a_time():
    def twice(s, seat, a):
        if a["type"] != "play" or D.card_type(a["card"]) not in ("stand", "utility"):
            return False
        after, trail = moved(GAME, s, seat, a)
        return trail.target(seat) is not None and any(
            b["type"] == "play" and D.card_type(b["card"]) in ("stand", "utility") for b in GAME.legal(after, seat))

    state, seat, play = first(GAME, 2, None, twice)
    middle, trail = moved(GAME, state, seat, play)
    second = next(b for b in GAME.legal(middle, seat) if b["type"] == "play"
                  and D.card_type(b["card"]) in ("stand", "utility"))
    last, trail = moved(GAME, middle, seat, second, trail)
    assert canonical(take_back(GAME, trail, last, seat).state) == canonical(middle)
    trail = trail.undone()
    assert canonical(take_back(GAME, trail, middle, seat).state) == canonical(state)


@pytest.mark.parametrize("kind", ["buy", "sell"])
def test_buying_and_selling_cannot_be_taken_back_the_opponent_is_asked(kind):
    state, seat, action = first(GAME, 2, None, lambda s, seat, a: a["type"] == kind)
    assert _refused(state, seat, action) == "not_your_turn"  # the opponent now decides about a Rain Maker


def test_drawing_a_card_cannot_be_taken_back():
    state, seat, draw = first(GAME, 2, None, lambda s, seat, a: a["type"] == "draw")
    assert _refused(state, seat, draw) == "not_undoable"


def test_a_utility_that_draws_cannot_be_taken_back():
    state, seat, use = first(GAME, 2, None, lambda s, seat, a: a["type"] == "use"
                             and D.kind(a["card"]) in ("well", "scale"))
    assert _refused(state, seat, use) in ("not_undoable", "not_your_turn")


def test_nothing_to_take_back_at_the_start_of_a_turn():
    state, seat, end = first(GAME, 2, None, lambda s, seat, a: a["type"] == "end")
    after, trail = moved(GAME, state, seat, end)
    assert trail.target(1 - seat) is None and trail.target(seat) is None
