"""The Istanbul rulings of the rules audit (issue 27, items 5-7): "Take 5 lira" when fees are due, kiosk tile 18's
encounters where the merchant went, and labels that say what a choice costs and brings."""

from __future__ import annotations

import random

from istanbul_helpers import act, at_place, cards, fresh, give_cards, give_letter, options, put, step, turn_of

from app.engine.text import english
from app.games.istanbul import GAME
from app.games.istanbul import data as D
from app.games.istanbul.bot import IstanbulBot


def prompt(state: dict, seat: int) -> str:
    return english(GAME.pending(state)[seat].text)


def labels(state: dict, seat: int, **match) -> list[str]:
    return [a["label"] for a in options(state, seat, **match)]


# ---- item 5: "Take 5 lira" when fees are due ------------------------------------------------------------------------

def test_take_5_lira_is_offered_in_the_fee_prompt_and_pays_the_fee():
    s = fresh(n=3)
    put(s, 1, merchant=D.SPICE, lira=0)
    s = turn_of(put(s, 0, lira=0), 0)
    give_cards(s, 0, "five_lira")
    s, _ = act(s, 0, type="move", to=D.SPICE)
    assert step(s) == "pay" and not options(s, 0, type="pay"), "0 lira: the fee cannot be paid yet"
    s, _ = act(s, 0, type="card", card="five_lira")
    assert step(s) == "pay" and s["players"][0]["lira"] == 5
    s, _ = act(s, 0, type="pay")
    assert step(s) == "act" and s["players"][0]["lira"] == 3 and s["players"][1]["lira"] == 2


def test_take_5_lira_is_offered_when_paying_the_smuggler_but_not_the_governor():
    s = at_place(put(fresh(), 0, lira=0), 0, D.SPICE)
    s["smuggler"] = D.SPICE
    s["governor"] = D.SPICE
    give_cards(s, 0, "five_lira", "gain_good")
    s, _ = act(s, 0, type="skip")
    s, _ = act(s, 0, type="smuggler", good="red")
    assert step(s) == "smuggler_pay" and options(s, 0, type="card", card="five_lira")
    assert not options(s, 0, type="card", card="gain_good"), "Gain 1 good waits until no action is under way"
    s, _ = act(s, 0, type="card", card="five_lira")
    s, _ = act(s, 0, type="pay")
    assert s["players"][0]["lira"] == 3 and s["players"][0]["goods"]["red"] == 1
    s, _ = act(s, 0, type="governor")
    assert step(s) == "governor_pay" and not options(s, 0, type="card"), "never in the middle of the Governor's fee"


def test_take_5_lira_is_offered_to_the_active_player_at_the_kiosk_only():
    s = fresh(n=2)
    s["kiosk"]["deck"][-3:] = [21, 12, 16][::-1]
    s = at_place(put(put(s, 0, lira=0), 1, lira=0), 0, D.KIOSK)
    mine, theirs = cards("five_lira", "five_lira")
    s["bonus"]["deck"] = [c for c in s["bonus"]["deck"] if c not in (mine, theirs)]
    s["players"][0]["hand"], s["players"][1]["hand"] = [mine], [theirs]
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="card", card="five_lira")
    s, _ = act(s, 0, type="kiosk", tile=21, choice="buy")
    assert s["players"][0]["lira"] == 3
    assert not options(s, 1, type="card"), "not in another player's turn"


# ---- item 6: kiosk tile 18 ------------------------------------------------------------------------------------------

def kiosk_18(s: dict, seat: int) -> dict:
    s["kiosk"]["deck"][-3:] = [18, 12, 13][::-1]
    s, _ = act(s, seat, type="act")
    s, _ = act(s, seat, type="kiosk", tile=18, choice="take")
    s, _ = act(s, 1, type="kiosk", tile=12, choice="decline")
    s, _ = act(s, seat, type="kiosk", tile=13, choice="decline")
    return s


def test_kiosk_tile_18_encounters_happen_at_the_fountain_where_the_merchant_went():
    s = fresh(n=2)
    put(s, 1, family=D.KIOSK)
    s["governor"] = D.FOUNTAIN
    s = kiosk_18(at_place(s, 0, D.KIOSK), 0)
    assert s["players"][0]["merchant"] == D.FOUNTAIN and step(s) == "after"
    assert not options(s, 0, type="catch"), "the family member left behind at the Kiosk is not caught"
    assert options(s, 0, type="governor"), "the Governor at the Fountain is met"


def test_kiosk_tile_18_through_the_police_station_meets_at_the_fountain_not_at_the_police_station():
    s = fresh(n=2)
    s["governor"] = D.POLICE
    s = at_place(put(s, 0, family=D.POLICE), 0, D.POLICE)
    s, _ = act(s, 0, type="act", to=D.KIOSK)
    s = kiosk_18(s, 0)
    assert s["players"][0]["merchant"] == D.FOUNTAIN and step(s) == "after"
    assert not options(s, 0, type="governor"), "the Governor stayed at the Police Station, the merchant did not"
    s["governor"] = D.FOUNTAIN
    assert options(s, 0, type="governor")


def test_kiosk_tile_18_taken_by_another_player_leaves_the_active_players_encounters_alone():
    s = put(fresh(n=2), 1, merchant=D.SPICE)
    s["governor"] = D.KIOSK
    s["kiosk"]["deck"][-3:] = [12, 18, 13][::-1]
    s = at_place(s, 0, D.KIOSK)
    s, _ = act(s, 0, type="act")
    s, _ = act(s, 0, type="kiosk", tile=12, choice="decline")
    s, _ = act(s, 1, type="kiosk", tile=18, choice="take")
    s, _ = act(s, 0, type="kiosk", tile=13, choice="decline")
    assert s["players"][1]["merchant"] == D.FOUNTAIN and options(s, 0, type="governor")


# ---- item 7: labels that say cost and consequences -----------------------------------------------------------------

def test_a_move_label_names_the_fees_due_there():
    s = fresh(n=3)
    put(s, 1, merchant=D.SPICE)
    put(s, 2, merchant=D.SPICE)
    s = turn_of(s, 0)
    assert labels(s, 0, type="move", to=D.SPICE) == [
        "Merchant to Spice Warehouse 3 (pay 2 lira to each of 2 merchants there)"]
    put(s, 2, merchant=D.FRUIT)
    assert labels(s, 0, type="move", to=D.SPICE) == ["Merchant to Spice Warehouse 3 (pay 2 lira to the merchant there)"]


def test_a_move_label_says_the_turn_ends_when_no_assistant_is_there():
    s = turn_of(put(fresh(), 0, assistants={1: 1, 2: 1, 4: 1, 5: 1}), 0)
    assert labels(s, 0, type="move", to=D.SPICE) == [
        "Merchant to Spice Warehouse 3 (no assistant there: the turn ends)"]
    assert labels(s, 0, type="move", to=D.WAINWRIGHT) == ["Merchant to Wainwright 1"], "one of its own waits there"


def test_the_wainwrights_third_extension_names_the_ruby():
    s = at_place(put(fresh(), 0, lira=20, capacity=4, extensions=2), 0, D.WAINWRIGHT)
    assert labels(s, 0, type="act") == ["Pay 7 lira for your 3rd wheelbarrow extension and the Wainwright's ruby"]
    s = at_place(put(fresh(), 0, lira=20, capacity=3, extensions=1), 0, D.WAINWRIGHT)
    assert labels(s, 0, type="act") == ["Pay 7 lira for a wheelbarrow extension"]


def test_the_secret_society_names_its_3_2_1_lira_bonus():
    s = fresh(n=3)
    for place in (1, 2, 3):
        give_letter(s, 0, place, delivered=True)
    s = at_place(s, 0, D.SECRET_SOCIETY)
    assert all(l.endswith(", and 3 lira from the Secret Society") for l in labels(s, 0, type="act"))
    s["society_paid"] = [1]
    assert all(l.endswith(", and 2 lira from the Secret Society") for l in labels(s, 0, type="act"))
    s["society_paid"] = [1, 2, 0]
    assert not any("Secret Society" in l for l in labels(s, 0, type="act")), "the bonus is gone"


def test_the_auction_prompt_says_who_is_paid():
    s = fresh(n=3)
    s = at_place(put(put(put(s, 0, lira=5), 1, lira=5), 2, lira=5), 0, D.AUCTION)
    s, _ = act(s, 0, type="act", good="blue")
    assert "if you win, you pay the bank; if another player wins, they pay you" in prompt(s, 0)
    s, _ = act(s, 0, type="bid", amount=1)
    assert "if you win, you pay @0" in prompt(s, 1)


def test_no_istanbul_prompt_says_click():
    s = turn_of(fresh(), 0)
    assert "click" not in prompt(s, 0).lower()
    s = at_place(put(fresh(), 0, assistants={2: 1}), 0, D.FOUNTAIN)
    s, _ = act(s, 0, type="act")
    assert "click" not in prompt(s, 0).lower()
    catalogue = (D.PLACE_TEXTS, D.KIOSK_TILES)
    assert not any("click" in text.lower() for texts in catalogue for text in texts.values())


def test_the_bot_plays_take_5_lira_to_pay_a_fee_rather_than_end_its_turn():
    s = fresh(n=3)
    put(s, 1, merchant=D.SPICE)
    s = turn_of(put(s, 0, lira=0), 0)
    give_cards(s, 0, "five_lira")
    s, _ = act(s, 0, type="move", to=D.SPICE)
    assert IstanbulBot().choose(GAME.full_view(s, 0), random.Random(1))["type"] == "card"
