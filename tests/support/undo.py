"""Looking for a kind of move in seeded random games, and taking moves back, for the undo tests of every game."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from app.engine.game import Game
from app.engine.undo import Trail

Position = tuple[dict, int, dict]  # state, the seat to move, the action it plays


def positions(game: Game, num_players: int, options: dict | None, seeds=range(40),
              max_moves: int = 400) -> Iterator[Position]:
    """Every move of seeded random games: the state before it, the seat and its action."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(num_players, options, seed)
        for _ in range(max_moves):
            if game.result(state) is not None:
                break
            seat = rng.choice(sorted(game.pending(state)))
            action = rng.choice(game.legal(state, seat))
            yield state, seat, action
            state, _ = game.apply(state, seat, action)


def first(game: Game, num_players: int, options: dict | None, want: Callable[[dict, int, dict], Any]) -> Position:
    """The first move of the seeded random games for which `want(state, seat, action)` holds."""
    found = next((p for p in positions(game, num_players, options) if want(*p)), None)
    assert found is not None, "no such move in the seeded games"
    return found


def moved(game: Game, state: dict, seat: int, action: dict, trail: Trail | None = None) -> tuple[dict, Trail]:
    """Play `action` and say what may be taken back afterwards (the trail starts at `state` unless given)."""
    trail = trail or Trail.start(0, state)
    after, _ = game.apply(state, seat, action)
    return after, trail.moved(game, trail.points[-1].version + 1, seat, action, state, after)
