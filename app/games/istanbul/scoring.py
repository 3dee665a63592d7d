"""Final scoring: most rubies wins; ties go to most lira, then most goods, then most bonus cards in hand; a tie on
all four is a shared victory."""

from __future__ import annotations

from app.engine.kit import result_of, winners, winners_say
from app.engine.text import tn


def tie_keys(state: dict) -> list[tuple[int, int, int, int]]:
    return [(p["rubies"], p["lira"], sum(p["goods"].values()), len(p["hand"])) for p in state["players"]]


def final_result(state: dict) -> dict:
    keys = tie_keys(state)
    scores = [k[0] for k in keys]
    text = tn("{winners} with {n} rubies", "{winners} with {n} rubies", max(scores), winners=winners_say(winners(keys)))
    result = result_of(scores, keys, text)
    result["tie_breaks"] = [{"rubies": k[0], "lira": k[1], "goods": k[2], "cards": k[3]} for k in keys]
    return result
