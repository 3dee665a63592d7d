"""The River's undo point: which equipment to buy at the barge may be changed until it is paid for. Paying (which
is followed by exploring, a card turned over) and a purchase whose payment is forced may not be taken back."""

from __future__ import annotations

import pytest

from app.engine.errors import GameError
from app.engine.playout import canonical
from app.engine.undo import take_back
from app.games.river import GAME
from tests.support.undo import first, moved


def test_the_equipment_chosen_at_the_barge_may_be_changed_before_paying():
    state, seat, buy = first(GAME, 2, None, lambda s, seat, a: a["type"] == "buy")
    after, trail = moved(GAME, state, seat, buy)
    assert GAME.pending(after)[seat].kind == "pay"
    point = take_back(GAME, trail, after, seat)
    assert canonical(point.state) == canonical(state)
    other = [a for a in GAME.legal(point.state, seat) if a["type"] == "buy"]
    assert buy in other


def test_paying_for_equipment_cannot_be_taken_back():
    state, seat, pay = first(GAME, 2, None, lambda s, seat, a: a["type"] == "pay")
    after, trail = moved(GAME, state, seat, pay)
    with pytest.raises(GameError):
        take_back(GAME, trail, after, seat)


def test_the_secret_token_choice_cannot_be_taken_back():
    state, seat, token = first(GAME, 2, None, lambda s, seat, a: a["type"] == "token")
    after, trail = moved(GAME, state, seat, token)
    assert trail.target(seat) is None
