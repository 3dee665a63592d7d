"""The game protocol, errors, seeded randomness, registry and bots. Imports nothing from the web layer."""

from .bot import Bot, RandomBot
from .errors import BadOptions, GameError, GameOver, IllegalAction, NotYourTurn
from .game import Action, Event, Game, NoOptions, Prompt, State, filter_events
from .registry import all_games, get, load_games, register
from .rng import Rng

__all__ = [
    "Action", "BadOptions", "Bot", "Event", "Game", "GameError", "GameOver", "IllegalAction", "NoOptions",
    "NotYourTurn", "Prompt", "RandomBot", "Rng", "State", "all_games", "filter_events", "get", "load_games", "register",
]
