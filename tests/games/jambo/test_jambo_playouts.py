"""Random full games with invariant checks, replays, hidden information and Game.apply rejections."""

from __future__ import annotations

import copy
import json
import random

import pytest

from jambo_helpers import act, check_invariants, drawn, new, set_hand, stage, to_phase2

from app.engine import IllegalAction, NotYourTurn, RandomBot
from app.engine.playout import canonical, play_game, replay
from app.games.jambo import GAME
from app.games.jambo.bot import JamboBot

VARIANTS = [{}, {"tie_goes_to": "last_player"}]


def _run(seeds, opts):
    stages = set()

    def check(state):
        check_invariants(state)
        if stage(state) is not None:
            stages.add(stage(state)["step"])

    for seed in seeds:
        out = play_game(GAME, 2, opts, seed, check=check)
        assert GAME.result(out.state) is not None
        assert len(out.moves) <= GAME.max_moves
    return stages


@pytest.mark.parametrize("opts", VARIANTS, ids=["first_to_60", "last_player"])
def test_random_playouts(opts):
    stages = _run(range(100), opts)
    assert {"guard", "rain", "auction", "croc", "elephant", "lion", "ape"} <= stages


@pytest.mark.long
@pytest.mark.parametrize("opts", VARIANTS, ids=["first_to_60", "last_player"])
def test_random_playouts_long(opts):
    _run(range(1000, 1500), opts)


def test_bot_playouts_are_valid():
    for seed in range(20):
        play_game(GAME, 2, {}, seed, bots=[JamboBot(), RandomBot()] if seed % 2 else [RandomBot(), JamboBot()],
                  check=check_invariants)
    for seed in range(5):
        play_game(GAME, 2, {}, seed, bots=[JamboBot(), JamboBot()], check=check_invariants)


def test_replay_reproduces_final_state():
    for seed in (3, 7, 11):
        out = play_game(GAME, 2, {"tie_goes_to": "last_player"}, seed)
        again = replay(GAME, 2, {"tie_goes_to": "last_player"}, seed, out.moves)
        assert canonical(again) == canonical(out.state)


def test_state_is_plain_json():
    s = new()
    assert json.loads(json.dumps(s)) == s
    out = play_game(GAME, 2, {}, 5)
    assert json.loads(json.dumps(out.state)) == out.state


# ---- hidden information ---------------------------------------------------------------------------------------

def _shuffle_hidden(state, seat, salt):
    """Swap the hand of the opponent of `seat` with deck cards and reorder the deck: nothing `seat` may see."""
    s = copy.deepcopy(state)
    r = random.Random(salt)
    hands = [1 - seat] if seat is not None else [0, 1]
    for h in hands:
        P = s["players"][h]
        n = len(P["hand"])
        pool = P["hand"] + s["deck"]
        r.shuffle(pool)
        P["hand"], s["deck"] = pool[:n], pool[n:]
    r.shuffle(s["deck"])
    s["rng"] = r.getrandbits(64)
    return s


def _hidden_ok(state) -> bool:
    """States where a seat legitimately sees cards outside its hand (Hyena, Psychic, Scale) are skipped."""
    st = stage(state)
    return st is None or st["step"] not in ("hyena_take", "psychic", "scale")


def test_views_do_not_depend_on_hidden_cards():
    checked = 0
    for seed in range(6):
        out = play_game(GAME, 2, {}, seed)
        state = GAME.new_game(2, {}, seed)
        for i, (seat, action) in enumerate(out.moves):
            if i % 7 == 0 and _hidden_ok(state) and drawn(state) is None:
                for viewer in (0, 1, None):
                    base = GAME.full_view(state, viewer)
                    other = GAME.full_view(_shuffle_hidden(state, viewer, i), viewer)
                    assert json.dumps(base, sort_keys=True) == json.dumps(other, sort_keys=True)
                    assert str(state["rng"]) not in json.dumps(base)
                    checked += 1
            state, _ = GAME.apply(state, seat, action)
    assert checked > 100


def test_opponent_hand_never_in_view():
    s = new()
    v = GAME.view(s, 0)
    assert "hand" in v["players"][0] and "hand" not in v["players"][1]
    assert v["players"][1]["hand_count"] == 5
    spectator = GAME.view(s, None)
    assert all("hand" not in p for p in spectator["players"])
    assert "deck" not in spectator and "rng" not in json.dumps(spectator)


def test_reaction_pause_does_not_reveal_guard():
    """The opponent is asked to react to an animal whether or not they hold a Guard."""
    views = []
    for defence in ("guard", "well"):
        s = new()
        to_phase2(s)
        set_hand(s, 0, "cheetah")
        set_hand(s, 1, defence)
        s, _ = act(s, "Play Cheetah")
        views.append(json.dumps(GAME.full_view(s, 0), sort_keys=True))
    assert views[0] == views[1]


# ---- apply rejections --------------------------------------------------------------------------------------------

def test_illegal_action_rejected_state_unchanged():
    s = new()
    before = canonical(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, {"type": "buy", "card": 3, "label": "Buy everything"})
    assert exc.value.code == "illegal_action"
    assert canonical(s) == before


def test_out_of_turn_rejected_state_unchanged():
    s = new()
    before = canonical(s)
    with pytest.raises(NotYourTurn) as exc:
        GAME.apply(s, 1, {"type": "draw", "label": "Draw a card (1 action)"})
    assert exc.value.code == "not_your_turn"
    assert canonical(s) == before


def test_active_player_waits_during_reaction():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "cheetah")
    s, _ = act(s, "Play Cheetah")
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 0, {"type": "end", "label": "End turn"})
    assert GAME.full_view(s, 0)["legal"] == [] and GAME.full_view(s, 0)["waiting"] == [1]
