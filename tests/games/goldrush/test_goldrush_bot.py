"""The heuristic bot: it buys the cards whose worth depends on what it owns, refreshes a worthless market, surveys
before exploring, plays nothing that gains nothing, and so no longer stalls 6-player full games into the round cap."""

import random

from goldrush_helpers import free, give, new

from app.engine.playout import play_game
from app.games.goldrush import GAME
from app.games.goldrush.bot import HeuristicBot
from app.games.goldrush.data import CARD


def _full_turn(market: list[str], hand: list[str], coins: int) -> dict:
    """Seat 0 of a 2-player full game at its actions, with this market, hand and coins."""
    s = new("full", 2)
    s["discard"]["m"] += s["players"][0]["hand"]
    s["players"][0]["hand"] = []
    s["discard"]["g"] += s["market"]
    s["market"] = [free(s, key)[0] for key in market]
    for key in hand:
        give(s, 0, key, 1, "hand")
    s["players"][0]["coins"] = coins
    s["turn_flags"]["price_mod"] = 0
    return s


def _choice(s: dict) -> dict:
    return HeuristicBot().choose(GAME.full_view(s, 0), random.Random(0))


def _key(card: int) -> str:
    return CARD[card]["key"]


def test_bot_buys_assay_office_and_siberian_bank():
    s = _full_turn(["G14", "G14", "G15", "G15"], [], 3)
    give(s, 0, "X01")  # a mine makes the Assay Office worth more
    choice = _choice(s)
    assert choice["type"] == "buy" and _key(choice["card"]) == "G14"
    s = _full_turn(["G15", "G15"], [], 3)
    assert _choice(s)["type"] == "buy"


def test_bot_plays_new_trends_when_nothing_is_worth_buying():
    s = _full_turn(["G13", "G13", "G01", "G01"], ["M23"], 0)
    choice = _choice(s)
    assert choice["type"] == "play" and _key(choice["card"]) == "M23"


def test_bot_surveys_before_it_explores():
    s = _full_turn(["G13"], ["M24"], 3)
    choice = _choice(s)
    assert choice["type"] == "play" and _key(choice["card"]) == "M24"


def test_bot_plays_no_rush_order_or_extra_washing_with_nothing_to_gain():
    s = _full_turn([], ["M17", "M18"], 0)
    assert _choice(s)["type"] == "end"
    give(s, 0, "G02")  # income 2: Rush Order now pays
    choice = _choice(s)
    assert choice["type"] == "play" and _key(choice["card"]) == "M17"


def test_six_heuristic_bots_finish_full_games_without_the_round_cap():
    reasons = [GAME.result(play_game(GAME, 6, {"variant": "full"}, seed,
                                     bots=[HeuristicBot() for _ in range(6)]).state)["reason"] for seed in range(6)]
    assert "round cap" not in reasons
