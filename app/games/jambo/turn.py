"""Jambo's turn flow: the turn's own frame (draw, keep, play), the end of a card's effect, and the end of a turn.

The bottom frame of `state["steps"]` is the active player's turn: "draw" (phase 1), "keep" (phase 1, a drawn card
waits to be kept or discarded) or "play" (phase 2). A card being resolved puts one sub-step above it (`ask`);
when the card is done, its sub-steps go and the cards it used leave play (`done`). A turn ends when the player
says so or when the fifth action of phase 2 has been resolved (`advance`).
"""

from __future__ import annotations

from typing import Any

from app.engine import Log, State, seat_ref, t, tn
from app.engine.steps import Frame, top
from app.engine.text import said

from . import data as D
from .scoring import result

TURN_STEPS = ("draw", "keep", "play")


class JamboLog(Log):
    """The engine's Log, its entries made here (the same events as `kit.event`: type, English text and `say`, seats,
    data): this module is compiled with the game (docs/accel.md), kit.py is not, and a move adds one to three."""

    def add(self, type_: str, text: Any, seats: Any = None, **data: Any) -> dict:
        entry = {"type": type_, **said(text)}
        if seats is not None:
            entry["seats"] = sorted(set(seats))
        entry.update(data)
        self.events.append(entry)
        return entry

    def private(self, seat: int, type_: str, text: Any, **data: Any) -> dict:
        return self.add(type_, text, [seat], **data)


def play(game: Any, s: State, seat: int, action: dict) -> list[dict]:
    """`StepGame.play` (the same events and state), with a JamboLog."""
    log = JamboLog()
    frame = top(s)
    assert frame is not None, "play without a pending step"
    game.step_for(frame).resolve(game, s, frame, seat, action, log)
    advance(s, log)
    return log.events


def turn_frame(s: State) -> Frame:
    return s["steps"][0]


def sub_step(s: State) -> Frame | None:
    """The decision inside the turn being resolved (a card's effect, a reaction), or None."""
    return s["steps"][-1] if len(s["steps"]) > 1 else None


def set_turn_step(s: State, kind: str, **fields) -> None:
    """The turn moves on: 'draw' and 'keep' are phase 1, 'play' is phase 2."""
    s["phase"] = 2 if kind == "play" else 1
    s["steps"][0] = {"step": kind, "seat": s["turn"], **fields}


def ask(s: State, kind: str, seat: int, **fields) -> Frame:
    """The next decision of the card being resolved, in place of the previous one."""
    del s["steps"][1:]
    frame: Frame = {"step": kind, "seat": seat, **fields}
    s["steps"].append(frame)
    return frame


def discard_card(s: State, card: int) -> None:
    # A used utility stays marked used until the turn ends, even if it leaves play and comes back this turn
    # (Weapons, Drummer, replay: issue #10, ruling 5).
    s["discard"].append(card)


def done(s: State) -> None:
    """The card being resolved has had its effect: it and the cards it used leave play."""
    for card in s["limbo"]:
        discard_card(s, card)
    s["limbo"] = []
    del s["steps"][1:]


def advance(s: State, log: Log) -> None:
    """After a resolved step: the fifth action of phase 2 ends the turn once nothing is left to resolve."""
    if s["over"] is None and len(s["steps"]) == 1 and s["phase"] == 2 and s["actions_used"] >= D.ACTIONS:
        end_turn(s, log)


def end_turn(s: State, log: Log) -> None:
    me = s["turn"]
    P = s["players"][me]
    unused = D.ACTIONS - s["actions_used"]
    if unused >= D.END_BONUS_UNUSED:
        P["gold"] += 1
        log.add("bonus", tn("{player} ends the turn with {n} unused actions and takes 1 gold",
                            "{player} ends the turn with {n} unused actions and takes 1 gold", unused,
                            player=seat_ref(me)))
    else:
        log.add("end", t("{player} ends the turn", player=seat_ref(me)))
    if s["ender"] is None:
        if P["gold"] >= D.END_GOLD:
            s["ender"] = me
            log.add("final", t("{player} has {gold}: {opponent} plays one last turn", player=seat_ref(me),
                               gold=D.gold(P["gold"]), opponent=seat_ref(1 - me)))
    else:
        s["over"] = result(s)
        log.add("game_over", s["over"]["say"])
        return
    s["turn"] = 1 - me
    s["turns"] += 1
    s["actions_used"] = 0
    s["used_utilities"] = []
    s["wise_men"] = 0
    s["steps"] = [{"step": "draw", "seat": s["turn"]}]
    s["phase"] = 1
    log.add("turn", t("{player}'s turn", player=seat_ref(1 - me)))
