"""Property tests for The River: any seed, player count and bot mix keeps the invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import RandomBot
from app.engine.playout import canonical, play_game, replay
from app.games.river import GAME
from app.games.river.bot import RiverBot
from test_river_playouts import check


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), mix=st.lists(st.booleans(), min_size=2, max_size=4),
       first=st.one_of(st.none(), st.integers(0, 3)))
def test_river_any_game_keeps_invariants_and_replays(seed, mix, first):
    n = len(mix)
    options = {"first_player": first if first is None or first < n else None}
    bots = [RiverBot() if m else RandomBot() for m in mix]
    out = play_game(GAME, n, options, seed, bots=bots, check=check)
    assert GAME.result(out.state) is not None
    assert canonical(replay(GAME, n, options, seed, out.moves)) == canonical(out.state)
