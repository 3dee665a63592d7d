"""What each audience may know of a Gold West game, and the static catalogue (hex geometry, tokens, cards, offices).

Face-down mining tokens are shown by terrain only (the terrain is printed on the back); a player who looked at one
with investment 4 sees its face, the others see only that it was looked at.
"""

from __future__ import annotations

from typing import Any, Callable

import orjson

from . import data as D
from .scoring import group_sizes


class PartMemo:
    """View parts by a cheap content key of what they read (issue 33: a move costs what it changes).

    Most of a Gold West view changes slowly (the map, the players' rows, Boomtown), yet building it afresh each move
    was half the move, and the diff then walked every fresh copy to find it equal. A part whose key is unchanged is
    handed back as the very same object, so it is neither built again nor diffed (`make_patches` skips a pair that
    `is` the same). Parts are never changed once made (the hub only sets top-level keys of the full view), so one
    object may serve several moves, audiences and games. Bounded: cleared when full, as many games share a process;
    a miss only costs the build."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: dict[Any, Any] = {}

    def get(self, key: Any, build: Callable[[], Any]) -> Any:
        part = self.parts.get(key)
        if part is None:
            if len(self.parts) >= self.size:
                self.parts.clear()
            part = self.parts[key] = build()
        return part

    def clear(self) -> None:
        self.parts.clear()


# One memo per kind of part; each key holds everything its part reads. Sizes: a few games' worth of moves.
BOARDS = PartMemo(256)  # (players, the map as JSON) -> Board
PEEKED_MAPS = PartMemo(256)  # (the map as JSON, peeked hexes) -> the map as that player sees it
ROWS = PartMemo(1024)  # (seat, the player as JSON, its board summary) -> the player's public row
FIXTURES = PartMemo(256)  # the slow-changing rest of the state as JSON -> its parts of the view
# What one hex shows -> its entry in the map. Each field keeps its JSON type (bool, int or None) in every state, so
# Python's 1 == True cannot make two keys of different entries equal.
HEX_ENTRIES = PartMemo(4096)
MEMOS = (BOARDS, PEEKED_MAPS, ROWS, FIXTURES, HEX_ENTRIES)


def clear_memos() -> None:
    """Forget every memoised part (tests compare memoised views with fresh ones)."""
    for memo in MEMOS:
        memo.clear()


class Board:
    """What the views read off the map, worked out in one pass: the map as seen by an audience that looked at no
    token, the face-down count per terrain, and per seat its settlements per terrain and its group sizes (the
    scoring the players' rows show), with a key of the latter two for the rows' memo."""

    __slots__ = ("unpeeked", "face_down", "settlements", "groups", "seat_keys")

    def __init__(self, hexes_: list[dict], players: int) -> None:
        self.unpeeked = hexes(hexes_, ())
        self.face_down = {t: 0 for t in D.TERRAINS}
        settled = [{t: 0 for t in D.TERRAINS} for _ in range(players)]
        own: list[set[int]] = [set() for _ in range(players)]
        for h, hx in enumerate(hexes_):
            camp = hx["camp"]
            if camp is not None:
                own[camp].add(h)
                if hx["settlement"]:
                    settled[camp][hx["terrain"]] += 1
            if hx["token"] is not None and not hx["face_up"]:
                self.face_down[hx["terrain"]] += 1
        self.settlements = settled
        self.groups = [group_sizes(o) for o in own]
        self.seat_keys = [(tuple(settled[s].values()), tuple(self.groups[s])) for s in range(players)]


def view(state: dict, seat: int | None) -> dict[str, Any]:
    return views(state, [seat])[0]


def views(state: dict, seats: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences: everything but the map's peeked tokens is the same for all, so it is worked
    out once, and each part that did not change since it was last built is the object built then (PartMemo)."""
    map_key = orjson.dumps(state["map"])
    board = BOARDS.get((state["num_players"], map_key), lambda: Board(state["map"], state["num_players"]))
    shared = public(state, board)
    unpeeked = None  # the one view of every audience that has looked at no token
    out = []
    for seat in seats:
        peeked = state["players"][seat]["peeked"] if seat is not None else None
        if peeked:
            seen = tuple(peeked)
            out.append({**shared, "map": PEEKED_MAPS.get((map_key, seen), lambda: hexes(state["map"], seen))})
        else:
            # One object for all these audiences (views are never changed once made), so the diff of a move
            # walks it once for all of them rather than once per audience.
            if unpeeked is None:
                unpeeked = {**shared, "map": board.unpeeked}
            out.append(unpeeked)
    return out


def hexes(hexes_: list[dict], seen: tuple[int, ...] | set[int]) -> list[dict[str, Any]]:
    """The map as an audience sees it that has looked at the face-down tokens on the hexes `seen`. Each hex's entry
    is memoised by what it shows, so a map that changed in a few hexes holds the very same entries for the rest
    (the diff then skips them at once)."""
    out = []
    for h, hx in enumerate(hexes_):
        terrain = hx["terrain"]
        if terrain is None:
            continue
        token = hx["token"]
        if token is None:
            key: tuple = (h, terrain, hx["camp"], hx["settlement"], hx["looted"])
        else:
            face_up = hx["face_up"]
            key = (h, terrain, hx["camp"], hx["settlement"], hx["looted"], face_up,
                   token if face_up or h in seen else None)
        out.append(HEX_ENTRIES.get(key, lambda: hex_entry(key)))
    return out


def hex_entry(key: tuple) -> dict[str, Any]:
    """One hex of the map from its memo key: (id, terrain, camp, settlement, looted[, face_up, token shown])."""
    entry: dict[str, Any] = {"id": key[0], "terrain": key[1], "camp": key[2], "settlement": key[3], "looted": key[4]}
    if len(key) > 5:
        entry["face_up"] = key[5]
        entry["token"] = key[6]
    return entry


def player_row(s: int, p: dict, board: Board) -> dict[str, Any]:
    return {
        "seat": s,
        "vp": p["vp"],
        "points": dict(p["points"]),
        "supply": [list(section) for section in p["supply"]],
        "camps": p["camps"],
        "influence_tokens": p["influence_tokens"],
        "influence": {t: len(p["tokens"][t]) + p["markers"][t] for t in D.TERRAINS},  # scoring.influence
        "tokens": {t: list(ids) for t, ids in p["tokens"].items()},
        "settlements": board.settlements[s],
        "markers": dict(p["markers"]),
        "investments": list(p["investments"]),
        "ship": dict(p["ship"]),
        "ship_tiles": list(p["ship_tiles"]),
        "wanted": p["wanted"],
        "peeked": list(p["peeked"]),
        "groups": board.groups[s],
    }


def fixtures(state: dict) -> dict[str, Any]:
    """The parts of the public view that change a few times a game at most."""
    boomtown = state["boomtown"]
    return {
        "order": list(state["order"]),
        "tiles": [list(t) if t else None for t in state["tiles"]],
        "boomtown": {"cells": [dict(c) for c in boomtown["cells"]],
                     "offices": [{"office": o["office"], "cells": list(o["cells"])} for o in boomtown["offices"]],
                     "single": boomtown["single"], "single_tile": boomtown["single_tile"]},
        "investments": list(state["investments"]),
        "investment_bonus": list(state["investment_bonus"]),
        "ship_bonus": {m: [list(stack) for stack in stacks] for m, stacks in state["ship_bonus"].items()},
        "options": dict(state["options"]),
    }


def public(state: dict, board: Board | None = None) -> dict[str, Any]:
    """What every audience sees alike. Without `board`, built afresh (its hexes' entries aside) and kept nowhere."""
    if board is None:
        board = Board(state["map"], state["num_players"])
        players = [player_row(s, p, board) for s, p in enumerate(state["players"])]
        fixed = fixtures(state)
    else:
        players = []
        for s, p in enumerate(state["players"]):
            players.append(ROWS.get((s, orjson.dumps(p), board.seat_keys[s]), lambda: player_row(s, p, board)))
        fixed = FIXTURES.get(orjson.dumps([state[k] for k in FIXTURE_KEYS]), lambda: fixtures(state))
    turn = state["turn"]
    return {
        "phase": state["phase"],
        "round": state["round"],
        "order": fixed["order"],
        "turn": {"seat": turn["seat"], "final": turn["final"], "hand": list(turn["hand"]), "held": dict(turn["held"]),
                 "invested": turn["invested"], "boomtown": turn["boomtown"], "hex": turn["hex"]},
        "tiles": fixed["tiles"],
        "face_down": board.face_down,
        "boomtown": fixed["boomtown"],
        "investments": fixed["investments"],
        "investment_bonus": fixed["investment_bonus"],
        "ship_bonus": fixed["ship_bonus"],
        "players": players,
        "options": fixed["options"],
    }


FIXTURE_KEYS = ("order", "tiles", "boomtown", "investments", "investment_bonus", "ship_bonus", "options")


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
