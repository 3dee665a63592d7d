"""Final scoring of Gold West (spec section 2.6, offices 4.4): groups, influence majorities with their tie rules,
Boomtown offices, Wanted penalties, the breakdown and the winner's tie-breaks."""

from __future__ import annotations

import pytest

from app.games.goldwest import data as D
from app.games.goldwest import scoring
from goldwest_helpers import build, clear_board, finish_now, fresh, hexes_of, line_hexes, loot


def at(q, r):
    return D.HEX_AT[(q, r)]


def lines_of(result, seat):
    return {line["label"]: line["points"] for line in result["breakdown"][seat]}


def give_influence(state, seat, terrain, amount):
    player = state["players"][seat]
    player["markers"][terrain] += amount
    player["influence_tokens"] -= amount


def test_largest_group_scores_two_vp_per_building_and_depot_counts_the_second_group():
    state = clear_board(fresh(3))
    for h in (at(-2, 0), at(-1, -1), at(-2, -1), at(6, -2)):
        build(state, 0, h)
    assert scoring.groups(state, 0) == [3, 1]
    assert lines_of(finish_now(state), 0)["Largest group (3 buildings)"] == 6
    assert scoring.office_value(state, 0, "depot", 0) == 2


def test_groups_are_not_joined_through_water_loot_or_other_players():
    state = clear_board(fresh(3))
    build(state, 0, at(-1, 0))
    build(state, 0, at(1, -1))  # both by the water, the water between them
    build(state, 1, at(0, -1))  # another player's building between them
    assert scoring.groups(state, 0) == [1, 1]


def scores_for(n, influence, settlements=None, terrain="copper", **options):
    state = clear_board(fresh(n, **options))
    for seat, amount in enumerate(influence):
        give_influence(state, seat, terrain, amount)
    spots = hexes_of(state, terrain)
    for seat, count in enumerate(settlements or []):
        for _ in range(count):
            build(state, seat, spots.pop(), settlement=True)
    return {seat: vp for seat, vp, _ in scoring.majorities(state)[terrain]}


def test_majority_gives_first_and_second_place_values_per_terrain():
    assert scoring.MAJORITY == {"copper": (11, 7), "silver": (10, 6), "gold": (9, 5), "forest": (8, 4)}
    assert scores_for(3, [3, 2, 1]) == {0: 11, 1: 7}
    assert scores_for(4, [1, 4, 0, 2], terrain="forest") == {1: 8, 3: 4}


def test_majority_tie_is_broken_by_settlements_in_that_terrain():
    # seat 1: 1 influence + one settlement (2 more) = 3; seat 0: 3 influence without settlement
    assert scores_for(3, [3, 1, 0], settlements=[0, 1]) == {1: 11, 0: 7}


def test_majority_tie_for_first_shares_first_plus_second_and_nobody_is_second():
    assert scores_for(3, [3, 3, 1]) == {0: 9, 1: 9}
    assert scores_for(4, [2, 2, 2, 1], terrain="silver") == {0: 5, 1: 5, 2: 5}


def test_majority_tie_for_second_splits_the_second_place_value():
    assert scores_for(4, [5, 2, 2, 1]) == {0: 11, 1: 3, 2: 3}


def test_two_player_majorities_follow_the_seed_first_and_second_place_in_every_terrain():
    # Issue #27: the seed has no 2-player exception (influence 2 vs 1 in Copper scores 11 and 7, not 7 and 0).
    assert scores_for(2, [2, 1]) == {0: 11, 1: 7}
    assert scores_for(2, [2, 2]) == {0: 9, 1: 9}
    assert scores_for(2, [0, 3], terrain="forest") == {1: 8}


def test_two_player_majorities_online_option_gives_only_the_second_place_value_to_the_leader():
    assert scores_for(2, [2, 1], two_player_majorities=True) == {0: 7}
    assert scores_for(2, [2, 2], two_player_majorities=True) == {0: 3, 1: 3}
    # The option changes nothing with more players.
    assert scores_for(3, [2, 1, 0], two_player_majorities=True) == {0: 11, 1: 7}


def test_two_player_majorities_option_is_named_in_the_breakdown():
    state = clear_board(fresh(2, two_player_majorities=True))
    give_influence(state, 0, "copper", 2)
    assert lines_of(finish_now(state), 0)["Copper influence: most influence (2 players: 2nd-place value)"] == 7
    state = clear_board(fresh(2))
    give_influence(state, 0, "copper", 2)
    give_influence(state, 1, "copper", 1)
    assert lines_of(finish_now(state), 0)["Copper influence: 1st"] == 11
    assert lines_of(finish_now(state), 1)["Copper influence: 2nd"] == 7


def test_zero_influence_never_scores():
    assert scores_for(3, [2, 0, 0]) == {0: 11}
    assert scores_for(3, [0, 0, 0]) == {}


def wanted(counts):
    state = clear_board(fresh(len(counts)))
    spots = hexes_of(state)
    for seat, count in enumerate(counts):
        for _ in range(count):
            loot(state, seat, spots.pop())
    return scoring.wanted_penalties(state)


def test_wanted_most_loses_one_per_camp_and_the_next_one_per_two_camps():
    assert wanted([3, 3, 0]) == {0: -3, 1: -3}
    assert wanted([4, 3, 1, 0]) == {0: -4, 1: -1}


def test_wanted_tie_for_most_wanted_means_no_second_penalty():
    assert wanted([2, 2, 1]) == {0: -2, 1: -2}


def test_wanted_tie_for_second_most_penalises_every_tied_player():
    # Our reading of the seed ("the second loses 1 per 2 camps"); the online implementation penalises only one of them.
    assert wanted([4, 2, 2, 0]) == {0: -4, 1: -1, 2: -1}


def test_wanted_nobody_looted_no_penalty():
    assert wanted([0, 0]) == {}


def office_position():
    state = clear_board(fresh(3))
    return state


def test_office_docks_one_per_camp_two_per_settlement_by_the_water():
    state = office_position()
    build(state, 0, at(-1, 0))
    build(state, 0, at(0, 1), settlement=True)
    build(state, 0, at(-5, 2))
    assert scoring.office_value(state, 0, "docks", 0) == 3


def test_office_frontier_counts_buildings_on_the_board_edge():
    state = office_position()
    build(state, 0, at(-6, 2))  # west end of slot A
    build(state, 0, at(-2, 0))  # the centre of slot B, surrounded
    assert scoring.office_value(state, 0, "frontier", 0) == 1
    two = clear_board(fresh(2))
    build(two, 0, at(-3, 2))  # next to the empty slot A with 2 players
    assert scoring.office_value(two, 0, "frontier", 0) == 1


def test_office_homestead_doubles_the_weakest_influence():
    state = office_position()
    for terrain, amount in {"forest": 2, "gold": 1, "silver": 3, "copper": 4}.items():
        give_influence(state, 0, terrain, amount)
    assert scoring.office_value(state, 0, "homestead", 0) == 2


def test_office_courthouse_counts_tokens_of_the_strongest_terrain_most_tokens_on_a_tie():
    state = office_position()
    gold, silver = hexes_of(state, "gold"), hexes_of(state, "silver")
    build(state, 0, gold[0])
    build(state, 0, gold[1])
    build(state, 0, silver[0], settlement=True)
    assert scoring.office_value(state, 0, "courthouse", 0) == 2


def test_office_deeds_mayor_saloon_shipping_and_town_hall():
    state = office_position()
    assert scoring.office_value(state, 0, "deeds", 3) == 6
    cells = state["boomtown"]["cells"]
    cells[0]["token"], cells[1]["token"], cells[2]["token"], cells[2]["shared"] = 0, 0, 1, 0
    assert scoring.office_value(state, 0, "mayor", 0) == 3
    state["players"][0]["investments"] = [1, 2]
    assert scoring.office_value(state, 0, "saloon", 0) == 4
    state["players"][0]["ship_tiles"] = [9, 4]
    assert scoring.office_value(state, 0, "shipping", 0) == 4
    build(state, 0, hexes_of(state)[0], settlement=True)
    build(state, 0, hexes_of(state)[0])
    assert scoring.office_value(state, 0, "town_hall", 0) == 1


def test_office_sheriff_counts_buildings_next_to_another_players():
    state = office_position()
    build(state, 0, at(-2, 0))
    build(state, 1, at(-1, -1))
    build(state, 0, at(4, -3))
    assert scoring.office_value(state, 0, "sheriff", 0) == 1


def test_office_surveyor_counts_the_longest_straight_line_gaps_allowed():
    state = office_position()
    for h in line_hexes((-2, 0), (0, 1), 4):
        if h != at(-2, 2):
            build(state, 0, h)
    build(state, 0, at(4, -3))
    assert scoring.office_value(state, 0, "surveyor", 0) == 3


def test_office_insurance_and_hoosegow_from_bandits():
    state = office_position()
    loot(state, 1, at(-1, -1))
    loot(state, 2, at(4, -3))
    build(state, 0, at(-2, 0))
    assert scoring.office_value(state, 0, "insurance", 0) == 1
    assert scoring.office_value(state, 0, "hoosegow", 0) == 2


def test_every_token_on_an_office_scores_it_including_a_shared_one():
    state = office_position()
    entry = state["boomtown"]["offices"][0]
    saloon = next(o["id"] for o in D.OFFICES if o["key"] == "saloon")
    entry["office"] = saloon
    for cell in entry["cells"]:
        state["boomtown"]["cells"][cell]["office"] = saloon
    a, b = entry["cells"]
    state["boomtown"]["cells"][a].update(token=0, shared=1)
    state["boomtown"]["cells"][b]["token"] = 0
    state["players"][0]["investments"] = [1]
    state["players"][1]["investments"] = [2, 3]
    result = finish_now(state)
    saloon_line = {"label": "Saloon", "points": 2, "say": {"msg": "Saloon"}}  # say: the office's name, translated
    assert [line for line in result["breakdown"][0] if line["label"] == "Saloon"] == [saloon_line] * 2
    assert lines_of(result, 1)["Saloon"] == 4


def test_the_breakdown_shows_play_points_and_final_lines_summing_to_the_score():
    state = clear_board(fresh(3))
    state["players"][0]["vp"] = 5
    state["players"][0]["points"] = {"supply": 3, "investments": 2}
    build(state, 0, at(-2, 0), settlement=True)
    result = finish_now(state)
    labels = lines_of(result, 0)
    assert labels["Supply track"] == 3 and labels["Investment cards"] == 2 and labels["Largest group (1 building)"] == 2
    assert result["scores"][0] == sum(line["points"] for line in result["breakdown"][0])


def test_winner_ties_are_broken_by_fewest_wanted_camps_then_most_resources_left():
    state = clear_board(fresh(3))
    loot(state, 0, hexes_of(state)[0])
    state["players"][0]["vp"] += 2
    state["players"][0]["points"]["supply"] = 2
    result = finish_now(state)
    assert result["scores"] == [0, 0, 0] and result["winners"] == [1, 2]
    state["players"][2]["supply"][0] = ["gold"]
    assert finish_now(state)["winners"] == [2]
