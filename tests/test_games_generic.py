"""Checks every registered game must pass, whatever its rules: the shared contract of the engine protocol."""

from __future__ import annotations

import json

import pytest

from app import engine
from app.engine.playout import canonical, play_game, replay

GAMES = sorted((g for g in engine.all_games()), key=lambda g: g.id)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_metadata_and_options_schema(game):
    assert 1 <= game.min_players <= game.max_players <= 6
    schema = game.options_schema()
    assert schema["type"] == "object"
    assert "first_player" in schema.get("properties", {}), "first-player rules become a host choice (RULINGS.md)"
    game.parse_options({})  # every option has a default
    assert list(game.bots)[0] == "random"
    json.dumps(game.catalogue())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("seed", range(3))
def test_playout_contract(game, seed):
    """Random games end; every pending seat has labelled legal actions; views are JSON without the rng; replays agree."""
    n = game.max_players
    checked = []

    def check(state):
        json.dumps(state)
        rng_text = str(state["rng"])
        pending = game.pending(state)
        if len(checked) % 7 == 0:
            for seat in [*range(n), None]:
                view = game.full_view(state, seat)
                text = json.dumps(view)
                assert rng_text not in text
                if seat in pending:
                    assert view["legal"] and all(isinstance(a.get("label"), str) and a["label"] for a in view["legal"])
                else:
                    assert view["legal"] == []
        checked.append(1)

    out = play_game(game, n, {}, seed, check=check)
    result = game.result(out.state)
    assert len(result["scores"]) == n and result["winners"]
    assert canonical(replay(game, n, {}, seed, out.moves)) == canonical(out.state)
    for event in out.events:
        assert isinstance(event.get("text"), str) and isinstance(event.get("type"), str)
