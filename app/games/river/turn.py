"""The River's round: start (take back used tokens, ask the secret choice), reveal and order, the acting
players' tasks one after another, and the end of the game (spec 2.3, 2.9).

`advance` runs after every resolved step until a player has something to decide. A seat's turn is a queue
of tasks in `state["tasks"]` — move, then buy and/or explore where the ship (or the barge) stopped — because
buying and exploring need no decision unless the player has a real choice, which their step then asks.
"""

from __future__ import annotations

from typing import Any

from app.engine import Log, seat_ref
from app.engine import steps as frames
from app.engine.text import t, words

from . import data as C
from . import scoring
from .state import RiverState, active_seats
from .steps import explore, meet_barge


def advance(game: Any, state: RiverState, log: Log) -> None:
    while frames.top(state) is None and state["phase"] != "over":
        phase = state["phase"]
        if phase == "draft":
            start_round(state, log)
        elif phase == "choose":
            reveal(state, log)
        elif state["tasks"]:
            kind, seat = state["tasks"].pop(0)
            if kind == "move":
                game.ask(state, log, "move", seat)
            elif kind == "buy":
                meet_barge(game, state, seat, log)
            else:
                explore(game, state, seat, log)
        else:
            state["acting"] += 1
            if state["acting"] >= len(state["order"]):
                end_round(state, log)
            else:
                state["tasks"] = [["move", state["order"][state["acting"]]]]


def start_round(state: RiverState, log: Log) -> None:
    state["round"] += 1
    state["phase"] = "choose"
    state["order"], state["acting"], state["low"] = [], -1, None
    for player in state["players"]:
        player["token"] = None
    for seat in active_seats(state):
        player = state["players"][seat]
        if not player["hand"]:
            player["hand"] = sorted(player["used"])
            player["used"] = []
            log.add("recycle", t("{player} takes back all used tokens", player=seat_ref(seat)))
    log.add("round", t("Round {round}: everybody chooses a movement token", round=state["round"]))
    frames.push(state, "token", chosen=[None] * len(state["players"]))


def tie_key(state: RiverState, seat: int) -> tuple[int, int]:
    """Among equal tokens: the ship nearer the Harbour first, then the tie order."""
    return state["players"][seat]["pos"], state["tiebreak"].index(seat)


def reveal(state: RiverState, log: Log) -> None:
    """The chosen tokens (written into players by the token step) become used; the acting order is fixed."""
    seats = active_seats(state)
    players = state["players"]
    for seat in seats:
        player = players[seat]
        player["hand"].remove(player["token"])
        player["used"].append(player["token"])
        player["used"].sort()
    stars = sorted((s for s in seats if players[s]["token"] == C.STAR), key=lambda s: tie_key(state, s))
    numbers = sorted((s for s in seats if players[s]["token"] != C.STAR),
                     key=lambda s: (players[s]["token"], *tie_key(state, s)))
    state["order"] = stars + numbers
    # With nothing but stars revealed, each star moves the barge 2 (RULINGS).
    state["low"] = min((players[s]["token"] for s in numbers), default=2)
    state["phase"] = "act"
    state["acting"] = -1
    shown = words([t("{player} {token}", player=seat_ref(s), token=C.token_name(players[s]["token"])) for s in seats],
                  ",")
    log.add("reveal", t("Tokens revealed: {tokens}", tokens=shown), tokens={str(s): players[s]["token"] for s in seats},
            order=list(state["order"]))


def end_round(state: RiverState, log: Log) -> None:
    if state["bay"] or state["round"] >= C.ROUND_CAP:
        state["phase"] = "over"
        state["order"], state["acting"] = [], -1
        state["over"] = scoring.result(state)
        log.add("end", state["over"]["say"])
    else:
        start_round(state, log)
