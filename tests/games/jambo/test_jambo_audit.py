"""Audit tests: rules re-checked against the spec, the seed and RULINGS.md by a second reviewer."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from jambo_helpers import (act, check_invariants, give_util, labels, new, set_hand, set_wares, stage,  # noqa: E402
                           to_phase2)

from app.games.jambo import GAME  # noqa: E402
from app.games.jambo.steps.auction import bid_amounts  # noqa: E402


# ---- auctions: bids in whole gold, any amount above the high bid up to the bidder's gold (spec §8.12) -------------

def test_auction_offers_every_whole_gold_bid_up_to_own_gold():
    assert bid_amounts(0, 40) == list(range(1, 41))
    assert bid_amounts(12, 30) == list(range(13, 31))
    assert bid_amounts(5, 5) == []


def test_auction_jump_bid_accepted():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s, _ = act(s, "Play Traveling")
    s, _ = act(s, "Auction tea")
    s, _ = act(s, "Auction tea and salt")
    bids = [a["amount"] for a in GAME.legal(s, 0) if a["type"] == "bid"]
    assert bids == list(range(1, 21))
    s, _ = act(s, {"type": "bid", "amount": 9})
    assert [a["amount"] for a in GAME.legal(s, 1) if a["type"] == "bid"] == list(range(10, 21))
    s, _ = act(s, {"type": "bid", "amount": 11}, seat=1)
    s, _ = act(s, "Pass")
    assert s["players"][1]["gold"] == 9 and s["players"][0]["gold"] == 20
    check_invariants(s)


# ---- the 6th-space fee is shown on every choice that pays it (RULINGS: 2 gold each time) -----------------------

def _only_sixth_free(s, seat=0):
    set_wares(s, seat, "KKKHH")  # 5 ordinary spaces full, the 6th free


def test_leopard_label_names_sixth_space_fee():
    s = new()
    to_phase2(s)
    _only_sixth_free(s)
    give_util(s, 0, "leopard")
    s, _ = act(s, "Use Leopard")
    assert all("+ 2 for the 6th space" in x for x in labels(s))
    s, _ = act(s, "Take tea")
    assert s["players"][0]["gold"] == 20 - 2 - 2


def test_boat_and_basket_labels_name_sixth_space_fee():
    s = new()
    to_phase2(s)
    _only_sixth_free(s)
    give_util(s, 0, "boat")
    set_hand(s, 0, "guard")
    s, _ = act(s, "Use Boat")
    s, _ = act(s, "Discard Guard")
    assert all("+ 2 for the 6th space" in x for x in labels(s))
    s, _ = act(s, "Take salt")
    assert s["players"][0]["gold"] == 18
    # room for both wares on ordinary spaces: no fee mentioned
    s = new()
    to_phase2(s)
    set_hand(s, 0, "basket")
    s, _ = act(s, "Play Basket")
    assert not any("6th space" in x for x in labels(s))


def test_parrot_label_names_sixth_space_fee():
    s = new()
    to_phase2(s)
    _only_sixth_free(s)
    set_wares(s, 1, "T")
    set_hand(s, 0, "parrot")
    s, _ = act(s, "Play Parrot")
    s, _ = act(s, "No reaction", seat=1)
    assert labels(s) == ["Take their tea + 2 for the 6th space"]
    s, _ = act(s, "Take their tea")
    assert s["players"][0]["gold"] == 18


def test_shaman_label_names_sixth_space_fee_when_the_exchange_refills_it():
    s = new()
    to_phase2(s)
    P = s["players"][0]
    P["wares"] = [3, 2, 0, 0, 0, 0]  # 5 ordinary spaces full
    P["sixth"] = 0  # and a 4th trinket on the 6th space
    set_hand(s, 0, "shaman")
    s, _ = act(s, "Play Shaman")
    s, _ = act(s, "Give up all 4 trinkets")
    assert all(x.endswith("+ 2 for the 6th space") for x in labels(s))
    s, _ = act(s, "Receive tea")
    assert s["players"][0]["gold"] == 18
    s = new()
    to_phase2(s)
    set_wares(s, 0, "KKH")
    set_hand(s, 0, "shaman")
    s, _ = act(s, "Play Shaman")
    s, _ = act(s, "Give up all 2 trinkets")
    assert not any("6th space" in x for x in labels(s))


# ---- auctions: "the first pass ends the auction"; the active player opens (spec §6.4, §8.12) ---------------------

def test_auction_first_pass_ends_it_when_the_active_player_does_not_open():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "arabian")
    top3 = s["deck"][-3:]
    s, _ = act(s, "Play Arabian")
    s, ev = act(s, "Pass")
    assert stage(s) is None and 1 not in GAME.pending(s)
    assert set(top3) <= set(s["discard"])
    assert s["players"][1]["gold"] == 20 and any("Nobody bids" in e["text"] for e in ev)
    check_invariants(s)


def test_auction_traveling_merchant_unopened_wares_stay_in_supply():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s, _ = act(s, "Play Traveling")
    s, _ = act(s, "Auction tea")
    s, _ = act(s, "Auction tea and salt")
    s, _ = act(s, "Pass")
    assert stage(s) is None and sum(s["players"][1]["wares"]) == 0 and s["players"][1]["sixth"] == -1
    check_invariants(s)
