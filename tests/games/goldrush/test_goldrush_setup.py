"""Table options and the deal for every player count, in both games."""

from __future__ import annotations

from goldrush_helpers import check_invariants

from app.games.goldrush import GAME
from app.games.goldrush.data import CARD


# ---- options (issue): variant basic|full (default full), equal_turns (default off), first_player (default random)
def test_options_defaults():
    o = GAME.parse_options({})
    assert (o.variant, o.equal_turns, o.first_player) == ("full", False, None)
    firsts = {GAME.new_game(3, {}, seed)["first"] for seed in range(30)}
    assert firsts == {0, 1, 2}


# ---- set-up for every player count (spec 2.1, 3.1)
def test_setup_every_player_count():
    for n in range(2, 7):
        b = GAME.new_game(n, {"variant": "basic", "first_player": n - 1}, n)
        assert len(b["market"]) == 4 and len(b["row"]) == 14 - n and all(p["secret"] is not None for p in b["players"])
        assert len(b["deck"]["g"]) == 69 - 4 and not b["deck"]["x"] and not b["deck"]["m"] and not b["deck"]["e"]
        assert b["turn"] == n - 1 and b["players"][n - 1]["coins"] == 2
        assert all(p["coins"] == 0 for p in b["players"][: n - 1])
        assert all(not p["hand"] and not p["area"] for p in b["players"]) and b["industrialist"] is None
        check_invariants(b)
        f = GAME.new_game(n, {"variant": "full", "first_player": 0}, n)
        assert len(f["deck"]["x"]) == 26 and len(f["discard"]["e"]) == 1 and f["row"] == []
        assert [len(p["hand"]) for p in f["players"]] == [2] + [0] * (n - 1)
        bonus = 1 if CARD[f["event"]]["key"] == "V06" else 0  # the first event may be Market Day
        assert all(p["coins"] == 2 + bonus for p in f["players"][1:]) and all(p["secret"] is None for p in f["players"])
        check_invariants(f)
