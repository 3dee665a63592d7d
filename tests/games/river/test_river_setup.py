"""The River's components and set-up (spec sections 1, 2.2 and 4): counts, the board, the tie order, the draft."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine import BadOptions
from app.games.river import GAME
from app.games.river import data as C
from river_helpers import act, each


def test_components_counts_match_spec():
    assert C.RIVER_LENGTH == 18 and C.NUM_BUOYS == 8
    assert C.NUM_EQUIPMENT == 18 and C.NUM_DISCOVERIES == 56 and C.NUM_CARDS == 74
    assert Counter(C.EQUIPMENT_TYPE) == {t: 3 for t in range(6)}
    fronts = Counter(C.FRONT.values())
    assert fronts == {f: 8 for f in range(7)}
    for f in range(6):
        vals = sorted(C.VALUE[c] for c in C.DISCOVERY_IDS if C.FRONT[c] == f)
        assert vals == [1, 2, 2, 3, 3, 4, 4, 5]
    clover = sorted(C.VALUE[c] for c in C.DISCOVERY_IDS if C.FRONT[c] == C.CLOVER)
    assert clover == [1, 1, 2, 2, 2, 3, 3, 4]
    assert sorted(C.TOKENS) == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_river_buoys_barge_and_supplies(n):
    s = GAME.new_game(n, None, 7)
    assert len(s["buoys"]) == 8 and len(set(s["buoys"])) == 8
    assert all(1 <= b <= 16 for b in s["buoys"])
    assert 1 <= s["barge"] <= 16 and s["barge"] not in s["buoys"]
    assert sorted(s["cargo"]) == list(range(18))
    assert sorted(s["deck"]) == C.DISCOVERY_IDS
    assert each(s, "pos") == [0] * n
    assert all(sorted(h) == [0, 1, 2, 3, 4, 5] for h in each(s, "hand"))
    assert sorted(s["tiebreak"]) == list(range(n))
    assert s["phase"] == "draft"


def test_setup_first_player_option_sets_tiebreak_order():
    s = GAME.new_game(3, {"first_player": 2}, 5)
    assert s["tiebreak"] == [2, 0, 1]


def test_setup_random_tiebreak_varies_with_seed():
    orders = {tuple(GAME.new_game(4, None, seed)["tiebreak"]) for seed in range(30)}
    assert len(orders) > 3


def test_draft_in_reverse_seat_order_and_rest_is_cargo():
    s = GAME.new_game(3, None, 3)
    assert list(GAME.pending(s)) == [2]
    s, _ = act(s, 2, equip=4)
    assert list(GAME.pending(s)) == [1]
    s, _ = act(s, 1, equip=4)
    s, _ = act(s, 0, equip=4)
    assert [[C.EQUIPMENT_TYPE[e] for e in s["players"][p]["equipment"]] for p in range(3)] == [[4], [4], [4]]
    assert len(s["cargo"]) == 15 and not any(C.EQUIPMENT_TYPE[e] == 4 for e in s["cargo"])
    assert s["phase"] == "choose" and s["round"] == 1


def test_draft_offers_only_types_left():
    s = GAME.new_game(4, None, 3)
    for seat in (3, 2, 1):
        s, _ = act(s, seat, equip=0)
    assert 0 not in [a["equip"] for a in GAME.legal(s, 0)]


def test_first_player_option_must_name_a_seat_of_the_table():
    with pytest.raises(BadOptions):
        GAME.parse_options({"first_player": -1})
    with pytest.raises(BadOptions):
        GAME.parse_options({"first_player": 4})
    with pytest.raises(BadOptions):
        GAME.new_game(2, {"first_player": 3}, 1)  # a silent random order would ignore the host's choice
    assert GAME.new_game(4, {"first_player": 3}, 1)["tiebreak"] == [3, 0, 1, 2]
    assert GAME.new_game(2, {"first_player": None}, 1)["tiebreak"] in ([0, 1], [1, 0])
