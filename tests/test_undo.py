"""Taking back moves in the engine, for every registered game: what may be taken back shows the mover nothing new,
and a move log with undo rows replays to the live game (app/engine/undo.py, app/engine/playout.py)."""

from __future__ import annotations

import random

import pytest

from app.engine import registry
from app.engine.errors import GameError, NotUndoable, NotYourTurn
from app.engine.game import copy_state
from app.engine.playout import canonical, replay, states, undo_trail
from app.engine.undo import Trail, has_undo_points, take_back, undo_action, undoable
from tests.support.undo import positions

registry.load_games()
GAMES = [g for g in registry.all_games() if g.id != "tally"]
WITH_UNDO = [g for g in GAMES if has_undo_points(g)]


def _players(game, seed: int) -> int:
    return game.min_players if seed % 2 else min(game.max_players, game.min_players + 2)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_what_a_seat_may_take_back_shows_it_nothing_it_did_not_know(game):
    """Every undoable move of seeded random games, played again on a state where everything the mover may not know
    was changed at random, gives the mover the same view: the move showed it nothing hidden."""
    seen = 0
    for seed in range(3):
        for state, seat, action in positions(game, _players(game, seed), None, seeds=[seed], max_moves=300):
            after, _ = game.apply(state, seat, action)
            if not undoable(game, state, seat, action, after):
                continue
            seen += 1
            assert state["rng"] == after["rng"] and sorted(game.pending(after)) == [seat]
            scrambled = game.scramble_hidden(state, seat, random.Random(seen))
            if scrambled is not None:
                again, _ = game.apply(scrambled, seat, action)
                assert game.full_view(again, seat) == game.full_view(after, seat), (seed, action)
    assert (seen > 0) == has_undo_points(game)


def _play_with_undos(game, num_players: int, seed: int, max_moves: int = 250):
    """A random game whose players take back about half of what they may; returns the log and the live state."""
    rng = random.Random(seed)
    state = game.new_game(num_players, None, seed)
    trail = Trail.start(0, state)
    log, undos = [], 0
    while len(log) < max_moves and game.result(state) is None:
        seat = rng.choice(sorted(game.pending(state)))
        point = trail.target(seat)
        if point is not None and rng.random() < 0.5:
            log.append((seat, undo_action(point.version)))
            state, trail = copy_state(point.state), trail.undone()
            undos += 1
            continue
        action = rng.choice(game.legal(state, seat))
        before = state
        state, _ = game.apply(before, seat, action)
        log.append((seat, action))
        trail = trail.moved(game, len(log), seat, action, before, state)
    return log, state, undos


@pytest.mark.parametrize("game", WITH_UNDO, ids=lambda g: g.id)
def test_a_log_with_undo_rows_replays_to_the_live_game(game):
    undos = 0
    for seed in range(3):
        n = _players(game, seed)
        log, live, taken = _play_with_undos(game, n, seed)
        undos += taken
        assert canonical(replay(game, n, None, seed, log)) == canonical(live)
        walked = {}
        for version, state, events in states(game, n, None, seed, log):
            walked[version] = canonical(state)
            if version and log[version - 1][1]["type"] == "undo":
                to = log[version - 1][1]["to"]
                assert walked[version] == walked[to]  # an undo row is the state after move `to` again
                assert [e["type"] for e in events] == ["undo"] and "took back" in events[0]["text"]
        assert len(walked) == len(log) + 1
    assert undos > 0


def test_a_log_cannot_take_back_what_the_table_could_not():
    game = registry.get("goldrush")
    options = {"variant": "full", "first_player": 0}
    state = game.new_game(2, options, 3)
    buy = next(a for a in game.legal(state, 0) if a["type"] == "buy")
    with pytest.raises(NotUndoable):  # nothing played yet: the start of a turn
        undo_trail(game, 2, options, 3, [(0, undo_action(0))])
    with pytest.raises(NotYourTurn):  # only the player whose turn it is
        undo_trail(game, 2, options, 3, [(0, buy), (1, undo_action(0))])
    with pytest.raises(NotUndoable):  # one move back, not further
        undo_trail(game, 2, options, 3, [(0, buy), (0, undo_action(-1))])
    state, trail = undo_trail(game, 2, options, 3, [(0, buy), (0, undo_action(0))])
    assert canonical(state) == canonical(game.new_game(2, options, 3)) and trail.target(0) is None


def test_a_move_made_for_a_seat_whose_clock_ran_out_cannot_be_taken_back():
    game = registry.get("goldrush")
    state = game.new_game(2, {"variant": "full", "first_player": 0}, 3)
    buy = next(a for a in game.legal(state, 0) if a["type"] == "buy")
    after, _ = game.apply(state, 0, buy)
    assert Trail.start(0, state).moved(game, 1, 0, buy, state, after).target(0).version == 0
    forced = Trail.start(0, state).moved(game, 1, 0, buy, state, after, forced=True)
    with pytest.raises(GameError) as refused:
        take_back(game, forced, after, 0)
    assert refused.value.code == "not_undoable"
