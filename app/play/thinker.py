"""The thinking pool's worker side (app/play/thinking.py): a search bot's move, in a process of its own.

The pool's forkserver preloads this module, so every worker it forks starts with the games already loaded.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from app import engine
from app.engine import search

engine.load_games()


def think(game_id: str, state: dict[str, Any], seat: int, budget: search.Budget, seed: int,
          deadline_at: float) -> dict[str, Any]:
    """The search's move for `seat`, stopped at `deadline_at` (epoch seconds, counted from when the move was asked
    for: time spent in the queue is taken off the thinking). Past it, the search gives the heuristic's move."""
    left = max(0.0, deadline_at - time.time())
    budget = replace(budget, seconds=min(budget.seconds if budget.seconds is not None else left, left))
    return search.search(engine.get(game_id), state, seat, budget, seed).action


def ready() -> bool:
    """Answered by a worker once it runs: the pool is warm."""
    return True
