"""The turn's rules one by one: movement, assistants, fees, encounters, companion, letters, double turn, the end
and its tie breaks, setup by player count and layout, and what each audience may see."""

from __future__ import annotations

import random

from istanbul_helpers import act, at_place, fresh, give_letter, options, put, step, turn_of

from app.games.istanbul import GAME
from app.games.istanbul import data as D
from app.games.istanbul import state as S
from app.games.istanbul.scoring import final_result


def test_setup_by_player_count():
    for n in range(2, 6):
        s = GAME.new_game(n, {"first_player": 0, "expansion": "none"}, 1)
        assert [p["lira"] for p in s["players"]] == list(D.START_LIRA[:n])
        assert all(len(p["hand"]) == 1 and p["stack"] == 4 and p["merchant"] == D.FOUNTAIN
                   and p["family"] == D.POLICE for p in s["players"])
        assert s["mosques"]["red"] == list(D.MOSQUE_VALUES[n]) and s["mosque_rubies"]["14"] == D.MOSQUE_RUBIES[n]
        assert s["wainwright"] == {"rubies": n, "extensions": 3 * n}
        assert S.gem_price(s) == {2: 15, 3: 14, 4: 12, 5: 12}[n]
        assert s["neutrals"] == ([14, 15, 16] if n == 2 else [])
        assert 2 <= s["governor"] <= 12 and 2 <= s["smuggler"] <= 12 and s["courier"] is None
    assert S.ruby_supply_on_board(fresh(n=5, expansion=False)) + 0 == 32


def test_recommended_layouts_are_4x4_and_5x4():
    assert fresh(expansion=False)["layout"] == list(D.BASE_LAYOUT)
    s = fresh()
    assert s["layout"] == list(D.EXPANSION_LAYOUT) and s["cols"] == 5 and 2 <= s["courier"] <= 12


def test_random_layout_keeps_the_fountain_inside_and_black_market_far_from_tea_house():
    for seed in range(30):
        for expansion in (False, True):
            s = fresh(expansion=expansion, seed=seed, layout="random")
            assert S.layout_ok(s["layout"], s["cols"], expansion)
            r, c = S.cell(s, D.FOUNTAIN)
            assert 0 < r < 3 and 0 < c < s["cols"] - 1
            assert S.distance(s, D.BLACK_MARKET, D.TEA_HOUSE) >= 3


def test_merchant_moves_one_or_two_places_orthogonally():
    s = turn_of(fresh(), 0)
    targets = {a["to"] for a in options(s, 0, type="move") if "token" not in a and "card" not in a}
    assert targets == set(S.places_at(s, D.FOUNTAIN, (1, 2))) and D.FOUNTAIN not in targets


def test_arriving_leaves_an_assistant_or_picks_one_up():
    s = turn_of(fresh(), 0)
    s, _ = act(s, 0, type="move", to=D.SPICE)
    p = s["players"][0]
    assert p["assistants"] == {"3": 1} and p["stack"] == 3
    s = turn_of(put(s, 0, merchant=D.FRUIT), 0)
    s, _ = act(s, 0, type="move", to=D.SPICE)
    assert s["players"][0]["assistants"] == {} and s["players"][0]["stack"] == 4


def test_no_assistant_ends_the_turn():
    s = turn_of(put(fresh(), 0, assistants={1: 1, 2: 1, 4: 1, 5: 1}), 0)
    s, events = act(s, 0, type="move", to=D.SPICE)
    assert s["turn"] == 1 and s["players"][0]["goods"]["green"] == 0
    assert any(e["type"] == "turn_ends" for e in events)


def test_fountain_needs_no_assistant_and_no_fee():
    s = fresh(n=3)
    s = turn_of(put(put(s, 1, merchant=D.FOUNTAIN), 0, merchant=D.CARAVANSARY, assistants={1: 1, 2: 1, 3: 1, 4: 1}), 0)
    s, _ = act(s, 0, type="move", to=D.FOUNTAIN)
    assert s["steps"][-1]["place"] == D.FOUNTAIN and step(s) == "act" and s["players"][0]["lira"] == 2


def test_other_merchants_are_paid_two_lira_each_or_the_turn_ends():
    s = fresh(n=3)
    put(s, 1, merchant=D.SPICE)
    put(s, 2, merchant=D.SPICE, companion=D.SPICE)
    s = turn_of(put(s, 0, lira=10), 0)
    s, _ = act(s, 0, type="move", to=D.SPICE)
    assert step(s) == "pay" and s["steps"][-1]["fees"] == ["merchant:1", "merchant:2", "companion:2"]
    s, _ = act(s, 0, type="pay")
    assert [p["lira"] for p in s["players"]] == [4, 5, 8]
    s = turn_of(put(s, 0, merchant=D.FOUNTAIN), 0)
    s, _ = act(s, 0, type="move", to=D.SPICE)
    s, _ = act(s, 0, type="refuse")
    assert s["turn"] == 1 and s["players"][0]["goods"]["green"] == 0


def test_two_player_neutral_merchant_is_paid_to_the_bank_and_moves_by_dice():
    s = turn_of(put(fresh(n=2), 0, merchant=D.GREAT_MOSQUE, lira=5), 0)
    s, _ = act(s, 0, type="move", to=D.GEM_DEALER)
    assert s["steps"][-1]["fees"] == ["neutral"]
    s, events = act(s, 0, type="pay")
    assert s["players"][0]["lira"] == 3 and s["players"][1]["lira"] == 3
    roll = next(e for e in events if e.get("token") == "neutral")
    assert sorted(s["neutrals"]) == sorted([14, 15, sum(roll["dice"])])


def test_family_members_met_are_caught_for_3_lira_or_a_card():
    s = fresh(n=3)
    put(s, 1, family=D.FABRIC)
    s = at_place(put(s, 0, lira=0), 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    assert not options(s, 0, type="end"), "catching is compulsory"
    s, _ = act(s, 0, type="catch", seat=1, take="lira")
    assert s["players"][1]["family"] == D.POLICE and s["players"][0]["lira"] == 3


def test_governor_gives_a_card_for_two_lira_or_a_card_then_moves():
    s = fresh()
    s["governor"] = D.FABRIC
    s = at_place(put(s, 0, lira=4), 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    hand = len(s["players"][0]["hand"])
    s, _ = act(s, 0, type="governor")
    s, events = act(s, 0, type="pay")
    assert len(s["players"][0]["hand"]) == hand + 1 and s["players"][0]["lira"] == 2
    assert any(e.get("token") == "governor" for e in events)


def test_smuggler_gives_a_good_for_two_lira_or_a_good():
    s = fresh()
    s["smuggler"] = D.FABRIC
    s = at_place(put(s, 0, lira=0), 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    s, _ = act(s, 0, type="smuggler", good="blue")
    assert not options(s, 0, type="pay")
    s, _ = act(s, 0, type="good", good="blue")
    assert s["players"][0]["goods"]["blue"] == 0 and step(s) == "after" or s["turn"] == 1


def test_courier_gives_a_letter_for_two_lira_or_a_letter():
    s = fresh()
    s["courier"] = D.FABRIC
    s = at_place(put(s, 0, lira=2), 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    s, _ = act(s, 0, type="courier", pay="lira")
    assert s["players"][0]["lira"] == 0 and len(s["players"][0]["letters"]) == 1


def test_no_encounters_after_a_refused_fee():
    s = fresh(n=3)
    s["governor"] = D.SPICE
    put(s, 1, merchant=D.SPICE)
    s = turn_of(s, 0)
    s, _ = act(s, 0, type="move", to=D.SPICE)
    s, _ = act(s, 0, type="refuse")
    assert s["turn"] == 1


def test_goods_over_capacity_are_lost():
    p = put(fresh(), 0, goods={"red": 2})["players"][0]
    assert S.gain_goods(p, {"red": 1}) == {} and p["goods"]["red"] == 2


def test_letters_are_delivered_when_a_token_stands_on_their_place():
    s = fresh()
    give_letter(s, 0, D.SPICE)
    s = turn_of(s, 0)
    s, events = act(s, 0, type="move", to=D.SPICE)
    assert s["players"][0]["letters"][0]["delivered"]
    assert any(e["type"] == "deliver" for e in events)


def test_companion_moves_one_place_needs_no_assistant_and_pays_fees():
    s = fresh(n=3)
    put(s, 1, merchant=D.FABRIC)
    s = turn_of(put(s, 0, companion="supply", lira=5), 0)
    s, _ = act(s, 0, type="place_companion")
    assert s["players"][0]["companion"] == D.FOUNTAIN
    dests = {a["to"] for a in options(s, 0, type="move", token="companion")}
    assert dests == set(S.places_at(s, D.FOUNTAIN, (1,)))
    s["players"][0]["companion"] = D.SPICE if D.FABRIC in S.places_at(s, D.SPICE, (1,)) else D.FABRIC
    s["players"][0]["companion"] = next(p for p in s["layout"] if S.distance(s, p, D.FABRIC) == 1)
    stack = s["players"][0]["stack"]
    s, _ = act(s, 0, type="move", token="companion", to=D.FABRIC)
    s, _ = act(s, 0, type="pay")
    assert s["players"][0]["stack"] == stack and s["players"][0]["lira"] == 3 and step(s) == "act"


def test_double_turn_once_per_round_for_three_seals():
    s = fresh()
    give_letter(s, 0, 1, delivered=True)
    give_letter(s, 0, 2)
    give_letter(s, 0, 3, delivered=True)
    give_letter(s, 0, 4, delivered=True)
    s = at_place(s, 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    s, _ = act(s, 0, type="end", letters=sorted(l["id"] for l in s["players"][0]["letters"]
                                                 if l["place"] in (1, 2)))
    assert s["turn"] == 0 and step(s) == "move" and len(s["players"][0]["letters"]) == 2
    s = at_place(s, 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    assert s["turn"] == 1, "only one double turn per round"


def test_letter_payments_are_minimal():
    from app.games.istanbul.steps.common import letter_payments
    letters = [{"id": 1, "place": 1, "delivered": True}, {"id": 2, "place": 2, "delivered": False},
               {"id": 3, "place": 3, "delivered": False}, {"id": 4, "place": 4, "delivered": False}]
    ways = letter_payments(letters, 3)
    assert [1, 2] in ways and [2, 3, 4] in ways and [1, 2, 3] not in ways


def test_the_round_is_finished_after_the_ruby_target():
    s = fresh(n=3)
    put(s, 1, rubies=5, lira=30)
    s = at_place(s, 1, D.GEM_DEALER)
    s, _ = act(s, 1, type="act")
    assert s["ending"] and not s["over"] and s["turn"] == 2
    s = at_place(s, 2, D.FABRIC)
    s, _ = act(s, 2, type="skip")
    assert s["over"] and s["over"]["winners"] == [1]


def test_base_game_targets_six_rubies_for_two_players_and_five_otherwise():
    assert [S.ruby_target(fresh(n=n, expansion=False)) for n in range(2, 6)] == [6, 5, 5, 5]
    assert [S.ruby_target(fresh(n=n)) for n in range(2, 6)] == [6, 6, 6, 6]


def test_ties_go_to_lira_then_goods_then_cards():
    s = fresh(n=3)
    for seat, (lira, goods, hand) in enumerate([(5, 1, 0), (5, 1, 1), (5, 0, 3)]):
        put(s, seat, rubies=6, lira=lira, goods={"red": goods}, hand=list(range(10 * seat, 10 * seat + hand)))
    assert final_result(s)["winners"] == [1]
    put(s, 1, hand=[])
    assert final_result(s)["winners"] == [0, 1]


def test_expansion_ruby_tracks_refill():
    s = fresh()
    s["rubies_total"] -= s["gem"]["rubies"] - 1
    s["gem"]["rubies"] = 1
    s = at_place(put(s, 0, lira=30), 0, D.GEM_DEALER)
    s, _ = act(s, 0, type="act")
    assert s["gem"]["rubies"] == 1 and s["rubies_added"] == 1
    GAME.invariants(s)


def test_base_game_empty_track_closes_the_place():
    s = fresh(expansion=False)
    s["gem"]["rubies"] = 0
    s = at_place(put(s, 0, lira=30), 0, D.GEM_DEALER)
    assert not options(s, 0, type="act")


def test_hidden_information_is_not_in_other_views():
    s = GAME.new_game(3, {}, 4)
    view = GAME.view(s, 1)
    assert "hand" not in view["players"][0] and view["players"][1]["hand"]
    assert isinstance(view["bonus"]["deck"], int) and isinstance(view["letters"]["deck"], int)
    scrambled = GAME.scramble_hidden(s, 1, random.Random(3))
    assert GAME.full_view(scrambled, 1) == GAME.full_view(s, 1)


def test_timeout_at_the_kiosk_declines_a_tile_and_in_an_auction_passes():
    s = fresh(n=3)
    s = at_place(s, 0, D.KIOSK)
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="kiosk", tile=s["kiosk"]["revealed"][0], choice="decline")
    assert GAME.timeout_action(s, 1)["choice"] == "decline"
    s = at_place(put(put(s, 0, lira=3), 1, lira=3), 0, D.AUCTION)
    s["steps"] = s["steps"][-1:]
    s, _ = act(s, 0, type="act", good="red")
    assert GAME.timeout_action(s, 0) == options(s, 0, type="bid", amount=1)[0]
    s, _ = act(s, 0, type="bid", amount=1)
    assert GAME.timeout_action(s, 1)["type"] == "pass"


def test_undo_points_are_the_fountain_and_the_spice_tile_only():
    s = at_place(put(fresh(), 0, assistants={D.SULTAN: 1}), 0, D.FOUNTAIN)
    assert not GAME.is_undoable(s)
    s, _ = act(s, 0, type="act")
    assert GAME.is_undoable(s) and GAME.timeout_action(s, 0) is None
