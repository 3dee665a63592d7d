"""The game protocol, errors, seeded randomness, registry and bots. Imports nothing from the web layer."""

from .bot import Bot, RandomBot
from .errors import BadOptions, GameError, GameOver, IllegalAction, NotYourTurn
from .game import Action, Event, Game, NoOptions, Prompt, State, action_key, filter_events, match_action
from .kit import (BaseOptions, Log, Pile, deal, event, first_seat, join_words, one_per_design, plural, result_of,
                  seat_list, seat_ref, seat_words, seats_from, standings, winners, winners_say,
                  winners_text)
from .text import N_, Text, english, said, t, tn, words
from .registry import all_games, get, load_games, register
from .rng import Rng
from .steps import Step, StepGame

__all__ = [
    "Action", "BadOptions", "BaseOptions", "Bot", "Event", "Game", "GameError", "GameOver", "IllegalAction", "Log",
    "NoOptions", "NotYourTurn", "Pile", "Prompt", "RandomBot", "Rng", "State", "Step", "StepGame", "action_key",
    "all_games", "deal", "event", "filter_events", "first_seat", "get", "join_words", "load_games", "match_action",
    "one_per_design", "plural", "register", "result_of", "seat_list", "seat_ref", "seats_from", "standings",
    "winners", "winners_text", "N_", "Text", "english", "said", "t", "tn", "words", "seat_words", "winners_say",
]
