"""Jambo's end: the richer player wins; a tie in gold goes to the table's choice (see JamboOptions.tie_goes_to)."""

from __future__ import annotations

from typing import Any

from app.engine import State, result_of


def tie_winner(s: State) -> int:
    """The seat a tie in gold favours: the one who reached 60 first, or the one who played the last turn."""
    return s["ender"] if s["tie_goes_to"] == "first_to_60" else 1 - s["ender"]


def result(s: State) -> dict[str, Any]:
    scores = [p["gold"] for p in s["players"]]
    favoured = tie_winner(s)
    keys = [(scores[seat], seat == favoured) for seat in range(2)]
    won = max(range(2), key=lambda seat: keys[seat])
    tie = " (tie on gold)" if scores[0] == scores[1] else ""
    return result_of(scores, keys, f"@{won} wins with {scores[won]} gold against {scores[1 - won]}{tie}",
                     ranking=[[won], [1 - won]])
