"""The heuristic bot plays from its view only and beats a random player clearly (bench/bench_istanbul.py measures
the rate over 200 games; here a small seeded sample keeps the suite quick)."""

from __future__ import annotations

from app.engine import RandomBot
from app.engine.playout import play_game
from app.games.istanbul import GAME
from app.games.istanbul.bot import IstanbulBot


def test_heuristic_bot_beats_the_random_bot():
    wins = 0
    for seed in range(8):
        for expansion in ("letters_and_seals", "none"):
            bots = [RandomBot(), RandomBot()]
            bots[seed % 2] = IstanbulBot()
            state = play_game(GAME, 2, {"expansion": expansion}, seed, bots=bots).state
            wins += GAME.result(state)["winners"] == [seed % 2]
    assert wins >= 14


def test_heuristic_bots_finish_a_five_player_game():
    out = play_game(GAME, 5, {}, 3, bots=[IstanbulBot() for _ in range(5)], check=GAME.invariants)
    result = GAME.result(out.state)
    assert max(result["scores"]) >= 6 and out.state["round"] < 60


def test_heuristic_bot_wins_grand_bazaar_games_and_four_bots_finish_one():
    wins = 0
    for seed in range(6):
        bots = [RandomBot(), RandomBot()]
        bots[seed % 2] = IstanbulBot()
        state = play_game(GAME, 2, {"variant": "grand_bazaar"}, seed, bots=bots).state
        wins += GAME.result(state)["winners"] == [seed % 2]
    assert wins >= 5
    out = play_game(GAME, 4, {"variant": "grand_bazaar"}, 5, bots=[IstanbulBot() for _ in range(4)],
                    check=GAME.invariants)
    assert max(GAME.result(out.state)["scores"]) >= 6 and out.state["round"] < 60
