"""Games recorded before a rewrite must play exactly as recorded (tests/support/goldens.py).

The default run replays every 10th recorded game; `-m long` replays them all.
"""

from __future__ import annotations

import pytest

from app import engine
from tests.support import goldens

RECORDED = [g for g in sorted(engine.all_games(), key=lambda g: g.id) if goldens.path_for(g.id).exists()]


def _check(game, rows):
    for row in rows:
        again = goldens.digest_game(game, row["players"], row["options"], row["seed"])
        assert again == row, f"{game.id} plays differently from its golden game {row}"


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g.id)
def test_golden_games_replay_identically(game):
    _check(game, goldens.load(game.id)[::10])


@pytest.mark.long
@pytest.mark.parametrize("game", RECORDED, ids=lambda g: g.id)
def test_all_golden_games_replay_identically(game):
    _check(game, goldens.load(game.id))
