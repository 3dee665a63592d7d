"""The River's round (spec 2.3): the secret simultaneous choice, the reveal, the acting order and the token cycle."""

from __future__ import annotations

import json

import pytest

from app.engine import IllegalAction, english
from app.games.river import GAME
from app.games.river import data as C
from river_helpers import STAR, act, board, choose_all, each, fresh, player, texts


def test_all_undecided_seats_pending_secretly():
    s = fresh(3)
    pend = GAME.pending(s)
    assert sorted(pend) == [0, 1, 2] and all(p.secret for p in pend.values())
    s, ev = act(s, 1, token=3)
    assert sorted(GAME.pending(s)) == [0, 2]
    public = [e for e in ev if "seats" not in e]
    assert "3" not in json.dumps(public)
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


def test_token_action_rejected_after_choosing():
    s = fresh(2)
    s, _ = act(s, 0, token=1)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "token", "token": 2, "label": "Play token 2"})


def test_acting_order_is_fixed_at_the_reveal():
    s = fresh(2)
    s["tiebreak"] = [0, 1]
    board(s, [1, 2, 3, 4, 12, 13, 14, 15], 16, [3, 4])
    s["deck"] = []
    s, ev = choose_all(s, {0: 3, 1: 3})
    assert s["order"] == [0, 1]
    s, _ = act(s, 0, dir="forward")  # seat 0 now at 6, further from the Harbour than seat 1
    assert s["order"] == [0, 1] and GAME.pending(s).keys() == {1}


def test_secret_choice_no_public_event_or_view_tells_the_token_before_the_reveal():
    s = fresh(3)
    board(s, [5, 6, 7, 8, 9, 10, 11, 12], 16, [0, 0, 0])
    s, ev1 = act(s, 0, token=STAR)
    s, ev2 = act(s, 1, token=4)
    public = [e for e in ev1 + ev2 if "seats" not in e]
    assert all(set(e) <= {"type", "text", "say"} for e in public)
    assert "★" not in json.dumps(public, ensure_ascii=False) and "4" not in json.dumps(public)
    private = [e for e in ev1 + ev2 if "seats" in e]
    assert [e["seats"] for e in private] == [[0], [1]]
    for viewer in (None, 2):
        v = GAME.full_view(s, viewer)
        assert v["game"]["my_choice"] is None
        assert [p["token"] for p in v["game"]["players"]] == [None, None, None]
        assert v["game"]["players"][0]["hand"] == [0, 1, 2, 3, 4, 5]
    # the last choice reveals everything at once
    s, ev = act(s, 2, token=5)
    reveal = next(e for e in ev if e["type"] == "reveal")
    assert reveal["tokens"] == {"0": STAR, "1": 4, "2": 5}


def test_order_star_ties_use_first_player_tie_order_when_positions_equal():
    s = GAME.new_game(3, {"first_player": 2}, 4)
    for seat in (2, 1, 0):
        s, _ = act(s, seat, equip=seat)
    board(s, [5, 6, 7, 8, 9, 10, 11, 12], 3, [4, 4, 4])
    s, ev = choose_all(s, {0: STAR, 1: STAR, 2: STAR})
    assert next(e for e in ev if e["type"] == "reveal")["order"] == [2, 0, 1]


def test_order_lower_number_beats_nearer_harbour():
    s = fresh(3)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 16, [10, 0, 5])
    s["deck"] = []
    s, ev = choose_all(s, {0: 1, 1: 3, 2: 3})
    # the 1 goes first although its ship is the farthest from the Harbour
    assert next(e for e in ev if e["type"] == "reveal")["order"] == [0, 1, 2]


def test_token_cycle_spent_tokens_never_come_back_with_the_used_ones():
    s = fresh(2)
    board(s, [12, 13, 14, 15, 16, 11, 10, 9], 1, [0, 0])
    s["deck"] = []
    player(s, 0, hand=[3], used=[1, 4], spent=[0, 2, 5])
    s, ev = choose_all(s, {0: 3, 1: 3})
    assert s["round"] == 2 and "@0 takes back all used tokens" in texts(ev)
    assert (each(s, "hand")[0], each(s, "used")[0], each(s, "spent")[0]) == ([1, 3, 4], [], [0, 2, 5])
    assert [a["token"] for a in GAME.legal(s, 0)] == [1, 3, 4]
    # seat 1 still had tokens in hand: nothing came back
    assert sorted(s["players"][1]["hand"]) == [0, 1, 2, 4, 5] and s["players"][1]["used"] == [3]


def test_token_cycle_star_is_part_of_the_cycle():
    s = fresh(2)
    board(s, [12, 13, 14, 15, 16, 11, 10, 9], 1, [0, 0])
    s["deck"] = []
    player(s, 0, hand=[STAR, 2], used=[1, 3, 4, 5])
    s, _ = choose_all(s, {0: STAR, 1: 2})
    assert [a["token"] for a in GAME.legal(s, 0)] == [2]


# ---- issue #10, ruling 9: a single token in hand is still chosen, as one obvious option -------------------------

def test_a_single_token_in_hand_is_still_chosen_in_secret_as_one_obvious_option():
    s = player(fresh(2), 1, hand=[4], used=[0, 1, 2, 3, 5])
    prompt = GAME.pending(s)[1]
    assert prompt.secret and english(prompt.text) == "Play your only token, 4 (secret until everybody has chosen)"
    assert [{k: v for k, v in a.items() if k != "say"} for a in GAME.legal(s, 1)] == [
        {"type": "token", "token": 4, "only": True, "label": "Play token 4"}]
    assert english(GAME.pending(s)[0].text) == "Choose a movement token (secret until everybody has chosen)"
    s, ev = act(s, 1, token=4)
    assert [e["text"] for e in ev if "seats" not in e] == ["@1 has chosen a token"]
    assert GAME.view(s, 0)["players"][1]["chosen"] is True and GAME.view(s, 0)["my_choice"] is None
