"""What each audience may know of a Gold West game, and the static catalogue (hex geometry, tokens, cards, offices).

Face-down mining tokens are shown by terrain only (the terrain is printed on the back); a player who looked at one
with investment 4 sees its face, the others see only that it was looked at.
"""

from __future__ import annotations

from typing import Any

from . import data as D
from .scoring import groups, influence, settlements_in


def view(state: dict, seat: int | None) -> dict[str, Any]:
    return views(state, [seat])[0]


def views(state: dict, seats: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences: everything but the map's peeked tokens is the same for all, so it (the
    scoring that the players' rows need above all) is worked out once."""
    shared = public(state)
    unpeeked = hexes(state, None)  # the map of every audience that has looked at no token
    return [{**shared, "map": hexes(state, seat) if seat is not None and state["players"][seat]["peeked"]
             else unpeeked} for seat in seats]


def hexes(state: dict, seat: int | None) -> list[dict[str, Any]]:
    seen = set(state["players"][seat]["peeked"]) if seat is not None else set()
    out = []
    for h, hx in enumerate(state["map"]):
        if hx["terrain"] is None:
            continue
        entry: dict[str, Any] = {"id": h, "terrain": hx["terrain"], "camp": hx["camp"],
                                 "settlement": hx["settlement"], "looted": hx["looted"]}
        if hx["token"] is not None:
            entry["face_up"] = hx["face_up"]
            entry["token"] = hx["token"] if hx["face_up"] or h in seen else None
        out.append(entry)
    return out


def public(state: dict) -> dict[str, Any]:
    """What every audience sees alike."""
    players = []
    for s, p in enumerate(state["players"]):
        players.append({
            "seat": s,
            "vp": p["vp"],
            "points": dict(p["points"]),
            "supply": [list(section) for section in p["supply"]],
            "camps": p["camps"],
            "influence_tokens": p["influence_tokens"],
            "influence": {t: influence(state, s, t) for t in D.TERRAINS},
            "tokens": {t: list(ids) for t, ids in p["tokens"].items()},
            "settlements": {t: settlements_in(state, s, t) for t in D.TERRAINS},
            "markers": dict(p["markers"]),
            "investments": list(p["investments"]),
            "ship": dict(p["ship"]),
            "ship_tiles": list(p["ship_tiles"]),
            "wanted": p["wanted"],
            "peeked": list(p["peeked"]),
            "groups": groups(state, s),
        })
    turn = state["turn"]
    boomtown = state["boomtown"]
    return {
        "phase": state["phase"],
        "round": state["round"],
        "order": list(state["order"]),
        "turn": {"seat": turn["seat"], "final": turn["final"], "hand": list(turn["hand"]), "held": dict(turn["held"]),
                 "invested": turn["invested"], "boomtown": turn["boomtown"], "hex": turn["hex"]},
        "tiles": [list(t) if t else None for t in state["tiles"]],
        "face_down": {t: sum(1 for hx in state["map"] if hx["terrain"] == t and hx["token"] is not None
                             and not hx["face_up"]) for t in D.TERRAINS},
        "boomtown": {"cells": [dict(c) for c in boomtown["cells"]],
                     "offices": [{"office": o["office"], "cells": list(o["cells"])} for o in boomtown["offices"]],
                     "single": boomtown["single"], "single_tile": boomtown["single_tile"]},
        "investments": list(state["investments"]),
        "investment_bonus": list(state["investment_bonus"]),
        "ship_bonus": {m: [list(stack) for stack in stacks] for m, stacks in state["ship_bonus"].items()},
        "players": players,
        "options": dict(state["options"]),
    }


def catalogue() -> dict[str, Any]:
    return {
        "terrains": list(D.TERRAINS),
        "terrain_names": D.TERRAIN_NAMES,
        "resources": list(D.RESOURCES),
        "resource_names": D.RESOURCE_NAMES,
        "hexes": [{"id": h, "q": q, "r": r, "slot": D.slot_of(h), "water_side": h in D.WATER_ADJACENT}
                  for h, (q, r) in enumerate(D.HEX_COORDS)],
        "water": [{"q": q, "r": r} for q, r in D.WATER],
        "slots": [{"name": s["name"], "q": s["centre"][0], "r": s["centre"][1], "two_players": s["two_players"]}
                  for s in D.SLOTS],
        "tokens": {str(t["id"]): {"terrain": t["terrain"], "resources": list(t["resources"])} for t in D.TOKENS},
        # `effect` (a message with a {terrain} hole) and `terrain_name` let the renderer write `text` in any language.
        "investments": {str(i["id"]): {"cost": i["cost"], "vp": i["vp"], "text": D.investment_text(i["id"]),
                                       "effect": D.EFFECT_TEXT[i["effect"]],
                                       "terrain_name": D.TERRAIN_NAMES[i["terrain"]] if i["terrain"] else None}
                        for i in D.INVESTMENTS},
        "offices": {str(o["id"]): {"name": o["name"], "text": o["text"]} for o in D.OFFICES},
        "boomtown": {"rows": list(D.BOOMTOWN_ROWS), "columns": list(D.BOOMTOWN_COLUMNS)},
        "trading_post": D.TRADING_POST_NAMES,
        "shipping": {"end": D.TRACK_END, "vp": {str(k): v for k, v in D.TRACK_VP.items()},
                     "bonus_spaces": list(D.BONUS_SPACES)},
        "sections": D.SECTIONS,
    }
