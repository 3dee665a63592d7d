"""The turn flow: after every resolved choice, letters are delivered, automatic choices are made, and when a turn
is over the next one starts (the same player again after a double turn). The round in which a player reaches the
ruby target is played to its end; then the epilogue, then the result."""

from __future__ import annotations

from app.engine.kit import Log, seat_ref, seats_from
from app.engine.steps import push, top
from app.engine.text import t

from . import state as S
from .scoring import final_result


def advance(game, state: dict, log: Log) -> None:
    while not state["over"]:
        S.deliver_letters(state, log)
        frame = top(state)
        if frame is None:
            next_turn(state, log)
            continue
        step = game.step_for(frame)
        action = step.auto(game, state, frame)
        if action is None:
            return
        seat = step.seats(game, state, frame)[0]
        step.resolve(game, state, frame, seat, action, log)


def next_turn(state: dict, log: Log) -> None:
    if state["phase"] == "epilogue":
        state["phase"] = "over"
        state["over"] = final_result(state)
        log.add("over", t("{result}.", result=state["over"]["say"]))
        return
    seat = state["turn"]
    n = state["n"]
    if state["extra"]:
        state["extra"] = False
        state["turns"] += 1
        log.add("turn", t("{player} plays a double turn.", player=seat_ref(seat)), seat=seat)
        push(state, "move", seat)
        return
    if state["ending"] and (seat + 1) % n == state["start"]:
        state["phase"] = "epilogue"
        log.add("last_round", t("The last round is over."))
        push(state, "epilogue", order=seats_from(state["start"], n), at=0)
        return
    seat = (seat + 1) % n
    if seat == state["start"]:
        state["round"] += 1
    state["turn"] = seat
    state["turns"] += 1
    push(state, "move", seat)
