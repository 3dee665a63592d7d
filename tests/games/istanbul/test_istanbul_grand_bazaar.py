"""The Grand Bazaar variant (house rules, draft): one test per new place, token, card, tile and rule, from built
positions. The rules are ours where the published Mocha & Baksheesh texts are unknown (docs/rules/istanbul.md)."""

from __future__ import annotations

import random

import pytest
from istanbul_helpers import act, at_place, fresh, give_cards, give_letter, options, put, step, texts, turn_of

from app.engine.errors import BadOptions, IllegalAction
from app.engine.text import english
from app.games.istanbul import GAME
from app.games.istanbul import data as D
from app.games.istanbul import state as S
from app.games.istanbul.scoring import tie_keys

AWAY = D.TEA_HOUSE  # where tests park the dice-moved tokens they do not use


def bazaar(n: int = 2, seed: int = 1, **options) -> dict:
    s = fresh(n=n, seed=seed, variant="grand_bazaar", **options)
    for token in D.TOKEN_NAMES:
        s[token] = AWAY
    return s


def after_action(s: dict, seat: int = 0) -> dict:
    """Skip the place action to reach the encounters."""
    s, _ = act(s, seat, type="skip")
    assert step(s) == "after"
    return s


# ---- options and setup -------------------------------------------------------------------------------------------

def test_grand_bazaar_option_is_labelled_as_house_rules_and_needs_letters_and_seals():
    schema = GAME.options_schema()["properties"]["variant"]
    assert schema["default"] == "standard" and "Grand Bazaar — house rules (draft)" in schema["description"]
    with pytest.raises(BadOptions):
        GAME.new_game(2, {"variant": "grand_bazaar", "expansion": "none"}, 1)
    standard = GAME.new_game(2, {}, 1)
    assert not standard["grand_bazaar"] and len(standard["layout"]) == 20 and standard["coffee_trader"] is None
    assert "variant" not in GAME.view(standard, 0) and "coffee" not in GAME.view(standard, 0)["players"][0]


def test_grand_bazaar_board_is_5x5_with_the_fountain_in_the_centre():
    s = GAME.new_game(3, {"variant": "grand_bazaar"}, 1)
    assert s["layout"] == list(D.GRAND_BAZAAR_LAYOUT) and (s["cols"], s["rows"]) == (5, 5)
    assert sorted(s["layout"]) == sorted(D.GRAND_BAZAAR_PLACES) and s["layout"][12] == D.FOUNTAIN
    for seed in range(30):
        s = GAME.new_game(2, {"variant": "grand_bazaar", "layout": "random"}, seed)
        assert s["layout"][12] == D.FOUNTAIN and sorted(s["layout"]) == sorted(D.GRAND_BAZAAR_PLACES)
        (br, bc), (tr, tc) = S.cell(s, D.BLACK_MARKET), S.cell(s, D.TEA_HOUSE)
        assert br != tr and bc != tc and abs(br - tr) + abs(bc - tc) >= 3
    assert len({tuple(GAME.new_game(2, {"variant": "grand_bazaar", "layout": "random"}, k)["layout"])
                for k in range(5)}) == 5


@pytest.mark.parametrize("n", range(2, 6))
def test_grand_bazaar_setup_by_player_count(n):
    s, events = GAME.start(n, {"variant": "grand_bazaar"}, 7)
    assert all(p["coffee"] == 0 and p["guild"] == [] and p["tavern"] == {} for p in s["players"])
    assert sorted(s["guild"]["deck"]) == list(range(1, 21)) and s["guild"]["discard"] == []
    assert s["tavern"]["A"] == s["tavern"]["B"] == list(D.MOSQUE_VALUES[n])
    assert s["tavern"]["rubies"] == {2: 2, 3: 3, 4: 4, 5: 4}[n] and s["tavern"]["baksheesh"] == []
    assert s["coffee_house"] == {"rubies": 5, "taken": 0} and S.coffee_price(s) == 6
    assert s["barrier"] == {"place": None, "owner": None}
    assert 2 <= s["coffee_trader"] <= 12 and "The Coffee Trader starts at" in texts(events)
    assert S.ruby_target(s) == 6
    assert s["neutrals"] == ([14, 15, 16] if n == 2 else [])
    GAME.invariants(s)


# ---- places ------------------------------------------------------------------------------------------------------

def test_roasting_plant_gives_two_coffee_whatever_tavern_tiles_are_owned():
    s = at_place(bazaar(), 0, D.ROASTING_PLANT)
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["coffee"] == 2
    s = at_place(put(s, 0, tavern={"A": 2, "B": 2}), 0, D.ROASTING_PLANT)
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["coffee"] == 4


def test_guild_hall_draws_two_guild_cards_and_discards_one_face_up():
    s = at_place(bazaar(), 0, D.GUILD_HALL)
    top_two = s["guild"]["deck"][:-3:-1]
    s, events = act(s, 0, type="act")
    assert sorted(s["players"][0]["guild"]) == sorted(top_two) and step(s) == "guild_discard"
    assert any(e.get("cards") == top_two and e.get("seats") == [0] for e in events), "the names are told privately"
    s, _ = act(s, 0, type="guild_discard", card=top_two[1])
    assert s["players"][0]["guild"] == [top_two[0]] and s["guild"]["discard"] == [top_two[1]]


def test_guild_hall_keeps_a_single_card_and_reshuffles_the_discard_when_the_deck_is_empty():
    s = bazaar()
    s["guild"]["discard"], s["guild"]["deck"] = s["guild"]["deck"][1:], s["guild"]["deck"][:1]
    s = at_place(s, 0, D.GUILD_HALL)
    s, events = act(s, 0, type="act")
    assert len(s["players"][0]["guild"]) == 2 and step(s) == "guild_discard"
    assert "guild discard pile is shuffled" in texts(events)
    s = bazaar()
    s["guild"]["discard"], s["guild"]["deck"] = [], [1]
    put(s, 1, guild=list(range(2, 21)))
    s = at_place(s, 0, D.GUILD_HALL)
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["guild"] == [1] and step(s) != "guild_discard", "one drawn card is simply kept"


def test_guild_card_replaces_the_whole_turn_no_move_no_assistant_no_fee_no_encounters():
    s = bazaar()
    s["governor"] = D.SPICE
    put(s, 1, merchant=D.SPICE, family=D.SPICE)
    s = turn_of(put(s, 0, merchant=D.SPICE, guild=[D.SPICE], goods={"green": 0}, lira=0), 0)
    plays = options(s, 0, type="guild")
    assert [a["label"] for a in plays] == ["Guild card of Spice Warehouse 3 instead of your turn: Fill your spice"]
    s, events = act(s, 0, type="guild", guild=D.SPICE)
    p = s["players"][0]
    assert p["goods"]["green"] == 2 and p["merchant"] == D.SPICE and p["assistants"] == {} and p["stack"] == 4
    assert p["guild"] == [] and s["guild"]["discard"] == [D.SPICE], "face up on the guild discard pile"
    assert s["players"][1]["lira"] == 3 and s["players"][1]["family"] == D.SPICE, "no fee, no catch"
    assert not options(s, 0, type="governor") and "instead of a turn" in texts(events)


def test_guild_card_16_pays_the_gemstone_dealers_price_for_its_ruby_and_3_coffee():
    s = bazaar()
    price = S.gem_price(s)
    s = turn_of(put(s, 0, merchant=D.FOUNTAIN, guild=[D.GEM_DEALER], lira=price), 0)
    s, _ = act(s, 0, type="guild", guild=D.GEM_DEALER)
    p = s["players"][0]
    assert (p["rubies"], p["lira"], p["coffee"], p["merchant"]) == (1, 0, 3, D.FOUNTAIN)
    assert S.gem_price(s) == price + 1
    s = turn_of(put(bazaar(), 0, guild=[D.GEM_DEALER], lira=price - 1), 0)
    assert not options(s, 0, type="guild"), "carried out completely or not at all"


def test_guild_card_allows_no_place_bound_bonus_card_or_mosque_tile():
    s = bazaar()
    s = turn_of(put(s, 0, guild=[D.POST_OFFICE, D.BLACK_MARKET], mosque={"red": 2}), 0)
    give_cards(s, 0, "post_twice", "five_lira")
    s, _ = act(s, 0, type="guild", guild=D.POST_OFFICE)
    assert not options(s, 0, card="post_twice"), "the repeat card needs the place"
    assert options(s, 0, type="card", card="five_lira"), "other bonus cards may be played"
    s = turn_of(s, 0)
    s, _ = act(s, 0, type="guild", guild=D.BLACK_MARKET, good="red")
    assert step(s) != "dice", "the fabric mosque tile needs the place"


def test_tavern_spends_coffee_on_one_of_three_a_tile_the_barrier_or_a_baksheesh_ruby():
    s = at_place(put(bazaar(), 0, coffee=9), 0, D.TAVERN)
    kinds = {("series" in a, "barrier" in a, "baksheesh" in a) for a in options(s, 0, type="act")}
    assert kinds == {(True, False, False), (False, True, False), (False, False, True)}
    s, _ = act(s, 0, type="act", baksheesh=True)
    p = s["players"][0]
    assert (p["rubies"], p["coffee"], s["tavern"]["rubies"]) == (1, 9 - D.BAKSHEESH_COFFEE, 1)
    s = at_place(put(s, 0, coffee=9), 0, D.TAVERN)
    assert not options(s, 0, type="act", baksheesh=True), "one baksheesh ruby each"
    GAME.invariants(s)


def test_tavern_tile_needs_its_number_of_coffee_costs_one_and_a_pair_gives_no_ruby():
    s = at_place(put(bazaar(), 0, coffee=1), 0, D.TAVERN)
    assert not options(s, 0, type="act"), "the top tile shows 2"
    s = at_place(put(s, 0, coffee=2), 0, D.TAVERN)
    s, _ = act(s, 0, type="act", series="A")
    p = s["players"][0]
    assert p["tavern"] == {"A": 2} and p["coffee"] == 1 and s["tavern"]["A"] == [4]
    s = at_place(put(s, 0, coffee=4), 0, D.TAVERN)
    assert [a["series"] for a in options(s, 0, type="act", series="B")] == ["B"], "one tile per series"
    s, _ = act(s, 0, type="act", series="B")
    assert s["players"][0]["rubies"] == 0 and s["tavern"]["rubies"] == 2, "the Tavern's rubies go by baksheesh"
    GAME.invariants(s)


def test_tavern_tile_of_straight_moves_lets_the_merchant_move_like_a_rook():
    s = bazaar()
    corner = s["layout"][0]
    s = turn_of(put(s, 0, merchant=corner, stack=4), 0)
    plain = {a["to"] for a in options(s, 0, type="move") if "token" not in a and "card" not in a}
    s = turn_of(put(s, 0, tavern={"B": 2}), 0)
    rook = {a["to"] for a in options(s, 0, type="move") if "token" not in a and "card" not in a}
    assert rook - plain == {s["layout"][3], s["layout"][4], s["layout"][15], s["layout"][20]}
    assert options(s, 0, type="move", to=s["layout"][4])[0]["label"].endswith("(straight move: Tavern tile)")
    s["barrier"] = {"place": s["layout"][2], "owner": 1}
    rook = {a["to"] for a in options(s, 0, type="move") if "token" not in a and "card" not in a}
    assert not {s["layout"][2], s["layout"][3], s["layout"][4]} & rook, "another player's barrier ends the line"


def test_barrier_stops_other_players_merchants_and_its_owner_passes():
    s = put(bazaar(), 0, coffee=2)
    s = at_place(s, 0, D.TAVERN)
    row, col = S.cell(s, D.FOUNTAIN)
    north = s["layout"][(row - 1) * 5 + col]
    far_north = s["layout"][(row - 2) * 5 + col]
    s, _ = act(s, 0, type="act", barrier=True, to=north)
    assert s["barrier"] == {"place": north, "owner": 0} and s["players"][0]["coffee"] == 0
    s = turn_of(put(s, 1, merchant=D.FOUNTAIN), 1)
    theirs = {a["to"] for a in options(s, 1, type="move") if "token" not in a}
    assert north not in theirs and far_north not in theirs, "neither onto the barrier nor across it"
    s = turn_of(put(s, 0, merchant=D.FOUNTAIN), 0)
    mine = {a["to"] for a in options(s, 0, type="move") if "token" not in a}
    assert {north, far_north} <= mine, "its owner passes it"
    s = at_place(put(s, 1, coffee=2), 1, D.TAVERN)
    assert not options(s, 1, type="act", barrier=True, to=D.FOUNTAIN) and not options(s, 1, type="act", to=north)
    s, _ = act(s, 1, type="act", barrier=True, to=D.SULTAN)
    assert s["barrier"] == {"place": D.SULTAN, "owner": 1}, "bought again, it moves to its new owner"
    GAME.invariants(s)


def test_tavern_service_tile_waives_governor_smuggler_coffee_trader_and_courier_fees():
    s = bazaar()
    for token in D.TOKEN_NAMES:
        s[token] = D.FABRIC
    s = at_place(put(s, 0, lira=0, tavern={"A": 2}), 0, D.FABRIC)
    s = after_action(s)
    labels = [a["label"] for a in GAME.legal(s, 0)]
    assert all("(no fee: Tavern tile)" in l for l in labels if l.split(":")[0] in D.TOKEN_NAMES.values())
    for kind, extra in (("governor", {}), ("smuggler", {"good": "blue"}), ("coffee_trader", {}),
                        ("courier", {"pay": "free"})):
        s, _ = act(s, 0, type=kind, **extra)
        assert step(s) == "after" or s["turn"] == 1, f"{kind} asked for a fee"
    p = s["players"][0]
    assert (p["lira"], p["goods"]["blue"], p["coffee"], len(p["hand"]), len(p["letters"])) == (0, 1, 1, 1, 1)


def test_coffee_house_sells_rubies_for_6_to_10_coffee_and_refills_at_the_last_price():
    s = at_place(put(bazaar(), 0, coffee=5), 0, D.COFFEE_HOUSE)
    assert not options(s, 0, type="act")
    paid = []
    for _ in range(6):
        s = at_place(put(s, 0, coffee=20), 0, D.COFFEE_HOUSE)
        paid.append(S.coffee_price(s))
        s, _ = act(s, 0, type="act")
        assert s["players"][0]["coffee"] == 20 - paid[-1]
    assert paid == [6, 7, 8, 9, 10, 10] and s["coffee_house"]["rubies"] == 1 and s["rubies_added"] == 2
    assert s["players"][0]["rubies"] == 6 and s["ending"]
    GAME.invariants(s)


@pytest.mark.parametrize("n", range(2, 6))
def test_grand_bazaar_ends_at_6_rubies_for_every_player_count(n):
    s = bazaar(n=n)
    assert S.ruby_target(s) == 6
    s = at_place(put(s, 0, rubies=4, coffee=20), 0, D.COFFEE_HOUSE)
    s, _ = act(s, 0, type="act")
    assert not s["ending"], "5 rubies do not end it"
    s = at_place(put(s, 0, coffee=20), 0, D.COFFEE_HOUSE)
    s, _ = act(s, 0, type="act")
    assert s["ending"]


def test_catacombs_takes_a_good_or_coffee_then_moves_the_merchant_anywhere_without_encounters():
    s = bazaar()
    s["governor"] = D.SPICE
    give_letter(s, 0, D.SPICE)
    put(s, 1, merchant=D.SPICE)
    s = at_place(put(s, 0, lira=0), 0, D.CATACOMBS)
    assert {a.get("good", "coffee") for a in options(s, 0, type="act")} == {*D.GOODS, "coffee"}
    s, _ = act(s, 0, type="act", coffee=1)
    assert step(s) == "catacombs" and s["players"][0]["coffee"] == 1
    assert {a["to"] for a in GAME.legal(s, 0)} == set(D.GRAND_BAZAAR_PLACES) - {D.CATACOMBS}
    s, events = act(s, 0, type="move", to=D.SPICE)
    p = s["players"][0]
    assert p["merchant"] == D.SPICE and p["letters"][0]["delivered"], "the letter is delivered there"
    assert p["lira"] == 0 and p["goods"]["green"] == 0, "no fee and no action there"
    assert not options(s, 0, type="governor") and str(D.SPICE) not in p["assistants"]
    assert "through the Catacombs" in texts(events)


def test_family_member_sent_to_the_catacombs_moves_the_merchant_and_cancels_encounters():
    s = bazaar()
    s["governor"] = D.POLICE
    s = at_place(s, 0, D.POLICE)
    s, _ = act(s, 0, type="act", to=D.CATACOMBS)
    s, _ = act(s, 0, type="act", good="red")
    s, _ = act(s, 0, type="move", to=D.SULTAN)
    p = s["players"][0]
    assert p["family"] == D.CATACOMBS and p["merchant"] == D.SULTAN and p["goods"]["red"] == 1
    assert not options(s, 0, type="governor")


def test_new_caravansary_gives_one_coffee_only_in_the_grand_bazaar():
    s = at_place(bazaar(), 0, D.CARAVANSARY)
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["coffee"] == 1 and step(s) == "caravansary"
    s = at_place(fresh(), 0, D.CARAVANSARY)
    s, _ = act(s, 0, type="act")
    assert "coffee" not in texts(_)


# ---- the Coffee Trader and the cards ------------------------------------------------------------------------------

def test_coffee_trader_gives_one_coffee_for_two_lira_or_a_good_then_moves_by_dice():
    s = bazaar()
    s["coffee_trader"] = D.FABRIC
    s = at_place(put(s, 0, lira=0), 0, D.FABRIC)
    s, _ = act(s, 0, type="skip")
    assert s["turn"] == 1, "nothing to pay the Coffee Trader with: the turn ends by itself"
    s = at_place(put(s, 0, lira=0, goods={"red": 1}), 0, D.FABRIC)
    s = after_action(s)
    s, _ = act(s, 0, type="coffee_trader")
    assert step(s) == "smuggler_pay" and not options(s, 0, type="pay")
    assert english(GAME.pending(s)[0].text) == "Pay the Coffee Trader: 2 lira or 1 good."
    s, events = act(s, 0, type="good", good="red")
    assert s["players"][0]["coffee"] == 1 and s["players"][0]["goods"]["red"] == 0
    assert any(e.get("token") == "coffee_trader" and e.get("dice") for e in events)
    assert 2 <= s["coffee_trader"] <= 12


def test_call_a_helper_card_reaches_the_coffee_trader_anywhere():
    s = bazaar()
    s["coffee_trader"] = D.SULTAN
    give_cards(s, 0, "use_token")
    s = at_place(put(s, 0, lira=4), 0, D.FABRIC)
    s = after_action(s)
    s, _ = act(s, 0, type="coffee_trader", card="use_token")
    s, _ = act(s, 0, type="pay")
    assert s["players"][0]["coffee"] == 1 and s["players"][0]["lira"] == 2 and s["players"][0]["hand"] == []
    assert not [a for a in GAME.legal(at_place(fresh(), 0, D.FABRIC), 0) if a["type"] == "coffee_trader"]


def test_secret_society_may_take_the_next_coffee_house_ruby():
    s = bazaar()
    for place in (1, 2, 3):
        give_letter(s, 0, place, delivered=True)
    s = at_place(s, 0, D.SECRET_SOCIETY)
    assert {a["source"] for a in options(s, 0, type="act")} == {"sultan", "gem", "coffee_house"}
    s, _ = act(s, 0, type="act", source="coffee_house")
    assert s["players"][0]["rubies"] == 1 and s["coffee_house"]["taken"] == 1 and S.coffee_price(s) == 7


def test_kiosk_tiles_offer_coffee_only_in_the_grand_bazaar():
    def kiosk_choices(s, tile, **put_fields):
        put(s, 0, **put_fields)
        s["kiosk"]["revealed"] = [tile]
        s["steps"] = [{"step": "kiosk", "seat": 0, "order": [0], "at": 0, "used": []}]
        return [a for a in GAME.legal(s, 0) if "coffee" in a]

    assert [a["label"] for a in kiosk_choices(bazaar(), 12)] == ["Tile 12: take 1 coffee"]
    assert [a["label"] for a in kiosk_choices(bazaar(), 13)] == ["Tile 13: take 1 coffee"]
    s = bazaar()
    lid = give_letter(s, 0, D.SPICE)
    assert {a["choice"] for a in kiosk_choices(s, 19, coffee=1)} == {"buy", "sell"}
    assert {a["choice"] for a in kiosk_choices(bazaar(), 22, coffee=1, lira=2)} == {"buy", "sell"}
    assert not kiosk_choices(fresh(), 12) and not kiosk_choices(fresh(), 22, lira=5)
    s = bazaar()
    kiosk_choices(s, 19, coffee=1)
    s, _ = act(s, 0, type="kiosk", tile=19, choice="buy", coffee=1)
    assert s["players"][0]["coffee"] == 0 and len(s["players"][0]["letters"]) == 1
    s = bazaar()
    lid = give_letter(s, 0, D.SPICE)
    kiosk_choices(s, 19)
    s, _ = act(s, 0, type="kiosk", tile=19, choice="sell", coffee=1, letter=lid)
    assert s["players"][0]["coffee"] == 1 and s["players"][0]["letters"] == []
    s = bazaar()
    kiosk_choices(s, 22, coffee=1, lira=0)
    s, _ = act(s, 0, type="kiosk", tile=22, choice="sell", coffee=1)
    assert (s["players"][0]["coffee"], s["players"][0]["lira"]) == (0, 3)
    s = bazaar()
    kiosk_choices(s, 12, lira=0)
    s, _ = act(s, 0, type="kiosk", tile=12, choice="take", coffee=1)
    assert (s["players"][0]["coffee"], s["players"][0]["lira"]) == (1, 0)


def test_sell_good_card_takes_coffee_in_the_grand_bazaar():
    s = put(bazaar(), 0, coffee=1, lira=0)
    give_cards(s, 0, "sell_good")
    s = turn_of(s, 0)
    s, _ = act(s, 0, type="card", card="sell_good", coffee=1)
    assert (s["players"][0]["coffee"], s["players"][0]["lira"]) == (0, 7)
    s = turn_of(put(fresh(), 0, coffee=1), 0)
    give_cards(s, 0, "sell_good")
    assert not options(s, 0, type="card", coffee=1)


# ---- coffee is not a good; bad input; hidden information -------------------------------------------------------------

def test_coffee_is_not_a_good_for_markets_sultan_or_tie_breaks():
    s = put(bazaar(), 0, coffee=9)
    assert tie_keys(s)[0][2] == 0
    s = at_place(s, 0, D.SMALL_MARKET)
    assert not options(s, 0, type="act")
    s = at_place(s, 0, D.SULTAN)
    assert not options(s, 0, type="act")


def test_bad_grand_bazaar_input_changes_nothing():
    s = at_place(put(bazaar(), 0, coffee=1), 0, D.TAVERN)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "act", "series": "A"})
    with pytest.raises(IllegalAction):
        GAME.apply(turn_of(bazaar(), 0), 0, {"type": "guild", "guild": D.SPICE})
    assert s["players"][0]["coffee"] == 1 and s["players"][0]["tavern"] == {}


def test_grand_bazaar_views_hide_guild_cards_and_the_guild_deck():
    s = bazaar(n=3)
    put(s, 1, guild=s["guild"]["deck"][:3])
    s["guild"]["deck"] = s["guild"]["deck"][3:]
    s["guild"]["discard"] = [s["guild"]["deck"].pop()]
    view = GAME.view(s, 0)
    assert "guild_hand" not in view["players"][1] and view["players"][1]["guild"] == 3
    assert view["guild"] == {"deck": 16, "discard": s["guild"]["discard"]}
    assert GAME.view(s, 1)["players"][1]["guild_hand"] == sorted(s["players"][1]["guild"])
    for audience in (None, 0, 1, 2):
        for k in range(5):
            scrambled = GAME.scramble_hidden(s, audience, random.Random(k))
            assert GAME.full_view(scrambled, audience) == GAME.full_view(s, audience)
    changed = GAME.scramble_hidden(s, 0, random.Random(2))
    assert changed["players"][1]["guild"] != s["players"][1]["guild"] or changed["guild"]["deck"] != s["guild"]["deck"]
