"""Standings arithmetic and the documented tie-breaks: total, then coins, then wins, then head to head."""

from __future__ import annotations

from app.tournaments.standings import TableResult, csv_text, standings

PLAYERS = [(1, "Ann", False), (2, "Bob", False), (3, "Cid", False), (4, "Dee", False)]


def ranks(rows):
    return [(r.name, r.rank) for r in rows]


def test_points_per_round_add_up_and_unplayed_rounds_stay_empty():
    tables = [TableResult(1, [1, 2], [6, 3], [10, 4], [0]), TableResult(1, [3, 4], [2, 6], [1, 1], [1]),
              TableResult(2, [1, 3], [4, 6], [0, 0], [1]), TableResult(2, [2, 4], None)]
    rows = {r.name: r for r in standings(PLAYERS, tables, rounds=3)}
    assert rows["Ann"].rounds == [6, 4, None] and rows["Ann"].total == 10 and rows["Ann"].wins == 1
    assert rows["Bob"].rounds == [3, None, None] and rows["Bob"].total == 3
    assert rows["Cid"].total == 8 and rows["Cid"].wins == 1 and rows["Cid"].coins == 1


def test_ties_on_points_go_to_coins_then_wins():
    tables = [TableResult(1, [1, 2], [5, 5], [3, 7], [0, 1]), TableResult(1, [3, 4], [5, 5], [7, 7], [0])]
    # Bob and Cid and Dee have 7 coins; Ann 3. Cid won, Bob shared a win: both have one win; Dee none.
    rows = standings(PLAYERS, tables, rounds=1)
    assert [r.name for r in rows][-2:] == ["Dee", "Ann"]
    assert rows[-1].rank == 4 and rows[-2].rank == 3


def test_head_to_head_breaks_what_coins_and_wins_cannot():
    # Ann and Bob end level on points, coins and wins; at the table they shared, Ann scored more.
    tables = [TableResult(1, [1, 2, 3], [4, 2, 6], [1, 1, 0], [2]), TableResult(2, [1, 4], [1, 0], [0, 0], [0]),
              TableResult(2, [2, 3], [3, 0], [0, 5], [0])]
    rows = standings(PLAYERS, tables, rounds=2)
    by = {r.name: r for r in rows}
    assert (by["Ann"].total, by["Ann"].coins, by["Ann"].wins) == (by["Bob"].total, by["Bob"].coins, by["Bob"].wins)
    assert by["Ann"].rank < by["Bob"].rank and by["Ann"].head_to_head == 2 and by["Bob"].head_to_head == -2


def test_players_equal_in_everything_share_a_place():
    tables = [TableResult(1, [1, 2], [3, 3], [2, 2], [0, 1]), TableResult(1, [3, 4], [1, 0], [0, 0], [0])]
    assert ranks(standings(PLAYERS, tables, rounds=1)) == [("Ann", 1), ("Bob", 1), ("Cid", 3), ("Dee", 4)]


def test_csv_has_a_column_per_round():
    tables = [TableResult(1, [1, 2], [6, 3], None, [0])]
    lines = csv_text(standings(PLAYERS[:2], tables, rounds=2), rounds=2).splitlines()
    assert lines[0] == "rank,player,round 1,round 2,total,coins,wins,head to head,dropped"
    assert lines[1] == "1,Ann,6,,6,0,1,0,"
