"""The market stands' 6th space: who pays its fee and when (issue #10, rulings 2 and 3), and where wares go."""

from __future__ import annotations

from jambo_helpers import (act, build_stands, check_invariants, events_text, give_util, labels, legal, new,
                           only_sixth_free, set_hand, set_wares, to_phase2, ware_id, wares_of)

from app.games.jambo import GAME
from app.games.jambo.state import held, supply


def _animal_unblocked(s, label):
    s, _ = act(s, label)
    s, _ = act(s, "No reaction", seat=1)
    return s


# ---- a fee for every ware a player puts on their 6th space by their own choice ----------------------------------

def test_sixth_space_fee_each_time():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "W02", "W03")
    set_wares(s, 0, "TTT")
    s, _ = act(s, "Buy trinkets")  # 3 + 3 = 6 wares: the 6th space is used
    s, _ = act(s, "No reaction", seat=1)
    assert s["players"][0]["gold"] == 20 - 3 - 2 and s["players"][0]["sixth"] >= 0
    check_invariants(s)
    # sell 3 trinkets: the ordinary spaces empty first, the 6th keeps its ware
    s["players"][0]["sixth"] = ware_id("T")
    s["players"][0]["wares"] = [3, 0, 2, 0, 0, 0]
    set_hand(s, 0, "W02", "W03")
    s, _ = act(s, "Sell trinkets")
    s, _ = act(s, "No reaction", seat=1)
    assert s["players"][0]["sixth"] == ware_id("T")
    # now free the 6th space and fill it again: fee again
    s["players"][0]["sixth"] = -1
    s["players"][0]["wares"] = [0, 0, 3, 0, 0, 0]
    gold = s["players"][0]["gold"]
    s["actions_used"] = 0
    s, _ = act(s, "Buy hides")
    assert s["players"][0]["gold"] == gold - 3 - 2


def test_sixth_space_unusable_without_fee():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "W02")
    set_wares(s, 0, "TTT")
    s["players"][0]["gold"] = 4  # 3 + 2 needed
    assert "buy" not in {a["type"] for a in legal(s)}
    s["players"][0]["gold"] = 5
    assert "buy" in {a["type"] for a in legal(s)}


def test_small_stand_adds_three_spaces_without_fee():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "stand", "W01")
    s["players"][0]["gold"] = 30
    set_wares(s, 0, "KK")
    s, _ = act(s, "Play Small Market Stand")
    s, _ = act(s, "Buy")
    assert s["players"][0]["gold"] == 30 - 6 - 10 and s["players"][0]["sixth"] == -1
    assert GAME.view(s, 0)["players"][0]["free"] == 1


def test_carrier_wares_option_needs_room():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "carrier")
    set_wares(s, 0, "KKKKK")  # one space left (the 6th): 2 wares do not fit
    s, _ = act(s, "Play Carrier")
    assert labels(s) == ["Draw 2 cards (opponent takes 2 wares)"]
    s, _ = act(s, "Draw 2")
    assert GAME.pending(s).keys() == {1}
    check_invariants(s)


def test_received_wares_without_any_free_space_go_back_to_the_supply():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "carrier")
    set_wares(s, 1, "KKKKKK")
    s, _ = act(s, "Play Carrier")
    s, _ = act(s, "Draw 2 cards")
    s, _ = act(s, "Take 2 salt", seat=1)
    assert wares_of(s, 1) == "KKKKKK" and s["players"][1]["gold"] == 20
    assert supply(s)[ware_id("S")] == 6
    check_invariants(s)


def test_buy_label_and_event_say_every_gold_paid():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "W02")
    set_wares(s, 0, "TTT")
    (buy,) = [a for a in legal(s) if a["type"] == "buy"]
    assert buy["label"] == "Buy trinkets, trinkets, trinkets for 3 gold (+2 gold for your 6th space)"
    assert (buy["price"], buy["fee"]) == (3, 2)
    s, events = act(s, "Buy")
    assert "@0 buys trinkets, trinkets, trinkets and pays 3 gold + 2 for the 6th space" in events_text(events)


def test_leopard_label_and_event_name_the_sixth_space_fee():
    s = new()
    to_phase2(s)
    only_sixth_free(s)
    give_util(s, 0, "leopard")
    s, _ = act(s, "Use Leopard")
    assert all(x.endswith("for 2 gold (+2 gold for your 6th space)") for x in labels(s))
    s, events = act(s, "Take tea")
    assert s["players"][0]["gold"] == 20 - 2 - 2
    assert "@0 pays 2 gold + 2 for the 6th space and takes 1 tea" in events_text(events)


def test_boat_and_basket_labels_name_the_sixth_space_fee_only_when_it_is_due():
    s = new()
    to_phase2(s)
    only_sixth_free(s)
    give_util(s, 0, "boat")
    set_hand(s, 0, "guard")
    s, _ = act(s, "Use Boat")
    s, _ = act(s, "Discard Guard")
    assert all(x.endswith(" (+2 gold for your 6th space)") for x in labels(s))
    s, events = act(s, "Take salt")
    assert s["players"][0]["gold"] == 18 and "@0 takes 1 salt and pays 2 gold for the 6th space" in events_text(events)
    s = new()
    to_phase2(s)
    set_hand(s, 0, "basket")
    s, _ = act(s, "Play Basket")
    assert not any("6th space" in x for x in labels(s))


def test_parrot_label_names_the_sixth_space_fee():
    s = new()
    to_phase2(s)
    only_sixth_free(s)
    set_wares(s, 1, "T")
    set_hand(s, 0, "parrot")
    s = _animal_unblocked(s, "Play Parrot")
    assert labels(s) == ["Take their tea (+2 gold for your 6th space)"]
    s, _ = act(s, "Take their tea")
    assert s["players"][0]["gold"] == 18


def test_carrier_wares_option_says_its_fee():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "carrier")
    set_wares(s, 0, "KKKK")  # one ordinary space and the 6th: 2 wares need the 6th
    s, _ = act(s, "Play Carrier")
    (wares,) = [a for a in legal(s) if a.get("opt") == "wares"]
    assert wares["label"] == "Take 2 wares of one type (+2 gold for your 6th space) (opponent draws 2)"
    assert wares["fee"] == 2
    s, _ = act(s, "Take 2 wares")
    s, _ = act(s, "Take 2 salt")
    assert s["players"][0]["gold"] == 18 and wares_of(s, 0) == "KKKKSS"


# ---- issue #10, ruling 2: no fee for a ware received through the opponent's card or in an exchange ------------------

def test_carrier_wares_received_by_the_opponent_take_the_sixth_space_for_free():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "carrier")
    set_wares(s, 1, "KKKK")
    s, _ = act(s, "Play Carrier")
    s, _ = act(s, "Draw 2 cards")
    s, _ = act(s, "Take 2 salt", seat=1)
    assert wares_of(s, 1) == "KKKKSS" and s["players"][1]["sixth"] == ware_id("S")
    assert s["players"][1]["gold"] == 20


def test_throne_never_charges_the_opponent_for_the_ware_it_gives_back():
    """The audit's drain: the opponent's only tea sits on their 6th space; three Thrones used to cost them 2 each."""
    s = new()
    to_phase2(s)
    give_util(s, 0, "throne")
    set_wares(s, 0, "SSS")
    set_wares(s, 1, "KKKHHT")  # the tea is on the 6th space
    for turn in range(3):
        s["used_utilities"] = []
        s, _ = act(s, "Use Throne")
        mine, theirs = ("salt", "tea") if turn % 2 == 0 else ("tea", "salt")
        s, _ = act(s, f"Take their {theirs}")
        s, _ = act(s, f"Give your {mine}")
    assert s["players"][1]["gold"] == 20 and s["players"][0]["gold"] == 20
    assert held(s["players"][1], ware_id("T")) + held(s["players"][1], ware_id("S")) == 1
    check_invariants(s)


def test_throne_user_giving_a_sixth_space_ware_pays_nothing():
    s = new()
    to_phase2(s)
    give_util(s, 0, "throne")
    set_wares(s, 0, "KKKHHT")  # the user's tea is on their 6th space
    set_wares(s, 1, "S")
    s, _ = act(s, "Use Throne")
    s, _ = act(s, "Take their salt")
    s, events = act(s, "Give your tea")
    assert wares_of(s, 0) == "KKKHHS" and s["players"][0]["sixth"] == ware_id("S")
    assert wares_of(s, 1) == "T" and s["players"][0]["gold"] == 20
    assert "6th space" not in events_text(events)


def test_shaman_exchange_refills_the_spaces_it_empties_without_a_fee():
    s = new()
    to_phase2(s)
    P = s["players"][0]
    P["wares"] = [3, 2, 0, 0, 0, 0]  # 5 ordinary spaces full
    P["sixth"] = 0  # and a 4th trinket on the 6th space
    set_hand(s, 0, "shaman")
    s, _ = act(s, "Play Shaman")
    s, _ = act(s, "Give up all 4 trinkets")
    assert not any("6th space" in x for x in labels(s))
    s, _ = act(s, "Receive tea")
    assert s["players"][0]["gold"] == 20 and s["players"][0]["sixth"] == ware_id("T") and wares_of(s, 0) == "HHTTTT"


def _draft_all(s):
    while GAME.view(s, None)["stage"] is not None:
        (seat,) = GAME.pending(s)
        s, _ = act(s, {"type": "ware"}, seat=seat)
    return s


def _elephant_before_its_players_sixth_pick(gold: int):
    """Both stands full (6 wares each) pooled by seat 0's Elephant; 5 picks each made: seat 0's next pick fills
    their 6th space."""
    s = new()
    to_phase2(s)
    set_hand(s, 0, "elephant")
    set_wares(s, 0, "KKKKKK")  # both had paid for their 6th space before
    set_wares(s, 1, "SSSSSS")
    s["players"][0]["gold"] = gold
    s = _animal_unblocked(s, "Play Elephant")
    for _ in range(5):
        s, _ = act(s, {"type": "ware"}, seat=0)
        s, _ = act(s, {"type": "ware"}, seat=1)
    return s


def test_elephant_its_player_pays_the_fee_for_their_own_6th_space_and_the_opponent_does_not():
    # Issue #27, item 9: the Elephant's player chose to play it; the opponent receives through the card.
    s = _elephant_before_its_players_sixth_pick(gold=20)
    assert all("+2 gold for your 6th space" in x for x in labels(s, 0))
    s, events = act(s, {"type": "ware"}, seat=0)
    assert "pays 2 gold for the 6th space" in events_text(events)
    assert not any("6th space" in x for x in labels(s, 1))
    s = _draft_all(s)
    assert s["players"][0]["gold"] == 18 and s["players"][1]["gold"] == 20
    assert sum(held(s["players"][0], t) for t in range(6)) == 6 == sum(held(s["players"][1], t) for t in range(6))
    check_invariants(s)


def test_elephant_its_player_without_the_fee_sends_the_ware_for_their_6th_space_back():
    s = _elephant_before_its_players_sixth_pick(gold=1)
    assert all("no room: it goes back to the supply" in x for x in labels(s, 0))
    s = _draft_all(s)
    assert s["players"][0]["gold"] == 1 and s["players"][0]["sixth"] == -1
    assert sum(held(s["players"][0], t) for t in range(6)) == 5
    check_invariants(s)


def test_elephant_excess_goes_back_to_the_supply():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "elephant")
    build_stands(s, 0, 2)
    set_wares(s, 0, "KKKKKKHHHHHH")  # 11 ordinary spaces and the 6th
    set_wares(s, 1, "TTTTTT")
    s = _animal_unblocked(s, "Play Elephant")
    while GAME.view(s, None)["stage"] is not None:
        (seat,) = GAME.pending(s)
        s, _ = act(s, {"type": "ware"}, seat=seat)
    # 18 pooled wares, 9 picks each: the 6 spaces of seat 1 hold 6 of its 9, 3 go back
    assert sum(held(s["players"][0], t) for t in range(6)) == 9
    assert sum(held(s["players"][1], t) for t in range(6)) == 6
    assert sum(supply(s)) == 36 - 15
    check_invariants(s)
