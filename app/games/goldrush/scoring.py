"""Gold Rush end of game: who wins, and the result every audience sees (VP and coins per seat, places, why it ended).

The seed ends the game at the end of the turn in which a seat reaches the target. Otherwise (equal turns, the
exhaustion or round-cap safety ends) most VP wins, ties go to more coins, and a tie on both is a shared win.
"""

from __future__ import annotations

from typing import Any

from app.engine import Log, join_words, result_of, steps, winners_text

from .state import GoldRushState, name, vp


def win_at_target(state: GoldRushState, seat: int, score: int, log: Log) -> None:
    finish(state, [seat], "target", log, f"@{seat} reaches {score} VP and wins!")


def end_by_points(state: GoldRushState, reason: str, log: Log) -> None:
    n = state["num_players"]
    key = [(vp(state, s), state["players"][s]["coins"]) for s in range(n)]
    best = max(key)
    winners = [s for s in range(n) if key[s] == best]
    finish(state, winners, reason, log, f"Game over ({reason}): {winners_text(winners)} with {best[0]} VP")


def finish(state: GoldRushState, winners: list[int], reason: str, log: Log, text: str) -> None:
    """The game is over: say so, reveal the secret achievements nobody claimed, keep the result."""
    steps.clear(state)
    log.add("end", text)
    held = [(s, p["secret"]) for s, p in enumerate(state["players"]) if p["secret"] is not None]
    if held:
        log.add("secrets", "Secret achievements revealed: " + join_words([f"@{s} held {name(c)}" for s, c in held]),
                cards=[c for _, c in held])
    state["phase"] = "over"
    state["over"] = result(state, winners, reason)


def result(state: GoldRushState, winners: list[int], reason: str) -> dict[str, Any]:
    """Scores (VP) and coins per seat, the winners, places and ranking (lists of tied seats, best first), the reason."""
    n = state["num_players"]
    scores = [vp(state, s) for s in range(n)]
    coins = [state["players"][s]["coins"] for s in range(n)]
    others = sorted((s for s in range(n) if s not in winners), key=lambda s: (-scores[s], -coins[s], s))
    ranking = [list(winners)]
    for s in others:
        last = ranking[-1][0]
        if last not in winners and (scores[last], coins[last]) == (scores[s], coins[s]):
            ranking[-1].append(s)
        else:
            ranking.append([s])
    return result_of(scores, [(scores[s], coins[s]) for s in range(n)],
                    f"{winners_text(winners)} with {scores[winners[0]]} VP ({reason})",
                    ranking=ranking, coins=coins, reason=reason)
