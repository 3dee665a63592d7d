"""Hidden information (hands, secret achievements, deck orders, face-down ingots) and Game.apply's rejections."""

import copy
import json
import random

import pytest
from goldrush_helpers import new, phase

from app.engine import GameOver, IllegalAction, NotYourTurn
from app.engine.playout import canonical, play_game
from app.games.goldrush import GAME


def _scramble(state, seat, rnd):
    """Change everything `seat` may not know (the game's own declaration, also used by the generic contract)."""
    return GAME.scramble_hidden(state, seat, rnd)


def _states(variant, n, seed):
    po = play_game(GAME, n, {"variant": variant}, seed)
    state = GAME.new_game(n, {"variant": variant}, seed)
    out = [state]
    for seat, action in po.moves:
        state, _ = GAME.apply(state, seat, action)
        out.append(state)
    return out


@pytest.mark.parametrize("variant,n", [("basic", 3), ("full", 3), ("full", 5), ("basic", 6)])
def test_goldrush_views_do_not_depend_on_hidden_cards(variant, n):
    rnd = random.Random(7)
    states = _states(variant, n, 11)
    for state in states[:: max(1, len(states) // 40)]:
        for seat in list(range(n)) + [None]:
            view = GAME.full_view(state, seat)
            other = _scramble(state, seat, rnd)  # seat None: every hand and secret is scrambled
            assert GAME.full_view(other, seat) == view
            assert str(state["rng"]) not in json.dumps(view)


def test_goldrush_spectator_sees_no_hand_or_secret():
    s = new("basic", 3)
    v = GAME.view(s, None)
    assert "hand" not in v and "my_secret" not in v
    assert all(isinstance(p["hand"], int) and isinstance(p["secret"], bool) for p in v["players"])
    s2 = new("full", 3)
    other = copy.deepcopy(s2)
    for p in other["players"]:
        m = other["deck"]["m"]
        for i in range(len(p["hand"])):
            p["hand"][i], m[i] = m[i], p["hand"][i]
    assert GAME.full_view(other, None) == GAME.full_view(s2, None)


def test_goldrush_own_secret_and_hand_visible_to_owner_only():
    s = new("basic", 2)
    assert GAME.view(s, 0)["my_secret"] == s["players"][0]["secret"]
    assert GAME.view(s, 1)["my_secret"] == s["players"][1]["secret"]
    f = new("full", 2)
    assert GAME.view(f, 0)["hand"] == f["players"][0]["hand"]
    assert GAME.view(f, 1)["players"][0]["hand"] == len(f["players"][0]["hand"])


def test_goldrush_private_events_go_to_one_seat():
    f = new("full", 2)
    legal = GAME.legal(f, 0)
    end = next(a for a in legal if a["type"] == "end")
    f2, events = GAME.apply(f, 0, end)
    while phase(f2) == "hand":  # pragma: no cover - only with a full hand
        f2, events = GAME.apply(f2, 0, GAME.legal(f2, 0)[0])
    draws = [e for e in events if e["type"] == "draw"]
    assert any(e.get("seats") == [1] for e in draws) and any("seats" not in e for e in draws)


def test_goldrush_apply_rejects_illegal_and_out_of_turn():
    s = new("full", 2)
    before = canonical(s)
    with pytest.raises(NotYourTurn) as exc:
        GAME.apply(s, 1, {"type": "end", "label": "End your turn"})
    assert exc.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, {"type": "buy", "card": 999, "label": "Buy nothing"})
    assert exc.value.code == "illegal_action"
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "end"})  # without its label it is not the listed action
    assert canonical(s) == before


def test_goldrush_apply_rejects_after_game_over():
    po = play_game(GAME, 2, {"variant": "basic"}, 5)
    with pytest.raises(GameOver):
        GAME.apply(po.state, 0, {"type": "end", "label": "End your turn"})
