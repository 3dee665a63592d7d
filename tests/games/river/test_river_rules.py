"""Unit tests for every rule of The River (spec /work/shared/rules/river.md, seed, RULINGS.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine import IllegalAction
from app.games.river import GAME
from app.games.river import data as C
from app.games.river import scoring
from river_helpers import (STAR, act, ask, board, choose_all, disc, each, equip, fresh, make_homeward, player, stack_deck,
                           texts)


# ---------------------------------------------------------------- components
def test_components_counts_match_spec():
    assert C.RIVER_LENGTH == 18 and C.NUM_BUOYS == 8
    assert C.NUM_EQUIPMENT == 18 and C.NUM_DISCOVERIES == 56 and C.NUM_CARDS == 74
    assert Counter(C.EQUIPMENT_TYPE) == {t: 3 for t in range(6)}
    fronts = Counter(C.FRONT.values())
    assert fronts == {f: 8 for f in range(7)}
    for f in range(6):
        vals = sorted(C.VALUE[c] for c in C.DISCOVERY_IDS if C.FRONT[c] == f)
        assert vals == [1, 2, 2, 3, 3, 4, 4, 5]
    clover = sorted(C.VALUE[c] for c in C.DISCOVERY_IDS if C.FRONT[c] == C.CLOVER)
    assert clover == [1, 1, 2, 2, 2, 3, 3, 4]
    assert sorted(C.TOKENS) == [0, 1, 2, 3, 4, 5]


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_river_buoys_barge_and_supplies(n):
    s = GAME.new_game(n, None, 7)
    assert len(s["buoys"]) == 8 and len(set(s["buoys"])) == 8
    assert all(1 <= b <= 16 for b in s["buoys"])
    assert 1 <= s["barge"] <= 16 and s["barge"] not in s["buoys"]
    assert sorted(s["cargo"]) == list(range(18))
    assert sorted(s["deck"]) == C.DISCOVERY_IDS
    assert each(s, "pos") == [0] * n
    assert all(sorted(h) == [0, 1, 2, 3, 4, 5] for h in each(s, "hand"))
    assert sorted(s["tiebreak"]) == list(range(n))
    assert s["phase"] == "draft"


def test_setup_first_player_option_sets_tiebreak_order():
    s = GAME.new_game(3, {"first_player": 2}, 5)
    assert s["tiebreak"] == [2, 0, 1]


def test_setup_random_tiebreak_varies_with_seed():
    orders = {tuple(GAME.new_game(4, None, seed)["tiebreak"]) for seed in range(30)}
    assert len(orders) > 3


def test_draft_in_reverse_seat_order_and_rest_is_cargo():
    s = GAME.new_game(3, None, 3)
    assert list(GAME.pending(s)) == [2]
    s, _ = act(s, 2, equip=4)
    assert list(GAME.pending(s)) == [1]
    s, _ = act(s, 1, equip=4)
    s, _ = act(s, 0, equip=4)
    assert [[C.EQUIPMENT_TYPE[e] for e in s["players"][p]["equipment"]] for p in range(3)] == [[4], [4], [4]]
    assert len(s["cargo"]) == 15 and not any(C.EQUIPMENT_TYPE[e] == 4 for e in s["cargo"])
    assert s["phase"] == "choose" and s["round"] == 1


def test_draft_offers_only_types_left():
    s = GAME.new_game(4, None, 3)
    for seat in (3, 2, 1):
        s, _ = act(s, seat, equip=0)
    assert 0 not in [a["equip"] for a in GAME.legal(s, 0)]


# ---------------------------------------------------------------- simultaneous secret choice
def test_all_undecided_seats_pending_secretly():
    s = fresh(3)
    pend = GAME.pending(s)
    assert sorted(pend) == [0, 1, 2] and all(p.secret for p in pend.values())
    s, ev = act(s, 1, token=3)
    assert sorted(GAME.pending(s)) == [0, 2]
    public = [e for e in ev if "seats" not in e]
    assert "3" not in texts(public)
    for viewer in (None, 0, 2):
        v = GAME.view(s, viewer)
        assert v["players"][1]["chosen"] is True and v["players"][0]["chosen"] is False
        assert v["players"][1]["hand"] == [0, 1, 2, 3, 4, 5]  # the secret token is not removed yet
        assert v["my_choice"] is None
        assert v["players"][1]["token"] is None
    assert GAME.view(s, 1)["my_choice"] == 3


def test_reveal_when_last_chooses_and_tokens_become_used():
    s = fresh(2)
    board(s, [5, 6, 7, 8, 9, 10, 11, 12], 16, [0, 0])
    s, ev = choose_all(s, {0: 2, 1: 4})
    assert any(e["type"] == "reveal" for e in ev)
    assert each(s, "used") == [[2], [4]] and 2 not in s["players"][0]["hand"] and 4 not in s["players"][1]["hand"]


def test_seat_in_bay_chooses_nothing():
    s = fresh(3)
    player(s, 2, pos=C.BAY)
    s["bay"] = [2]
    assert sorted(GAME.pending(s)) == [0, 1]
    assert GAME.legal(s, 2) == []


# ---------------------------------------------------------------- acting order
def test_order_star_first_then_lowest_number_ties_by_harbour_distance_then_tiebreak():
    s = fresh(4)
    s["tiebreak"] = [3, 2, 1, 0]
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 16, [5, 3, 5, 9])
    s, ev = choose_all(s, {0: 2, 1: 2, 2: STAR, 3: STAR})
    reveal = next(e for e in ev if e["type"] == "reveal")
    # stars: seat 2 (pos 5) before seat 3 (pos 9); twos: seat 1 (pos 3) before seat 0 (pos 5)
    assert reveal["order"] == [2, 3, 1, 0]


def test_order_equal_token_equal_position_uses_tiebreak():
    s = fresh(3)
    s["tiebreak"] = [1, 2, 0]
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 16, [0, 0, 0])
    s, ev = choose_all(s, {0: 1, 1: 1, 2: 1})
    assert next(e for e in ev if e["type"] == "reveal")["order"] == [1, 2, 0]


# ---------------------------------------------------------------- token cycle
def test_used_token_cannot_be_chosen_until_all_used_then_all_return():
    s = fresh(2)
    board(s, [12, 13, 14, 15, 16, 11, 10, 9], 1, [0, 0])
    s["deck"] = []
    player(s, 0, hand=[3], used=[0, 1, 2, 4, 5])
    player(s, 1, hand=[3, 4], used=[0, 1, 2, 5])
    assert [a["token"] for a in GAME.legal(s, 0)] == [3]
    s, ev = choose_all(s, {0: 3, 1: 3})
    # both move 3 forward or back from 0: only forward is possible, auto-moved
    assert each(s, "pos") == [3, 3]
    assert s["phase"] == "choose" and s["round"] == 2
    assert sorted(s["players"][0]["hand"]) == [0, 1, 2, 3, 4, 5] and s["players"][0]["used"] == []
    assert sorted(s["players"][1]["hand"]) == [4] and sorted(s["players"][1]["used"]) == [0, 1, 2, 3, 5]
    assert "@0 takes back all used tokens" in texts(ev)


# ---------------------------------------------------------------- movement
def test_number_moves_exactly_forward_or_back():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 16, [6, 0])
    s, _ = choose_all(s, {0: 3, 1: 5})
    assert GAME.pending(s).keys() == {0}
    dirs = {a["dir"] for a in GAME.legal(s, 0)}
    assert dirs == {"forward", "back"}
    s, _ = act(s, 0, dir="back")
    assert s["players"][0]["pos"] == 3


def test_ship_cannot_leave_river_backwards_single_direction_is_automatic():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 8, [2, 0])
    s["deck"] = []
    s, ev = choose_all(s, {0: 3, 1: 1})
    assert each(s, "pos") == [5, 1]


def test_non_homeward_ship_cannot_enter_bay():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 9, [14, 0])
    s, _ = choose_all(s, {0: 4, 1: 1})
    # seat 1 (token 1) acted first automatically; seat 0 can only go back
    assert s["players"][0]["pos"] == 10
    assert s["bay"] == []


def test_homeward_ship_forward_overshoot_ends_in_bay():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 9, [14, 0])
    player(s, 0, replaced=[disc(0, 1), disc(0, 2), disc(0, 2, 1), disc(0, 3)])
    s, _ = choose_all(s, {0: 5, 1: 1})
    assert GAME.pending(s).keys() == {0}
    labels = [a["label"] for a in GAME.legal(s, 0)]
    assert any("the Bay" in lab for lab in labels)
    s, ev = act(s, 0, dir="forward")
    assert s["players"][0]["pos"] == C.BAY and s["bay"] == [0]
    assert "reaches the Bay first" in texts(ev)


# ---------------------------------------------------------------- star and barge
def test_star_moves_barge_by_lowest_number():
    s = fresh(3)
    board(s, [1, 2, 3, 4, 5, 6, 7, 12], 8, [0, 0, 0])
    s["deck"] = []
    s, _ = choose_all(s, {0: STAR, 1: 3, 2: 5})
    assert GAME.pending(s).keys() == {0}
    labels = sorted(a["label"] for a in GAME.legal(s, 0))
    assert labels == ["Move the barge 3 back (to section 5)", "Move the barge 3 forward (to section 11)"]
    s, _ = act(s, 0, dir="forward")
    assert s["barge"] == 11


def test_all_choose_star_each_moves_barge_two():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 5, 6, 7, 12], 8, [0, 0])
    s, _ = choose_all(s, {0: STAR, 1: STAR})
    assert s["low"] == 2
    first = next(iter(GAME.pending(s)))
    s, _ = act(s, first, dir="forward")
    assert s["barge"] == 10
    second = next(iter(GAME.pending(s)))
    assert second != first
    s, _ = act(s, second, dir="forward")
    assert s["barge"] == 12


def test_barge_stays_on_river_sections():
    s = fresh(2)
    board(s, [3, 4, 5, 6, 7, 8, 9, 10], 15, [0, 0])
    s, _ = choose_all(s, {0: STAR, 1: 2})
    # barge 15 + 2 = 17 is the Bay: only back is possible, applied automatically
    assert s["barge"] == 13


def test_star_player_ship_acts_where_it_is():
    s = fresh(2, drafts=[0, 1])
    board(s, [4, 5, 6, 7, 8, 9, 10, 11], 14, [4, 0])
    top = disc(0, 5)
    stack_deck(s, [top])
    s, ev = choose_all(s, {0: STAR, 1: 1})
    s, ev = act(s, 0, dir="back")
    assert s["players"][0]["article"] == [top]


# ---------------------------------------------------------------- buying
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


def test_cannot_pay_with_last_remaining_token():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    player(s, 0, hand=[3])
    player(s, 0, used=[])
    player(s, 0, spent=[0, 1, 2, 4, 5])
    s, ev = choose_all(s, {0: 3, 1: 1})
    # now hand empty, used [3]: nothing happens
    assert s["players"][0]["pos"] == 3 and s["players"][0]["spent"] == [0, 1, 2, 4, 5]
    assert "no token to pay with" in texts(ev)


def test_no_buy_without_hand_tokens():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    player(s, 0, hand=[3])
    player(s, 0, used=[0, 1, 2, 4, 5])
    s, ev = choose_all(s, {0: 3, 1: 1})
    assert s["players"][0]["spent"] == [] and "no token to pay with" in texts(ev)


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


# ---------------------------------------------------------------- exploring
def _explore_state(top_cards: list[int], drafts=(0, 1), article=None, replaced=None):
    """Seat 0 will sail 2 onto the buoy at section 2; deck top is top_cards[-1]."""
    s = fresh(2, drafts=list(drafts))
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, top_cards)
    if article is not None:
        player(s, 0, article=list(article))
    if replaced is not None:
        player(s, 0, replaced=list(replaced))
    return s


def test_explore_takes_top_card_with_owned_tool():
    top = disc(0, 4)
    s = _explore_state([top])
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [top] and top not in s["deck"]
    assert "discovers the Singing Mayfly (value 4)" in texts(ev)


def test_explore_clover_always_takeable():
    top = disc(C.CLOVER, 3)
    s = _explore_state([top])
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [top]


def test_explore_second_look_when_first_not_takeable():
    second, first = disc(0, 2), disc(3, 5)
    s = _explore_state([second, first])
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [second]
    assert s["aside"] == [first]


def test_explore_second_not_takeable_stays_on_top():
    second, first = disc(4, 2), disc(3, 5)
    s = _explore_state([second, first])
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [] and s["aside"] == [first] and s["deck"][-1] == second


def test_explore_reshuffles_aside_pile_when_deck_runs_out():
    s = _explore_state([])
    s["deck"] = []
    s["aside"] = [disc(0, 1), disc(0, 2)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert "shuffled into a new deck" in texts(ev)
    assert len(s["players"][0]["article"]) == 1 and s["players"][0]["article"][0] in (disc(0, 1), disc(0, 2))
    assert s["aside"] == [] and len(s["deck"]) == 1


def test_explore_second_look_after_deck_runs_out_uses_reshuffled_aside():
    first = disc(3, 5)
    s = _explore_state([first])
    s["deck"] = [first]
    s["aside"] = [disc(3, 1)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert "shuffled into a new deck" in texts(ev)
    assert s["players"][0]["article"] == [] and sorted(s["deck"]) == sorted([first, disc(3, 1)]) and s["aside"] == []


def test_explore_with_no_cards_left_finds_nothing():
    s = _explore_state([])
    s["deck"], s["aside"] = [], []
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert "no discovery cards are left" in texts(ev)


def test_homeward_ship_does_not_explore():
    top = disc(0, 4)
    rep = [disc(1, 1), disc(1, 2), disc(1, 2, 1), disc(1, 3)]
    s = _explore_state([top], article=[disc(2, 1), disc(2, 2), disc(2, 3), disc(2, 4)], replaced=rep)
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["deck"][-1] == top and "heading home" in texts(ev)


# ---------------------------------------------------------------- newspaper
def test_fill_article_then_replacement_is_mandatory_with_different_value():
    top = disc(0, 3)
    art = [disc(2, 3), disc(2, 3, 1), disc(2, 1), disc(2, 4)]
    s = _explore_state([top], article=art)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert GAME.pending(s)[0].kind == "replace"
    assert sorted(a["slot"] for a in GAME.legal(s, 0)) == [2, 3]  # not the two 3s
    s, ev = act(s, 0, slot=3)  # a forced downgrade is allowed
    assert s["players"][0]["article"] == [art[0], art[1], art[2], top]
    assert s["players"][0]["replaced"] == [art[3]]
    assert "replacement 1 of 4" in texts(ev)


def test_card_with_value_equal_to_all_pictures_is_not_takeable():
    same = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 2, 1)]
    second, first = disc(0, 4), disc(0, 2)
    s = _explore_state([second, first], article=same)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["aside"] == [first]
    assert GAME.pending(s)[0].kind == "replace" and len(GAME.legal(s, 0)) == 4
    s, _ = act(s, 0, slot=0)
    assert s["players"][0]["article"] == [second] + same[1:] and s["players"][0]["replaced"] == [same[0]]


def test_single_possible_replacement_is_automatic():
    art = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 1)]
    top = disc(0, 2)
    s = _explore_state([top], article=art)
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"][3] == top and s["players"][0]["replaced"] == [art[3]]


def test_fourth_replacement_makes_ship_homeward():
    art = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 1)]
    rep = [disc(1, 1), disc(1, 2), disc(1, 2, 1)]
    top = disc(0, 5)
    s = _explore_state([top], article=art, replaced=rep)
    s, _ = choose_all(s, {0: 2, 1: 1})
    s, ev = act(s, 0, slot=3)
    assert GAME.view(s, None)["players"][0]["homeward"]
    assert "heading home" in texts(ev)
    assert GAME.view(s, None)["players"][0]["homeward"] is True


# ---------------------------------------------------------------- end and scoring

def test_round_is_finished_after_first_reaches_bay_then_game_ends():
    s = fresh(3)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 9, [14, 15, 0])
    make_homeward(s, 0)
    make_homeward(s, 1)
    s["deck"] = []
    s, ev = choose_all(s, {0: 3, 1: 4, 2: 5})
    assert s["phase"] == "act" and GAME.result(s) is None
    s, ev = act(s, 0, dir="forward")
    assert GAME.result(s) is None
    s, ev = act(s, 1, dir="forward")
    # order: seat 0 (3) -> Bay, seat 1 (4) -> Bay, seat 2 (5) moves too
    assert s["bay"] == [0, 1] and s["players"][2]["pos"] == 5
    res = GAME.result(s)
    assert res is not None
    assert res["scores"] == [16 + 2, 16, -2]
    assert res["winners"] == [0]


def test_score_penalty_for_unfinished_replacements_and_bonus_first():
    s = fresh(2)
    player(s, 0, article=[disc(0, 5), disc(1, 5), disc(2, 5), disc(3, 5)])
    player(s, 0, replaced=[disc(1, 1)])
    player(s, 1, article=[disc(0, 1)])
    assert scoring.score(s, 0) == 18 and scoring.score(s, 1) == -1
    make_homeward(s, 1)
    s["bay"] = [1]
    assert scoring.score(s, 1) == 18


def test_tiebreak_first_into_bay_then_nearer_bay():
    s = fresh(3)
    for seat in range(3):
        make_homeward(s, seat)
    board(s, s["buoys"], s["barge"], [17, 17, 12])
    s["bay"] = [1, 0]
    player(s, 1, article=[disc(2, 5), disc(2, 4), disc(2, 4, 1), disc(2, 1)])  # 14 + 2 = 16 = seat 0's 16
    res = scoring.result(s)
    assert res["scores"] == [16, 16, 16]
    assert res["ranking"] == [[1], [0], [2]] and res["winners"] == [1]


def test_shared_win_when_all_tiebreaks_equal():
    s = fresh(2)
    board(s, s["buoys"], s["barge"], [5, 5])
    res = scoring.result(s)
    assert res["winners"] == [0, 1]


def test_round_cap_ends_game():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 16, [10, 10])
    s["round"] = C.ROUND_CAP
    s["deck"] = []
    s, ev = choose_all(s, {0: 1, 1: 1})
    if GAME.pending(s):
        for seat in list(GAME.pending(s)):
            s, _ = GAME.apply(s, seat, GAME.legal(s, seat)[0])
    while GAME.pending(s):
        seat = next(iter(GAME.pending(s)))
        s, _ = GAME.apply(s, seat, GAME.legal(s, seat)[0])
    assert GAME.result(s) is not None and "40-round limit" in GAME.result(s)["text"]


def test_token_action_rejected_after_choosing():
    s = fresh(2)
    s, _ = act(s, 0, token=1)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "token", "token": 2, "label": "Play token 2"})


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


def test_acting_order_is_fixed_at_the_reveal():
    s = fresh(2)
    s["tiebreak"] = [0, 1]
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 16, [3, 4])
    s["deck"] = []
    s, ev = choose_all(s, {0: 3, 1: 3})
    assert s["order"] == [0, 1]
    s, _ = act(s, 0, dir="forward")  # seat 0 now at 6, further from the Harbour than seat 1
    assert s["order"] == [0, 1] and GAME.pending(s).keys() == {1}


def test_homeward_ship_on_barge_card_still_buys():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    player(s, 0, article=[disc(2, 5), disc(2, 4), disc(2, 4, 1), disc(2, 3)])
    player(s, 0, replaced=[disc(1, 1), disc(1, 2), disc(1, 2, 1), disc(1, 3)])
    s, _ = choose_all(s, {0: 3, 1: 1})
    assert GAME.pending(s)[0].kind == "buy"
