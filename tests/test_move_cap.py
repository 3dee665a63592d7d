"""The hard move cap (issue #27 item 12): a game still going after its game's cap of moves stops there, ranked as the
players stand, and says so in three languages. A bot table that never reaches the end can no longer run forever."""

from __future__ import annotations

import random

import pytest

from app import engine, i18n
from app.engine import GameOver, RandomBot
from app.engine.playout import canonical, play_game, replay
from app.engine.text import messages_in, names_in
from app.games.goldrush.bot import HeuristicBot
from tests.support.goldens import load

GAMES = ["goldrush", "river", "goldwest", "istanbul", "jambo"]


def _random_game_to(game, players: int, seed: int, cap: int):
    """A random game played until it ends; returns its moves, final state and every event."""
    return play_game(game, players, None, seed, bots=[RandomBot() for _ in range(players)], max_moves=cap + 1)


def test_gold_rush_bots_without_the_safety_end_stop_at_the_move_cap():
    """Six heuristic bots in the full game with "End a stalled game" off stall from round 8 on (seed 14): the game
    stops after 3,000 moves, most VP winning, instead of running forever."""
    game = engine.get("goldrush")
    options = {"variant": "full", "safety_end": False}
    out = play_game(game, 6, options, 14, bots=[HeuristicBot() for _ in range(6)])
    result = game.result(out.state)
    assert len(out.moves) == game.move_cap == 3000
    assert result["capped"] == 3000 and result["reason"] == "move limit"
    assert result["text"].endswith("stopped at the limit of 3000 moves")
    keys = list(zip(result["scores"], result["coins"]))  # most VP, ties to more coins
    assert result["winners"] == [s for s, key in enumerate(keys) if key == max(keys)]
    assert any(e["type"] == "move_cap" for e in out.events)
    game.invariants(out.state)


def test_every_game_has_a_move_cap_several_times_its_longest_golden_game():
    for game_id in GAMES:
        game = engine.get(game_id)
        longest = max(case["moves"] for case in load(game_id))
        assert game.move_cap is not None and game.move_cap >= 3 * longest, (game_id, game.move_cap, longest)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_at_its_move_cap_ends_with_the_standings_as_they_are(game_id, monkeypatch):
    game = engine.get(game_id)
    monkeypatch.setattr(type(game), "move_cap", 25)
    players = game.max_players
    out = _random_game_to(game, players, 5, 25)
    result = game.result(out.state)
    assert len(out.moves) == 25 and result["capped"] == 25
    assert result["text"].endswith("stopped at the limit of 25 moves")
    assert result["winners"] and len(result["scores"]) == players
    assert game.pending(out.state) == {}
    game.invariants(out.state)
    seat = random.Random(1).randrange(players)
    with pytest.raises(GameOver):
        game.apply(out.state, seat, {"type": "anything"})
    # the count lives in the state: a replay of the same moves stops at the same place
    assert canonical(replay(game, players, None, 5, out.moves)) == canonical(out.state)
    capped = [e for e in out.events if e["type"] == "move_cap"]
    assert len(capped) == 1 and "seats" not in capped[0]


@pytest.mark.parametrize("lang", ["ru", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_cap_is_said_in_every_language(game_id, lang, monkeypatch):
    game = engine.get(game_id)
    monkeypatch.setattr(type(game), "move_cap", 25)
    out = _random_game_to(game, game.max_players, 5, 25)
    known = {}
    for source in (i18n.catalogue(lang), i18n.game_catalogue(game_id, lang)):
        for m in source:
            if m.id and m.string:
                known[m.id[0] if isinstance(m.id, tuple) else m.id] = m.string
    shown = [game.result(out.state)["say"], *[e["say"] for e in out.events if e["type"] == "move_cap"]]
    for say in shown:
        for msg in messages_in(say):
            key = msg[0] if isinstance(msg, tuple) else msg
            assert key in known, (lang, key)
    assert all(name in known for say in shown for name in names_in(say)
               if not name.isdigit()), [n for say in shown for n in names_in(say) if n not in known]


def test_games_that_end_by_themselves_never_count_as_capped():
    """The cap changes nothing in a game that ends on its own (the golden digests hold this for every view)."""
    game = engine.get("goldrush")
    out = play_game(game, 4, {"variant": "full"}, 3)
    assert "capped" not in game.result(out.state)
    assert out.state["moves_made"] == len(out.moves)
