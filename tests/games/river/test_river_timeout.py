"""The River's own timeout rule: a player who runs out of time plays a random legal token (spec section 5)."""

from __future__ import annotations

from app.engine import match_action
from app.engine.playout import canonical
from app.games.river import GAME
from river_helpers import act, board, choose_all, fresh, player


def test_timeout_in_the_secret_choice_plays_a_legal_token_fixed_by_the_state():
    s = fresh(3)
    before = canonical(s)
    picks = {seat: GAME.timeout_action(s, seat) for seat in range(3)}
    assert canonical(s) == before, "asking does not advance the generator"
    assert all(match_action(picks[seat], GAME.legal(s, seat)) for seat in range(3))
    assert picks == {seat: GAME.timeout_action(s, seat) for seat in range(3)}
    # the choice follows the secret generator value, which views never show
    draws = set()
    for rng in range(40):
        s["rng"] = rng * 0x9E3779B97F4A7C15 % 2**64
        draws.add(GAME.timeout_action(s, 0)["token"])
    assert len(draws) == 6


def test_timeout_with_a_single_token_plays_it_and_the_choice_stays_secret():
    s = player(fresh(2), 1, hand=[4], used=[0, 1, 2, 3, 5])
    s, events = GAME.apply(s, 1, GAME.timeout_action(s, 1))
    assert [e["text"] for e in events if "seats" not in e] == ["@1 has chosen a token"]
    assert GAME.view(s, 0)["my_choice"] is None and GAME.view(s, 1)["my_choice"] == 4


def test_timeout_outside_the_secret_choice_is_left_to_the_platform():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 16, [6, 0])
    s, _ = choose_all(s, {0: 3, 1: 5})
    assert GAME.pending(s).keys() == {0} and GAME.pending(s)[0].kind == "move"
    assert GAME.timeout_action(s, 0) is None
    s, _ = act(s, 0, dir="back")  # seat 1 can only sail forward, so round 2 begins at once
    assert GAME.pending(s)[0].kind == "token" and GAME.timeout_action(s, 0) is not None
