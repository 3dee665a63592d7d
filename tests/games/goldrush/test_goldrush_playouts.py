"""Random full-game playouts with invariant checks, replays, and the heuristic bot against the random bot."""

import pytest
from goldrush_helpers import check_invariants

from app.engine import RandomBot
from app.engine.playout import canonical, play_game, replay
from app.games.goldrush import GAME
from app.games.goldrush.bot import HeuristicBot

CELLS = [(v, n) for v in ("basic", "full") for n in range(2, 7)]


def _check(state):
    check_invariants(state)
    for seat in GAME.pending(state):
        for a in GAME.legal(state, seat):
            assert a.get("label"), a


def _run(variant, n, seeds, **opts):
    for seed in seeds:
        po = play_game(GAME, n, {"variant": variant, **opts}, seed, check=_check)
        res = GAME.result(po.state)
        assert res is not None and res["winners"]
        assert len(po.moves) <= GAME.max_moves


@pytest.mark.parametrize("variant,n", CELLS)
def test_goldrush_random_playouts(variant, n):
    _run(variant, n, range(100))


@pytest.mark.parametrize("variant,n", CELLS)
def test_goldrush_random_playouts_equal_turns(variant, n):
    _run(variant, n, range(1000, 1010), equal_turns=True)


@pytest.mark.long
@pytest.mark.parametrize("variant,n", CELLS)
def test_goldrush_random_playouts_long(variant, n):
    _run(variant, n, range(10_000, 10_500))


@pytest.mark.parametrize("variant", ["basic", "full"])
def test_goldrush_replay_reproduces_final_state(variant):
    for seed in (3, 4):
        po = play_game(GAME, 4, {"variant": variant}, seed)
        again = replay(GAME, 4, {"variant": variant}, seed, po.moves)
        assert canonical(again) == canonical(po.state)


@pytest.mark.parametrize("variant", ["basic", "full"])
def test_goldrush_heuristic_beats_random(variant):
    wins = 0
    games = 60
    for seed in range(games):
        h = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[h] = HeuristicBot()
        po = play_game(GAME, 2, {"variant": variant}, seed, bots=bots)
        res = GAME.result(po.state)
        wins += res["winners"] == [h]
    assert wins / games >= 0.7


def test_goldrush_bots_are_registered_strongest_last():
    assert list(GAME.bots) == ["random", "heuristic"]


def test_goldrush_registered_and_options():
    from app.engine import get, load_games
    load_games()
    game = get("goldrush")
    assert game is GAME and game.min_players == 2 and game.max_players == 6
    opts = game.parse_options(None)
    assert opts.variant == "full" and opts.equal_turns is False and opts.first_player is None
    assert "variant" in game.options_schema()["properties"]
