"""Full variant rules (spec section 3), every event (5.4) and every action card (5.3)."""

import pytest
from goldrush_helpers import act, check_invariants, find, free, give, ids, new, on_top, phase, start, take

from app.engine import english
from app.games.goldrush import GAME
from app.games.goldrush.data import CARD
from app.games.goldrush.state import price, vp


def fresh(n=2, seed=1, **opts):
    """A full game at seat 0's action phase with an empty hand and no coins."""
    s = new("full", n, seed, **opts)
    for c in list(s["players"][0]["hand"]):
        s["players"][0]["hand"].remove(c)
        s["discard"]["m"].append(c)
    for p in s["players"]:
        p["coins"] = 0
    s["turn_flags"]["price_mod"] = 0
    return s


def event_turn(s, key, seat=0):
    """Start `seat`'s turn with the event `key` on top of the Events deck."""
    on_top(s, "e", key)
    return start(s, seat)


# ---------------------------------------------------------------- setup and turn structure
def test_setup_full():
    s = GAME.new_game(3, {"variant": "full", "first_player": 1}, 7)
    assert len(s["market"]) == 4 and s["row"] == [] and all(p["secret"] is None for p in s["players"])
    assert [len(p["hand"]) for p in s["players"]] == [0, 2, 0]  # the first player already drew
    assert s["players"][0]["coins"] in (2, 3)  # 2 coins (+1 if the first event was Market Day)
    assert len(s["discard"]["e"]) == 1 and s["event"] == s["discard"]["e"][-1]
    assert s["target"] == 6
    check_invariants(s)


def test_turn_event_then_market_refill_then_draw_two():
    s = fresh()
    s["market"] = s["market"][:1]
    hand = len(s["players"][1]["hand"])
    events = event_turn(s, "V06", 1)
    assert len(s["market"]) == 4 and len(s["players"][1]["hand"]) == hand + 2
    types = [e["type"] for e in events]
    assert types.index("event") < types.index("draw")
    private = [e for e in events if e.get("seats")]
    assert private and private[0]["seats"] == [1]


def test_several_actions_in_one_turn_but_each_once():
    s = fresh()
    s["players"][0]["coins"] = 20
    s, _ = act(s, 0, "buy", card=s["market"][0])
    assert find(s, 0, "buy") is None
    assert find(s, 0, "explore") is not None
    s, _ = act(s, 0, "explore")
    assert find(s, 0, "explore") is None and find(s, 0, "explore_cards") is None
    assert s["turn"] == 0


def test_exploration_costs_three_coins_and_reveals_to_play_area():
    s = fresh()
    top = on_top(s, "x", "X03")
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert s["players"][0]["coins"] == 0 and top in s["players"][0]["area"] and vp(s, 0) == 1


def test_exploration_with_benardaki_costs_two():
    s = fresh()
    give(s, 0, "G24")
    s["players"][0]["coins"] = 2
    assert find(s, 0, "explore")["label"].endswith("2 coins")


def test_exploration_paid_with_two_hand_cards():
    s = fresh()
    a, b = give(s, 0, "M15", 1, "hand")[0], ids("M01")[0]
    take(s, b)
    s["players"][0]["hand"].append(b)  # achievements count as payment too
    top = on_top(s, "x", "X01")
    s, _ = act(s, 0, "explore_cards")
    assert phase(s) == "xpay"
    s, _ = act(s, 0, "xpay", card=a)
    s, _ = act(s, 0, "xpay", card=b)
    assert s["players"][0]["hand"] == [] and a in s["discard"]["m"] and b in s["discard"]["m"]
    assert top in s["players"][0]["area"] and s["turn_flags"]["explored"]


def test_exploration_card_payment_can_be_cancelled():
    s = fresh()
    give(s, 0, "M15", 2, "hand")
    s, _ = act(s, 0, "explore_cards")
    s, _ = act(s, 0, "xpay")
    s, _ = act(s, 0, "cancel")
    assert phase(s) == "main" and len(s["players"][0]["hand"]) == 2 and not s["turn_flags"]["explored"]


def test_lost_expedition_gives_nothing():
    s = fresh()
    lost = on_top(s, "x", "X04")
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert s["players"][0]["area"] == [] and s["discard"]["x"][-1] == lost and s["turn_flags"]["explored"]


def test_bazanov_full_keep_either_and_lost_kept_gives_nothing():
    s = fresh()
    give(s, 0, "G17")
    lost = on_top(s, "x", "X04")
    mine = on_top(s, "x", "X01")
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert phase(s) == "keep"
    s, _ = act(s, 0, "keep", card=lost)
    assert mine in s["discard"]["x"] and lost in s["discard"]["x"] and s["players"][0]["area"] == [ids("G17")[0]]


def test_bazanov_two_lost_expeditions_nothing_no_choice():
    s = fresh()
    give(s, 0, "G17")
    on_top(s, "x", "X04")
    on_top(s, "x", "X04")
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert phase(s) == "main" and len(s["players"][0]["area"]) == 1


def test_market_purchase_in_full_and_price_modifiers():
    s = fresh()
    c = on_top(s, "g", "G02")
    assert price(s, 0, c) == 3
    s["turn_flags"]["price_mod"] = 1
    assert price(s, 0, c) == 4
    s["turn_flags"]["price_mod"] = -1
    assert price(s, 0, c) == 2


def test_hand_limit_four_discard_at_end():
    s = fresh()
    give(s, 0, "M23", 2, "hand")
    give(s, 0, "M24", 2, "hand")
    give(s, 0, "M20", 2, "hand")
    s, _ = act(s, 0, "end")
    assert phase(s) == "hand" and s["turn"] == 0
    s, _ = act(s, 0, "discard")
    assert phase(s) == "hand"
    s, _ = act(s, 0, "discard")
    assert s["turn"] == 1 and len(s["players"][0]["hand"]) == 4


def test_warehouse_hand_limit_six():
    s = fresh()
    give(s, 0, "G16", 2)
    give(s, 0, "M15", 2, "hand")
    give(s, 0, "M23", 2, "hand")
    give(s, 0, "M24", 2, "hand")
    give(s, 0, "M20", 2, "hand")
    s, _ = act(s, 0, "end")
    assert phase(s) == "hand"
    s, _ = act(s, 0, "discard")
    s, _ = act(s, 0, "discard")  # 6 left: two warehouses do not raise it further
    assert s["turn"] == 1 and len(s["players"][0]["hand"]) == 6


def test_achievement_played_from_hand_only_when_met_no_per_turn_limit():
    s = fresh()
    cap, pro = ids("M06")[0], ids("M07")[0]
    for c in (cap, pro):
        take(s, c)
        s["players"][0]["hand"].append(c)
    assert find(s, 0, "play", card=cap) is None
    s["players"][0]["coins"] = 10
    give(s, 0, "X01", 2)
    s, _ = act(s, 0, "play", card=cap)
    s, _ = act(s, 0, "play", card=pro)
    assert s["players"][0]["achievements"] == [cap, pro] and vp(s, 0) == 2 and s["players"][0]["coins"] == 10


def test_win_at_six_vp_at_end_of_turn():
    s = fresh()
    give(s, 0, "X03", 6)
    assert GAME.result(s) is None
    s, _ = act(s, 0, "end")
    assert GAME.result(s)["winners"] == [0]


def test_five_vp_does_not_win_full():
    s = fresh()
    give(s, 0, "X03", 5)
    s, _ = act(s, 0, "end")
    assert GAME.result(s) is None


# ---------------------------------------------------------------- events
def test_event_fair_money_cards_produce():
    s = fresh()
    give(s, 0, "G02")
    give(s, 0, "X01")
    event_turn(s, "V01")
    assert s["players"][0]["coins"] == 2


def test_event_washing_season_mines_produce():
    s = fresh()
    give(s, 0, "G02")
    give(s, 0, "X02")
    events = event_turn(s, "V02")
    got = next(e for e in events if e["type"] == "ingots")["ingots"]
    assert len(got) == 2 and s["players"][0]["coins"] == sum(got)


def test_event_good_week_money_then_mines():
    s = fresh()
    give(s, 0, "G02")
    give(s, 0, "X01")
    events = event_turn(s, "V03")
    got = next(e for e in events if e["type"] == "ingots")["ingots"]
    assert s["players"][0]["coins"] == 2 + sum(got)


def test_event_nugget_with_mine_two_tokens_no_bonuses():
    s = fresh()
    give(s, 0, "X01")
    give(s, 0, "G14")
    give(s, 0, "G22")
    events = event_turn(s, "V04")
    line = next(e for e in events if e["type"] == "ingots")
    got = line["ingots"]
    assert len(got) == 2 and s["players"][0]["coins"] == sum(got)
    assert line["text"] == f"@0 finds a nugget: ingots {got[0]} and {got[1]}, worth {sum(got)} coins"


def test_event_nugget_without_mine_one_coin():
    s = fresh()
    event_turn(s, "V04")
    assert s["players"][0]["coins"] == 1


def test_event_obligations_due_one_coin_per_entrepreneur():
    s = fresh()
    give(s, 0, "G18")
    s["players"][0]["coins"] = 1
    event_turn(s, "V05")
    assert phase(s) == "pay" and len(s["players"][0]["hand"]) == 0  # draw waits for the payment
    s, _ = act(s, 0, "pay")
    assert s["players"][0]["coins"] == 0 and phase(s) == "main" and len(s["players"][0]["hand"]) == 2


def test_event_obligations_due_discard_instead():
    s = fresh()
    a = give(s, 0, "G18")[0]
    give(s, 0, "G19")
    s["players"][0]["coins"] = 5
    event_turn(s, "V05")
    s, _ = act(s, 0, "drop", card=a)
    assert phase(s) == "pay"
    s, _ = act(s, 0, "pay")
    assert s["players"][0]["coins"] == 4 and a in s["discard"]["g"]


def test_event_obligations_due_bank_covers():
    s = fresh()
    give(s, 0, "G18")
    give(s, 0, "G15")
    event_turn(s, "V05")
    assert phase(s) == "main"


def test_event_obligations_only_active_player():
    s = fresh()
    give(s, 1, "G18")
    s["players"][1]["coins"] = 3
    event_turn(s, "V05")
    assert phase(s) == "main" and s["players"][1]["coins"] == 3


def test_event_market_day_all_players():
    s = fresh(3)
    event_turn(s, "V06")
    assert [p["coins"] for p in s["players"]] == [1, 1, 1]


def test_event_price_rise_and_discounts_last_the_turn():
    s = fresh()
    event_turn(s, "V07")
    c = on_top(s, "g", "G02")
    assert price(s, 0, c) == 4
    ent = on_top(s, "g", "G18")
    assert price(s, 0, ent) == 0
    s, _ = act(s, 0, "end")
    assert s["turn_flags"]["price_mod"] in (0, 1, -1)  # the next player's own event decides
    s2 = fresh()
    event_turn(s2, "V08")
    assert price(s2, 0, on_top(s2, "g", "G01")) == 1


def test_event_trade_relations_broken_pay_or_discard():
    s = fresh()
    t = give(s, 0, "G02")[0]
    s["players"][0]["coins"] = 2
    event_turn(s, "V09")
    assert phase(s) == "trade"
    s2, _ = act(s, 0, "pay")
    assert s2["players"][0]["coins"] == 0 and t in s2["players"][0]["area"]
    s3, _ = act(s, 0, "drop", card=t)
    assert t in s3["discard"]["g"] and s3["players"][0]["coins"] == 2


def test_event_trade_relations_broken_must_discard_when_poor():
    s = fresh()
    give(s, 0, "G02")
    s["players"][0]["coins"] = 1
    event_turn(s, "V09")
    assert {a["type"] for a in GAME.legal(s, 0)} == {"drop"}


def test_event_trade_relations_broken_without_trading_nothing():
    s = fresh()
    event_turn(s, "V09")
    assert phase(s) == "main"


def test_event_navigation_opens():
    s = fresh()
    give(s, 0, "G06", 2)
    give(s, 0, "G09")
    give(s, 0, "G13")
    event_turn(s, "V10")
    assert s["players"][0]["coins"] == 3


def test_income_cards_do_not_produce_without_their_event():
    s = fresh()
    give(s, 0, "G02")
    give(s, 0, "X01")
    event_turn(s, "V10")
    assert s["players"][0]["coins"] == 0


# ---------------------------------------------------------------- action cards
def hand(s, key):
    return give(s, 0, key, 1, "hand")[0]


def test_action_bank_loan_and_good_deal():
    s = fresh()
    a, b = hand(s, "M15"), hand(s, "M16")
    s, _ = act(s, 0, "play", card=a)
    s, _ = act(s, 0, "play", card=b)
    assert s["players"][0]["coins"] == 5 and a in s["discard"]["m"] and b in s["discard"]["m"]


def test_action_rush_order_and_extra_washing():
    s = fresh()
    give(s, 0, "G04")
    give(s, 0, "X01")
    s, _ = act(s, 0, "play", card=hand(s, "M17"))
    assert s["players"][0]["coins"] == 3
    s, events = act(s, 0, "play", card=hand(s, "M18"))
    got = next(e for e in events if e["type"] == "ingots")["ingots"]
    assert s["players"][0]["coins"] == 3 + sum(got)


def test_action_prospecting_party_free_and_keeps_exploration_action():
    s = fresh()
    top = on_top(s, "x", "X03")
    s, _ = act(s, 0, "play", card=hand(s, "M19"))
    assert top in s["players"][0]["area"] and not s["turn_flags"]["explored"]
    s["players"][0]["coins"] = 3
    assert find(s, 0, "explore") is not None


def test_action_guild_connections_next_buy_two_less():
    s = fresh()
    c = on_top(s, "g", "G04")
    s["market"][0] = c
    s["deck"]["g"].remove(c)
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "play", card=hand(s, "M20"))
    assert price(s, 0, c) == 3
    s, _ = act(s, 0, "buy", card=c)
    assert s["players"][0]["coins"] == 0 and s["turn_flags"]["guild_connections"] == 0


def test_action_guild_connections_lapses_at_end_of_turn():
    s = fresh()
    s["players"][0]["coins"] = 1  # a market card costs something: the card is not wasted yet
    s, _ = act(s, 0, "play", card=hand(s, "M20"))
    s, _ = act(s, 0, "end")
    assert s["turn_flags"]["guild_connections"] == 0


def test_guild_connections_not_offered_when_wasted():
    s = fresh()
    card = hand(s, "M20")
    assert find(s, 0, "play", card=card) is not None
    s["players"][0]["coins"] = 9
    s, _ = act(s, 0, "buy")
    assert find(s, 0, "play", card=card) is None  # the market purchase is used
    s = fresh()
    card = hand(s, "M20")
    s["discard"]["g"] += s["market"]
    s["market"] = [free(s, "G18")[0]]  # only a free entrepreneur on the market
    assert find(s, 0, "play", card=card) is None


def test_action_poach_a_partner():
    s = fresh()
    e = give(s, 1, "G17")[0]
    card = hand(s, "M21")
    s, _ = act(s, 0, "play", card=card, target=1, ent=e)
    assert e in s["players"][0]["area"] and e not in s["players"][1]["area"]


def test_action_poach_needs_a_target():
    s = fresh()
    card = hand(s, "M21")
    assert find(s, 0, "play", card=card) is None


def test_action_warehouse_fire():
    s = fresh(3)
    s["players"][1]["coins"], s["players"][2]["coins"] = 5, 1
    s, _ = act(s, 0, "play", card=hand(s, "M22"), target=1)
    assert s["players"][1]["coins"] == 3
    s, _ = act(s, 0, "play", card=hand(s, "M22"), target=2)
    assert s["players"][2]["coins"] == 0


def test_warehouse_fire_not_offered_against_a_seat_without_coins():
    s = fresh(3)
    s["players"][1]["coins"] = 2
    card = hand(s, "M22")
    fires = [a for a in GAME.legal(s, 0) if a.get("effect") == "fire"]
    assert [(a["target"], a["coins"]) for a in fires] == [(1, 2)]
    s["players"][1]["coins"] = 0
    assert find(s, 0, "play", card=card) is None


def test_hand_limit_discard_or_play_the_excess():
    s = fresh()
    loan = hand(s, "M15")
    give(s, 0, "M23", 2, "hand")
    give(s, 0, "M20", 2, "hand")  # 5 cards: one too many
    s, _ = act(s, 0, "end")
    assert phase(s) == "hand" and english(GAME.pending(s)[0].text) == "Hand limit 4: discard or play 1 card"
    assert find(s, 0, "play", card=loan) is not None
    assert not any(a["type"] == "play" and CARD[a["card"]]["key"] == "M20" for a in GAME.legal(s, 0))  # wasted now
    s, events = act(s, 0, "play", card=loan)
    assert "@0 gains 3 coins" in [e["text"] for e in events]  # (the next turn's event may pay everyone more)
    assert s["turn"] == 1 and len(s["players"][0]["hand"]) == 4


def test_hand_limit_survey_played_then_turn_ends():
    s = fresh()
    survey = hand(s, "M24")
    give(s, 0, "M16", 4, "hand")
    s, _ = act(s, 0, "end")
    s, _ = act(s, 0, "play", card=survey)
    assert phase(s) == "survey" and s["turn"] == 0
    s, _ = GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert s["turn"] == 1 and len(s["players"][0]["hand"]) == 4
    check_invariants(s)


def test_obligations_due_labels_say_what_remains():
    s = fresh()
    a = give(s, 0, "G18")[0]
    give(s, 0, "G19")
    s["players"][0]["coins"] = 1
    event_turn(s, "V05")
    assert english(GAME.pending(s)[0].text).startswith("Obligations Due: you cannot pay 2 coins")
    assert find(s, 0, "drop", card=a)["label"] == "Discard N. D. Butin (then 1 coin to pay)"
    assert find(s, 0, "pay") is None


def test_action_new_trends():
    s = fresh()
    old = list(s["market"])
    s, _ = act(s, 0, "play", card=hand(s, "M23"))
    assert len(s["market"]) == 4 and not set(old) & set(s["market"]) and set(old) <= set(s["discard"]["g"])


def test_action_geological_survey_reorders_privately():
    s = fresh()
    a, b, c = on_top(s, "x", "X01"), on_top(s, "x", "X03"), on_top(s, "x", "X04")
    s, events = act(s, 0, "play", card=hand(s, "M24"))
    assert phase(s) == "survey"
    secret = [e for e in events if e.get("seats")]
    assert secret and secret[0]["seats"] == [0]
    assert "cards" in GAME.view(s, 0)["sub"] and "cards" not in GAME.view(s, 1)["sub"]
    legal = GAME.legal(s, 0)
    assert len(legal) == 6
    s, _ = act(s, 0, "order", cards=[a, b, c])
    assert s["deck"]["x"][-3:] == [c, b, a]
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert a in s["players"][0]["area"]


def test_action_audit_draws_two():
    s = fresh()
    s, _ = act(s, 0, "play", card=hand(s, "M25"))
    assert len(s["players"][0]["hand"]) == 2


def test_gold_industrialist_full_and_nemchinov():
    s = fresh()
    give(s, 0, "X01", 2)
    give(s, 0, "G26")
    on_top(s, "x", "X02")
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert s["industrialist"] == 0 and s["players"][0]["coins"] == 1


def test_equal_turns_full():
    s = fresh(2, equal_turns=True)
    s["first"] = 0
    give(s, 0, "X03", 6)
    s, _ = act(s, 0, "end")
    assert GAME.result(s) is None and s["turn"] == 1
    give(s, 1, "X03", 3)
    while GAME.result(s) is None:
        st = s["turn"]
        s, _ = GAME.apply(s, st, find(s, st, "end") or find(s, st, "discard") or GAME.legal(s, st)[0])
    assert GAME.result(s)["winners"] == [0]
    check_invariants(s)


@pytest.mark.parametrize("key", ["V01", "V02", "V03", "V04", "V05", "V06", "V07", "V08", "V09", "V10"])
def test_every_event_keeps_invariants(key):
    s = fresh()
    give(s, 0, "G02")
    give(s, 0, "G18")
    give(s, 0, "X01")
    s["players"][0]["coins"] = 4
    event_turn(s, key)
    check_invariants(s)
    assert CARD[s["event"]]["key"] == key


# ---- RULINGS: events affect only the active player unless the card says all players
def test_fair_pays_only_the_active_player_market_day_pays_all():
    s = new("full", 3)
    for seat in range(3):
        give(s, seat, "G02")
        s["players"][seat]["coins"] = 0
    on_top(s, "e", "V01")
    start(s, 1)
    assert [p["coins"] for p in s["players"]] == [0, 2, 0]
    on_top(s, "e", "V06")
    start(s, 2)
    assert [p["coins"] for p in s["players"]] == [1, 3, 1]


# ---- edge 13: a condition is only checked when claiming; the VP stays when the condition is later lost
def test_capitalist_kept_after_spending_the_coins():
    s = new("full", 2)
    cap = next(c for c in range(len(CARD)) if CARD[c]["key"] == "M06")
    if cap not in s["players"][0]["hand"]:
        s["players"][0]["hand"].append(take(s, cap))
    s["players"][0]["coins"] = 10
    s, _ = act(s, 0, "play", card=cap)
    before = vp(s, 0)
    s, _ = act(s, 0, "buy", card=s["market"][0])
    assert vp(s, 0) >= before and cap in s["players"][0]["achievements"]


# ---- full: several actions, each at most once; the hand limit checked at the end of the turn before the win
def test_full_hand_limit_then_win_at_end_of_turn():
    s = new("full", 2)
    give(s, 0, "G10", 3)
    give(s, 0, "X03", 3)
    give(s, 0, "M15", 3, where="hand")
    assert len(s["players"][0]["hand"]) > 4
    s, _ = act(s, 0, "end")
    assert phase(s) == "hand" and GAME.result(s) is None
    while GAME.result(s) is None:
        s, _ = GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert GAME.result(s)["winners"] == [0] and len(s["players"][0]["hand"]) == 4
