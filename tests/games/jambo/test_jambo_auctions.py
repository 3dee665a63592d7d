"""Auctions (Traveling Merchant, Arabian Merchant): opening, bidding, the first pass, what the winner pays and gets."""

from __future__ import annotations

from jambo_helpers import (act, check_invariants, events_text, labels, new, only_sixth_free, set_hand, set_wares,
                           stage, to_phase2, wares_of)

from app.games.jambo import GAME
from app.games.jambo.state import supply
from app.games.jambo.steps.auction import bid_amounts


def _traveling(s, first="tea", second="salt"):
    s, _ = act(s, "Play Traveling")
    s, _ = act(s, f"Auction {first}")
    s, _ = act(s, f"Auction {first} and {second}")
    return s


# ---- bids ----------------------------------------------------------------------------------------------------------

def test_auction_offers_every_whole_gold_bid_above_the_high_bid_up_to_own_gold():
    assert bid_amounts(0, 3) == [1, 2, 3]
    assert bid_amounts(0, 40) == list(range(1, 41))
    assert bid_amounts(12, 30) == list(range(13, 31))
    assert bid_amounts(5, 5) == []


def test_auction_jump_bid_accepted():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s = _traveling(s)
    assert [a["amount"] for a in GAME.legal(s, 0) if a["type"] == "bid"] == list(range(1, 21))
    s, _ = act(s, {"type": "bid", "amount": 9})
    assert [a["amount"] for a in GAME.legal(s, 1) if a["type"] == "bid"] == list(range(10, 21))
    s, _ = act(s, {"type": "bid", "amount": 11}, seat=1)
    s, _ = act(s, "Pass")
    assert s["players"][1]["gold"] == 9 and s["players"][0]["gold"] == 20
    check_invariants(s)


def test_traveling_merchant_auction_bids_alternate_and_the_first_pass_ends_it():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s = _traveling(s, "silk", "silk")
    s, _ = act(s, "Bid 1 gold")
    assert GAME.pending(s).keys() == {1}
    s, _ = act(s, "Bid 3 gold", seat=1)
    s, _ = act(s, "Bid 4 gold")
    s, _ = act(s, "Pass", seat=1)
    assert wares_of(s, 0) == "LL" and s["players"][0]["gold"] == 16 and s["players"][1]["gold"] == 20


def test_arabian_merchant_winner_takes_the_cards():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "arabian")
    top3 = s["deck"][-3:]
    s, _ = act(s, "Play Arabian")
    assert GAME.view(s, 1)["stage"]["items"] == list(reversed(top3))
    s, _ = act(s, "Bid 1 gold")
    s, _ = act(s, "Bid 2 gold", seat=1)
    s, _ = act(s, "Pass")
    assert set(top3) <= set(s["players"][1]["hand"]) and s["players"][1]["gold"] == 18


def test_auction_bids_capped_by_gold_winner_pays_the_bank():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s["players"][1]["gold"] = 2
    s = _traveling(s)
    s, _ = act(s, "Bid 1 gold")
    assert labels(s, 1) == ["Bid 2 gold", "Pass"]
    s, _ = act(s, "Bid 2 gold", seat=1)
    s, _ = act(s, "Pass")
    assert s["players"][1]["gold"] == 0 and s["players"][0]["gold"] == 20
    assert wares_of(s, 1) == "TS"


# ---- issue #10, ruling 1: auctions must be opened --------------------------------------------------------------

def test_auction_must_be_opened_by_the_active_player_who_has_gold():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "arabian")
    s, _ = act(s, "Play Arabian")
    options = GAME.legal(s, 0)
    assert options and all(a["type"] == "bid" and a["amount"] >= 1 for a in options)
    assert GAME.pending(s)[0].to_json()["text"] == "Auction: open the bidding (at least 1 gold)"
    s, _ = act(s, "Bid 1 gold")
    assert "Pass" in labels(s, 1)  # the opponent is asked, and may let the opening bid win


def test_auction_opponent_may_open_when_the_active_player_has_no_gold():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s["players"][0]["gold"] = 0
    s, _ = act(s, "Play Traveling")
    s, _ = act(s, "Auction tea")
    s, events = act(s, "Auction tea and salt")
    assert "@0 has no gold to open the auction: @1 may open it or pass" in events_text(events)
    assert GAME.pending(s).keys() == {1} and labels(s, 1)[-1] == "Pass"
    s, _ = act(s, "Bid 1 gold", seat=1)
    assert labels(s, 0) == ["Pass"]
    s, _ = act(s, "Pass")
    assert wares_of(s, 1) == "TS" and s["players"][1]["gold"] == 19


def test_traveling_merchant_wares_stay_in_the_supply_when_nobody_opens():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    s["players"][0]["gold"] = 0
    s = _traveling(s)
    s, events = act(s, "Pass", seat=1)
    assert stage(s) is None and "Nobody bids: the wares stay in the supply" in events_text(events)
    assert supply(s) == [6] * 6
    check_invariants(s)


def test_arabian_merchant_cards_are_discarded_when_neither_player_has_gold():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "arabian")
    s["players"][0]["gold"] = s["players"][1]["gold"] = 0
    top3 = s["deck"][-3:]
    s, events = act(s, "Play Arabian")
    assert stage(s) is None and set(top3) <= set(s["discard"])
    assert "Nobody bids: the cards are discarded" in events_text(events)
    check_invariants(s)


# ---- issue #10, ruling 3: the bid menu says every gold the winner would pay ----------------------------------------

def test_bid_menu_warns_of_the_sixth_space_fee_and_of_wares_without_room():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "traveling")
    set_wares(s, 0, "KKKH")  # one ordinary space and the 6th left: the second ware costs the fee
    s["players"][0]["gold"] = 5
    s = _traveling(s)
    bids = {a["amount"]: a for a in GAME.legal(s, 0)}
    assert bids[3]["label"] == "Bid 3 gold (+2 gold for your 6th space)"
    assert (bids[3]["fee"], bids[3]["room"], bids[3]["price"]) == (2, 2, 3)
    # bidding 4 leaves 1 gold: the fee cannot be paid, so one ware would go back
    assert bids[4]["label"] == "Bid 4 gold (room for 1 of the 2 wares: the rest go back to the supply)"
    assert (bids[4]["fee"], bids[4]["room"]) == (0, 1)
    s, _ = act(s, "Bid 3 gold")
    s, events = act(s, "Pass", seat=1)
    assert "@0 pays 3 gold + 2 for the 6th space and takes tea, salt" in events_text(events)
    assert s["players"][0]["gold"] == 0 and wares_of(s, 0) == "KKKHTS"


def test_bid_menu_of_a_card_auction_has_no_room_warning():
    s = new()
    to_phase2(s)
    only_sixth_free(s)
    set_hand(s, 0, "arabian")
    s, _ = act(s, "Play Arabian")
    assert all("6th space" not in label and "room" not in label for label in labels(s))
