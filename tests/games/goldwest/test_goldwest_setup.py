"""Components and set-up of Gold West for every player count (spec sections 1, 2.2, 4)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine import BadOptions
from app.games.goldwest import GAME
from app.games.goldwest import data as D
from goldwest_helpers import fresh


def test_components_counts_match_the_spec():
    assert len(D.TOKENS) == 56
    assert Counter(t["terrain"] for t in D.TOKENS) == {t: 14 for t in D.TERRAINS}
    stacks = {t: Counter(r for tok in D.TOKENS if tok["terrain"] == t for r in tok["resources"]) for t in D.TERRAINS}
    assert stacks["gold"] == {"gold": 26, "silver": 4, "copper": 3, "wood": 2, "stone": 2}
    assert stacks["silver"] == {"silver": 26, "gold": 2, "copper": 3, "wood": 2, "stone": 3}
    assert stacks["copper"] == {"copper": 26, "gold": 3, "silver": 2, "wood": 2, "stone": 3}
    assert stacks["forest"] == {"wood": 17, "stone": 15, "gold": 2, "silver": 1, "copper": 1}
    assert all(t["terrain"] in t["resources"] for t in D.TOKENS if t["terrain"] != "forest")
    assert len(D.INVESTMENTS) == 20 and sorted(i["id"] for i in D.INVESTMENTS) == list(range(1, 21))
    assert sum(i["vp"] for i in D.INVESTMENTS) == 181
    assert len(D.OFFICES) == 14 and sum(o["bandits"] for o in D.OFFICES) == 2
    assert sum(len(D.SHIPPING_TILES[m]) * len(D.BONUS_SPACES) for m in D.METALS) == 12
    terrain_hexes = Counter(t["centre"] for t in D.TILES) + Counter(x for t in D.TILES for x in t["ring"])
    assert terrain_hexes == {t: 14 for t in D.TERRAINS}


def test_map_geometry_has_56_hexes_12_by_the_water_and_is_connected():
    assert len(set(D.HEX_COORDS)) == 56 and not set(D.HEX_COORDS) & set(D.WATER)
    assert sorted(D.HEX_COORDS[h] for h in D.WATER_ADJACENT) == sorted(
        [(-2, 1), (-2, 2), (-1, 0), (-1, 2), (0, -1), (0, 1), (1, -1), (1, 1), (2, -2), (2, 0), (3, -2), (3, -1)])


@pytest.mark.parametrize("n, hexes, boxed", [(2, 42, 14), (3, 56, 0), (4, 56, 0)])
def test_setup_uses_six_tiles_with_two_players_and_eight_otherwise(n, hexes, boxed):
    state = fresh(n)
    in_play = [h for h, hx in enumerate(state["map"]) if hx["terrain"]]
    assert len(in_play) == hexes and all(state["map"][h]["token"] is not None for h in in_play)
    assert sum(len(v) for v in state["box"].values()) == boxed
    used = [i for i, t in enumerate(state["tiles"]) if t]
    if n == 2:
        assert [D.SLOTS[i]["name"] for i in range(8) if i not in used] == ["A", "E"]
    assert len({state["tiles"][i][0] for i in used}) == len(used)


def test_setup_turns_the_twelve_tokens_by_the_water_face_up():
    state = fresh(4)
    assert {h for h, hx in enumerate(state["map"]) if hx["face_up"]} == set(D.WATER_ADJACENT)


def test_setup_tile_order_and_rotation_are_random():
    layouts = {tuple(tuple(t) for t in fresh(3, seed)["tiles"]) for seed in range(10)}
    rotations = {t[1] for seed in range(10) for t in fresh(3, seed)["tiles"]}
    assert len(layouts) == 10 and rotations == set(range(6))


@pytest.mark.parametrize("n, camps", [(2, 12), (3, 12), (4, 10)])
def test_setup_camps_are_twelve_or_ten_with_four_players(n, camps):
    state = fresh(n)
    assert all(p["camps"] == camps and p["influence_tokens"] == 12 for p in state["players"])


def test_setup_starting_resources_follow_turn_order():
    state = GAME.new_game(4, {"first_player": 2}, 3)
    assert state["order"] == [2, 3, 0, 1]
    supplies = [state["players"][seat]["supply"] for seat in state["order"]]
    assert supplies[0] == [["wood"], ["stone", "copper"], [], []]
    assert supplies[1] == [["wood"], ["stone", "silver"], [], []]
    assert supplies[2] == [["wood"], ["stone", "gold"], [], []]
    assert supplies[3] == [["wood"], ["stone", "gold"], ["copper"], []]


@pytest.mark.parametrize("seed", range(12))
def test_setup_boomtown_has_four_offices_around_a_corner_or_centre_single_cell(seed):
    town = fresh(3, seed)["boomtown"]
    assert town["single"] in (0, 2, 4, 6, 8) and town["single_tile"] == "vp4"
    cells = sorted(c for o in town["offices"] for c in o["cells"])
    assert cells == sorted(set(range(9)) - {town["single"]})
    for a, b in (o["cells"] for o in town["offices"]):
        assert (b - a == 1 and a % 3 < 2) or b - a == 3
    assert all(not D.OFFICES[o["office"]]["bandits"] for o in town["offices"])


def test_bandits_option_adds_insurance_and_hoosegow_to_the_pool():
    drawn = {o["office"] for seed in range(40) for o in fresh(3, seed, bandits=True)["boomtown"]["offices"]}
    assert {12, 13} <= drawn


@pytest.mark.parametrize("n, bonus", [(2, [3, 2, 1]), (3, [4, 3, 2, 1]), (4, [5, 4, 3, 2, 1])])
def test_setup_eight_investments_and_bonus_tiles_by_player_count(n, bonus):
    state = fresh(n)
    assert len(state["investments"]) == 8 and state["investment_bonus"] == bonus


def test_first_player_option_is_checked_against_the_seats():
    with pytest.raises(BadOptions):
        GAME.check_options(2, {"first_player": 3})
    with pytest.raises(BadOptions):
        GAME.check_options(5, {})


def test_catalogue_gives_the_hex_geometry_and_the_view_the_hexes_in_play():
    catalogue = GAME.catalogue()
    assert [(h["q"], h["r"]) for h in catalogue["hexes"]] == list(D.HEX_COORDS)
    assert len(catalogue["water"]) == 4 and sum(h["water_side"] for h in catalogue["hexes"]) == 12
    view = GAME.view(fresh(2), None)
    assert len(view["map"]) == 42 and all(h["terrain"] in D.TERRAINS for h in view["map"])
    assert sum(view["face_down"].values()) == 42 - 12


def test_the_lobby_gives_the_published_length_45_to_60_minutes():
    from app.games.goldwest import GAME

    assert GAME.minutes == (45, 60)
