"""Gold Rush end of game: who wins, and the result every audience sees (VP and coins per seat, places, why it ended).

The seed ends the game at the end of the turn in which a seat reaches the target. Otherwise (equal turns, the
exhaustion or round-cap safety ends) most VP wins, ties go to more coins, and a tie on both is a shared win.
"""

from __future__ import annotations

from typing import Any

from app.engine import N_, Log, Text, result_of, seat_ref, steps, t, winners_say, words

from .state import GoldRushState, name, vp

# Why a game ended, as the result and the last log line name it (`over["reason"]` keeps the English word).
REASONS = (N_("target"), N_("equal turns"), N_("exhaustion"), N_("round cap"), N_("move limit"))


def win_at_target(state: GoldRushState, seat: int, score: int, log: Log) -> None:
    finish(state, [seat], "target", log, t("{player} reaches {vp} VP and wins!", player=seat_ref(seat), vp=score))


def end_by_points(state: GoldRushState, reason: str, log: Log) -> None:
    n = state["num_players"]
    key = [(vp(state, s), state["players"][s]["coins"]) for s in range(n)]
    best = max(key)
    winners = [s for s in range(n) if key[s] == best]
    finish(state, winners, reason, log, t("Game over ({reason}): {winners} with {vp} VP", reason=reason,
                                          winners=winners_say(winners), vp=best[0]))


def finish(state: GoldRushState, winners: list[int], reason: str, log: Log, text: Text) -> None:
    """The game is over: say so, reveal the secret achievements nobody claimed, keep the result."""
    steps.clear(state)
    log.add("end", text)
    held = [(s, p["secret"]) for s, p in enumerate(state["players"]) if p["secret"] is not None]
    if held:
        revealed = words([t("{player} held {card}", player=seat_ref(s), card=name(c)) for s, c in held])
        log.add("secrets", t("Secret achievements revealed: {held}", held=revealed), cards=[c for _, c in held])
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
                    t("{winners} with {vp} VP ({reason})", winners=winners_say(winners), vp=scores[winners[0]],
                      reason=reason),
                    ranking=ranking, coins=coins, reason=reason)
