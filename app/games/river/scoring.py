"""The River's final score (spec 2.9): the pictures in the article, +2 for the first ship into the Bay,
-2 for a player without 4 replacements; ties go to the Bay (earlier first), then nearer the Bay, then more
replacements, then the win is shared."""

from __future__ import annotations

from typing import Any

from app.engine import result_of, seat_ref, winners, winners_say
from app.engine.text import Text, t

from . import data as C
from .state import RiverState, homeward


def score(state: RiverState, seat: int) -> int:
    player = state["players"][seat]
    total = sum(C.VALUE[c] for c in player["article"])
    if state["bay"] and state["bay"][0] == seat:
        total += C.FIRST_BONUS
    if not homeward(player):
        total -= C.UNFINISHED_PENALTY
    return total


def result(state: RiverState) -> dict[str, Any]:
    n = len(state["players"])
    scores = [score(state, s) for s in range(n)]

    def key(s: int) -> tuple:
        bay = (1, -state["bay"].index(s)) if s in state["bay"] else (0, 0)
        return (scores[s], bay, state["players"][s]["pos"], len(state["players"][s]["replaced"]))

    ranking: list[list[int]] = []
    for s in sorted(range(n), key=key, reverse=True):
        if ranking and key(ranking[-1][0]) == key(s):
            ranking[-1].append(s)
        else:
            ranking.append([s])
    keys = [key(s) for s in range(n)]
    who_wins = winners_say(winners(keys))
    # Who ended the game and who wins, apart: "Basil wins (first into the Bay ended the game)" read as if the
    # winner had reached the Bay first (issue #26).
    if state["bay"]:
        text = t("{player} reached the Bay first, so that round was the last; {winners}. Scores: {scores}",
                 player=seat_ref(state["bay"][0]), winners=who_wins, scores=_scores(scores))
    else:
        text = t("The {rounds}-round limit ended the game; {winners}. Scores: {scores}", rounds=C.ROUND_CAP,
                 winners=who_wins, scores=_scores(scores))
    return result_of(scores, keys, text, ranking=ranking)


def _scores(scores: list[int]) -> Text:
    """'@0 12; @1 9; @2 15', every seat in order: a list written with semicolons, one pair at a time."""
    detail = t("{player} {points}", player=seat_ref(0), points=scores[0])
    for seat in range(1, len(scores)):
        detail = t("{scores}; {player} {points}", scores=detail, player=seat_ref(seat), points=scores[seat])
    return detail
