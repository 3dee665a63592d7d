"""The River's actions carry what they mean (issue #9 point 4), so a page never works a rule out from a label."""

from __future__ import annotations

import random

from app.games.river import GAME
from app.games.river import data as C
from river_helpers import STAR, act, ask, board, choose_all, disc, fresh, player, stack_deck


def test_a_move_lands_where_its_to_field_says():
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(2 + seed % 3, None, seed)
        while GAME.result(state) is None:
            seat = rng.choice(sorted(GAME.pending(state)))
            action = rng.choice(GAME.legal(state, seat))
            state, events = GAME.apply(state, seat, action)
            if action["type"] == "move":
                moved = next(e for e in events if e["type"] in ("ship", "barge"))
                assert moved["type"] == action["piece"] and moved["to"] == action["to"]
                assert moved["text"].startswith(f"@{seat} ") and f" {action['steps']} " in moved["text"]
                checked += 1
    assert checked > 20


def test_star_move_options_name_the_barge_and_the_rounds_lowest_number():
    s = fresh(3)
    board(s, [1, 2, 3, 4, 5, 6, 7, 12], 8, [0, 0, 0])
    s["deck"] = []
    s, _ = choose_all(s, {0: STAR, 1: 3, 2: 5})
    assert GAME.pending(s)[0].data == {"piece": "barge", "steps": 3}
    assert [(a["piece"], a["steps"], a["dir"], a["to"]) for a in GAME.legal(s, 0)] == [
        ("barge", 3, "forward", 11), ("barge", 3, "back", 5)]


def test_buy_and_pay_options_name_the_tool_and_whether_it_is_a_second_copy():
    s = fresh(2)
    board(s, [9, 10, 11, 12, 13, 14, 15, 16], 3, [0, 0])
    s["cargo"] = [4, 5, 6]  # two Lanterns and a Spyglass; seat 1 owns the Lantern already
    ask(s, "buy", 1)
    assert [(a["equip"], a["owned"]) for a in GAME.legal(s, 1)] == [(2, False)]
    s["cargo"] = [4, 5]
    assert [(a["equip"], a["owned"]) for a in GAME.legal(s, 1)] == [(1, True)]
    s, _ = act(s, 1, equip=1)
    assert GAME.pending(s)[1].data == {"equip": 1, "tokens_left": 5}
    assert {a["equip"] for a in GAME.legal(s, 1)} == {1}


def test_replace_options_name_the_picture_replaced_and_the_new_card():
    art = [disc(2, 3), disc(2, 3, 1), disc(2, 1), disc(2, 4)]
    top = disc(0, 3)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, [top])
    player(s, 0, article=art)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert GAME.pending(s)[0].data == {"card": top}
    assert [(a["slot"], a["old"], a["card"]) for a in GAME.legal(s, 0)] == [(2, art[2], top), (3, art[3], top)]


def test_token_options_say_when_a_token_is_the_only_one_in_hand():
    s = fresh(2)
    player(s, 0, hand=[3], used=[0, 1, 2, 4, 5])
    assert [(a["token"], a["only"]) for a in GAME.legal(s, 0)] == [(3, True)]
    assert all(a["only"] is False for a in GAME.legal(s, 1))
    assert C.STAR in [a["token"] for a in GAME.legal(s, 1)]
