"""Jambo's end: the richer player wins; a tie in gold goes to the table's choice (see JamboOptions.tie_goes_to)."""

from __future__ import annotations

from typing import Any

from app.engine import State, result_of, seat_ref, t

from . import data as D


def tie_winner(s: State) -> int:
    """The seat a tie in gold favours: the one who reached 60 first, or the one who played the last turn."""
    return s["ender"] if s["tie_goes_to"] == "first_to_60" else 1 - s["ender"]


def result(s: State) -> dict[str, Any]:
    scores = [p["gold"] for p in s["players"]]
    favoured = tie_winner(s)
    keys = [(scores[seat], seat == favoured) for seat in range(2)]
    won = max(range(2), key=lambda seat: keys[seat])
    args = {"player": seat_ref(won), "gold": D.gold(scores[won]), "other": scores[1 - won]}
    if scores[0] == scores[1]:
        text = t("{player} wins with {gold} against {other} (tie on gold)", **args)
    else:
        text = t("{player} wins with {gold} against {other}", **args)
    return result_of(scores, keys, text, ranking=[[won], [1 - won]])
