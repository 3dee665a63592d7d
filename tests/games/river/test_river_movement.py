"""Moving in The River (spec 2.4): exact ship moves forward or back, the star moving the barge, the river's ends
and the Bay; the last test checks whole games against a small independent model of these rules."""

from __future__ import annotations

import random

import pytest

from app.engine import RandomBot
from app.games.river import GAME
from app.games.river import data as C
from app.games.river.bot import RiverBot
from app.games.river.steps import chosen_tokens
from river_helpers import STAR, act, board, choose_all, disc, each, fresh, make_homeward, player, stack_deck, texts


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


def test_star_barge_distance_is_lowest_number_even_when_a_star_acted_before():
    s = fresh(4)
    board(s, [1, 2, 3, 4, 5, 6, 7, 12], 8, [0, 0, 0, 0])
    s["deck"] = []
    s, _ = choose_all(s, {0: STAR, 1: STAR, 2: 4, 3: 5})
    first = next(iter(GAME.pending(s)))
    s, _ = act(s, first, dir="forward")
    assert s["barge"] == 12
    second = next(iter(GAME.pending(s)))
    s, _ = act(s, second, dir="back")
    assert s["barge"] == 8


def test_three_replacements_are_not_enough_to_enter_the_bay():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 9, [14, 0])
    make_homeward(s, 0)
    player(s, 0, replaced=s["players"][0]["replaced"][:-1])
    s["deck"] = []
    s, _ = choose_all(s, {0: 5, 1: 1})
    assert s["players"][0]["pos"] == 9 and s["bay"] == []  # only back was possible


def test_homeward_ship_may_still_sail_back():
    s = fresh(2)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 9, [14, 0])
    make_homeward(s, 0)
    s["deck"] = []
    s, _ = choose_all(s, {0: 5, 1: 1})
    assert sorted(a["label"] for a in GAME.legal(s, 0)) == [
        "Move your ship 5 back (to section 9)", "Move your ship 5 forward (to the Bay)"]


def _check_stream(seed: int, n: int) -> int:
    rng = random.Random(seed)
    bots = [RiverBot() if (seed >> i) & 1 else RandomBot() for i in range(n)]
    st = GAME.new_game(n, None, seed)
    pos, barge = each(st, "pos"), st["barge"]
    revealed: dict[int, int] = {}
    order: list[int] = []
    low = 2
    must_buy: list[int] = []
    checked = 0
    while GAME.result(st) is None:
        seat = rng.choice(sorted(GAME.pending(st)))
        action = bots[seat].choose(GAME.full_view(st, seat), rng)
        pre = st
        st, events = GAME.apply(st, seat, action)
        for e in events:
            t = e["type"]
            if t == "reveal":
                chosen = list(chosen_tokens(pre))
                chosen[seat] = action["token"]
                act_seats = [s for s in range(n) if pre["players"][s]["pos"] != C.BAY]
                expect = sorted(act_seats, key=lambda s: (chosen[s] != STAR, chosen[s],
                                                          pre["players"][s]["pos"], pre["tiebreak"].index(s)))
                assert e["order"] == expect
                revealed, order = {s: chosen[s] for s in act_seats}, e["order"]
                nums = [v for v in revealed.values() if v != STAR]
                low = min(nums) if nums else 2
            elif t in ("ship", "barge"):
                assert not must_buy, "every ship where the barge stops buys before play goes on"
                s, d = e["seat"], e["to"]
                if t == "ship":
                    k = revealed[s]
                    assert k != STAR
                    if d == C.BAY:
                        assert len(pre["players"][s]["replaced"]) == 4 and pos[s] + k >= C.BAY
                    else:
                        assert abs(d - pos[s]) == k and C.HARBOUR <= d <= C.LAST_SECTION
                    pos[s] = d
                    must_buy = [s] if d == barge else []
                else:
                    assert revealed[s] == STAR and abs(d - barge) == low
                    assert C.FIRST_SECTION <= d <= C.LAST_SECTION
                    barge = d
                    must_buy = sorted((x for x in order if pos[x] == d), key=lambda x: x != s)
                checked += 1
            elif t in ("buy", "nobuy"):
                s = e["seat"] if "seat" in e else int(e["text"][1])
                assert pos[s] == barge and must_buy and must_buy[0] == s
                must_buy.pop(0)
            elif t in ("discover", "aside"):
                s = e["seat"] if "seat" in e else int(e["text"][1])
                assert pos[s] in pre["buoys"] and len(pre["players"][s]["replaced"]) < 4
    return checked


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_follow_acting_order_exact_moves_and_barge_buying(n):
    assert sum(_check_stream(seed, n) for seed in range(n, 40, 3)) > 300
