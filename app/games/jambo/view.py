"""What each audience sees of a Jambo game, and the static catalogue the renderer loads once."""

from __future__ import annotations

from typing import Any

from app.engine import State, said

from . import data as D
from .state import free_spaces, held, plain_capacity, supply
from .steps.phases import stand_cost
from .turn import sub_step, turn_frame

# Fields of a sub-step the view passes on (public by nature: what is auctioned, pooled, bid...).
PUBLIC_STEP_FIELDS = ("card", "pool", "taken", "items", "high", "leader", "what", "first", "take", "from", "left")


def view(game: Any, s: State, seat: int | None) -> dict[str, Any]:
    players = []
    for i, P in enumerate(s["players"]):
        seen = {
            "gold": P["gold"], "hand_count": len(P["hand"]),
            "utils": [{"card": u, "used": u in s["used_utilities"]} for u in P["utilities"]],
            "stands": list(P["stands"]), "wares": [held(P, t) for t in range(6)],
            "ordinary": list(P["wares"]), "sixth": P["sixth"],
            "spaces": plain_capacity(P) + 1, "free": free_spaces(P),
        }
        if seat == i:
            seen["hand"] = list(P["hand"])
        players.append(seen)
    frame = sub_step(s)
    stage = None
    if frame is not None:
        step = game.step_for(frame)
        stage = {"kind": frame["step"], "seat": frame["seat"], **said(step.describe(game, s, frame))}
        for key in PUBLIC_STEP_FIELDS:
            if key in frame:
                stage[key] = frame[key]
        if frame["step"] in ("psychic", "scale") and seat == frame["seat"]:
            stage["cards"] = list(frame["cards"])
        if frame["step"] == "hyena_take" and seat == frame["seat"]:
            stage["their_hand"] = list(s["players"][1 - seat]["hand"])
    turn = turn_frame(s)
    drawn = turn["card"] if turn["step"] == "keep" else None
    return {
        "turn": s["turn"], "phase": s["phase"], "actions_used": s["actions_used"],
        "actions_left": D.ACTIONS - s["actions_used"],
        "players": players,
        "deck_count": len(s["deck"]), "discard_count": len(s["discard"]),
        "discard_top": s["discard"][-1] if s["discard"] else None,
        "drawn": (drawn if seat == s["turn"] else True) if drawn is not None else None,
        "stage": stage, "supply": supply(s), "next_stand_cost": stand_cost(s),
        "wise": s["wise_men"], "ender": s["ender"], "final_turn": s["ender"] is not None and s["over"] is None,
        "tie_goes_to": s["tie_goes_to"], "first": s["first"], "turns": s["turns"],
    }


def catalogue() -> dict[str, Any]:
    return {
        "cards": list(D.CARD_KIND),
        "kinds": {k: {key: v[key] for key in ("name", "type", "text", "copies", "wares", "buy", "sell") if key in v}
                  for k, v in D.KINDS.items()},
        "wares": list(D.WARES),
        "ware_codes": D.WARE_CODES,
        "rules": {"actions": D.ACTIONS, "end_gold": D.END_GOLD, "sixth_fee": D.SIXTH_SPACE_FEE,
                  "max_utilities": D.MAX_UTILITIES,
                  "large_stand_spaces": D.LARGE_STAND_SPACES, "small_stand_spaces": D.SMALL_STAND_SPACES},
    }
