"""The end of The River and its scoring (spec 2.9): the last round, bonus and penalty, tie-breaks, the round cap."""

from __future__ import annotations

from app.games.river import GAME, scoring
from app.games.river import data as C
from river_helpers import act, board, choose_all, disc, fresh, make_homeward, player


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
    assert GAME.result(s) is not None and "The 40-round limit ended the game; " in GAME.result(s)["text"]


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


def test_the_result_line_says_who_ended_the_game_and_who_wins_apart():
    # Issue #26: "Basil wins (first into the Bay ended the game)" read as if the winner had reached the Bay first.
    s = fresh(2)
    make_homeward(s, 0)
    make_homeward(s, 1)
    board(s, s["buoys"], s["barge"], [17, 12])
    s["bay"] = [0]
    player(s, 1, article=[disc(0, 5), disc(1, 5), disc(3, 5), disc(4, 5)])  # 20 against 16 + 2
    res = scoring.result(s)
    assert res["winners"] == [1]
    said = "@0 reached the Bay first, so that round was the last; @1 wins. Scores: "
    assert res["text"].startswith(said), res["text"]
