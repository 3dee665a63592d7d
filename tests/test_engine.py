"""The engine itself: seeded randomness, the apply checks, event filtering, playouts and replays (on Tally)."""

from __future__ import annotations

import copy
import json

import orjson
import pytest
from hypothesis import given, settings, strategies as st

from app.engine import GameOver, IllegalAction, NotYourTurn, Rng, filter_events
from app.engine.playout import canonical, play_game, replay
from tests.support.tally import TALLY


def test_rng_is_reproducible_and_lives_in_the_state():
    a, b = {"rng": 42}, {"rng": 42}
    xs = [Rng(a).below(1000) for _ in range(20)]
    assert xs == [Rng(b).below(1000) for _ in range(20)]
    assert a == b and a["rng"] != 42
    deck = list(range(52))
    Rng(a).shuffle(deck)
    assert sorted(deck) == list(range(52)) and deck != list(range(52))


@given(st.integers(min_value=1, max_value=10_000), st.integers(min_value=0, max_value=2**62))
def test_rng_below_stays_in_range(n, seed):
    state = {"rng": seed}
    assert all(0 <= Rng(state).below(n) < n for _ in range(5))


def test_rng_randint_covers_both_ends():
    state = {"rng": 7}
    seen = {Rng(state).randint(1, 3) for _ in range(200)}
    assert seen == {1, 2, 3}


def test_apply_refuses_illegal_out_of_turn_and_finished_without_changing_anything():
    state = TALLY.new_game(2, {"first_player": 0}, seed=1)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        TALLY.apply(state, 0, {"type": "pick", "n": 9, "label": "Pick 9"})
    assert err.value.code == "illegal_action" and "9" in err.value.message
    with pytest.raises(IllegalAction):
        TALLY.apply(state, 0, "pick")  # not even an object
    state2, _ = TALLY.apply(state, 0, {"type": "pick", "n": 1, "label": "Pick 1"})
    with pytest.raises(NotYourTurn) as err:
        TALLY.apply(state2, 0, {"type": "pick", "n": 2, "label": "Pick 2"})
    assert err.value.code == "not_your_turn"
    assert state == before  # apply never mutates its input
    done = play_game(TALLY, 2, {"rounds": 1}, seed=3).state
    with pytest.raises(GameOver):
        TALLY.apply(done, 0, {"type": "pass", "label": "Pass"})


def test_apply_from_the_stored_json_plays_the_same_move_and_leaves_the_state_alone():
    # The hub hands apply the state's JSON as it stored it, and the new state is parsed from that.
    state = TALLY.new_game(2, {"first_player": 0}, seed=1)
    before = copy.deepcopy(state)
    action = {"type": "pick", "n": 1, "label": "Pick 1"}
    assert TALLY.apply(state, 0, action, orjson.dumps(state)) == TALLY.apply(state, 0, action)
    assert state == before
    with pytest.raises(IllegalAction):  # the checks are made on the state itself, as without it
        TALLY.apply(state, 0, {"type": "pick", "n": 9, "label": "Pick 9"}, orjson.dumps(state))


def test_every_prompt_shape_appears():
    state = TALLY.new_game(3, {"first_player": 1}, seed=5)
    assert sorted(TALLY.pending(state)) == [0, 1, 2] and TALLY.pending(state)[0].secret  # simultaneous
    for seat in (0, 1, 2):
        state, _ = TALLY.apply(state, seat, {"type": "pick", "n": 2, "label": "Pick 2"})
    assert list(TALLY.pending(state)) == [1]  # one seat
    state, _ = TALLY.apply(state, 1, {"type": "attack", "seat": 2, "label": "Attack seat 3"})
    assert list(TALLY.pending(state)) == [2]  # a reaction inside another's turn
    state, _ = TALLY.apply(state, 2, {"type": "yield", "label": "Yield"})
    order = []
    while TALLY.result(state) is None and TALLY.pending(state) and TALLY.view(state, None)["phase"] == "auction":
        seat = next(iter(TALLY.pending(state)))
        order.append(seat)
        state, _ = TALLY.apply(state, seat, {"type": "pass", "label": "Pass"})
    assert order == [2, 0]  # every other player in turn, inside seat 1's turn


def test_filter_events_keeps_private_events_for_their_seat():
    events = [{"type": "a", "text": "all"}, {"type": "b", "text": "secret", "seats": [1]}]
    assert filter_events(events, 1) == events
    assert filter_events(events, 0) == events[:1]
    assert filter_events(events, None) == events[:1]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=2, max_value=5))
def test_playouts_replay_to_the_same_state(seed, players):
    out = play_game(TALLY, players, {"rounds": 3}, seed)
    assert canonical(replay(TALLY, players, {"rounds": 3}, seed, out.moves)) == canonical(out.state)


def test_views_never_carry_the_seed_or_rng():
    state = TALLY.new_game(3, {}, seed=123456789)
    for seat in (0, 1, 2, None):
        text = json.dumps(TALLY.full_view(state, seat))
        assert str(state["rng"]) not in text and "rng" not in text


def test_ask_plays_a_forced_single_option_at_once_and_asks_otherwise():
    from app.engine import Log, Step, StepGame
    from app.engine.steps import top

    class Pick(Step):
        kind = "pick"
        forced_single = True

        def text(self, game, state, frame, seat):
            return "Pick a number"

        def options(self, game, state, frame, seat):
            return [{"type": "pick", "n": n, "label": str(n)} for n in frame["choices"]]

        def resolve(self, game, state, frame, seat, action, log):
            state["steps"].pop()
            state["picked"] = action["n"]
            log.add("pick", f"@{seat} picks {action['n']}")

    class Picker(StepGame):
        id, title, min_players, max_players = "picker", "Picker", 1, 1
        step_types = (Pick,)

        def setup(self, num_players, options, state):
            state["steps"] = []

        def view(self, state, seat):
            return {}

    game, log = Picker(), Log()
    state = game.new_game(1, None, 0)
    assert game.ask(state, log, "pick", 0, choices=[7]) is None
    assert state["picked"] == 7 and top(state) is None and log.events[0]["text"] == "@0 picks 7"
    frame = game.ask(state, log, "pick", 0, choices=[1, 2])
    assert frame is top(state) and [a["n"] for a in game.legal(state, 0)] == [1, 2] and len(log.events) == 1
