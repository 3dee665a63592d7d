"""Basic variant rules, one test per rule of the spec (section 2) and the common concepts (section 1)."""

import pytest
from goldrush_helpers import (act, check_invariants, claim, find, give, ids, main_turn, new, nothing_to_claim, on_top,
                              phase, start, take)

from app.engine import BadOptions, english
from app.games.goldrush import GAME
from app.games.goldrush.data import ACHIEVEMENT_IDS, CARD, LOST_IDS
from app.games.goldrush.state import owed, price, vp


def test_setup_basic_removes_lost_expeditions_and_merges_exploration_into_guild():
    s = new("basic", 3)
    guild_cards = s["deck"]["g"] + s["market"]
    assert len(guild_cards) == 69
    assert not set(LOST_IDS) & set(guild_cards)
    assert set(LOST_IDS) <= set(s["box"])
    assert s["deck"]["x"] == [] and s["deck"]["m"] == [] and s["deck"]["e"] == []
    assert len(s["market"]) == 4
    check_invariants(s)


def test_setup_basic_secret_achievement_each_rest_face_up():
    s = new("basic", 4)
    secrets = [p["secret"] for p in s["players"]]
    assert all(c in ACHIEVEMENT_IDS for c in secrets) and len(set(secrets)) == 4
    assert sorted(s["row"] + secrets) == ACHIEVEMENT_IDS
    assert s["industrialist"] is None


def test_setup_basic_starts_with_zero_coins_and_first_turn_gives_two():
    s = new("basic", 2)
    assert s["players"][0]["coins"] == 2 and s["players"][1]["coins"] == 0
    assert s["turn"] == 0


def test_first_player_option_and_random_first_player():
    assert GAME.new_game(3, {"variant": "basic", "first_player": 2}, 5)["turn"] == 2
    firsts = {GAME.new_game(4, {"variant": "basic"}, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    with pytest.raises(BadOptions):
        GAME.new_game(2, {"first_player": 2}, 1)
    with pytest.raises(BadOptions):
        GAME.new_game(7, {}, 1)


def test_start_of_turn_two_coins_income_then_ingots():
    s = new("basic")
    p = s["players"][1]
    give(s, 1, "G02")  # income 2
    give(s, 1, "G06")  # income 1
    give(s, 1, "X02")  # rich mine: 2 ingots
    p["coins"] = 0
    events = start(s, 1)
    ingots = next(e for e in events if e["type"] == "ingots")["ingots"]
    assert len(ingots) == 2 and all(1 <= v <= 3 for v in ingots)
    assert p["coins"] == 2 + 3 + sum(ingots)


def test_upkeep_one_entrepreneur_is_free():
    s = new("basic")
    give(s, 1, "G18")
    s["players"][1]["coins"] = 0
    start(s, 1)
    assert phase(s) == "main" and s["players"][1]["coins"] == 2


def test_upkeep_one_coin_per_two_entrepreneurs_pay():
    s = new("basic")
    give(s, 1, "G18")
    give(s, 1, "G19")
    give(s, 1, "G20")
    s["players"][1]["coins"] = 0
    start(s, 1)
    assert phase(s) == "pay"
    s, _ = act(s, 1, "pay")
    assert s["players"][1]["coins"] == 1 and phase(s) == "main"


def test_upkeep_discarding_one_entrepreneur_replaces_the_payment():
    s = new("basic")
    a, *rest = [give(s, 1, k)[0] for k in ("G18", "G19", "G20", "G21")]  # 4 entrepreneurs: 2 coins due
    s["players"][1]["coins"] = 3  # +2 at the start of the turn: 5, enough to pay
    start(s, 1)
    assert english(GAME.pending(s)[1].text) == "Upkeep: pay 2 coins for your entrepreneurs, or discard one of them instead"
    s, _ = act(s, 1, "drop", card=a)
    # 3 entrepreneurs would still owe 1 coin, but the discard was instead of paying (the seed)
    assert phase(s) == "main" and s["players"][1]["area"] == rest and a in s["discard"]["g"]
    assert s["players"][1]["coins"] == 5


def test_upkeep_prompt_when_the_seat_cannot_pay():
    s = new("basic")
    for k in ("G18", "G19", "G20", "G21"):
        give(s, 1, k)
    s["players"][1]["coins"] = -1  # +2 at the start of the turn: 1 coin, 2 due
    start(s, 1)
    assert english(GAME.pending(s)[1].text) == "Upkeep: you cannot pay 2 coins, so discard one of your entrepreneurs instead"
    assert {a["type"] for a in GAME.legal(s, 1)} == {"drop"}


def test_upkeep_when_unable_to_pay_only_discards_are_offered():
    s = new("basic")
    for k in ("G18", "G19", "G20", "G21"):
        give(s, 1, k)
    s["players"][1]["coins"] = -2  # start gives +2 -> 0 coins, owes 2
    start(s, 1)
    kinds = {a["type"] for a in GAME.legal(s, 1)}
    assert kinds == {"drop"}


def test_siberian_bank_reduces_upkeep():
    s = new("basic")
    give(s, 1, "G18")
    give(s, 1, "G19")
    give(s, 1, "G15")
    start(s, 1)
    assert phase(s) == "main"


def test_one_action_then_turn_ends_when_nothing_to_claim():
    s = new("basic")
    nothing_to_claim(s)
    s["players"][0]["coins"] = 20
    c = s["market"][0]
    s, _ = act(s, 0, "buy", card=c)
    assert c in s["players"][0]["area"] and s["turn"] == 1
    check_invariants(s)


def test_one_action_then_only_claim_or_end():
    s = new("basic")
    cap = ids("M06")[0]
    for p in s["players"]:
        if p["secret"] == cap:
            p["secret"] = None
            s["row"].append(cap)
    s["players"][0]["coins"] = 30
    s, _ = act(s, 0, "explore")
    assert s["turn"] == 0
    assert {a["type"] for a in GAME.legal(s, 0)} <= {"claim", "end"}
    s, _ = act(s, 0, "claim", card=cap)
    assert s["turn"] == 1  # action and claim used: the turn ends by itself


def test_free_card_counts_as_the_purchase():
    s = new("basic")
    s["market"][0] = on_top(s, "g", "G18")
    s["deck"]["g"].pop()
    assert price(s, 0, s["market"][0]) == 0
    s["players"][0]["coins"] = 0
    s, _ = act(s, 0, "buy", card=s["market"][0])
    assert s["turn"] == 1  # the turn ended: the one action is used


def test_buy_pays_printed_price_and_market_refills_at_end_of_turn():
    s = new("basic")
    s["market"][0] = on_top(s, "g", "G02")
    s["deck"]["g"].pop()
    s["players"][0]["coins"] = 5
    s, _ = act(s, 0, "buy", card=s["market"][0])
    assert s["players"][0]["coins"] == 2 and len(s["market"]) == 4


def test_cannot_buy_what_you_cannot_afford():
    s = new("basic")
    s["market"][0] = on_top(s, "g", "G05")
    s["deck"]["g"].pop()
    s["players"][0]["coins"] = 5
    assert find(s, 0, "buy", card=s["market"][0]) is None


def test_expedition_blind_draw_costs_two_and_takes_whatever_it_is():
    s = new("basic")
    top = on_top(s, "g", "G20")  # an entrepreneur: taken anyway
    s["players"][0]["coins"] = 2
    s, _ = act(s, 0, "explore")
    assert top in s["players"][0]["area"] and s["players"][0]["coins"] == 0


def test_benardaki_expedition_costs_one():
    s = new("basic")
    give(s, 0, "G24")
    s["players"][0]["coins"] = 1
    a = find(s, 0, "explore")
    assert a is not None
    s, _ = GAME.apply(s, 0, a)
    assert s["players"][0]["coins"] == 0


def test_bazanov_draws_two_keeps_one_discards_other():
    s = new("basic")
    give(s, 0, "G17")
    a = on_top(s, "g", "G02")
    b = on_top(s, "g", "X03")
    s["players"][0]["coins"] = 2
    s, _ = act(s, 0, "explore")
    assert phase(s) == "keep"
    assert GAME.view(s, 0)["sub"]["cards"] == [b, a]
    assert "cards" not in GAME.view(s, 1)["sub"]
    s, _ = act(s, 0, "keep", card=b)
    assert b in s["players"][0]["area"] and s["discard"]["g"][-1] == a
    check_invariants(s)


def _face_up(state: dict, *keys: str) -> list[int]:
    """Put these achievements in the face-up row (out of any secret hand)."""
    cards = [ids(k)[0] for k in keys]
    for c in cards:
        for p in state["players"]:
            if p["secret"] == c:
                p["secret"] = None
                state["row"].append(c)
    return cards


def test_claim_face_up_achievement_after_the_action_at_most_one_per_turn():
    s = new("basic")
    cap, mer = _face_up(s, "M06", "M08")  # Capitalist: 10 coins; Diversified Business
    for k in ("G13", "G02", "G18", "X01"):
        give(s, 0, k)
    s["players"][0]["coins"] = 14
    assert find(s, 0, "claim") is None  # the action comes first
    s, _ = act(s, 0, "explore")  # 2 coins: 12 left
    assert find(s, 0, "claim", card=cap) and find(s, 0, "claim", card=mer)
    s, _ = act(s, 0, "claim", card=cap)
    assert cap in s["players"][0]["achievements"] and cap not in s["row"]
    assert s["turn"] == 1  # one achievement a turn, the action is used: the turn is over


def test_basic_achievement_is_claimed_after_the_action_never_before():
    s = new("basic")
    _nothing_secret(s)
    (cap,) = _face_up(s, "M06")
    s["players"][0]["coins"] = 10
    skip = find(s, 0, "skip")
    assert find(s, 0, "claim") is None and skip["claimable"] == [cap]
    s["market"][0] = on_top(s, "g", "G11")  # Mining School, 7 coins
    s["deck"]["g"].pop()
    s, _ = act(s, 0, "buy", card=s["market"][0])
    # 3 coins left: Capitalist is no longer met, so nothing is claimed and the turn ends
    assert cap in s["row"] and not s["players"][0]["achievements"] and s["turn"] == 1


def test_basic_claim_without_an_action():
    s = new("basic")
    _nothing_secret(s)
    (cap,) = _face_up(s, "M06")
    s["players"][0]["coins"] = 10
    s, events = act(s, 0, "skip")
    assert [a["type"] for a in GAME.legal(s, 0)] == ["claim", "end"]
    assert english(GAME.pending(s)[0].text) == "Claim an achievement or end your turn"
    s, _ = act(s, 0, "claim", card=cap)
    assert cap in s["players"][0]["achievements"] and s["players"][0]["coins"] == 10 and s["turn"] == 1


def _nothing_secret(state: dict) -> None:
    """Seat 0's secret achievement goes back to the box, so only the row can be claimed."""
    state["box"].append(state["players"][0]["secret"])
    state["players"][0]["secret"] = None


def test_claim_own_secret_achievement_reveals_it():
    s = new("basic")
    sec = s["players"][0]["secret"]
    cond = CARD[sec]["fx"]["cond"]
    # make the condition true by brute force: lots of coins and cards of every kind
    s["players"][0]["coins"] = 30
    for k in ("G02", "G03", "G04", "G06", "G07", "G08", "G13", "G09", "G18", "G19", "G20", "X01", "X02", "X03",
              "X03", "X01"):
        give(s, 0, k)
    assert cond
    s, events = claim(s, 0, sec)
    assert s["players"][0]["secret"] is None and sec in s["players"][0]["achievements"]
    assert any("secret" in e["text"] for e in events)


def test_other_players_secret_not_claimable():
    s = new("basic")
    other = s["players"][1]["secret"]
    s["players"][0]["coins"] = 30
    for k in ("G02", "G03", "G04", "G06", "G07", "G08", "G13", "G09", "G18", "G19", "G20", "X01", "X02", "X03",
              "X03", "X01"):
        give(s, 0, k)
    assert find(s, 0, "claim", card=other) is None


def test_win_at_four_vp_at_end_of_turn():
    s = new("basic")
    give(s, 0, "G10", 3)
    give(s, 0, "X03")
    assert vp(s, 0) == 4
    assert GAME.result(s) is None  # only checked at the end of the turn
    s, events = act(s, 0, "end")
    res = GAME.result(s)
    assert res["winners"] == [0] and res["reason"] == "target" and res["scores"][0] == 4


def test_gold_industrialist_first_to_three_mines():
    s = new("basic")
    give(s, 0, "X01", 2)
    s["players"][0]["coins"] = 3
    s["market"][0] = on_top(s, "g", "X01")
    s["deck"]["g"].pop()
    s, events = act(s, 0, "buy", card=s["market"][0])
    assert s["industrialist"] == 0 and vp(s, 0) == 1
    assert any(e["type"] == "industrialist" for e in events)


def test_gold_industrialist_moves_only_to_strictly_more_mines():
    s = new("basic")
    give(s, 0, "X01", 3)
    s["industrialist"] = 0
    give(s, 1, "X01", 2)
    s["turn"] = 1
    s["players"][1]["coins"] = 3
    s["market"][0] = on_top(s, "g", "X01")
    s["deck"]["g"].pop()
    s, _ = act(s, 1, "buy", card=s["market"][0])
    assert s["industrialist"] == 0  # 3 vs 3: stays
    main_turn(s, 1)
    s["players"][1]["coins"] = 3
    s["market"][0] = on_top(s, "g", "X01")
    s["deck"]["g"].pop()
    s, _ = act(s, 1, "buy", card=s["market"][0])
    assert s["industrialist"] == 1 and vp(s, 1) >= 1 and vp(s, 0) == 0


@pytest.mark.parametrize("ent,card,expected", [
    ("G18", "G06", 2),  # Butin: routes
    ("G19", "G02", 2),  # Trapeznikov: trading
    ("G20", "G13", 2),  # Sukachev: infrastructure without routes
    ("G20", "G06", 3),  # ... not routes
    ("G21", "G10", 5),  # Kuznetsov: VP star
    ("G21", "X03", 4),  # ... expeditions show a star too (basic market)
    ("G18", "G02", 3),  # Butin does not touch trading
])
def test_discount_entrepreneurs(ent, card, expected):
    s = new("basic")
    give(s, 0, ent)
    c = on_top(s, "g", card)
    assert price(s, 0, c) == expected


def test_discounts_stack_and_never_below_zero():
    s = new("basic")
    give(s, 0, "G18")
    give(s, 0, "G21")
    road = on_top(s, "g", "G09")  # Great Siberian Road: routes + star, cost 6
    assert price(s, 0, road) == 4
    s["turn_flags"]["guild_connections"] = 5
    assert price(s, 0, road) == 0
    s["turn_flags"]["guild_connections"] = 0
    ent = on_top(s, "g", "G22")
    s["turn_flags"]["price_mod"] = 1
    assert price(s, 0, ent) == 0  # free stays free


def test_sibiryakov_and_nemchinov_on_gain():
    s = new("basic")
    give(s, 0, "G25")
    give(s, 0, "G26")
    s["players"][0]["coins"] = 5
    s["market"][0] = on_top(s, "g", "X03")
    s["deck"]["g"].pop()
    s, _ = act(s, 0, "buy", card=s["market"][0])
    assert s["players"][0]["coins"] == 2
    main_turn(s, 0)
    s["players"][0]["coins"] = 2
    on_top(s, "g", "X01")
    s, _ = act(s, 0, "explore")
    assert s["players"][0]["coins"] == 1


def test_sidorov_extra_ingot_assay_office_and_basnin():
    s = new("basic")
    give(s, 1, "X01")
    give(s, 1, "G22")
    give(s, 1, "G14")
    give(s, 1, "G23")
    give(s, 1, "G13")  # income 1
    s["players"][1]["coins"] = 0
    events = start(s, 1)
    ingots = next(e for e in events if e["type"] == "ingots")["ingots"]
    assert len(ingots) == 2  # 1 ingot + Sidorov
    assert s["players"][1]["coins"] == 2 + (1 + 1) + sum(ingots) + 1


def test_no_mines_no_production_and_no_bonus():
    s = new("basic")
    give(s, 1, "G22")
    give(s, 1, "G14")
    give(s, 1, "G23")
    s["players"][1]["coins"] = 0
    events = start(s, 1)
    assert not any(e["type"] in ("ingots", "income") for e in events)
    assert s["players"][1]["coins"] == 2


def test_empty_deck_reshuffles_its_discard_pile():
    s = new("basic")
    rest = s["deck"]["g"][:]
    s["deck"]["g"].clear()
    s["discard"]["g"].extend(rest)
    s["players"][0]["coins"] = 2
    s, _ = act(s, 0, "explore")
    assert s["discard"]["g"] == [] and len(s["deck"]["g"]) == len(rest) - 1
    check_invariants(s)


def test_equal_turns_finishes_the_round():
    s = new("basic", 3, equal_turns=True)
    give(s, 0, "G10", 3)
    give(s, 0, "X03")
    s, _ = act(s, 0, "end")
    assert GAME.result(s) is None and s["final_round"] and s["turn"] == 1
    give(s, 2, "G11")
    give(s, 2, "X03", 3)
    s["players"][2]["coins"] = 100
    while s["turn"] != 2:
        s, _ = GAME.apply(s, s["turn"], find(s, s["turn"], "end") or GAME.legal(s, s["turn"])[0])
    while GAME.result(s) is None:
        s, _ = GAME.apply(s, 2, find(s, 2, "end") or GAME.legal(s, 2)[0])
    res = GAME.result(s)
    assert res["winners"] == [2] and res["reason"] == "equal turns"  # tie on VP, more coins


def test_expedition_label_says_coins():
    s = new("basic")
    s["players"][0]["coins"] = 5
    assert find(s, 0, "explore")["label"] == "Send an expedition: pay 2 coins, take the top Guild card"
    assert english(GAME.pending(s)[0].text) == "Your turn: you may buy a market card or send an expedition; or end your turn"


def test_every_secret_achievement_is_shown_at_the_end():
    s = new("basic", 3)
    secrets = [p["secret"] for p in s["players"]]
    assert all("secret_card" not in p for p in GAME.view(s, 0)["players"])
    give(s, 0, "G10", 3)  # 3 VP and a fourth below: the end of the turn wins
    give(s, 0, "G11")
    s, events = act(s, 0, "end")
    assert GAME.result(s)["winners"] == [0]
    for audience in (0, 1, None):
        assert [p["secret_card"] for p in GAME.view(s, audience)["players"]] == secrets
    revealed = next(e for e in events if e["type"] == "secrets")
    assert revealed["cards"] == secrets and revealed["text"].startswith("Secret achievements revealed: @0 held ")


def test_safety_end_option_off_means_no_round_cap_and_no_exhaustion_end():
    assert GAME.parse_options({}).safety_end is True
    s = new("basic", 2, safety_end=False)
    assert s["round_cap"] is None and GAME.view(s, 0)["round_cap"] is None
    s["round"] = 40
    s["box"] += s["market"] + s["deck"]["g"] + s["discard"]["g"]  # nothing left to buy or draw
    s["market"], s["deck"]["g"], s["discard"]["g"] = [], [], []
    for _ in range(6):
        s, _ = GAME.apply(s, s["turn"], find(s, s["turn"], "end"))
    assert GAME.result(s) is None and s["round"] == 43 and not s["final_round"]


def test_round_cap_ends_the_game_on_points():
    s = new("basic", 2)
    s["round"] = s["round_cap"]
    give(s, 1, "G10")
    s, _ = act(s, 0, "end")
    assert GAME.result(s) is None
    s, _ = GAME.apply(s, 1, find(s, 1, "end") or GAME.legal(s, 1)[0])
    while GAME.result(s) is None:
        s, _ = GAME.apply(s, 1, GAME.legal(s, 1)[0])
    res = GAME.result(s)
    assert res["reason"] == "round cap" and res["winners"] == [1]


def test_exhaustion_finishes_the_round():
    s = new("basic", 2)
    s["box"] += s["deck"]["g"] + s["market"]
    s["deck"]["g"], s["market"] = [], []
    s, _ = act(s, 0, "end")
    assert s["final_round"] and s["turn"] == 1
    s, _ = act(s, 1, "end")
    assert GAME.result(s)["reason"] == "exhaustion"


# ---- basic upkeep (seed): 1 coin per 2 partnerships, rounded down
def test_basic_upkeep_one_coin_per_two_partnerships():
    s = new("basic", 2)
    dues = []
    for k in ("G17", "G18", "G19", "G20", "G21"):
        give(s, 1, k)
        dues.append((owed(s, 1, "upkeep"), owed(s, 1, "oblig")))
    assert dues == [(0, 1), (1, 2), (1, 3), (2, 4), (2, 5)]
    give(s, 1, "G15", 2)
    assert (owed(s, 1, "upkeep"), owed(s, 1, "oblig")) == (0, 3)


# ---- spec 2.2 / edge 14: the Gold Industrialist is outside the one-achievement-a-turn limit
def test_basic_gold_industrialist_does_not_use_the_achievement_claim():
    s = new("basic", 2)
    prospector = next(c for c in range(len(CARD)) if CARD[c]["key"] == "M07")
    s["row"].append(take(s, prospector))
    give(s, 0, "X01", 2)
    mine = on_top(s, "g", "X01")
    s["deck"]["g"].remove(mine)
    s["box"].append(s["market"][0])
    s["market"][0] = mine
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "buy", card=mine)
    assert s["industrialist"] == 0 and not s["turn_flags"]["claimed"] and s["turn"] == 0
    s, _ = act(s, 0, "claim", card=prospector)  # the one achievement of the turn is still free
    assert s["turn"] == 1 and prospector in s["players"][0]["achievements"]
    check_invariants(s)
