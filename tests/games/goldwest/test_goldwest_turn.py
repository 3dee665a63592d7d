"""The turn of Gold West rule by rule: the supply track, the metals step, Build or Loot, the token's resources and
the end of the turn (spec section 2.4), with the investment and Trading Post effects (sections 3, 4.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.engine import IllegalAction
from app.engine import steps as S
from app.games.goldwest import GAME
from app.engine.text import english
from app.games.goldwest import data as D
from goldwest_helpers import act, at_step, bought, build, fresh, hexes_of, options, put_coach, texts


def supply_of(state, seat=0):
    return state["players"][seat]["supply"]


# ---- Step 1: the supply track -------------------------------------------------------------------------------------

def test_activate_takes_all_and_drops_one_resource_in_each_lower_section():
    state = at_step(fresh(), "activate")
    state["players"][0]["supply"] = [[], [], ["gold", "gold", "wood", "stone"], []]
    state, _ = act(state, section=2)
    assert S.top(state)["step"] == "drop" and S.top(state)["section"] == 1
    state, _ = act(state, type="drop", resource="gold")
    state, _ = act(state, type="drop", resource="wood")
    assert supply_of(state)[:3] == [["wood"], ["gold"], []]
    assert state["turn"]["held"] == {"gold": 1, "stone": 1}


def test_activate_with_fewer_resources_than_lower_sections_activates_nothing():
    state = at_step(fresh(), "activate")
    state["players"][0]["supply"] = [[], [], [], ["copper"]]
    state, events = act(state, section=3)
    assert supply_of(state) == [[], [], ["copper"], []]
    assert state["turn"]["held"] == {} and S.top(state)["step"] == "build"


def test_activate_section_zero_activates_everything_in_it():
    state = at_step(fresh(), "activate")
    state["players"][0]["supply"] = [["wood", "stone", "gold"], ["copper"], [], []]
    state, _ = act(state, section=0)
    assert state["turn"]["held"] == {"wood": 1, "stone": 1, "gold": 1}
    assert supply_of(state)[1] == ["copper"]


def test_activate_offers_only_sections_holding_resources():
    state = at_step(fresh(), "activate")
    state["players"][0]["supply"] = [["wood"], [], ["gold"], []]
    assert [a["section"] for a in options(state)] == [0, 2]


def test_drop_is_asked_only_when_the_resources_differ():
    state = at_step(fresh(), "activate")
    state["players"][0]["supply"] = [[], [], [], ["gold"] * 5]
    state, _ = act(state, section=3)
    assert supply_of(state)[:3] == [["gold"], ["gold"], ["gold"]] and state["turn"]["held"] == {"gold": 2}


# ---- Step 2: use metals -------------------------------------------------------------------------------------------

def test_metals_step_is_skipped_without_metals():
    state = at_step(fresh(), "activate")
    state["players"][0]["supply"] = [["wood", "stone"], [], [], []]
    state, _ = act(state, section=0)
    assert S.top(state)["step"] == "build"


def test_wood_and_stone_cannot_be_spent_in_the_metals_step():
    state = at_step(fresh(), "metals", held={"wood": 3, "stone": 3, "copper": 1})
    assert {a["type"] for a in options(state)} == {"ship", "done"}


def test_investment_pays_its_cost_scores_and_takes_the_highest_bonus_tile():
    state = fresh(4)
    state["investments"] = [9, 1, 6, 7, 8, 10, 11, 15]
    state = at_step(state, "metals", held={"gold": 5, "copper": 1})
    state, events = act(state, type="invest", card=9)
    player = state["players"][0]
    assert player["investments"] == [9] and player["vp"] == 15 + 5
    assert state["investment_bonus"] == [4, 3, 2, 1] and 9 not in state["investments"]
    assert state["turn"]["held"] == {"copper": 1} and "15 VP" in texts(events)


def test_investment_once_per_turn():
    state = fresh(4)
    state["investments"] = [1, 11, 6, 7, 8, 10, 9, 15]
    state = at_step(state, "metals", held={"copper": 9})
    state, _ = act(state, type="invest", card=1)
    assert not [a for a in options(state) if a["type"] == "invest"]


def test_boomtown_cell_costs_its_column_metal_and_its_row_metal():
    state = at_step(fresh(), "metals", held={"gold": 1, "copper": 1})
    cells = {a["cell"]: a["cost"] for a in options(state) if a["type"] == "boomtown"}
    assert cells == {0: {"copper": 1, "gold": 1}, 8: {"gold": 1, "copper": 1}}
    state = at_step(fresh(), "metals", held={"silver": 2})
    assert [a["cell"] for a in options(state) if a["type"] == "boomtown"] == [4]


def test_boomtown_single_cell_scores_four_vp_at_once_and_offices_score_later():
    state = fresh()
    single = state["boomtown"]["single"]
    column, row = D.cell_cost(single)
    state = at_step(state, "metals", held={column: 1, row: 1} if column != row else {column: 2})
    state, _ = act(state, type="boomtown", cell=single)
    assert state["players"][0]["vp"] == 4 and state["boomtown"]["cells"][single]["token"] == 0
    assert state["players"][0]["influence_tokens"] == 11


def test_boomtown_once_per_turn_and_only_on_empty_cells():
    state = at_step(fresh(), "metals", held={"gold": 4})
    state["boomtown"]["cells"][2]["token"] = 1
    state["players"][1]["influence_tokens"] -= 1
    assert [a["cell"] for a in options(state) if a["type"] == "boomtown"] == []
    state["boomtown"]["cells"][2]["token"] = None
    state["players"][1]["influence_tokens"] += 1
    state, _ = act(state, type="boomtown", cell=2)
    assert not [a for a in options(state) if a["type"] == "boomtown"]


def test_shipping_scores_two_on_space_2_and_three_on_space_6():
    state = at_step(fresh(), "metals", held={"copper": 6})
    for _ in range(5):
        state, _ = act(state, type="ship", metal="copper")
    player = state["players"][0]
    assert player["ship"]["copper"] == 6
    assert player["points"] == {"shipping": 2 + 7 + 3}  # space 2, the bonus at 4 (7 VP tile), space 6


def test_shipping_bonus_space_is_passed_and_pays_the_high_tile_then_the_low_tile():
    state = fresh()
    put_coach(state, 1, "gold", 3)
    state = at_step(state, "metals", seat=1, held={"gold": 1})
    state, _ = act(state, 1, type="ship", metal="gold")
    assert state["players"][1]["ship"]["gold"] == 5 and state["players"][1]["ship_tiles"] == [9]
    put_coach(state, 2, "gold", 3)
    state = at_step(state, "metals", seat=2, held={"gold": 1})
    state, _ = act(state, 2, type="ship", metal="gold")
    assert state["players"][2]["ship_tiles"] == [6] and state["ship_bonus"]["gold"] == [[], [9, 6]]


def test_shipping_stops_at_the_end_of_the_track():
    state = fresh()
    put_coach(state, 0, "silver", 10)
    state = at_step(state, "metals", held={"silver": 2})
    assert not [a for a in options(state) if a["type"] == "ship"]


def test_metals_step_ends_by_itself_when_no_metal_is_left():
    state = at_step(fresh(), "metals", held={"silver": 1, "wood": 1})
    state, _ = act(state, type="ship", metal="silver")
    assert S.top(state)["step"] == "build" and state["turn"]["held"] == {"wood": 1}


def test_an_action_not_listed_is_refused_and_changes_nothing():
    state = at_step(fresh(), "metals", held={"silver": 1})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "ship", "metal": "gold", "to": 1, "label": "Ship"})


# ---- investments with effects ---------------------------------------------------------------------------------------

def invest_position(card, held, n=3, seat=0):
    state = fresh(n)
    state["investments"] = [card] + [c for c in state["investments"] if c != card][:7]
    return at_step(state, "metals", seat=seat, held=held)


@pytest.mark.parametrize("card, terrain", [(2, "silver"), (12, "forest"), (13, "copper"), (17, "gold")])
def test_investment_influence_cards_add_one_influence_in_their_terrain(card, terrain):
    cost = D.INVESTMENT_BY_ID[card]["cost"]
    state, _ = act(invest_position(card, cost), type="invest", card=card)
    assert state["players"][0]["markers"][terrain] == 1
    assert GAME.view(state, None)["players"][0]["influence"][terrain] == 1


def test_investment_3_shares_a_cell_another_player_holds():
    state = invest_position(3, {"silver": 4})
    state["boomtown"]["cells"][0]["token"] = 1
    state["players"][1]["influence_tokens"] -= 1
    state, _ = act(state, type="invest", card=3)
    assert [a["cell"] for a in options(state)] == [0]
    state, _ = act(state, type="shared_office", cell=0)
    assert state["boomtown"]["cells"][0]["shared"] == 0


def test_investment_3_is_lost_without_a_cell_to_share():
    state, events = act(invest_position(3, {"silver": 4}), type="invest", card=3)
    assert "no effect" in texts(events) and S.top(state)["step"] == "build"


def test_investment_4_shows_two_face_down_tokens_to_the_buyer_only():
    state = invest_position(4, {"gold": 2, "silver": 2})
    state, _ = act(state, type="invest", card=4)
    down = hexes_of(state, face_up=False)
    state, first = act(state, type="peek", hex=down[0])
    state, second = act(state, type="peek", hex=down[1])
    private = [e for e in first + second if e.get("seats")]
    assert [e["seats"] for e in private] == [[0], [0]]
    mine = {h["id"]: h for h in GAME.view(state, 0)["map"]}
    theirs = {h["id"]: h for h in GAME.view(state, 1)["map"]}
    assert mine[down[0]]["token"] == state["map"][down[0]]["token"] and theirs[down[0]]["token"] is None
    assert not GAME.is_undoable(at_step(state, "peek", left=1))


def test_investment_5_gives_two_free_shipping_steps():
    state, _ = act(invest_position(5, {"gold": 4}), type="invest", card=5)
    state, _ = act(state, type="free_ship", metal="silver")
    state, _ = act(state, type="free_ship", metal="silver")
    assert state["players"][0]["ship"]["silver"] == 2 and state["players"][0]["points"]["shipping"] == 2


def test_investment_20_gives_one_free_shipping_step():
    state, _ = act(invest_position(20, {"copper": 3, "silver": 1}), type="invest", card=20)
    state, _ = act(state, type="free_ship", metal="gold")
    assert state["players"][0]["ship"]["gold"] == 1 and S.top(state)["step"] == "build"


def test_investment_14_places_influence_free_without_using_the_boomtown_action():
    state = invest_position(14, {"gold": 3, "copper": 3})
    single = state["boomtown"]["single"]
    state, _ = act(state, type="invest", card=14)
    state, _ = act(state, type="free_office", cell=single)
    assert state["players"][0]["points"]["boomtown"] == 4
    assert any(a["type"] == "boomtown" for a in options(state))


def test_investment_18_upgrades_a_camp_to_a_settlement():
    state = invest_position(18, {"copper": 1, "silver": 3})
    spot = hexes_of(state, "gold")[0]
    build(state, 0, spot)
    state, _ = act(state, type="invest", card=18)
    state, _ = act(state, type="upgrade", hex=spot)
    assert state["map"][spot]["settlement"] and GAME.view(state, 0)["players"][0]["influence"]["gold"] == 2
    assert state["players"][0]["influence_tokens"] == 10  # a settlement's two tokens


def test_investment_18_is_lost_without_a_camp():
    state, events = act(invest_position(18, {"copper": 1, "silver": 3}), type="invest", card=18)
    assert "no effect" in texts(events)


def test_investment_19_gains_two_resources_onto_the_track_without_vp():
    state, _ = act(invest_position(19, {"copper": 2, "silver": 2}), type="invest", card=19)
    state, _ = act(state, type="gain", resource="wood", section=3)
    state, _ = act(state, type="gain", resource="gold", section=2)
    player = state["players"][0]
    assert "wood" in player["supply"][3] and "gold" in player["supply"][2]
    assert player["points"] == {"investments": 7, "investment_bonus": 4}


# ---- the Trading Post (option) ----------------------------------------------------------------------------------------

def trading_post(tile, held):
    state = fresh(3, trading_post=True)
    state["boomtown"]["single_tile"] = tile
    single = state["boomtown"]["single"]
    state = at_step(state, "metals", held=held)
    return act(state, type="boomtown", cell=single)[0]


def test_trading_post_resource_may_be_used_this_turn():
    state = fresh(3, trading_post=True)
    column, row = D.cell_cost(state["boomtown"]["single"])
    held = {column: 1, row: 1} if column != row else {column: 2}
    state = trading_post("gold", held)
    assert {a["section"] for a in options(state)} == {None, 0, 1, 2, 3}
    state, _ = act(state, type="trade", resource="gold", section=None)
    assert state["turn"]["held"] == {"gold": 1} and state["players"][0]["vp"] == 0


def test_trading_post_resource_on_the_track_scores_its_section_and_wood_or_stone_is_chosen():
    state = fresh(3, trading_post=True)
    column, row = D.cell_cost(state["boomtown"]["single"])
    state = trading_post("wood_or_stone", {column: 1, row: 1} if column != row else {column: 2})
    assert {a["resource"] for a in options(state)} == {"wood", "stone"}
    state, _ = act(state, type="trade", resource="stone", section=3)
    assert "stone" in state["players"][0]["supply"][3] and state["players"][0]["points"] == {"supply": 3}


# ---- Step 3: Build or Loot, then the token's resources ----------------------------------------------------------------

def test_loot_without_wood_or_stone_sends_a_camp_to_the_wanted_area_for_minus_one():
    state = at_step(fresh(), "build", held={"gold": 1})
    spot = hexes_of(state, face_up=True)[0]
    token = state["map"][spot]["token"]
    state, _ = act(state, hex=spot)
    assert state["map"][spot]["looted"] and state["map"][spot]["camp"] is None
    player = state["players"][0]
    assert player["wanted"] == 1 and player["vp"] == -1 and player["camps"] == 11
    assert token in state["discarded"] and all(not ids for ids in player["tokens"].values())
    assert S.top(state)["step"] == "place"  # the looted token's resources still go on the track


@pytest.mark.parametrize("held", [{"wood": 2}, {"stone": 1}])
def test_camp_with_wood_or_stone_but_not_both(held):
    state = at_step(fresh(), "build", held=held)
    spot = hexes_of(state, face_up=True)[0]
    assert {a["as"] for a in options(state)} == {"camp"}
    state, _ = act(state, hex=spot)
    terrain = state["map"][spot]["terrain"]
    assert state["map"][spot]["camp"] == 0 and not state["map"][spot]["settlement"]
    assert GAME.view(state, 0)["players"][0]["influence"][terrain] == 1


def test_settlement_with_wood_and_stone_is_automatic_and_gives_two_influence():
    state = at_step(fresh(), "build", held={"wood": 1, "stone": 1})
    assert {a["as"] for a in options(state)} == {"settlement"}
    spot = hexes_of(state, face_up=True)[0]
    state, _ = act(state, hex=spot)
    terrain = state["map"][spot]["terrain"]
    assert state["map"][spot]["settlement"]
    assert GAME.view(state, 0)["players"][0]["influence"][terrain] == 2


def test_a_settlement_uses_two_influence_tokens_one_under_the_camp_one_in_the_row():
    state = at_step(fresh(), "build", held={"wood": 1, "stone": 1})
    spot = hexes_of(state, face_up=True)[0]
    state, _ = act(state, hex=spot)
    terrain = state["map"][spot]["terrain"]
    player = state["players"][0]
    assert player["influence_tokens"] == 10 and player["markers"][terrain] == 1


def test_a_settlement_needs_two_influence_tokens_so_the_last_one_builds_only_a_camp():
    state = at_step(fresh(), "build", held={"wood": 1, "stone": 1})
    state["players"][0]["influence_tokens"] = 3  # 9 already placed (in the Forest row, say)
    state["players"][0]["markers"]["forest"] = 9
    spot = hexes_of(state, face_up=True)[0]
    state, _ = act(state, hex=spot)
    assert state["map"][spot]["settlement"] and state["players"][0]["influence_tokens"] == 1
    # Next turn: Wood and Stone again, one token left: a camp, and its label says so.
    state = at_step(state, "build", held={"wood": 1, "stone": 1})
    assert {a["as"] for a in options(state)} == {"camp"}
    other = hexes_of(state, face_up=True)[0]
    state, _ = act(state, hex=other)
    assert not state["map"][other]["settlement"] and state["players"][0]["influence_tokens"] == 1


def test_investment_18_needs_two_influence_tokens_for_the_settlement():
    state = invest_position(18, {"copper": 1, "silver": 3})
    spot = hexes_of(state, "gold")[0]
    build(state, 0, spot)
    state["players"][0]["influence_tokens"] = 1
    state["players"][0]["markers"]["forest"] = 11
    state, events = act(state, type="invest", card=18)
    assert "no effect" in texts(events) and not state["map"][spot]["settlement"]


def test_settlement_becomes_a_camp_without_influence_tokens_left():
    state = at_step(fresh(), "build", held={"wood": 1, "stone": 1})
    state["players"][0]["influence_tokens"] = 0
    state["players"][0]["markers"]["gold"] = 12
    assert {a["as"] for a in options(state)} == {"camp"}


def test_build_takes_any_face_up_token_without_adjacency():
    state = at_step(fresh(), "build", held={"wood": 1})
    assert sorted(a["hex"] for a in options(state)) == sorted(D.WATER_ADJACENT)


def test_place_puts_the_token_resources_in_one_section_for_its_number_in_vp():
    state = at_step(fresh(), "build", held={"wood": 1})
    spot = hexes_of(state, face_up=True)[0]
    token = state["map"][spot]["token"]
    state, _ = act(state, hex=spot)
    assert GAME.pending(state)[0].data == {"token": token, "resources": list(D.TOKENS[token]["resources"])}
    before = list(state["players"][0]["supply"][2])
    state, _ = act(state, section=2)
    assert state["players"][0]["supply"][2] == before + list(D.TOKENS[token]["resources"])
    assert state["players"][0]["points"]["supply"] == 2


def test_end_of_turn_loses_unused_resources_and_turns_the_neighbours_face_up():
    state = at_step(fresh(), "build", held={"wood": 1, "gold": 2})
    spot = next(h for h in hexes_of(state, face_up=True)
                if any(not state["map"][n]["face_up"] for n in D.NEIGHBOURS[h] if state["map"][n]["terrain"]))
    hidden = [n for n in D.NEIGHBOURS[spot] if state["map"][n]["token"] is not None and not state["map"][n]["face_up"]]
    state, _ = act(state, hex=spot)
    state, events = act(state, section=0)
    assert all(state["map"][n]["face_up"] for n in hidden)
    assert "loses the unused" in texts(events) and state["turn"]["seat"] == 1 and state["turn"]["held"] == {}
    assert any(e["type"] == "reveal" and sorted(e["hexes"]) == sorted(hidden) for e in events)


def test_no_face_up_token_means_no_build_and_no_camp_used():
    state = at_step(fresh(), "metals", held={"gold": 1})
    for hx in state["map"]:
        if hx["token"] is not None:
            hx["face_up"] = False
    state, events = act(state, type="done")
    assert state["players"][0]["camps"] == 12 and state["turn"]["seat"] == 1 and "cannot build" in texts(events)


# ---- undo points ------------------------------------------------------------------------------------------------------

def test_undo_points_are_the_steps_that_reveal_and_draw_nothing():
    undoable = {step.kind for step in GAME.step_types if step.undoable}
    assert {"activate", "drop", "metals", "build", "free_ship", "gain", "trade"} <= undoable
    assert "place" not in undoable and "peek" not in undoable  # placing ends the turn and turns tokens face up


def test_timeouts_are_left_to_the_platform_bot():
    assert GAME.timeout_action(fresh(), 0) is None


def test_investment_scores_without_a_bonus_when_the_tiles_are_gone():
    state = invest_position(1, {"copper": 4})
    bought(state, 1, [c for c in state["investments"] if c != 1][:4])
    assert state["investment_bonus"] == []
    state, events = act(state, type="invest", card=1)
    assert state["players"][0]["points"] == {"investments": 8} and "bonus" not in texts(events)


def test_boomtown_is_not_offered_without_influence_tokens():
    state = at_step(fresh(), "metals", held={"gold": 2, "silver": 2, "copper": 2})
    state["players"][0]["influence_tokens"] = 0
    state["players"][0]["markers"]["forest"] = 12
    assert not [a for a in options(state) if a["type"] == "boomtown"]


def test_an_empty_supply_track_skips_activation():
    from app.engine.kit import Log
    from app.games.goldwest.turn import begin_turn

    state = fresh()
    S.clear(state)
    state["players"][1]["supply"] = [[], [], [], []]
    log = Log()
    begin_turn(state, 1, log)
    assert S.top(state)["step"] == "build" and {a["as"] for a in options(state, 1)} == {"loot"}
    assert "nothing on the supply track" in texts(log.events)


# ---- labels say what will happen (issue #27) ----------------------------------------------------------------------

def labels(state, seat=0, **match):
    return [a["label"] for a in options(state, seat) if all(a.get(k) == v for k, v in match.items())]


def english_labels(state, seat=0, **match):
    return [english(label) for label in labels(state, seat, **match)]


def test_label_shipping_past_a_bonus_space_names_the_tile_it_takes():
    state = fresh()
    put_coach(state, 0, "gold", 3)
    put_coach(state, 0, "silver", 1)
    state = at_step(state, "metals", held={"gold": 1, "silver": 1, "copper": 1})
    assert english_labels(state, type="ship", metal="gold") == ["Ship 1 Gold: stagecoach to space 5, takes the 9 VP tile"]
    assert english_labels(state, type="ship", metal="silver") == ["Ship 1 Silver: stagecoach to space 2, 2 VP"]
    assert english_labels(state, type="ship", metal="copper") == ["Ship 1 Copper: stagecoach to space 1"]
    state["ship_bonus"]["gold"][0] = [6]  # the first coach took the 9
    assert english_labels(state, type="ship", metal="gold") == ["Ship 1 Gold: stagecoach to space 5, takes the 6 VP tile"]
    state["ship_bonus"]["gold"][0] = []
    assert english_labels(state, type="ship", metal="gold") == ["Ship 1 Gold: stagecoach to space 5 (no bonus tile left)"]


def test_label_free_shipping_names_the_tile_it_takes():
    state = fresh()
    put_coach(state, 0, "copper", 8)
    state = at_step(state, "free_ship", left=1)
    assert "Free step on the Copper track: stagecoach to space 10, takes the 7 VP tile" in english_labels(state)


def test_label_investment_names_its_vp_the_bonus_tile_and_its_effect():
    state = invest_position(2, {"gold": 1, "copper": 3})
    assert english_labels(state, type="invest", card=2) == [
        "Invest in card 2 (1 Gold + 3 Copper): 7 VP + 4 VP bonus tile. +1 influence in Silver"]
    state["investment_bonus"] = []
    assert english_labels(state, type="invest", card=2) == ["Invest in card 2 (1 Gold + 3 Copper): 7 VP. +1 influence in Silver"]
    state = invest_position(11, {"copper": 5})
    assert english_labels(state, type="invest", card=11) == ["Invest in card 11 (5 Copper): 11 VP + 4 VP bonus tile"]


def test_label_boomtown_cell_is_numbered_as_documented_and_says_what_it_scores():
    state = at_step(fresh(), "metals", held={"gold": 2, "silver": 2, "copper": 2})
    cells = state["boomtown"]["cells"]
    for action in options(state):
        if action["type"] != "boomtown":
            continue
        label = english(action["label"])
        # The action's `cell` is 0-8, row by row from the top left; players read it as cell 1-9 (docs/rules).
        assert label.startswith(f"Boomtown cell {action['cell'] + 1} (")
        office = cells[action["cell"]]["office"]
        if office is None:
            assert label.endswith("4 VP at once")
        else:
            assert label.endswith(f"{D.OFFICES[office]['name']} (at the end: {D.OFFICES[office]['text']})")
    notes = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "goldwest.md").read_text(encoding="utf-8")
    assert "labels and the log number the cells 1–9 (`cell` + 1)" in notes


def test_label_going_on_to_build_warns_of_the_metals_that_will_be_lost():
    state = at_step(fresh(), "metals", held={"gold": 2, "wood": 1})
    assert english_labels(state, type="done") == ["Go on to Build or Loot (the unused 2 Gold will be lost)"]
    state["turn"]["final"] = True
    assert english_labels(state, type="done") == ["End your last turn (the unused 2 Gold and 1 Wood will be lost)"]


def test_label_loot_shows_the_minus_one_vp():
    state = at_step(fresh(), "build", held={"gold": 1})
    assert all(label.endswith("(a camp to the Wanted area, -1 VP)") for label in english_labels(state))


def test_no_gold_west_prompt_or_label_says_click():
    # Players use phones: "choose" or "tap", never "click" (checked over a whole random game).
    import random

    rng = random.Random(7)
    state = GAME.new_game(3, {}, 7)
    while GAME.result(state) is None:
        pending = GAME.pending(state)
        assert not [p for p in pending.values() if "click" in english(p.text).lower()]
        seat = rng.choice(sorted(pending))
        legal = GAME.legal(state, seat)
        assert not [a for a in legal if "click" in english(a["label"]).lower()]
        state, _ = GAME.apply(state, seat, rng.choice(legal))
