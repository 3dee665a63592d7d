"""Where games are found by id. Game packages call `register` on import; `load_games` imports them."""

from __future__ import annotations

import importlib
import os

from .game import Game

_GAMES: dict[str, Game] = {}

# Every game package under app/games; `race` is the benchmark micro-game, loaded only on request.
GAME_PACKAGES = ["jambo", "river", "goldrush", "goldwest", "istanbul"]
BENCH_PACKAGES = ["race"]


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game | None:
    return _GAMES.get(game_id)


def all_games() -> list[Game]:
    return list(_GAMES.values())


def load_games() -> None:
    """Import the game packages (each registers itself); missing ones are simply not offered.

    BOARDHALL_EXTRA_GAMES="module:ATTR,..." registers more Game objects (the tests' Tally game, plugins).
    """
    names = list(GAME_PACKAGES)
    if os.environ.get("BOARDHALL_BENCH_GAMES") == "1":
        names += BENCH_PACKAGES
    for name in names:
        try:
            importlib.import_module(f"app.games.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"app.games.{name}":
                raise
    for spec in filter(None, os.environ.get("BOARDHALL_EXTRA_GAMES", "").split(",")):
        module, _, attr = spec.strip().partition(":")
        register(getattr(importlib.import_module(module), attr))
