"""Jambo's own rule when a clock runs out: a pending reaction becomes "no reaction"; elsewhere the platform decides."""

from __future__ import annotations


from jambo_helpers import act, new, set_hand, to_phase2

from app.engine.game import match_action
from app.games.jambo import GAME


def test_timeout_on_a_guard_question_is_no_reaction_even_holding_a_guard():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "cheetah")
    set_hand(s, 1, "guard")
    s, _ = act(s, "Play Cheetah")
    action = GAME.timeout_action(s, 1)
    # The platform records it as a legal move (a listed action, its `say` for other languages aside).
    assert action == {"type": "allow", "label": "No reaction"} and match_action(action, GAME.legal(s, 1))
    s, events = GAME.apply(s, 1, action)
    assert any(e["text"] == "@1 does not react" for e in events)
    assert "guard" in [GAME.catalogue()["cards"][c] for c in s["players"][1]["hand"]]


def test_timeout_on_a_rain_maker_question_is_no_reaction():
    s = new()
    to_phase2(s)
    (ware_card,) = set_hand(s, 0, "W02")
    set_hand(s, 1, "rainmaker")
    s, _ = act(s, "Buy")
    action = GAME.timeout_action(s, 1)
    assert action == {"type": "allow", "label": "No reaction"}
    s, _ = GAME.apply(s, 1, action)
    assert ware_card in s["discard"] and ware_card not in s["players"][1]["hand"]


def test_timeout_of_the_active_player_is_left_to_the_platform():
    s = new()
    assert GAME.timeout_action(s, s["turn"]) is None
    to_phase2(s)
    set_hand(s, 0, "carrier")
    s, _ = act(s, "Play Carrier")
    assert GAME.timeout_action(s, 0) is None
