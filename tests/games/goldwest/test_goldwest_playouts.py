"""Seeded random games of Gold West for every player count and option: invariants after every move (components
conserved, nothing negative, VP equal to their sources, final scores recomputed from the state), the game's length
(12 rounds, 10 with 4 players, then one last turn each without building), and replays from the seed."""

from __future__ import annotations

import random

import pytest

from app.engine import RandomBot
from app.engine.playout import canonical, play_game, replay
from app.games.goldwest import GAME
from app.games.goldwest import data as D
from app.games.goldwest.bot import GoldWestBot
from app.games.goldwest.scoring import final_scores

VARIANTS = [{}, {"trading_post": True, "bandits": True}]


def random_game(n: int, options: dict, seed: int) -> tuple[dict, list[tuple[int, dict, str]]]:
    """A random game checked after every move; returns the end state and (seat, action, phase) per move."""
    rng = random.Random(seed)
    state = GAME.new_game(n, options, seed)
    moves = []
    while GAME.result(state) is None:
        assert len(moves) < GAME.max_moves, f"no end after {len(moves)} moves (seed {seed})"
        seat = rng.choice(sorted(GAME.pending(state)))
        action = rng.choice(GAME.legal(state, seat))
        phase = state["phase"]
        state, _ = GAME.apply(state, seat, action)
        GAME.invariants(state)
        moves.append((seat, action, phase))
    return state, moves


def check_game(n: int, options: dict, seed: int) -> None:
    state, moves = random_game(n, options, seed)
    result = GAME.result(state)
    assert result["scores"] == final_scores(state)[0]
    assert all(sum(line["points"] for line in lines) == score
               for lines, score in zip(result["breakdown"], result["scores"]))
    builds = [seat for seat, action, _ in moves if action["type"] == "build"]
    assert all(phase == "normal" for _, action, phase in moves if action["type"] in ("build", "place"))
    assert state["round"] == D.CAMPS[n]
    for seat, player in enumerate(state["players"]):
        assert player["camps"] == 0 and builds.count(seat) == D.CAMPS[n]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant(n):
    for seed in range(100):
        check_game(n, VARIANTS[seed % 2], seed)


@pytest.mark.long
@pytest.mark.parametrize("options", VARIANTS, ids=["base", "trading_post+bandits"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant_long(n, options):
    for seed in range(1000, 1500):
        check_game(n, options, seed)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_replaying_the_seed_and_moves_gives_the_same_game(n):
    for seed in range(3):
        out = play_game(GAME, n, {"trading_post": seed == 1}, seed, bots=[GoldWestBot() for _ in range(n)])
        again = replay(GAME, n, {"trading_post": seed == 1}, seed, out.moves)
        assert canonical(again) == canonical(out.state)


def test_the_last_turns_start_with_the_next_player_and_have_no_build():
    state = GAME.new_game(3, {"first_player": 1}, 7)
    rng = random.Random(7)
    last_turns = []
    while GAME.result(state) is None:
        seat = next(iter(GAME.pending(state)))
        if state["phase"] == "final" and (not last_turns or last_turns[-1] != seat):
            last_turns.append(seat)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    assert last_turns == [1, 2, 0]


def test_the_heuristic_bot_beats_random_bots():
    wins = 0
    for seed in range(10):
        bots = [GoldWestBot(), RandomBot(), RandomBot()]
        wins += GAME.result(play_game(GAME, 3, None, seed, bots=bots).state)["winners"] == [0]
    assert wins >= 8
