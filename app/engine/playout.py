"""Whole games without a server: bot playouts and replays, for tests, benchmarks and crash recovery."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .bot import Bot, RandomBot
from .game import Action, Event, Game, State


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


def replay(game: Game, num_players: int, options: dict[str, Any] | None, seed: int,
           moves: list[tuple[int, Action]]) -> State:
    """Rebuild a game's state from its seed and move log."""
    state = game.new_game(num_players, options, seed)
    for seat, action in moves:
        state, _ = game.apply(state, seat, action)
    return state


def canonical(state: State) -> str:
    """A stable text form, for comparing states."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))
