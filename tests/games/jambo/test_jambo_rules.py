"""One test per rule of the Jambo spec (docs/rules/jambo.md) and per card effect."""

from __future__ import annotations

from collections import Counter

import pytest

from jambo_helpers import (act, check_invariants, drawn, give, give_util, labels, legal, new, set_hand, stage,
                           set_wares, to_phase2, ware_id, wares_of)

from app.games.jambo import GAME
from app.games.jambo.steps.auction import bid_amounts
from app.games.jambo import data as C
from app.games.jambo.state import held, supply


# ---- components and setup ---------------------------------------------------------------------------------------

def test_card_counts_match_spec():
    kinds = Counter(C.CARD_KIND)
    by_type = Counter(C.KINDS[k]["type"] for k in C.CARD_KIND)
    assert by_type == {"ware": 40, "stand": 5, "utility": 22, "person": 29, "animal": 14}
    assert kinds["W01"] == 4 and all(kinds[f"W{i:02d}"] == 2 for i in range(2, 20))
    expected = {"well": 3, "drums": 3, "throne": 2, "boat": 2, "scale": 2, "mask": 2, "supplies": 2, "kettle": 2,
                "leopard": 2, "weapons": 2, "guard": 6, "rainmaker": 3, "shaman": 2, "psychic": 2, "elder": 2,
                "wiseman": 2, "portuguese": 2, "basket": 2, "traveling": 2, "arabian": 2, "dancer": 2, "carrier": 1,
                "drummer": 1, "crocodile": 5, "parrot": 2, "hyena": 2, "snake": 1, "elephant": 1, "ape": 1, "lion": 1,
                "cheetah": 1, "stand": 5}
    for k, n in expected.items():
        assert kinds[k] == n, k
    assert (C.KINDS["W01"]["buy"], C.KINDS["W01"]["sell"]) == (10, 18)
    assert (C.KINDS["W08"]["buy"], C.KINDS["W08"]["sell"], C.KINDS["W08"]["wares"]) == (4, 11, [0, 0, 4])


def test_setup_five_cards_twenty_gold_large_stand():
    s = new()
    for P in s["players"]:
        assert len(P["hand"]) == 5 and P["gold"] == 20
        assert P["stands"] == [] and P["utilities"] == [] and sum(P["wares"]) == 0
    assert len(s["deck"]) == 100 and s["discard"] == []
    v = GAME.view(s, 0)
    assert v["players"][0]["spaces"] == 6 and v["supply"] == [6] * 6
    check_invariants(s)


def test_first_player_option_and_random_default():
    assert new(first=1)["turn"] == 1
    firsts = {GAME.new_game(2, {}, seed)["turn"] for seed in range(20)}
    assert firsts == {0, 1}


def test_exactly_two_players():
    from app.engine import BadOptions
    with pytest.raises(BadOptions):
        GAME.new_game(3, {}, 1)


# ---- phase 1 -------------------------------------------------------------------------------------------------

def test_phase1_draw_costs_one_action_keep_goes_to_phase2():
    s = new()
    top = s["deck"][-1]
    s, _ = act(s, {"type": "draw"})
    assert s["actions_used"] == 1 and drawn(s) == top
    assert {a["type"] for a in legal(s)} == {"keep", "reject"}
    s, _ = act(s, {"type": "keep"})
    assert s["phase"] == 2 and top in s["players"][0]["hand"] and drawn(s) is None


def test_phase1_discard_face_up_then_draw_again_or_phase2():
    s = new()
    top = s["deck"][-1]
    s, _ = act(s, {"type": "draw"})
    s, _ = act(s, {"type": "reject"})
    assert s["discard"][-1] == top and s["phase"] == 1
    assert GAME.view(s, 1)["discard_top"] == top
    assert {"draw", "phase2"} <= {a["type"] for a in legal(s)}
    s, _ = act(s, {"type": "draw"})
    assert s["actions_used"] == 2


def test_phase1_skip_keeps_five_actions():
    s = new()
    s, _ = act(s, {"type": "phase2"})
    assert s["phase"] == 2 and s["actions_used"] == 0 and GAME.view(s, 0)["actions_left"] == 5


def test_phase1_five_discards_end_the_turn_without_bonus():
    s = new()
    for _ in range(5):
        s, _ = act(s, {"type": "draw"})
        s, _ = act(s, {"type": "reject"})
    assert s["turn"] == 1 and s["players"][0]["gold"] == 20


def test_drawn_card_is_secret():
    s = new()
    s, ev = act(s, {"type": "draw"})
    assert GAME.view(s, 0)["drawn"] == drawn(s)
    assert GAME.view(s, 1)["drawn"] is True and GAME.view(s, None)["drawn"] is True
    private = [e for e in ev if "seats" in e]
    assert private and all(e["seats"] == [0] for e in private)


def test_empty_draw_pile_reshuffles_discard():
    s = new()
    s["discard"] = s["deck"][:-1]
    s["deck"] = s["deck"][-1:]
    s, _ = act(s, {"type": "draw"})
    s, _ = act(s, {"type": "reject"})
    assert s["deck"] == []
    s, _ = act(s, {"type": "draw"})
    assert len(s["deck"]) == 99 and s["discard"] == [] and drawn(s) is not None
    check_invariants(s)


def test_no_draw_when_both_piles_empty():
    s = new()
    s["players"][1]["hand"] += s["deck"]
    s["deck"] = []
    assert "draw" not in {a["type"] for a in legal(s)}


def test_phase2_cannot_return_to_phase1():
    s = new()
    s, _ = act(s, {"type": "phase2"})
    assert "draw" not in {a["type"] for a in legal(s)}


# ---- end of turn and end of game ------------------------------------------------------------------------------------

def test_two_unused_actions_pay_one_gold():
    s = new()
    s, _ = act(s, {"type": "draw"})
    s, _ = act(s, {"type": "keep"})
    s["actions_used"] = 3
    s, _ = act(s, {"type": "end"})
    assert s["players"][0]["gold"] == 21 and s["turn"] == 1


def test_one_unused_action_pays_nothing():
    s = new()
    to_phase2(s)
    s["actions_used"] = 4
    s, _ = act(s, {"type": "end"})
    assert s["players"][0]["gold"] == 20


def test_sixty_gold_gives_opponent_one_last_turn():
    s = new()
    s["players"][0]["gold"] = 59
    s, ev = act(s, {"type": "end"})  # +1 bonus -> 60 at the end of the turn
    assert s["ender"] == 0 and s["turn"] == 1 and GAME.result(s) is None
    assert GAME.view(s, 1)["final_turn"] is True
    s["players"][1]["gold"] = 61
    s, ev = act(s, {"type": "phase2"})
    s, ev = act(s, {"type": "end"})  # 62 > 60
    r = GAME.result(s)
    assert r["winners"] == [1] and r["scores"] == [60, 62]
    assert GAME.pending(s) == {}


def test_end_check_only_at_end_of_turn():
    s = new()
    to_phase2(s)
    s["players"][0]["gold"] = 70
    set_hand(s, 0, "wiseman")
    s, _ = act(s, "Play Wise Man")
    assert s["ender"] is None and GAME.result(s) is None


@pytest.mark.parametrize("tie,winner", [("first_to_60", 0), ("last_player", 1)])
def test_tie_rule_option(tie, winner):
    s = new(tie_goes_to=tie)
    s["players"][0]["gold"] = 59
    s, _ = act(s, {"type": "end"})
    s["players"][1]["gold"] = 59
    s, _ = act(s, {"type": "end"})
    r = GAME.result(s)
    assert r["scores"] == [60, 60] and r["winners"] == [winner]


def test_trigger_player_wins_when_opponent_has_less():
    s = new()
    s["players"][0]["gold"] = 65
    s, _ = act(s, {"type": "end"})
    s, _ = act(s, {"type": "end"})
    assert GAME.result(s)["winners"] == [0]


# ---- wares, stands --------------------------------------------------------------------------------------------------

def test_buy_pays_left_price_and_places_wares():
    s = new()
    to_phase2(s)
    (c,) = set_hand(s, 0, "W08")
    s, ev = act(s, {"type": "buy"})
    assert s["players"][0]["gold"] == 16 and wares_of(s, 0) == "KKF"
    assert s["discard"][-1] == c and s["actions_used"] == 1
    assert supply(s)[ware_id("K")] == 4


def test_buy_needs_gold_space_and_supply():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "W01")
    s["players"][0]["gold"] = 9
    assert "buy" not in {a["type"] for a in legal(s)}
    s["players"][0]["gold"] = 30
    set_wares(s, 0, "KK")  # 4 free spaces, 6 wares needed
    assert "buy" not in {a["type"] for a in legal(s)}
    set_wares(s, 0, "")
    set_wares(s, 1, "KKKKKK")  # no trinkets left in the supply
    assert "buy" not in {a["type"] for a in legal(s)}
    set_wares(s, 1, "")
    assert "buy" in {a["type"] for a in legal(s)}


def test_sell_needs_all_shown_wares_and_pays_right_price():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "W14")  # S L K
    set_wares(s, 0, "SL")
    assert "sell" not in {a["type"] for a in legal(s)}
    set_wares(s, 0, "SLKK")
    s, _ = act(s, {"type": "sell"})
    assert s["players"][0]["gold"] == 32 and wares_of(s, 0) == "K"


def test_ware_tokens_limited_to_six_per_type():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "W02")  # K K K
    set_wares(s, 1, "KKKK")
    assert "buy" not in {a["type"] for a in legal(s)}
    set_wares(s, 1, "KKK")
    assert "buy" in {a["type"] for a in legal(s)}


def test_small_stand_first_in_game_costs_6_then_3():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "stand", "stand")
    s, _ = act(s, "Small Market Stand for 6")
    assert s["players"][0]["gold"] == 14 and len(s["players"][0]["stands"]) == 1
    assert GAME.view(s, 0)["players"][0]["spaces"] == 9
    s, _ = act(s, "Small Market Stand for 3")
    assert s["players"][0]["gold"] == 11
    s, _ = act(s, {"type": "end"})
    # the opponent's first stand costs 3 too: the first stand of the game was built
    s, _ = act(s, {"type": "phase2"})
    set_hand(s, 1, "stand")
    s, _ = act(s, "for 3 gold")
    assert s["players"][1]["gold"] == 17


def test_small_stand_needs_gold():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "stand")
    s["players"][0]["gold"] = 5
    assert "play" not in {a["type"] for a in legal(s)}


def test_playing_a_card_costs_one_action():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "well")
    s, _ = act(s, "Play Well")
    assert s["actions_used"] == 1


def test_reaction_cards_cannot_be_played_actively():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "guard", "rainmaker")
    assert [a["type"] for a in legal(s)] == ["end"]


def test_five_actions_end_the_turn():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "well", "well", "drums", "weapons", "boat")
    for lab in ["Play Well", "Play Well", "Play Drums", "Play Weapons"]:
        s, _ = act(s, lab)
    assert stage(s)["step"] == "replace"
    s, _ = act(s, "Discard Drums")
    assert s["turn"] == 0 and s["actions_used"] == 4
    s, _ = act(s, "Use Well")
    assert s["turn"] == 1 and s["players"][0]["gold"] == 19


# ---- utilities ---------------------------------------------------------------------------------------------------

def test_utilities_limited_to_three_discard_one_to_play_fourth():
    s = new()
    to_phase2(s)
    u = give_util(s, 0, "well", "drums", "kettle")
    set_hand(s, 0, "weapons")
    s["used_utilities"].append(u[1])
    s, _ = act(s, "Play Weapons")
    assert stage(s)["step"] == "replace" and len(legal(s)) == 3
    s, _ = act(s, "Discard Drums")  # a utility used this turn may be discarded
    assert [C.CARD_KIND[c] for c in s["players"][0]["utilities"]] == ["well", "kettle", "weapons"]
    assert s["discard"][-1] == u[1] and s["actions_used"] == 1


def test_utility_once_per_turn_costs_action_usable_when_played():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "well")
    s, _ = act(s, "Play Well")
    s, _ = act(s, "Use Well")
    assert s["actions_used"] == 2 and s["players"][0]["gold"] == 19
    assert not any("Use Well" in x for x in labels(s))
    s, _ = act(s, {"type": "end"})
    s, _ = act(s, {"type": "end"})
    s, _ = act(s, {"type": "phase2"})
    assert any("Use Well" in x for x in labels(s))


def test_utility_is_used_once_per_turn_even_after_leaving_play_and_coming_back():
    """Weapons used, discarded to make room, taken back by the Drummer and played again: not usable again (#10, 5)."""
    s = new()
    to_phase2(s)
    (weapons, _, _) = give_util(s, 0, "weapons", "well", "drums")
    set_hand(s, 0, "guard", "kettle", "drummer", "W02")
    s, _ = act(s, "Use Weapons")
    s, _ = act(s, "Discard Guard")
    s, _ = act(s, "Play Kettle")
    s, _ = act(s, {"type": "pick", "card": weapons})
    s, _ = act(s, "Play Drummer")
    s, _ = act(s, {"card": weapons})
    s, _ = act(s, "Play Weapons")
    s, _ = act(s, "Discard Well")
    assert weapons in s["players"][0]["utilities"] and s["actions_used"] == 4
    assert not any(x.startswith("Use Weapons") for x in labels(s))
    assert {"card": weapons, "used": True} in GAME.view(s, 1)["players"][0]["utils"]


def test_two_copies_each_usable_once():
    s = new()
    to_phase2(s)
    give_util(s, 0, "well", "well")
    s, _ = act(s, "Use Well")
    s, _ = act(s, "Use Well")
    assert s["actions_used"] == 2 and s["players"][0]["gold"] == 18


def test_well_pay_one_draw_one():
    s = new()
    to_phase2(s)
    give_util(s, 0, "well")
    top = s["deck"][-1]
    s, _ = act(s, "Use Well")
    assert s["players"][0]["gold"] == 19 and top in s["players"][0]["hand"]
    s2 = new()
    to_phase2(s2)
    give_util(s2, 0, "well")
    s2["players"][0]["gold"] = 0
    assert not any("Use Well" in x for x in labels(s2))


def test_drums_return_ware_draw_one():
    s = new()
    to_phase2(s)
    give_util(s, 0, "drums")
    set_wares(s, 0, "SK")
    s, _ = act(s, "Use Drums")
    s, _ = act(s, "Return salt")
    assert wares_of(s, 0) == "K" and len(s["players"][0]["hand"]) == 6


def test_throne_exchanges_one_ware():
    s = new()
    to_phase2(s)
    give_util(s, 0, "throne")
    set_wares(s, 0, "K")
    set_wares(s, 1, "HH")
    s, _ = act(s, "Use Throne")
    s, _ = act(s, "Take their hides")
    s, _ = act(s, "Give your trinkets")
    assert wares_of(s, 0) == "H" and wares_of(s, 1) == "KH"


def test_throne_needs_wares_on_both_sides():
    s = new()
    to_phase2(s)
    give_util(s, 0, "throne")
    set_wares(s, 1, "HH")
    assert not any("Use Throne" in x for x in labels(s))


def test_boat_discard_card_take_ware():
    s = new()
    to_phase2(s)
    give_util(s, 0, "boat")
    (g,) = set_hand(s, 0, "guard")
    s, _ = act(s, "Use Boat")
    s, _ = act(s, "Discard Guard")
    s, _ = act(s, "Take silk")
    assert wares_of(s, 0) == "L" and s["discard"][-1] == g and s["players"][0]["gold"] == 20


def test_scale_keep_one_give_other():
    s = new()
    to_phase2(s)
    give_util(s, 0, "scale")
    a, b = s["deck"][-1], s["deck"][-2]
    s, _ = act(s, "Use Scale")
    assert GAME.view(s, 0)["stage"]["cards"] == [a, b]
    assert "cards" not in GAME.view(s, 1)["stage"]
    s, _ = act(s, {"type": "pick", "card": b})
    assert b in s["players"][0]["hand"] and a in s["players"][1]["hand"]
    assert len(s["players"][1]["hand"]) == 6


def test_mask_swaps_with_discard_top_also_in_phase1():
    s = new()
    give_util(s, 0, "mask")
    (w,) = set_hand(s, 0, "W02")
    s["discard"].append(s["deck"].pop())
    top = s["discard"][-1]
    s, _ = act(s, "Use Mask")
    assert s["phase"] == 1
    s, _ = act(s, "Swap")
    assert s["discard"][-1] == w and top in s["players"][0]["hand"]
    assert s["phase"] == 1 and s["actions_used"] == 1
    assert {"draw", "phase2"} <= {a["type"] for a in legal(s)}


def test_supplies_pay_reveal_until_ware():
    s = new()
    to_phase2(s)
    give_util(s, 0, "supplies")
    # arrange the top of the deck: guard, well, then a ware card
    g = give(s, 1, "guard")[0]
    w = give(s, 1, "well")[0]
    x = give(s, 1, "W05")[0]
    for c in (g, w, x):
        s["players"][1]["hand"].remove(c)
    s["deck"] += [x, w, g]
    s, ev = act(s, "Use Supplies")
    s, ev = act(s, "Pay 1 gold")
    assert s["players"][0]["gold"] == 19 and x in s["players"][0]["hand"]
    assert s["discard"][-2:] == [g, w]


def test_supplies_discard_instead_of_paying():
    s = new()
    to_phase2(s)
    give_util(s, 0, "supplies")
    (g,) = set_hand(s, 0, "guard")
    s["players"][0]["gold"] = 0
    s, _ = act(s, "Use Supplies")
    assert labels(s) == ["Discard Guard"]
    s, _ = act(s, "Discard Guard")
    assert len(s["players"][0]["hand"]) == 1
    assert C.KINDS[C.CARD_KIND[s["players"][0]["hand"][0]]]["type"] == "ware"


def test_kettle_discard_one_or_two_draw_as_many():
    s = new()
    to_phase2(s)
    give_util(s, 0, "kettle")
    set_hand(s, 0, "guard", "rainmaker", "well")
    s, _ = act(s, "Use Kettle")
    s, _ = act(s, "Discard Guard")
    s, _ = act(s, "Discard Rain Maker")
    assert len(s["players"][0]["hand"]) == 3 and stage(s) is None
    s2 = new()
    to_phase2(s2)
    give_util(s2, 0, "kettle")
    set_hand(s2, 0, "guard", "rainmaker")
    s2, _ = act(s2, "Use Kettle")
    s2, _ = act(s2, "Discard Guard")
    s2, _ = act(s2, "Stop")
    assert len(s2["players"][0]["hand"]) == 2


def test_leopard_statue_pay_two_take_ware():
    s = new()
    to_phase2(s)
    give_util(s, 0, "leopard")
    s, _ = act(s, "Use Leopard")
    s, _ = act(s, "Take fruit")
    assert wares_of(s, 0) == "F" and s["players"][0]["gold"] == 18


def test_weapons_discard_card_take_two_gold():
    s = new()
    to_phase2(s)
    give_util(s, 0, "weapons")
    set_hand(s, 0, "guard")
    s, _ = act(s, "Use Weapons")
    s, _ = act(s, "Discard Guard")
    assert s["players"][0]["gold"] == 22 and s["players"][0]["hand"] == []


# ---- people ----------------------------------------------------------------------------------------------------

def _animal_unblocked(s, label):
    s, _ = act(s, label)
    assert set(GAME.pending(s)) == {1}  # only the reacting seat is pending
    s, _ = act(s, "No reaction", seat=1)
    return s


def test_guard_cancels_animal_action_still_spent():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "parrot")
    (g,) = set_hand(s, 1, "guard")
    set_wares(s, 1, "K")
    s, _ = act(s, "Play Parrot")
    assert GAME.pending(s).keys() == {1} and GAME.legal(s, 0) == []
    s, _ = act(s, "Play Guard", seat=1)
    assert wares_of(s, 1) == "K" and s["actions_used"] == 1 and stage(s) is None
    assert g in s["discard"] and C.CARD_KIND[s["discard"][-1]] in ("guard", "parrot")


def test_reaction_prompt_offered_even_without_guard():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "cheetah")
    set_hand(s, 1, "W02")
    s, _ = act(s, "Play Cheetah")
    assert GAME.pending(s).keys() == {1}
    assert labels(s, 1) == ["No reaction"]


def test_reaction_prompts_name_no_seat_code():
    """The prompt is shown verbatim by the table client: no "@<seat>" in it (the board's stage text keeps it)."""
    s = new()
    to_phase2(s)
    set_hand(s, 0, "cheetah", "W02")
    s, _ = act(s, "Play Cheetah")
    assert GAME.pending(s)[1].to_json()["text"] == "Your opponent plays Cheetah: react?"
    assert GAME.view(s, 0)["stage"]["text"] == "@0 plays Cheetah: react?"
    s, _ = act(s, "No reaction", seat=1)
    s, _ = act(s, "Give 2 gold", seat=1)
    s, _ = act(s, "Buy")
    assert GAME.pending(s)[1].to_json()["text"] == "Your opponent used a ware card: react?"


def test_guard_does_not_stop_people():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "wiseman")
    set_hand(s, 1, "guard")
    s, _ = act(s, "Play Wise Man")
    assert stage(s) is None and s["wise_men"] == 1


def test_rain_maker_takes_used_ware_card():
    s = new()
    to_phase2(s)
    (w,) = set_hand(s, 0, "W02")
    (r,) = set_hand(s, 1, "rainmaker")
    s, _ = act(s, "Buy")
    assert GAME.pending(s).keys() == {1}
    s, _ = act(s, "Play Rain Maker", seat=1)
    assert w in s["players"][1]["hand"] and s["discard"][-1] == r and s["actions_used"] == 1


def test_shaman_exchanges_all_of_one_type():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "shaman")
    set_wares(s, 0, "KKKH")
    s, _ = act(s, "Play Shaman")
    s, _ = act(s, "Give up all 3 trinkets")
    s, _ = act(s, "Receive salt")
    assert wares_of(s, 0) == "HSSS"


def test_shaman_limited_by_supply():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "shaman")
    set_wares(s, 0, "KKKK")
    s["players"][1]["stands"] = [c for c in s["deck"] if C.CARD_KIND[c] == "stand"][:3]
    for c in s["players"][1]["stands"]:
        s["deck"].remove(c)
    set_wares(s, 1, "HHHTTTLLLFFF")  # 3 left of each of these: not enough for 4
    check_invariants(s)
    s, _ = act(s, "Play Shaman")
    s, _ = act(s, "Give up all 4 trinkets")
    assert labels(s) == ["Receive salt"]


def test_psychic_look_six_take_one_rest_in_order():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "psychic")
    top6 = list(reversed(s["deck"][-6:]))
    s, _ = act(s, "Play Psychic")
    assert GAME.view(s, 0)["stage"]["cards"] == top6
    assert "cards" not in GAME.view(s, 1)["stage"]
    chosen = top6[2]
    s, _ = act(s, {"type": "pick", "card": chosen})
    assert chosen in s["players"][0]["hand"]
    rest = [c for c in top6 if c != chosen]
    assert list(reversed(s["deck"][-5:])) == rest


def test_tribal_elder_opponent_discards_to_three():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "elder")
    s, _ = act(s, "Play Tribal Elder")
    s, _ = act(s, "discards down to 3")
    assert GAME.pending(s).keys() == {1}
    s, _ = act(s, {"type": "pick"}, seat=1)
    s, _ = act(s, {"type": "pick"}, seat=1)
    assert len(s["players"][1]["hand"]) == 3 and stage(s) is None


def test_tribal_elder_draw_to_five():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "elder", "guard")
    s, _ = act(s, "Play Tribal Elder")
    s, _ = act(s, "Draw until")
    assert len(s["players"][0]["hand"]) == 5


def test_wise_man_stacks_and_price_floor():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "wiseman", "wiseman", "W02", "W03")
    set_wares(s, 0, "HHH")
    s, _ = act(s, "Play Wise Man")
    assert any(x == "Sell hides, hides, hides for 12 gold" for x in labels(s))
    s, _ = act(s, "Play Wise Man")
    assert any(x.startswith("Buy trinkets, trinkets, trinkets for 0 gold") for x in labels(s))
    s, _ = act(s, "Sell hides")
    assert s["players"][0]["gold"] == 34
    s, _ = act(s, "No reaction", seat=1)
    s, _ = act(s, "Buy trinkets")
    assert s["players"][0]["gold"] == 34
    s, _ = act(s, "No reaction", seat=1)
    s, _ = act(s, {"type": "end"})
    assert s["wise_men"] == 0


def test_portuguese_sells_any_number_for_two_each():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "portuguese")
    set_wares(s, 0, "KHT")
    s, _ = act(s, "Play Portuguese")
    s, _ = act(s, "Sell 1 trinkets")
    s, _ = act(s, "Sell 1 tea")
    s, _ = act(s, "Finish")
    assert wares_of(s, 0) == "H" and s["players"][0]["gold"] == 24


def test_basket_maker_pay_two_take_two_of_one_type():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "basket")
    set_wares(s, 1, "LLLLL")
    s, _ = act(s, "Play Basket")
    assert "Take 2 silk for 2 gold" not in labels(s)
    s, _ = act(s, "Take 2 tea")
    assert wares_of(s, 0) == "TT" and s["players"][0]["gold"] == 18


def test_dancer_three_ware_card_only_returns_three_wares():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "dancer", "W01")
    set_wares(s, 0, "KHT")
    assert not any("Dancer" in x for x in labels(s))
    give(s, 0, "W14")
    s, _ = act(s, "Play Dancer")
    assert len(legal(s)) == 1
    s, _ = act(s, "Discard")
    for w in ("trinkets", "hides", "tea"):
        s, _ = act(s, f"Return {w}")
    assert s["players"][0]["gold"] == 32 and wares_of(s, 0) == ""
    assert [C.CARD_KIND[c] for c in s["discard"][-2:]] == ["dancer", "W14"]


def test_carrier_wares_option_opponent_draws():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "carrier")
    s, _ = act(s, "Play Carrier")
    s, _ = act(s, "Take 2 wares")
    s, _ = act(s, "Take 2 fruit")
    assert wares_of(s, 0) == "FF" and len(s["players"][1]["hand"]) == 7


def test_carrier_cards_option_opponent_chooses_wares():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "carrier")
    s, _ = act(s, "Play Carrier")
    s, _ = act(s, "Draw 2 cards")
    assert len(s["players"][0]["hand"]) == 2 and GAME.pending(s).keys() == {1}
    s, _ = act(s, "Take 2 salt", seat=1)
    assert wares_of(s, 1) == "SS"


def test_drummer_takes_utility_from_discard():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "drummer")
    assert not any("Drummer" in x for x in labels(s))
    (u,) = give(s, 1, "kettle")
    s["players"][1]["hand"].remove(u)
    s["discard"].append(u)
    s, _ = act(s, "Play Drummer")
    s, _ = act(s, "Take Kettle")
    assert u in s["players"][0]["hand"]


# ---- animals --------------------------------------------------------------------------------------------------------

def test_crocodile_uses_opponent_utility_then_discards_it():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "crocodile")
    (u,) = give_util(s, 1, "weapons")
    give(s, 0, "guard")
    s = _animal_unblocked(s, "Play Crocodile")
    s, _ = act(s, "Use their Weapons")
    s, _ = act(s, "Discard Guard")
    assert s["players"][0]["gold"] == 22 and s["players"][1]["utilities"] == [] and u in s["discard"]
    assert s["actions_used"] == 1
    assert C.CARD_KIND[s["discard"][-1]] == "crocodile"


def test_crocodile_needs_opponent_utility():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "crocodile")
    assert not any("Crocodile" in x for x in labels(s))


def test_crocodile_well_still_costs_gold():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "crocodile")
    give_util(s, 1, "well")
    s = _animal_unblocked(s, "Play Crocodile")
    s, _ = act(s, "Use their Well")
    assert s["players"][0]["gold"] == 19 and len(s["players"][0]["hand"]) == 1


def test_parrot_takes_opponent_ware():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "parrot")
    set_wares(s, 1, "SK")
    s = _animal_unblocked(s, "Play Parrot")
    s, _ = act(s, "Take their salt")
    assert wares_of(s, 0) == "S" and wares_of(s, 1) == "K"


def test_parrot_needs_space_and_opponent_ware():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "parrot")
    assert not any("Parrot" in x for x in labels(s))
    set_wares(s, 1, "S")
    set_wares(s, 0, "KKKKKK")
    assert not any("Parrot" in x for x in labels(s))


def test_hyena_look_take_give():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "hyena", "guard")
    theirs = set_hand(s, 1, "well", "W02")
    s = _animal_unblocked(s, "Play Hyena")
    assert GAME.view(s, 0)["stage"]["their_hand"] == theirs
    assert "their_hand" not in GAME.view(s, None)["stage"]
    s, _ = act(s, "Take their Well")
    s, _ = act(s, "Give Guard")
    assert C.CARD_KIND[s["players"][0]["hand"][0]] == "well"
    assert sorted(C.CARD_KIND[c] for c in s["players"][1]["hand"]) == ["W02", "guard"]


def test_snake_each_keeps_one_utility():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "snake")
    give_util(s, 0, "well", "kettle")
    give_util(s, 1, "boat", "scale", "mask")
    s = _animal_unblocked(s, "Play Snake")
    s, _ = act(s, "Keep Kettle")
    s, _ = act(s, "Keep Mask", seat=1)
    assert [C.CARD_KIND[u] for u in s["players"][0]["utilities"]] == ["kettle"]
    assert [C.CARD_KIND[u] for u in s["players"][1]["utilities"]] == ["mask"]
    check_invariants(s)


def test_elephant_pools_wares_alternate_picks():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "elephant")
    set_wares(s, 0, "KK")
    set_wares(s, 1, "S")
    s = _animal_unblocked(s, "Play Elephant")
    assert GAME.pending(s).keys() == {0}
    s, _ = act(s, "Take salt")
    s, _ = act(s, "Take trinkets", seat=1)
    s, _ = act(s, "Take trinkets")
    assert wares_of(s, 0) == "KS" and wares_of(s, 1) == "K" and stage(s) is None


def test_ape_pools_hands_face_up_and_alternate_picks():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "ape", "well")
    set_hand(s, 1, "guard", "W02")
    s, _ = act(s, "Play Ape")
    s, events = act(s, "No reaction", seat=1)
    (pool,) = [e for e in events if e["type"] == "pool"]
    # The pooled cards lie face up for both players, as at a real table (#10, ruling 6)
    assert "seats" not in pool and pool["text"].startswith("All hand cards are pooled face up for both players: ")
    assert sorted(pool["cards"]) == sorted(GAME.view(s, None)["stage"]["pool"])
    s, _ = act(s, "Take Guard")
    s, _ = act(s, "Take Well", seat=1)
    s, _ = act(s, "Take Wares")
    assert sorted(C.CARD_KIND[c] for c in s["players"][0]["hand"]) == ["W02", "guard"]
    assert [C.CARD_KIND[c] for c in s["players"][1]["hand"]] == ["well"]


def test_lion_pools_utilities_max_three_each():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "lion")
    give_util(s, 0, "well", "drums", "kettle")
    give_util(s, 1, "boat", "mask")
    s = _animal_unblocked(s, "Play Lion")
    picks = [(0, "Boat"), (1, "Well"), (0, "Mask"), (1, "Drums"), (0, "Kettle")]
    for seat, nm in picks:
        s, _ = act(s, f"Take {nm}", seat=seat)
    assert sorted(C.CARD_KIND[u] for u in s["players"][0]["utilities"]) == ["boat", "kettle", "mask"]
    assert sorted(C.CARD_KIND[u] for u in s["players"][1]["utilities"]) == ["drums", "well"]
    s2 = new()
    to_phase2(s2)
    set_hand(s2, 0, "lion")
    give_util(s2, 0, "well")
    give_util(s2, 1, "boat", "mask", "drums")
    s2 = _animal_unblocked(s2, "Play Lion")
    for seat, nm in [(0, "Boat"), (1, "Well"), (0, "Mask"), (1, "Drums")]:
        s2, _ = act(s2, f"Take {nm}", seat=seat)
    assert len(s2["players"][0]["utilities"]) == 2 and len(s2["players"][1]["utilities"]) == 2


def test_cheetah_opponent_chooses_gold_or_cards():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "cheetah")
    s = _animal_unblocked(s, "Play Cheetah")
    assert GAME.pending(s).keys() == {1}
    s, _ = act(s, "Give 2 gold", seat=1)
    assert s["players"][0]["gold"] == 22 and s["players"][1]["gold"] == 18
    s2 = new()
    to_phase2(s2)
    set_hand(s2, 0, "cheetah")
    s2["players"][1]["gold"] = 1
    s2 = _animal_unblocked(s2, "Play Cheetah")
    assert labels(s2, 1) == ["Let them draw 2 cards"]
    s2, _ = act(s2, "Let them draw", seat=1)
    assert len(s2["players"][0]["hand"]) == 2


def test_wise_man_does_not_change_dancer():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "wiseman", "dancer", "W02")
    set_wares(s, 0, "HTL")
    s, _ = act(s, "Play Wise Man")
    s, _ = act(s, "Play Dancer")
    s, _ = act(s, "Discard")
    for w in ("hides", "tea", "silk"):
        s, _ = act(s, f"Return {w}")
    assert s["players"][0]["gold"] == 30


def test_action_count_visible_to_everyone():
    s = new()
    s, _ = act(s, {"type": "draw"})
    for viewer in (0, 1, None):
        v = GAME.view(s, viewer)
        assert v["actions_used"] == 1 and v["actions_left"] == 4 and v["turn"] == 0


def test_public_areas_visible_to_everyone():
    s = new()
    give_util(s, 0, "well")
    set_wares(s, 0, "KS")
    s["discard"].append(s["deck"].pop())
    for viewer in (0, 1, None):
        p = GAME.view(s, viewer)["players"][0]
        assert p["wares"][ware_id("K")] == 1 and p["utils"][0]["card"] in s["players"][0]["utilities"]
        assert p["gold"] == 20 and p["hand_count"] == 5
        assert GAME.view(s, viewer)["discard_top"] == s["discard"][-1]


def test_every_action_has_a_label_and_catalogue_covers_cards():
    cat = GAME.catalogue()
    assert len(cat["cards"]) == 110 and set(cat["cards"]) == set(cat["kinds"])
    assert all(v["text"] for v in cat["kinds"].values())
    # The renderer draws the stands from these sizes: 6 spaces on the large stand (the 6th costs a fee), 3 on a small.
    assert (cat["rules"]["large_stand_spaces"], cat["rules"]["small_stand_spaces"]) == (6, 3)
    s = new()
    assert all(a["label"] for a in legal(s))


ANIMAL_SETUPS = {
    "crocodile": lambda s: give_util(s, 1, "well"),
    "parrot": lambda s: set_wares(s, 1, "K"),
    "hyena": lambda s: None,
    "snake": lambda s: give_util(s, 1, "well", "drums"),
    "elephant": lambda s: set_wares(s, 1, "KH"),
    "ape": lambda s: None,
    "lion": lambda s: give_util(s, 1, "well"),
    "cheetah": lambda s: None,
}


@pytest.mark.parametrize("animal", sorted(ANIMAL_SETUPS))
def test_guard_cancels_every_animal(animal):
    s = new()
    to_phase2(s)
    (a,) = set_hand(s, 0, animal)
    set_hand(s, 1, "guard", "W02")
    ANIMAL_SETUPS[animal](s)
    before = {k: s["players"][1][k] for k in ("gold", "utilities", "wares")}
    s, _ = act(s, f"Play {C.KINDS[animal]['name']}")
    s, _ = act(s, "Play Guard", seat=1)
    assert stage(s) is None and s["turn"] == 0 and s["actions_used"] == 1
    assert {k: s["players"][1][k] for k in before} == before
    assert a in s["discard"] and [C.CARD_KIND[c] for c in s["players"][1]["hand"]] == ["W02"]
    check_invariants(s)


def test_rain_maker_after_sell():
    s = new()
    to_phase2(s)
    (w,) = set_hand(s, 0, "W04")
    set_hand(s, 1, "rainmaker")
    set_wares(s, 0, "TTT")
    s, _ = act(s, "Sell")
    s, _ = act(s, "Play Rain Maker", seat=1)
    assert w in s["players"][1]["hand"] and s["players"][0]["gold"] == 30


def test_mask_needs_discard_and_not_while_card_drawn():
    s = new()
    give_util(s, 0, "mask")
    assert not any("Mask" in x for x in labels(s))
    s["discard"].append(s["deck"].pop())
    assert any("Mask" in x for x in labels(s))
    s, _ = act(s, {"type": "draw"})
    assert not any("Mask" in x for x in labels(s))


def test_crocodile_with_scale_then_discards():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "crocodile")
    (u,) = give_util(s, 1, "scale")
    s = _animal_unblocked(s, "Play Crocodile")
    s, _ = act(s, "Use their Scale")
    assert stage(s)["step"] == "scale"
    s, _ = act(s, {"type": "pick"})
    assert u in s["discard"] and len(s["players"][0]["hand"]) == 1 and len(s["players"][1]["hand"]) == 6
    check_invariants(s)


def test_crocodile_discard_unused():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "crocodile")
    (u,) = give_util(s, 1, "well")
    s["players"][0]["gold"] = 0
    s = _animal_unblocked(s, "Play Crocodile")
    assert labels(s) == ["Discard their Well unused"]
    s, _ = act(s, "Discard their Well")
    assert u in s["discard"] and s["players"][0]["gold"] == 0


def test_tribal_elder_discard_option_with_small_hand_does_nothing():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "elder")
    set_hand(s, 1, "guard", "guard")
    s, _ = act(s, "Play Tribal Elder")
    s, _ = act(s, "discards down to 3")
    assert stage(s) is None and len(s["players"][1]["hand"]) == 2


def test_hyena_not_playable_against_empty_hand():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "hyena")
    s["deck"] += s["players"][1]["hand"]
    s["players"][1]["hand"] = []
    assert not any("Hyena" in x for x in labels(s))


def test_final_turn_is_a_full_five_action_turn():
    s = new()
    s["players"][0]["gold"] = 60
    s, _ = act(s, {"type": "end"})
    assert s["turn"] == 1 and s["actions_used"] == 0 and s["phase"] == 1
    for _ in range(5):
        s, _ = act(s, {"type": "draw"})
        s, _ = act(s, {"type": "reject"})
    assert GAME.result(s) is not None
