"""Independent audit of The River against the seed, the spec and RULINGS.md (second pair of eyes).

Each test is named after the rule it checks. The last test replays bot games and checks every
move against a small independent model of the acting order, movement and barge rules.
"""

from __future__ import annotations

import json
import random

import pytest

from app.engine import BadOptions, RandomBot
from app.games.river import GAME
from app.games.river import data as C
from app.games.river.bot import RiverBot
from app.games.river import scoring
from app.games.river.steps import chosen_tokens
from river_helpers import STAR, act, board, choose_all, disc, each, fresh, make_homeward, player, stack_deck, texts


# ---------------------------------------------------------------- "youngest player" -> host's pick (RULINGS General)
def test_first_player_option_must_name_a_seat_of_the_table():
    with pytest.raises(BadOptions):
        GAME.parse_options({"first_player": -1})
    with pytest.raises(BadOptions):
        GAME.parse_options({"first_player": 4})
    with pytest.raises(BadOptions):
        GAME.new_game(2, {"first_player": 3}, 1)  # a silent random order would ignore the host's choice
    assert GAME.new_game(4, {"first_player": 3}, 1)["tiebreak"] == [3, 0, 1, 2]
    assert GAME.new_game(2, {"first_player": None}, 1)["tiebreak"] in ([0, 1], [1, 0])


# ---------------------------------------------------------------- simultaneous secret choice
def test_secret_choice_no_public_event_or_view_tells_the_token_before_the_reveal():
    s = fresh(3)
    board(s, [5, 6, 7, 8, 9, 10, 11, 12], 16, [0, 0, 0])
    s, ev1 = act(s, 0, token=STAR)
    s, ev2 = act(s, 1, token=4)
    public = [e for e in ev1 + ev2 if "seats" not in e]
    assert all(set(e) <= {"type", "text"} for e in public)
    assert "★" not in texts(public) and "4" not in texts(public)
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


# ---------------------------------------------------------------- acting order
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


# ---------------------------------------------------------------- token cycle
def test_token_cycle_spent_tokens_never_come_back_with_the_used_ones():
    s = fresh(2)
    board(s, [12, 13, 14, 15, 16, 11, 10, 9], 1, [0, 0])
    s["deck"] = []
    player(s, 0, hand=[3], used=[1, 4], spent=[0, 2, 5])
    s, ev = choose_all(s, {0: 3, 1: 3})
    assert s["round"] == 2 and "@0 takes back all used tokens" in texts(ev)
    assert s["players"][0]["hand"] == [1, 3, 4] and s["players"][0]["used"] == [] and s["players"][0]["spent"] == [0, 2, 5]
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


# ---------------------------------------------------------------- star and barge
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


# ---------------------------------------------------------------- exploring
def test_explore_aside_card_shows_only_its_front_and_taken_card_its_back():
    second, first = disc(C.CLOVER, 2), disc(3, 5)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, [second, first])
    v = GAME.view(s, 1)
    assert v["deck_top"] == 3 and str(first) not in json.dumps(v)
    s, ev = choose_all(s, {0: 2, 1: 1})
    aside = next(e for e in ev if e["type"] == "aside")
    assert set(aside) == {"type", "text"} and "Golden Scarab" not in aside["text"]
    assert GAME.view(s, 1)["aside"] == [3]
    # the clover on the second look is takeable without any tool, and its back is shown
    found = next(e for e in ev if e["type"] == "discover")
    assert found["card"] == second and s["players"][0]["article"] == [second]


def test_explore_at_most_two_looks():
    cards = [disc(0, 1), disc(4, 2), disc(3, 5)]  # top is the last: 3 (not owned), 4 (not owned), then the net
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, cards)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [] and s["aside"] == [disc(3, 5)] and s["deck"][-1] == disc(4, 2)


def test_explore_takes_fourth_picture_into_a_free_slot_not_a_replacement():
    art = [disc(2, 1), disc(2, 2), disc(2, 3)]
    top = disc(0, 3)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, [top])
    player(s, 0, article=list(art))
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == art + [top] and s["players"][0]["replaced"] == []


# ---------------------------------------------------------------- the Bay

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


def test_scoring_bonus_only_first_into_bay_penalty_for_every_unfinished_player():
    s = fresh(4)
    board(s, [1, 2, 3, 4, 5, 6, 7, 8], 9, [15, 16, 0, 0])
    make_homeward(s, 0)
    make_homeward(s, 1)
    player(s, 2, article=[disc(3, 5), disc(3, 4), disc(3, 4, 1), disc(3, 3)], replaced=[])  # full, no replacement
    player(s, 3, article=[disc(4, 5)])
    s["deck"] = []
    s, _ = choose_all(s, {0: 2, 1: 1, 2: 1, 3: 1})
    # seat 1 (token 1) reaches the Bay before seat 0 (token 2); the round is completed
    s, _ = act(s, 1, dir="forward")
    assert GAME.result(s) is None
    s, _ = act(s, 0, dir="forward")
    res = GAME.result(s)
    assert s["bay"] == [1, 0]
    assert res["scores"] == [16, 18, 14, 3]
    assert res["winners"] == [1]


# ---------------------------------------------------------------- whole games against an independent model
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


# ---------------------------------------------------------------- deck exhaustion (spec 2.7, ruling 12)
def test_deck_running_out_reshuffles_aside_pile_at_once_so_the_new_top_front_is_public():
    last = disc(0, 4)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    s["deck"] = [last]
    s["aside"] = [disc(3, 1), disc(3, 2)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [last]
    # the deck ran out when the last card was taken: the aside pile is the new deck right away
    assert "shuffled into a new deck" in texts(ev)
    assert s["aside"] == [] and sorted(s["deck"]) == [disc(3, 1), disc(3, 2)]
    v = GAME.view(s, 1)
    assert v["deck_top"] == 3 and v["deck_count"] == 2 and v["aside"] == []


def test_deck_running_out_on_a_set_aside_card_reshuffles_before_the_second_look():
    first = disc(3, 5)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    s["deck"] = [first]
    s["aside"] = [disc(0, 1)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    # the set-aside card joins the pile that becomes the new deck; the second look may find the net
    assert texts(ev).count("shuffled into a new deck") == 1
    assert (s["players"][0]["article"] == [disc(0, 1)]) == (s["deck"] == [first])
