"""The clock arithmetic (app/play/clocks.py) and the timeout decision of every registered game.

The platform makes a timeout move from `Game.timeout_action`, or else from the game's strongest bot; either way
the move must be one the seat could have made, so it goes through the ordinary move checks and replays exactly.
"""

from __future__ import annotations

import random

import pytest

from app import engine
from app.engine.game import match_action
from app.lobby import timing as clocks
from tests.support.tally import TALLY

REALTIME = {"mode": "realtime", "bank_s": 60, "increment_s": 5}
TURN_BASED = {"mode": "turn_based", "deadline_h": 12}
HOUR = 3600 * 1000


def test_a_realtime_bank_runs_only_while_its_seat_is_awaited_and_gains_the_increment():
    clock = clocks.start_clock(REALTIME, 3, [0, 1], humans={0, 1, 2}, at_ms=1_000)
    assert clock.left_ms == {0: 60_000, 1: 60_000, 2: 60_000}
    assert clock.deadline_ms == 61_000
    # Seat 0 decides after 10 s; seat 1 is still deciding (a simultaneous choice) and seat 2 is now awaited too.
    after = clocks.after_move(REALTIME, clock, mover=0, timed_out=False, version=1, waiting=[1, 2],
                              humans={0, 1, 2}, at_ms=11_000)
    assert after.left_ms == {0: 55_000, 1: 50_000, 2: 60_000}
    assert after.deadline_ms == 11_000 + 50_000
    assert clocks.envelope_fields(REALTIME, after, {0, 1, 2}) == {
        "clocks": {"0": {"left_ms": 55_000, "running": False}, "1": {"left_ms": 50_000, "running": True},
                   "2": {"left_ms": 60_000, "running": True}}, "clock_at": 11_000}


def test_timeouts_in_a_row_are_counted_and_a_move_of_ones_own_clears_them():
    clock = clocks.start_clock(REALTIME, 2, [0], humans={0, 1}, at_ms=0)
    once = clocks.after_move(REALTIME, clock, mover=0, timed_out=True, version=1, waiting=[0], humans={0, 1},
                             at_ms=60_000)
    assert once.strikes == {0: 1} and once.left_ms[0] == 5_000  # an empty bank, plus the increment
    twice = clocks.after_move(REALTIME, once, mover=0, timed_out=True, version=2, waiting=[1], humans={0, 1},
                              at_ms=65_000)
    assert twice.strikes[0] == clocks.ZOMBIE_AFTER
    cleared = clocks.after_move(REALTIME, once, mover=0, timed_out=False, version=2, waiting=[1], humans={0, 1},
                                at_ms=61_000)
    assert cleared.strikes[0] == 0 and cleared.row()["strikes"] == {}


def test_a_turn_based_deadline_is_fresh_for_every_decision_and_bots_have_none():
    clock = clocks.start_clock(TURN_BASED, 2, [0, 1], humans={0}, at_ms=0)
    assert clock.deadline_ms == 12 * HOUR  # seat 1 is a bot: no deadline of its own
    later = clocks.after_move(TURN_BASED, clock, mover=0, timed_out=False, version=1, waiting=[0], humans={0},
                              at_ms=5 * HOUR)
    assert later.left_ms[0] == 12 * HOUR and later.deadline_ms == 17 * HOUR
    # Nobody to wait for but bots: nothing to fire.
    idle = clocks.after_move(TURN_BASED, later, mover=0, timed_out=False, version=2, waiting=[1], humans={0},
                             at_ms=6 * HOUR)
    assert idle.deadline_ms is None


def test_a_seat_taken_back_gets_a_fair_restart_and_a_bot_taking_over_stops_a_clock():
    clock = clocks.start_clock(REALTIME, 2, [0, 1], humans={0, 1}, at_ms=0)
    bot_took_0 = clocks.rebased(REALTIME, clock, {0, 1}, {1}, at_ms=59_000)
    assert bot_took_0.left_ms == {0: 1_000, 1: 1_000} and bot_took_0.deadline_ms == 60_000
    back = clocks.rebased(REALTIME, bot_took_0, {1}, {0, 1}, at_ms=59_500, reclaimed=0)
    assert back.left_ms[0] == clocks.RECLAIM_FLOOR_MS and back.left_ms[1] == 500


def test_relaxed_tables_carry_no_clocks_and_never_have_deadlines():
    clock = clocks.start_clock(None, 2, [0], humans={0, 1}, at_ms=0)
    assert clock.deadline_ms is None and clocks.envelope_fields({"mode": "relaxed"}, clock, {0, 1}) == {}


def test_a_resignation_is_recorded_and_a_resigned_player_cannot_win():
    result = {"scores": [9, 7, 7], "winners": [0], "text": "Most points wins."}
    assert clocks.with_resignations(result, set()) is result
    assert clocks.with_resignations(result, {0}) == {**result, "winners": [1, 2], "resigned": [0]}
    assert clocks.with_resignations(result, {2})["winners"] == [0]


def test_presence_counts_a_player_away_once_their_heartbeats_stop():
    class S:
        presence_beat_s = 10
    assert clocks.absent_since(None, 100_000, S) == 0  # never seen at the table
    assert clocks.absent_since(90_000, 100_000, S) is None
    assert clocks.absent_since(50_000, 100_000, S) == 80_000


def test_tally_declares_its_own_timeout_rule_and_leaves_the_rest_to_a_bot():
    state = TALLY.new_game(2, {"rounds": 1, "first_player": 0}, seed=3)
    assert TALLY.timeout_action(state, 0) == {"type": "pick", "n": 1, "label": "Pick 1"}
    for seat in (0, 1):
        state, _ = TALLY.apply(state, seat, TALLY.timeout_action(state, seat))
    assert state["phase"] == "main" and TALLY.timeout_action(state, 0) is None


@pytest.mark.parametrize("game", engine.all_games(), ids=lambda g: g.id)
def test_every_games_timeout_move_is_a_legal_move(game):
    """At positions along bot playouts, for every awaited seat: the game's timeout rule, or its strongest bot's
    choice from that seat's view, is one of the seat's legal actions (what the platform plays when time runs out)."""
    strongest = list(game.bots.values())[-1]()
    rng = random.Random(11)
    for seed in range(3):
        state = game.new_game(game.min_players, {}, seed)
        for _ in range(60):
            pending = sorted(game.pending(state))
            if not pending:
                break
            for seat in pending:
                action = game.timeout_action(state, seat)
                if action is None:
                    action = strongest.choose(game.full_view(state, seat), random.Random(seed))
                assert match_action(action, game.legal(state, seat)) is not None, (game.id, seat, action)
            seat = rng.choice(pending)
            state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
