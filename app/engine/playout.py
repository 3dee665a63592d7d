"""Whole games without a server: bot playouts and replays, for tests, benchmarks, crash recovery and replays.

A move log is a list of `(seat, action)`; move i (from 1) makes version i. Undo rows (`{"type": "undo", "to": V}`,
app/engine/undo.py) set the state back to the state after move V and are checked like any move.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .bot import Bot, RandomBot
from .errors import NotUndoable
from .game import Action, Event, Game, State, copy_state
from .undo import UNDO, Trail, is_undo, take_back

__all__ = ["UNDO", "Playout", "canonical", "is_undo", "play_game", "replay", "states", "undo_trail", "walk"]


@dataclass
class Playout:
    state: State
    moves: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def play_game(
    game: Game,
    num_players: int,
    options: dict[str, Any] | None,
    seed: int,
    bots: list[Bot] | None = None,
    check: Callable[[State], None] | None = None,
    max_moves: int | None = None,
) -> Playout:
    """Play a game to its end with one bot per seat (random by default), checking `check` after every move.

    When several seats are pending at once, the one to move next is drawn at random, so
    simultaneous choices arrive in every order over many seeds.
    """
    rng = random.Random(seed)
    bots = bots or [RandomBot() for _ in range(num_players)]
    state = game.new_game(num_players, options, seed)
    out = Playout(state)
    limit = max_moves or game.max_moves
    if check:
        check(state)
    while game.result(state) is None:
        if len(out.moves) >= limit:
            raise AssertionError(f"{game.id}: no result after {limit} moves (seed {seed})")
        pending = sorted(game.pending(state))
        if not pending:
            raise AssertionError(f"{game.id}: nobody to move and no result (seed {seed})")
        seat = rng.choice(pending)
        view = game.full_view(state, seat)
        if not view["legal"]:
            raise AssertionError(f"{game.id}: seat {seat} pending with no legal action (seed {seed})")
        action = bots[seat].choose(view, rng)
        state, events = game.apply(state, seat, action)
        out.moves.append((seat, action))
        out.events.extend(events)
        if check:
            check(state)
    out.state = state
    return out


Moves = list[tuple[int, Action]]


def walk(game: Game, num_players: int, options: dict[str, Any] | None, seed: int,
         moves: Moves) -> Iterator[tuple[int, State, list[Event], Trail]]:
    """(version, state, events, undo trail) for the deal (version 0) and after every move of the log.

    Every move is checked (`Game.apply`, `undo.take_back`): a log the table could not have made raises a GameError.
    The yielded states are the walk's own and are kept for later undo rows: copy one before changing it.
    """
    state, events = game.start(num_players, options, seed)
    trail = Trail.start(0, state)
    yield 0, state, events, trail
    for version, (seat, action) in enumerate(moves, start=1):
        if is_undo(action):
            point = take_back(game, trail, state, seat)
            if point.version != action["to"]:
                raise NotUndoable(f"move {version} takes back to version {action['to']}, but @{seat} may only go "
                                  f"back to version {point.version}")
            events = [trail.took_back(seat)]
            state, trail = copy_state(point.state), trail.undone()
        else:
            before = state
            state, events = game.apply(before, seat, action)
            trail = trail.moved(game, version, seat, action, before, state)
        yield version, state, events, trail


def states(game: Game, num_players: int, options: dict[str, Any] | None, seed: int,
           moves: Moves) -> Iterator[tuple[int, State, list[Event]]]:
    """(version, state, events) for the deal and after every move, undo rows included (their event is the "took
    back" line the table logged). Read-only states, as in `walk`."""
    for version, state, events, _ in walk(game, num_players, options, seed, moves):
        yield version, state, events


def replay(game: Game, num_players: int, options: dict[str, Any] | None, seed: int, moves: Moves) -> State:
    """Rebuild a game's state from its seed and move log (undo rows included)."""
    return undo_trail(game, num_players, options, seed, moves)[0]


def undo_trail(game: Game, num_players: int, options: dict[str, Any] | None, seed: int,
               moves: Moves) -> tuple[State, Trail]:
    """The state after the whole log, and the trail of states its last seat may take back to."""
    state, trail = None, None
    for _, state, _, trail in walk(game, num_players, options, seed, moves):
        pass
    assert state is not None and trail is not None
    return state, trail


def canonical(state: State) -> str:
    """A stable text form, for comparing states."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))
