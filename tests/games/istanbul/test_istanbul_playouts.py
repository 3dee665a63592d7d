"""Seeded whole games for every expansion option and player count: invariants after every move, the game ends
within a bound, scores recomputed from the state agree with the result, replaying the moves gives the same final
state, and views do not change when what the audience may not know is shuffled. The Grand Bazaar variant is one
more option here, so its guild cards go through the same hidden-information check.

Seat 0 is the heuristic bot and every other seat plays uniformly random legal actions, so games end in a few
dozen rounds (an all-random table rarely affords rubies and needs hundreds) while the random seats still try
every kind of action, card and place.
"""

from __future__ import annotations

import random

import pytest

from app.engine.game import Game
from app.engine.playout import canonical, replay
from app.games.istanbul import GAME
from app.games.istanbul.bot import IstanbulBot
from app.games.istanbul.scoring import tie_keys

OPTIONS = {"letters_and_seals": {"expansion": "letters_and_seals"}, "none": {"expansion": "none"},
           "grand_bazaar": {"expansion": "letters_and_seals", "variant": "grand_bazaar"}}
DEFAULT_GAMES = 20
LONG_GAMES = 500
MAX_ROUNDS = 400


def playout(n: int, options: dict, seed: int, check_hidden: bool = False) -> tuple[dict, list]:
    rng = random.Random(seed)
    bot = IstanbulBot()
    state = GAME.new_game(n, options, seed)
    moves = []
    while GAME.result(state) is None:
        assert state["round"] <= MAX_ROUNDS, f"no end after {MAX_ROUNDS} rounds (seed {seed})"
        seat = rng.choice(sorted(GAME.pending(state)))
        if seat == 0:
            action = bot.choose(GAME.full_view(state, seat), rng)
        else:
            action = rng.choice(GAME.legal(state, seat))
        if check_hidden and len(moves) % 7 == 0:
            audience = rng.choice([None, *range(n)])
            scrambled = GAME.scramble_hidden(state, audience, rng)
            assert Game.full_view(GAME, scrambled, audience) == GAME.full_view(state, audience)
        state, _ = GAME.apply(state, seat, action)
        GAME.invariants(state)
        moves.append((seat, action))
    return state, moves


def check_game(n: int, options: dict, seed: int, check_hidden: bool) -> None:
    state, moves = playout(n, options, seed, check_hidden)
    result = GAME.result(state)
    keys = tie_keys(state)
    assert result["scores"] == [k[0] for k in keys]
    best = max(keys)
    assert sorted(result["winners"]) == [s for s, k in enumerate(keys) if k == best]
    assert max(k[0] for k in keys) >= (6 if options.get("expansion") != "none" or n == 2 else 5)
    if seed % 5 == 0:
        assert canonical(replay(GAME, n, options, seed, moves)) == canonical(state)


@pytest.mark.parametrize("n", range(2, 6))
@pytest.mark.parametrize("option", OPTIONS)
def test_istanbul_seeded_games(option, n):
    for seed in range(DEFAULT_GAMES):
        check_game(n, OPTIONS[option], seed, check_hidden=seed % 4 == 0)


@pytest.mark.long
@pytest.mark.parametrize("n", range(2, 6))
@pytest.mark.parametrize("option", OPTIONS)
def test_istanbul_seeded_games_long(option, n):
    for seed in range(1000, 1000 + LONG_GAMES):
        check_game(n, OPTIONS[option], seed, check_hidden=seed % 10 == 0)


def test_random_layout_games():
    for seed in range(4):
        check_game(3, {"expansion": "letters_and_seals", "layout": "random", "bonus_cards": "new_only"}, seed, True)
        check_game(4, {"variant": "grand_bazaar", "layout": "random", "bonus_cards": "new_only"}, seed, True)
