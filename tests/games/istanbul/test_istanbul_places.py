"""Every place's action, one test each (names after the place), from built positions."""

from __future__ import annotations

from istanbul_helpers import act, at_place, fresh, give_cards, give_letter, options, put, step, texts

from app.games.istanbul import data as D


def test_wainwright_extension_costs_7_and_the_third_gives_a_ruby():
    s = put(fresh(), 0, lira=20, capacity=4, extensions=2)
    s = at_place(s, 0, D.WAINWRIGHT)
    s, _ = act(s, 0, type="act")
    p = s["players"][0]
    assert (p["lira"], p["capacity"], p["rubies"], s["wainwright"]["rubies"]) == (13, 5, 1, 1)
    s = at_place(put(s, 0, lira=20), 0, D.WAINWRIGHT)
    assert not options(s, 0, type="act"), "no extension beyond capacity 5"


def test_warehouses_fill_one_good_to_capacity():
    for place, good in D.WAREHOUSE_GOOD.items():
        s = at_place(put(fresh(), 0, goods={good: 1}), 0, place)
        s, _ = act(s, 0, type="act")
        assert s["players"][0]["goods"][good] == 2


def test_green_mosque_tile_buys_an_extra_good_after_a_warehouse():
    s = at_place(put(fresh(), 0, lira=5, mosque={"green": 2}), 0, D.FABRIC)
    s, _ = act(s, 0, type="act")
    assert step(s) == "green"
    s, _ = act(s, 0, type="buy", good="blue")
    assert s["players"][0]["goods"]["blue"] == 1 and s["players"][0]["lira"] == 3


def test_post_office_cycles_through_five_rewards():
    s = fresh()
    got = []
    for _ in range(6):
        s = at_place(put(s, 0, goods={g: 0 for g in D.GOODS}, lira=0), 0, D.POST_OFFICE)
        s, _ = act(s, 0, type="act")
        p = s["players"][0]
        got.append(({g: c for g, c in p["goods"].items() if c}, p["lira"]))
    assert got == [({"green": 1, "yellow": 1}, 2), ({"red": 1, "yellow": 1}, 2), ({"red": 1, "yellow": 1}, 3),
                   ({"red": 1, "blue": 1}, 3), ({"red": 1, "blue": 1}, 4), ({"green": 1, "yellow": 1}, 2)]


def test_caravansary_takes_two_cards_from_deck_or_discard_then_discards_one():
    s = fresh()
    s["bonus"]["discard"].append(s["bonus"]["deck"].pop())
    top = s["bonus"]["discard"][-1]
    s = at_place(s, 0, D.CARAVANSARY)
    before = len(s["players"][0]["hand"])
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="draw", **{"from": "discard"})
    assert top in s["players"][0]["hand"]
    s, _ = act(s, 0, type="draw", **{"from": "deck"})
    assert step(s) == "discard" and len(s["players"][0]["hand"]) == before + 2
    kind = D.CARD_KIND[top]
    s, _ = act(s, 0, type="discard", card=kind)
    assert len(s["players"][0]["hand"]) == before + 1 and D.CARD_KIND[s["bonus"]["discard"][-1]] == kind


def test_fountain_calls_back_assistants_and_takes_the_companion():
    s = put(fresh(), 0, assistants={2: 1, 3: 1})
    s = at_place(s, 0, D.FOUNTAIN)
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="recall", **{"from": 2})
    s, _ = act(s, 0, type="companion")
    s, _ = act(s, 0, type="done")
    p = s["players"][0]
    assert p["assistants"] == {"3": 1} and p["stack"] == 3 and p["companion"] == "supply"


def test_black_market_gives_a_good_and_jewelry_by_the_dice():
    s = at_place(fresh(seed=3), 0, D.BLACK_MARKET)
    s, events = act(s, 0, type="act", good="green")
    roll = next(e for e in events if e["type"] == "roll" and e.get("seat") == 0)
    p = s["players"][0]
    assert p["goods"]["green"] == 1
    assert p["goods"]["blue"] == min(2, D.black_market_jewelry(sum(roll["dice"])))


def test_red_mosque_tile_turns_a_die_to_four_at_the_tea_house():
    s = at_place(put(fresh(seed=5), 0, lira=0, mosque={"red": 2}), 0, D.TEA_HOUSE)
    s, _ = act(s, 0, type="act", number=8)
    assert step(s) == "dice"
    dice = s["steps"][-1]["dice"]
    if dice[0] != 4:
        s, _ = act(s, 0, type="four", die=0)
        total = 4 + dice[1]
    else:
        s, _ = act(s, 0, type="keep")
        total = sum(dice)
    assert s["players"][0]["lira"] == (8 if total >= 8 else 2)


def test_tea_house_pays_the_called_number_or_two():
    for seed in range(6):
        s = at_place(put(fresh(seed=seed), 0, lira=0), 0, D.TEA_HOUSE)
        s, events = act(s, 0, type="act", number=7)
        roll = next(e for e in events if e["type"] == "roll")
        assert s["players"][0]["lira"] == (7 if sum(roll["dice"]) >= 7 else 2)


def test_large_market_sells_within_the_demand_tile_and_rotates_it():
    s = fresh()
    s["demand"]["10"] = [0, 1, 2, 3, 4]  # L1: 1 red, 1 green, 1 yellow, 2 blue
    s = at_place(put(s, 0, lira=0, capacity=5, goods={"red": 3, "blue": 3}), 0, D.LARGE_MARKET)
    assert not options(s, 0, type="act", sell={"red": 2})
    s, _ = act(s, 0, type="act", sell={"red": 1, "blue": 2})
    assert s["players"][0]["lira"] == 12 and s["demand"]["10"] == [1, 2, 3, 4, 0]


def test_small_market_prices_and_the_any_goods_card():
    s = fresh()
    s["demand"]["11"] = [1, 0, 2, 3, 4]  # S2: no blue
    give_cards(s, 0, "any_market")
    s = at_place(put(s, 0, lira=0, goods={"blue": 2}), 0, D.SMALL_MARKET)
    assert not options(s, 0, type="act", sell={"blue": 1}, card=None)
    s, _ = act(s, 0, type="act", sell={"blue": 2}, card="any_market")
    assert s["players"][0]["lira"] == 5 and s["demand"]["11"] == [1, 0, 2, 3, 4]


def test_police_station_sends_the_family_member_to_act_without_encounters():
    s = fresh()
    s["governor"] = D.POST_OFFICE
    s = at_place(put(s, 0, lira=0), 0, D.POLICE)
    s, _ = act(s, 0, type="act", to=D.POST_OFFICE)
    assert s["players"][0]["family"] == D.POST_OFFICE and step(s) == "act"
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["lira"] == 2
    # back at the police station's encounters: the governor at the post office is not met
    assert not options(s, 0, type="governor")


def test_sultans_palace_costs_grow_and_take_any_goods():
    s = put(fresh(), 0, capacity=5, goods={"red": 2, "green": 2, "yellow": 2, "blue": 2})
    s = at_place(s, 0, D.SULTAN)
    s, _ = act(s, 0, type="act", any={"red": 1})  # 2 players: blue, red, green, yellow + 1 any
    p = s["players"][0]
    assert p["goods"] == {"red": 0, "green": 1, "yellow": 1, "blue": 1} and p["rubies"] == 1
    fixed, anys = __import__("app.games.istanbul.state", fromlist=["x"]).sultan_cost(s)
    assert fixed == {"red": 1, "green": 1, "yellow": 1, "blue": 2} and anys == 1


def test_mosque_needs_the_tile_value_in_goods_pays_one_and_pairs_give_a_ruby():
    s = put(fresh(), 0, goods={"red": 2, "green": 2}, mosque={"green": 2})
    s["mosques"]["green"] = [4]
    s = at_place(s, 0, D.SMALL_MOSQUE)
    assert not options(s, 0, colour="green")
    s, _ = act(s, 0, type="act", colour="red")
    p = s["players"][0]
    assert p["mosque"] == {"green": 2, "red": 2} and p["goods"]["red"] == 1 and p["rubies"] == 1
    assert s["mosque_rubies"]["14"] == 1


def test_blue_mosque_tile_brings_the_fifth_assistant():
    s = at_place(put(fresh(), 0, goods={"blue": 2}), 0, D.GREAT_MOSQUE)
    stack = s["players"][0]["stack"]
    s, _ = act(s, 0, type="act", colour="blue")
    assert s["players"][0]["stack"] == stack + 1 and not s["players"][0]["spare"]


def test_gemstone_dealer_price_rises_by_one():
    s = at_place(put(fresh(), 0, lira=40), 0, D.GEM_DEALER)
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["lira"] == 25 and s["gem"]["taken"] == 1
    s = at_place(s, 0, D.GEM_DEALER)
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["lira"] == 9


def test_embassy_gives_two_letters_face_up():
    s = at_place(fresh(), 0, D.EMBASSY)
    s, _ = act(s, 0, type="act")
    letters = s["players"][0]["letters"]
    assert len(letters) == 2 and all(l["place"] in D.LETTER_PLACES for l in letters)


def test_kiosk_every_player_picks_a_tile_in_turn_and_the_active_player_the_last():
    s = fresh(n=3)
    s["kiosk"]["deck"][-4:] = [13, 12, 10, 1][::-1]
    s = at_place(put(s, 0, lira=0), 0, D.KIOSK)
    s, _ = act(s, 0, type="act")
    assert len(s["players"][0]["letters"]) == 1 and sorted(s["kiosk"]["revealed"]) == [1, 10, 12, 13]
    s, _ = act(s, 0, type="kiosk", tile=13, choice="take")
    assert s["players"][0]["lira"] == 3
    s, _ = act(s, 1, type="kiosk", tile=10, choice="take")
    assert s["players"][1]["goods"]["blue"] == 1
    assert not options(s, 2, tile=13)
    s, _ = act(s, 2, type="kiosk", tile=12, choice="decline")
    s, _ = act(s, 0, type="kiosk", tile=1, choice="take")
    assert s["players"][0]["goods"]["yellow"] == 1 and s["players"][0]["lira"] == 4
    assert sorted(s["kiosk"]["discard"]) == [1, 10, 12, 13] and s["kiosk"]["revealed"] == []


def test_auction_bids_clockwise_and_the_winner_pays_the_auctioneer():
    s = fresh(n=3)
    s = at_place(put(put(put(s, 0, lira=5), 1, lira=5), 2, lira=9), 0, D.AUCTION)
    s, _ = act(s, 0, type="act", good="blue")
    assert not options(s, 0, type="pass"), "the opening bid is compulsory with money"
    s, _ = act(s, 0, type="bid", amount=1)
    s, _ = act(s, 1, type="pass")
    s, _ = act(s, 2, type="bid", amount=4)
    hand = len(s["players"][2]["hand"])
    s, events = act(s, 0, type="pass")
    assert s["players"][2]["lira"] == 5 and s["players"][0]["lira"] == 9
    assert len(s["players"][2]["hand"]) == hand + 2 and s["players"][0]["goods"]["blue"] == 1


def test_auction_won_by_the_auctioneer_is_paid_to_the_bank():
    s = fresh(n=2)
    s = at_place(put(put(s, 0, lira=5), 1, lira=0), 0, D.AUCTION)
    s, _ = act(s, 0, type="act", good="red")
    s, _ = act(s, 0, type="bid", amount=2)
    # seat 1 has no money and passes by itself; seat 0 leads, so no final bid is asked
    assert s["players"][0]["lira"] == 3 and step(s) != "auction"


def test_secret_society_trades_six_seals_for_a_free_ruby_and_pays_3_2_1():
    s = fresh(n=3)
    for seat in range(2):
        for place in (1, 2, 3):
            give_letter(s, seat, place, delivered=True)
    s = at_place(put(s, 0, lira=0), 0, D.SECRET_SOCIETY)
    s, _ = act(s, 0, type="act", source="gem")
    assert s["players"][0]["rubies"] == 1 and s["players"][0]["lira"] == 3 and s["gem"]["taken"] == 1
    s = at_place(put(s, 1, lira=0), 1, D.SECRET_SOCIETY)
    s, _ = act(s, 1, type="act", source="sultan")
    assert s["players"][1]["lira"] == 2 and s["sultan"]["taken"] == 1 and s["players"][1]["letters"] == []


def test_secret_society_needs_six_seals():
    s = fresh()
    give_letter(s, 0, 1, delivered=True)
    give_letter(s, 0, 2)
    s = at_place(s, 0, D.SECRET_SOCIETY)
    assert not options(s, 0, type="act")


def test_every_place_has_a_name_and_text():
    assert set(D.PLACE_NAMES) == set(D.PLACE_TEXTS) == set(D.GRAND_BAZAAR_PLACES)
    assert texts([{"text": "a"}]) == "a"
