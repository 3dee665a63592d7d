"""Issue #27, items 10 and 11: a choice says every gold it costs and what will happen before it is made, and
a card that can do nothing is not offered."""

from __future__ import annotations

from jambo_helpers import (act, events_text, give, give_util, labels, new, only_sixth_free, set_hand, set_wares,
                           to_phase2)

from app.games.jambo import data as C


def test_supplies_is_not_offered_when_the_draw_pile_and_the_discard_pile_are_both_empty():
    s = new()
    to_phase2(s)
    give_util(s, 0, "supplies")
    assert "Use Supplies (1 action)" in labels(s)
    s["deck"][:] = []
    s["discard"][:] = []
    assert not any("Supplies" in x for x in labels(s))
    s["discard"].append(s["players"][1]["hand"].pop())  # one card to reveal again: offered again
    assert "Use Supplies (1 action)" in labels(s)


def test_play_parrot_says_the_pick_will_pay_the_6th_space_fee():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "parrot")
    set_wares(s, 1, "K")
    assert "Play Parrot" in labels(s)
    only_sixth_free(s, 0)
    assert "Play Parrot (+2 gold for your 6th space)" in labels(s)


def test_use_leopard_statue_names_its_2_gold_as_the_well_names_its_1():
    s = new()
    to_phase2(s)
    give_util(s, 0, "leopard", "well")
    set_hand(s, 0, "boat")
    assert "Use Leopard Statue (1 action, 2 gold)" in labels(s)
    assert "Use Well (1 action, 1 gold)" in labels(s)
    only_sixth_free(s, 0)
    assert "Use Leopard Statue (1 action, 2 gold) (+2 gold for your 6th space)" in labels(s)
    assert "Play Boat" in labels(s)  # laying a utility takes no ware yet: no fee is said


def _carrier_for_the_opponent(s):
    to_phase2(s)
    set_hand(s, 0, "carrier")
    s, _ = act(s, "Play Carrier")
    s, _ = act(s, "Draw 2 cards")
    return s


def test_a_carrier_recipient_with_room_for_one_is_told_before_choosing_and_the_log_says_one():
    s = new()
    set_wares(s, 1, "KKKKK")  # the 6th space is free: a received ware takes it for nothing
    s = _carrier_for_the_opponent(s)
    assert "Take 2 tea (room for 1: the other goes back to the supply)" in labels(s, 1)
    s, events = act(s, "Take 2 tea", seat=1)
    text = events_text(events)
    assert "takes 1 of the 2 tea: the other has no room and goes back to the supply" in text
    assert "takes 1 tea" not in text and "without room go back" not in text
    assert s["players"][1]["gold"] == 20


def test_a_carrier_recipient_with_no_room_is_told_before_choosing():
    s = new()
    set_wares(s, 1, "KKKKKK")
    s = _carrier_for_the_opponent(s)
    assert "Take 2 tea (no room: both go back to the supply)" in labels(s, 1)
    s, events = act(s, "Take 2 tea", seat=1)
    assert "has no room: the 2 tea go back to the supply" in events_text(events)


def test_the_arabian_merchants_reveal_keeps_ware_card_names_apart():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "arabian")
    top = give(s, 1, "W01", "W02", "guard")
    for card in top:
        s["players"][1]["hand"].remove(card)
    s["deck"] += top[::-1]
    s, events = act(s, "Play Arabian Merchant")
    (line,) = [e["text"] for e in events if " reveals " in e["text"]]
    assert line.endswith(" reveals " + "; ".join(_written(c) for c in top) + " for auction"), line


def _written(card: int) -> str:
    """A card's English name as the log writes it."""
    k = C.KINDS[C.CARD_KIND[card]]
    return "Wares: " + ", ".join(C.WARES[w] for w in k["wares"]) if k["type"] == "ware" else k["name"]
