"""Final scoring: most rubies wins; ties go to most lira, then most goods, then most bonus cards in hand; a tie on
all four is a shared victory."""

from __future__ import annotations

from app.engine.kit import result_of, winners_text




def tie_keys(state: dict) -> list[tuple[int, int, int, int]]:
    return [(p["rubies"], p["lira"], sum(p["goods"].values()), len(p["hand"])) for p in state["players"]]


def final_result(state: dict) -> dict:
    keys = tie_keys(state)
    scores = [k[0] for k in keys]
    result = result_of(scores, keys, "")
    result["text"] = winners_text(result["winners"]) + f" with {max(scores)} rubies"
    result["tie_breaks"] = [{"rubies": k[0], "lira": k[1], "goods": k[2], "cards": k[3]} for k in keys]
    return result
