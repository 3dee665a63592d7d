"""The Gold West turn flow: a turn is Activate (the supply track), Use metals, Build or Loot, Place the token's
resources; then tokens next to the taken hex turn face up and the next player in turn order goes. When every camp is
used, each player has one last turn without Build or Loot, and the game is scored.

Also the small mechanics several steps share: scoring VP by source, spending held resources, moving a stagecoach.
"""

from __future__ import annotations

from app.engine import steps as S
from app.engine.kit import Log, seat_ref
from app.engine.text import Text, t, tn, words

from . import data as D
from .scoring import final_result
from .state import new_turn


def score(state: dict, seat: int, source: str, vp: int) -> None:
    player = state["players"][seat]
    player["vp"] += vp
    player["points"][source] = player["points"].get(source, 0) + vp


def held_metals(state: dict) -> dict[str, int]:
    held = state["turn"]["held"]
    return {m: held.get(m, 0) for m in D.METALS if held.get(m, 0) > 0}


def spend(state: dict, resources: dict[str, int]) -> None:
    held = state["turn"]["held"]
    for res, n in resources.items():
        held[res] -= n
        if not held[res]:
            del held[res]


def can_pay(held: dict[str, int], cost: dict[str, int]) -> bool:
    return all(held.get(res, 0) >= n for res, n in cost.items())


def resources_text(resources: dict[str, int] | list[str]) -> Text | dict:
    """'1 Wood, 2 Gold and 1 Stone' (or 'nothing') as a Text."""
    if isinstance(resources, list):
        counts: dict[str, int] = {}
        for res in resources:
            counts[res] = counts.get(res, 0) + 1
        resources = counts
    parts = [D.resource_count(r, n) for r, n in resources.items() if n]
    return words(parts) if parts else t("nothing")


def ship(state: dict, seat: int, metal: str, log: Log, free: bool = False) -> None:
    """One step of `metal`'s stagecoach: VP on spaces 2 and 6; a bonus space is passed and pays its top tile."""
    player = state["players"][seat]
    space = player["ship"][metal] + 1
    if space in D.BONUS_SPACES:
        stack = state["ship_bonus"][metal][D.BONUS_SPACES.index(space)]
        space += 1
        if stack:
            tile = stack.pop(0)
            player["ship_tiles"].append(tile)
            score(state, seat, "shipping", tile)
            log.add("ship_bonus", t("{player} passes a bonus space on the {metal} track and takes a {vp} VP shipping "
                                    "tile", player=seat_ref(seat), metal=D.RESOURCE_NAMES[metal], vp=tile),
                    seat=seat, metal=metal, vp=tile)
    player["ship"][metal] = space
    gained = D.TRACK_VP.get(space, 0)
    if gained:
        score(state, seat, "shipping", gained)
    where = {"player": seat_ref(seat), "space": space, "metal": D.RESOURCE_NAMES[metal]}
    if free and gained:
        text = t("{player} takes a free shipping step and scores {vp} VP: the stagecoach reaches space {space} of the "
                 "{metal} track", vp=gained, **where)
    elif free:
        text = t("{player} takes a free shipping step: the stagecoach reaches space {space} of the {metal} track",
                 **where)
    elif gained:
        text = t("{player} ships {goods} and scores {vp} VP: the stagecoach reaches space {space} of the {metal} "
                 "track", goods=D.resource_count(metal, 1), vp=gained, **where)
    else:
        text = t("{player} ships {goods}: the stagecoach reaches space {space} of the {metal} track",
                 goods=D.resource_count(metal, 1), **where)
    log.add("ship", text, seat=seat, metal=metal, space=space)


def face_up_hexes(state: dict) -> list[int]:
    return [h for h, hx in enumerate(state["map"]) if hx["token"] is not None and hx["face_up"]]


# ---- the turn ------------------------------------------------------------------------------------------------------

def begin_turn(state: dict, seat: int, log: Log, final: bool = False) -> None:
    state["turn"] = new_turn(seat, final)
    if any(state["players"][seat]["supply"]):
        S.push(state, "activate", seat)
    else:
        log.add("activate", t("{player} has nothing on the supply track to activate", player=seat_ref(seat)),
                seat=seat)
        after_activation(state, log)


def after_activation(state: dict, log: Log) -> None:
    if held_metals(state):
        S.push(state, "metals", state["turn"]["seat"])
    else:
        to_build(state, log)


def to_build(state: dict, log: Log) -> None:
    turn = state["turn"]
    if turn["final"]:
        end_turn(state, log)
    elif not face_up_hexes(state):
        log.add("no_token", t("No mining token is face up: {player} cannot build or loot",
                              player=seat_ref(turn["seat"])), seat=turn["seat"])
        end_turn(state, log)
    else:
        S.push(state, "build", turn["seat"])


def end_turn(state: dict, log: Log) -> None:
    """Unused resources are lost, the taken hex's neighbours turn face up, and the next player goes."""
    turn = state["turn"]
    seat = turn["seat"]
    lost = {r: n for r, n in turn["held"].items() if n}
    if lost:
        log.add("discard", t("{player} loses the unused {resources}", player=seat_ref(seat),
                               resources=resources_text(lost)), seat=seat)
    turn["held"] = {}
    if turn["hex"] is not None:
        revealed = []
        for h in D.NEIGHBOURS[turn["hex"]]:
            hx = state["map"][h]
            if hx["token"] is not None and not hx["face_up"]:
                hx["face_up"] = True
                revealed.append(h)
        if revealed:
            faces = words([D.token_text(state["map"][h]["token"]) for h in revealed])
            log.add("reveal", tn("{n} mining token turned face up: {faces}",
                                 "{n} mining tokens turned face up: {faces}", len(revealed), faces=faces),
                    hexes=revealed, tokens=[state["map"][h]["token"] for h in revealed])
    for player in state["players"]:
        player["peeked"] = [h for h in player["peeked"] if not state["map"][h]["face_up"]
                            and state["map"][h]["token"] is not None]
    next_turn(state, log)


def next_turn(state: dict, log: Log) -> None:
    order = state["order"]
    index = order.index(state["turn"]["seat"]) + 1
    if state["phase"] == "final":
        state["turns_left"] -= 1
        if state["turns_left"] == 0:
            finish(state, log)
            return
        begin_turn(state, order[index % len(order)], log, final=True)
        return
    camps_left = any(p["camps"] for p in state["players"])
    if index == len(order):
        if not camps_left or not face_up_hexes(state):
            state["phase"] = "final"
            state["turns_left"] = len(order)
            log.add("final", t("Every camp is used: each player has one last turn, without Build or Loot"))
            begin_turn(state, order[0], log, final=True)
            return
        state["round"] += 1
        log.add("round", t("Round {round} begins", round=state["round"]), round=state["round"])
    begin_turn(state, order[index % len(order)], log)


def finish(state: dict, log: Log) -> None:
    S.clear(state)
    state["phase"] = "over"
    state["over"] = final_result(state)
    log.add("game_over", state["over"]["say"])
