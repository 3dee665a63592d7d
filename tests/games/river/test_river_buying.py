"""Buying equipment from the barge (spec 2.5-2.6, issue #10 ruling 7): who must buy, what is offered, how to pay."""

from __future__ import annotations

from app.engine import english
from app.games.river import GAME
from app.games.river import data as C
from river_helpers import STAR, act, ask, board, choose_all, disc, each, equip, fresh, player, stack_deck, texts


def test_ship_ending_on_barge_must_buy_with_hand_token_spent_forever():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    s, _ = choose_all(s, {0: 3, 1: 1})
    assert GAME.pending(s).keys() == {0}
    assert GAME.pending(s)[0].kind == "buy"
    buy = [a["equip"] for a in GAME.legal(s, 0)]
    assert 0 not in buy and set(buy) == {1, 2, 3, 4, 5}
    s, _ = act(s, 0, equip=5)
    pay = [a["token"] for a in GAME.legal(s, 0)]
    assert sorted(pay) == [0, 1, 2, 4, 5]  # not the used 3
    s, ev = act(s, 0, token=STAR)
    assert s["players"][0]["spent"] == [STAR] and STAR not in s["players"][0]["hand"] + s["players"][0]["used"]
    assert sorted(C.EQUIPMENT_TYPE[e] for e in s["players"][0]["equipment"]) == [0, 5]
    assert "buys the Camera with token ★" in texts(ev)


def test_buy_happens_before_explore_on_same_card():
    s = fresh(2, drafts=[0, 1])
    board(s, [3, 9, 10, 11, 12, 13, 14, 15], 3, [0, 0])
    top = disc(5, 4)
    stack_deck(s, [top])
    s, _ = choose_all(s, {0: 3, 1: 1})
    s, _ = act(s, 0, equip=5)
    s, _ = act(s, 0, token=5)
    assert s["players"][0]["article"] == [top]


def test_barge_stopping_on_ships_makes_owners_buy_mover_first_then_order():
    s = fresh(3)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [10, 10, 0])
    s["deck"] = []
    s, _ = choose_all(s, {0: 4, 1: STAR, 2: 2})
    # seat 1 (star) acts first; barge 8 -> 10 (lowest number 2)
    s, ev = act(s, 1, dir="forward")
    assert s["barge"] == 10
    assert GAME.pending(s).keys() == {1} and GAME.pending(s)[1].kind == "buy"
    s, _ = act(s, 1, equip=3)
    s, _ = act(s, 1, token=1)
    assert GAME.pending(s).keys() == {0} and GAME.pending(s)[0].kind == "buy"


def test_barge_passing_over_a_ship_does_not_make_it_buy():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [9, 0])
    s["deck"] = []
    s, _ = choose_all(s, {0: STAR, 1: 3})
    s, ev = act(s, 0, dir="forward")  # 8 -> 11 passes section 9
    assert s["barge"] == 11
    assert s["players"][0]["spent"] == [] and "buys" not in texts(ev)


def test_cannot_pay_with_the_last_remaining_token():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    player(s, 0, hand=[3])
    player(s, 0, used=[])
    player(s, 0, spent=[0, 1, 2, 4, 5])
    s, ev = choose_all(s, {0: 3, 1: 1})
    # now hand empty, used [3]: nothing happens
    assert s["players"][0]["pos"] == 3 and s["players"][0]["spent"] == [0, 1, 2, 4, 5]
    assert "no token in hand to pay with" in texts(ev)


def test_no_buy_without_hand_tokens():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    player(s, 0, hand=[3])
    player(s, 0, used=[0, 1, 2, 4, 5])
    s, ev = choose_all(s, {0: 3, 1: 1})
    assert s["players"][0]["spent"] == [] and "no token in hand to pay with" in texts(ev)


def test_no_buy_when_cargo_empty():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    s["cargo"] = []
    s, ev = choose_all(s, {0: 3, 1: 1})
    assert s["players"][0]["spent"] == [] and "cargo is empty" in texts(ev)


def test_duplicate_equipment_offered_only_when_nothing_else():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    s["cargo"] = [equip(0, 1), equip(0, 2)]
    s, ev = choose_all(s, {0: 3, 1: 1})
    # only the net left: automatic choice of the tool, then pay
    assert GAME.pending(s)[0].kind == "pay"
    s["cargo"] = [equip(0, 1), equip(2, 0)]
    ask(s, "buy", 0)
    assert [a["equip"] for a in GAME.legal(s, 0)] == [2]


def test_star_mover_whose_ship_the_barge_reaches_buys_then_explores():
    s = fresh(2, drafts=[0, 1])
    board(s, [6, 9, 10, 11, 12, 13, 14, 15], 4, [6, 0])
    top = disc(5, 3)
    stack_deck(s, [top])
    s["cargo"] = [equip(5, 0)]
    s, _ = choose_all(s, {0: STAR, 1: 2})
    s, ev = act(s, 0, dir="forward")  # barge 4 -> 6 onto seat 0's ship; only the camera is left
    assert s["barge"] == 6
    assert GAME.pending(s)[0].kind == "pay"
    s, ev = act(s, 0, token=1)
    assert [C.EQUIPMENT_TYPE[e] for e in s["players"][0]["equipment"]] == [0, 5]
    assert s["players"][0]["article"] == [top]  # the new camera already helps


def test_homeward_ship_on_barge_card_still_buys():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    player(s, 0, article=[disc(2, 5), disc(2, 4), disc(2, 4, 1), disc(2, 3)])
    player(s, 0, replaced=[disc(1, 1), disc(1, 2), disc(1, 2, 1), disc(1, 3)])
    s, _ = choose_all(s, {0: 3, 1: 1})
    assert GAME.pending(s)[0].kind == "buy"


def test_barge_stopping_on_a_star_player_who_already_acted_still_makes_it_buy():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [10, 5])
    s["deck"] = []
    s["tiebreak"] = [0, 1]
    s, _ = choose_all(s, {0: STAR, 1: STAR})
    # seat 1 (nearer the Harbour) acts first; seat 0 then moves the barge away from its own ship: no buy
    s, _ = act(s, 1, dir="back")   # 8 -> 6
    s, _ = act(s, 0, dir="forward")  # 6 -> 8
    assert s["barge"] == 8 and each(s, "spent") == [[], []]
    s["tiebreak"] = [1, 0]
    s, _ = choose_all(s, {0: 1, 1: 3})
    # seat 0 (token 1) moves to 9 or 11; seat 1 moves 5 -> 8 onto the barge and must buy
    s, _ = act(s, 0, dir="forward")
    s, _ = act(s, 1, dir="forward")
    assert s["players"][1]["pos"] == 8 and GAME.pending(s)[1].kind == "buy"


def test_barge_sails_onto_ship_owner_buys_outside_own_turn_and_pays_with_hand_token():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [0, 10])
    s["deck"] = []
    s, _ = choose_all(s, {0: STAR, 1: 2})
    s, _ = act(s, 0, dir="forward")  # barge 8 -> 10 where seat 1's ship is
    assert GAME.pending(s).keys() == {1} and GAME.pending(s)[1].kind == "buy"
    s, _ = act(s, 1, equip=3)
    assert sorted(a["token"] for a in GAME.legal(s, 1)) == [0, 1, 3, 4, 5]  # not its revealed 2
    s, ev = act(s, 1, token=5)
    assert s["players"][1]["spent"] == [5] and 3 in [C.EQUIPMENT_TYPE[e] for e in s["players"][1]["equipment"]]
    # seat 1 still acts afterwards with its 2
    assert GAME.pending(s).keys() == {1} and GAME.pending(s)[1].kind == "move"


# ---- issue #10, ruling 7: a payment must leave at least one number token ----------------------------------------

def test_star_player_whose_own_barge_move_would_take_its_last_number_buys_nothing():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [10, 0])
    s["deck"] = []
    player(s, 0, hand=[3, STAR], used=[], spent=[1, 2, 4, 5])
    s, _ = choose_all(s, {0: STAR, 1: 2})
    s, ev = act(s, 0, dir="forward")  # barge 8 -> 10, onto its own ship; paying the 3 would leave only the star
    assert s["barge"] == 10 and "@0 meets the barge, but cannot pay: no number token would be left" in texts(ev)
    assert each(s, "spent")[0] == [1, 2, 4, 5] and each(s, "hand")[0] == [3]


def test_barge_moved_by_an_opponent_cannot_take_a_players_last_number():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [10, 0])
    s["deck"] = []
    player(s, 0, hand=[3, STAR], used=[], spent=[1, 2, 4, 5])
    s, ev = choose_all(s, {0: STAR, 1: STAR})
    assert s["order"] == [1, 0]  # seat 1's ship is nearer the Harbour
    s, ev = act(s, 1, dir="forward")  # barge 8 -> 10, onto seat 0's ship
    assert "@0 meets the barge, but cannot pay" in texts(ev) and each(s, "spent")[0] == [1, 2, 4, 5]
    assert GAME.pending(s).keys() == {0} and GAME.pending(s)[0].kind == "move"


def test_payment_that_leaves_a_number_token_is_still_made():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 8, [10, 0])
    s["deck"] = []
    player(s, 0, hand=[3, STAR], used=[1], spent=[2, 4, 5])
    s, _ = choose_all(s, {0: STAR, 1: 2})
    s, _ = act(s, 0, dir="forward")
    assert GAME.pending(s)[0].kind == "buy"
    s, ev = act(s, 0, equip=3)  # only the 3 is in hand: paid at once, the used 1 is left to sail with
    assert "@0 buys the Magnifying glass with token 3" in texts(ev)
    assert each(s, "spent")[0] == [2, 3, 4, 5] and sorted(each(s, "hand")[0] + each(s, "used")[0]) == [0, 1]


def test_pay_options_leave_out_a_token_whose_payment_would_leave_only_the_star():
    s = player(fresh(2), 0, hand=[3, STAR], used=[], spent=[1, 2, 4, 5])
    ask(s, "pay", 0, equip=1)
    assert [a["token"] for a in GAME.legal(s, 0)] == [STAR]


# ---- issue #10, ruling 9: the prompts warn before a payment that leaves few tokens ------------------------------

def test_buy_and_pay_prompts_warn_when_paying_leaves_few_tokens():
    s = player(fresh(2), 0, hand=[2, 3, STAR], used=[1], spent=[4, 5])
    ask(s, "buy", 0)
    assert english(GAME.pending(s)[0].text) == (
        "The barge is here: choose equipment to buy (paying leaves you 3 tokens to sail with)")
    s, _ = act(s, 0, equip=2)
    prompt = GAME.pending(s)[0]
    assert english(prompt.text) == "Pay for the Spyglass with one of your tokens (paying leaves you 3 tokens to sail with)"
    assert prompt.data == {"equip": 2, "tokens_left": 3}


def test_buy_prompt_says_nothing_more_when_plenty_of_tokens_are_left():
    s = ask(fresh(2), "buy", 0)
    assert english(GAME.pending(s)[0].text) == "The barge is here: choose equipment to buy"
    assert GAME.pending(s)[0].data == {"tokens_left": 5}
