"""Jambo's end: the richer player wins; a tie in gold goes to the table's choice (see JamboOptions.tie_goes_to)."""

from __future__ import annotations

from typing import Any

from app.engine import State


def winner(s: State) -> int:
    ender = s["ender"]
    other = 1 - ender
    gold_ender, gold_other = s["players"][ender]["gold"], s["players"][other]["gold"]
    if gold_other > gold_ender or (gold_other == gold_ender and s["tie_goes_to"] == "last_player"):
        return other
    return ender


def result(s: State) -> dict[str, Any]:
    won = winner(s)
    scores = [p["gold"] for p in s["players"]]
    tie = " (tie on gold)" if scores[0] == scores[1] else ""
    return {"scores": scores, "winners": [won], "ranking": [[won], [1 - won]],
            "text": f"@{won} wins with {scores[won]} gold against {scores[1 - won]}{tie}"}
