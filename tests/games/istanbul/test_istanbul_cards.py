"""Every bonus card, one test each (named after the card), plus the mosque tiles' abilities and the kiosk tiles
that need more than a glance."""

from __future__ import annotations

from istanbul_helpers import act, at_place, fresh, give_cards, give_letter, options, put, step, turn_of

from app.games.istanbul import data as D
from app.games.istanbul import state as S


def test_deck_has_26_base_and_26_new_cards():
    assert len(D.BASE_CARDS) == 26 and len(D.NEW_CARDS) == 26
    assert fresh(expansion=False)["bonus_total"] == 26
    assert fresh()["bonus_total"] == 52 and fresh(bonus_cards="new_only")["bonus_total"] == 26


def test_gain_good_card():
    s = turn_of(fresh(), 0)
    give_cards(s, 0, "gain_good")
    s, _ = act(s, 0, type="card", card="gain_good", good="blue")
    assert s["players"][0]["goods"]["blue"] == 1 and not s["players"][0]["hand"]


def test_five_lira_card():
    s = turn_of(fresh(), 0)
    give_cards(s, 0, "five_lira")
    s, _ = act(s, 0, type="card", card="five_lira")
    assert s["players"][0]["lira"] == 7


def test_sultan_twice_card_repeats_at_the_new_cost():
    s = put(fresh(), 0, capacity=5, goods={g: 5 for g in D.GOODS})
    give_cards(s, 0, "sultan_twice")
    s = at_place(s, 0, D.SULTAN)
    s, _ = act(s, 0, type="act", any={"red": 1})
    s, _ = act(s, 0, type="act", card="sultan_twice", any={"red": 1})
    assert s["players"][0]["rubies"] == 2 and s["players"][0]["goods"]["blue"] == 2


def test_post_office_twice_card():
    s = at_place(put(fresh(), 0, lira=0), 0, D.POST_OFFICE)
    give_cards(s, 0, "post_twice")
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="act", card="post_twice")
    assert s["players"][0]["lira"] == 4 and s["post_office"] == 2


def test_gem_twice_card():
    s = at_place(put(fresh(), 0, lira=31), 0, D.GEM_DEALER)
    give_cards(s, 0, "gem_twice")
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="act", card="gem_twice")
    assert s["players"][0]["rubies"] == 2 and s["players"][0]["lira"] == 0


def test_family_home_card():
    s = turn_of(put(fresh(), 0, family=D.SULTAN), 0)
    give_cards(s, 0, "family_home")
    s, _ = act(s, 0, type="card", card="family_home", take="lira")
    assert s["players"][0]["family"] == D.POLICE and s["players"][0]["lira"] == 5


def test_stay_card_keeps_the_merchant_and_still_needs_an_assistant():
    s = turn_of(put(fresh(), 0, merchant=D.SPICE), 0)
    give_cards(s, 0, "stay")
    s, _ = act(s, 0, type="move", to=D.SPICE, card="stay")
    assert s["players"][0]["merchant"] == D.SPICE and s["players"][0]["assistants"] == {"3": 1}
    s = turn_of(put(fresh(), 0, merchant=D.FOUNTAIN), 0)
    give_cards(s, 0, "stay")
    assert not options(s, 0, card="stay"), "not at the Fountain"


def test_move_far_card_moves_three_or_four():
    s = turn_of(fresh(), 0)
    give_cards(s, 0, "move_far")
    far = {a["to"] for a in options(s, 0, card="move_far")}
    assert far == set(S.places_at(s, D.FOUNTAIN, (3, 4)))


def test_recall_assistant_card_in_the_movement_phase():
    s = turn_of(put(fresh(), 0, assistants={D.SULTAN: 1}), 0)
    give_cards(s, 0, "recall_assistant")
    s, _ = act(s, 0, type="card", card="recall_assistant", **{"from": D.SULTAN})
    assert s["players"][0]["stack"] == 4 and step(s) == "move"


def test_any_market_card_is_tested_with_the_small_market():
    assert "any_market" in D.BONUS_KINDS  # see test_small_market_prices_and_the_any_goods_card


def test_take_letter_card():
    s = turn_of(fresh(), 0)
    give_cards(s, 0, "take_letter")
    s, _ = act(s, 0, type="card", card="take_letter")
    assert len(s["players"][0]["letters"]) == 1


def test_dice_reward_card():
    s = turn_of(put(fresh(seed=9), 0, lira=0), 0)
    give_cards(s, 0, "dice_reward")
    s, events = act(s, 0, type="card", card="dice_reward")
    total = sum(next(e for e in events if e["type"] == "roll")["dice"])
    assert s["players"][0]["lira"] == (3 if total <= 5 else 5 if total <= 8 else 7)


def test_sell_good_card():
    s = turn_of(put(fresh(), 0, lira=0, goods={"red": 1}), 0)
    give_cards(s, 0, "sell_good")
    s, _ = act(s, 0, type="card", card="sell_good", good="red")
    assert s["players"][0]["lira"] == 7 and s["players"][0]["goods"]["red"] == 0


def test_good_and_three_lira_cards():
    for kind, good in D.GOOD_CARD.items():
        s = turn_of(put(fresh(), 0, lira=0), 0)
        give_cards(s, 0, kind)
        s, _ = act(s, 0, type="card", card=kind)
        assert s["players"][0]["goods"][good] == 1 and s["players"][0]["lira"] == 3


def test_copy_discard_card_uses_the_top_discard_which_stays():
    s = turn_of(put(fresh(), 0, lira=0), 0)
    give_cards(s, 0, "copy_discard")
    five = next(c for c, k in D.CARDS if k == "five_lira")
    s["bonus"]["deck"].remove(five)
    s["bonus"]["discard"].append(five)
    s, _ = act(s, 0, type="card", card="five_lira", via="copy_discard")
    assert s["players"][0]["lira"] == 5 and five in s["bonus"]["discard"] and not s["players"][0]["hand"]


def test_family_step_card_moves_the_family_member_one_place_without_encounters():
    s = fresh(n=3)
    s["governor"] = D.SPICE
    put(s, 1, family=D.SPICE)
    beside = next(p for p in s["layout"] if S.distance(s, p, D.SPICE) == 1 and p != D.POLICE)
    s = turn_of(put(s, 0, family=beside), 0)
    give_cards(s, 0, "family_step")
    s, _ = act(s, 0, type="family", to=D.SPICE)
    assert s["players"][0]["family"] == D.SPICE and s["players"][0]["merchant"] == D.FOUNTAIN
    s, _ = act(s, 0, type="act")
    assert s["players"][0]["goods"]["green"] == 2 and s["players"][1]["family"] == D.SPICE and s["turn"] == 1


def test_family_step_card_not_from_or_to_the_police_station():
    s = turn_of(fresh(), 0)
    give_cards(s, 0, "family_step")
    assert not options(s, 0, type="family")


def test_join_merchant_card_skips_that_merchants_fee():
    s = fresh(n=3)
    put(s, 1, merchant=D.GEM_DEALER)
    s = turn_of(put(s, 0, lira=0), 0)
    give_cards(s, 0, "join_merchant")
    s, _ = act(s, 0, type="move", to=D.GEM_DEALER, card="join_merchant", join=1)
    assert s["players"][0]["merchant"] == D.GEM_DEALER and step(s) != "pay"


def test_companion_two_card():
    s = turn_of(put(fresh(), 0, companion=D.FOUNTAIN), 0)
    give_cards(s, 0, "companion_two")
    far = {a["to"] for a in options(s, 0, card="companion_two")}
    assert far == set(S.places_at(s, D.FOUNTAIN, (2,)))


def test_use_token_card_calls_the_smuggler_from_anywhere():
    s = fresh()
    s["smuggler"] = D.SULTAN
    s = at_place(put(s, 0, lira=2), 0, D.FABRIC)
    give_cards(s, 0, "use_token")
    s, _ = act(s, 0, type="skip")
    s, _ = act(s, 0, type="smuggler", good="blue", card="use_token")
    s, _ = act(s, 0, type="pay")
    assert s["players"][0]["goods"]["blue"] == 1 and s["players"][0]["lira"] == 0


def test_mosque_twice_card():
    s = put(fresh(), 0, goods={"red": 2, "green": 2})
    give_cards(s, 0, "mosque_twice")
    s = at_place(s, 0, D.SMALL_MOSQUE)
    s, _ = act(s, 0, type="act", colour="red")
    s, _ = act(s, 0, type="act", colour="green", card="mosque_twice")
    assert set(s["players"][0]["mosque"]) == {"red", "green"} and s["players"][0]["rubies"] == 1


def test_society_twice_card():
    s = fresh()
    for place in (1, 2, 3, 4, 5, 6):
        give_letter(s, 0, place, delivered=True)
    give_cards(s, 0, "society_twice")
    s = at_place(s, 0, D.SECRET_SOCIETY)
    s, _ = act(s, 0, type="act", letters=sorted(l["id"] for l in s["players"][0]["letters"][:3]), source="gem")
    s, _ = act(s, 0, type="act", card="society_twice", source="sultan")
    assert s["players"][0]["rubies"] == 2 and s["players"][0]["letters"] == []


def test_go_anywhere_card_costs_three_lira():
    s = turn_of(put(fresh(), 0, lira=3), 0)
    give_cards(s, 0, "go_anywhere")
    s, _ = act(s, 0, type="move", to=D.GEM_DEALER, card="go_anywhere")
    assert s["players"][0]["merchant"] == D.GEM_DEALER and s["players"][0]["lira"] == 0


def test_yellow_mosque_tile_recalls_an_assistant_once_per_turn():
    s = turn_of(put(fresh(), 0, lira=4, mosque={"yellow": 2}, assistants={D.SULTAN: 1, D.GEM_DEALER: 1}), 0)
    s, _ = act(s, 0, type="recall", **{"from": D.SULTAN})
    assert s["players"][0]["lira"] == 2 and not options(s, 0, type="recall")


def test_kiosk_extension_tile_third_extension_earns_the_wainwright_ruby():
    from app.games.istanbul.steps.letters import use_kiosk_tile
    from app.engine.kit import Log
    s = put(fresh(), 1, lira=10, capacity=4, extensions=2)
    use_kiosk_tile(s, 1, {"tile": 16, "choice": "take"}, Log())
    assert s["players"][1]["capacity"] == 5 and s["players"][1]["rubies"] == 1 and s["players"][1]["lira"] == 0


def test_kiosk_tile_18_moves_the_merchant_to_the_fountain():
    from app.games.istanbul.steps.letters import use_kiosk_tile
    from app.engine.kit import Log
    s = put(fresh(), 1, merchant=D.SULTAN)
    use_kiosk_tile(s, 1, {"tile": 18, "choice": "take"}, Log())
    assert s["players"][1]["merchant"] == D.FOUNTAIN


def test_kiosk_choice_tiles_trade_letters_goods_cards_and_lira():
    from app.engine.kit import Log
    from app.games.istanbul.steps.letters import kiosk_options, use_kiosk_tile
    s = put(fresh(), 1, lira=2, goods={"red": 1})
    lid = give_letter(s, 1, D.SULTAN)
    log = Log()
    use_kiosk_tile(s, 1, {"tile": 21, "choice": "sell", "letter": lid}, log)
    assert s["players"][1]["lira"] == 5 and s["players"][1]["letters"] == [] and lid in s["letters"]["discard"]
    use_kiosk_tile(s, 1, {"tile": 22, "choice": "sell", "good": "red"}, log)
    assert s["players"][1]["lira"] == 8 and s["players"][1]["goods"]["red"] == 0
    use_kiosk_tile(s, 1, {"tile": 21, "choice": "buy"}, log)
    assert s["players"][1]["lira"] == 6 and len(s["players"][1]["letters"]) == 1
    assert "hands in a letter 13 for 3 lira" in " ".join(e["text"] for e in log.events)
    assert {a["choice"] for a in kiosk_options(s, 1, 23)} == {"decline", "buy"}
