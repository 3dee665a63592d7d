"""The shape of a Gold West game state (TypedDicts with word keys) and the deal for 2, 3 or 4 players.

The deal: terrain tiles in random order and rotation on the slots in play (the two end slots stay empty with 2
players), one face-down mining token of the hex's terrain on every hex (the water's neighbours face up), four random
offices tiled into the Boomtown grid around the single cell, eight investments, the bonus tiles, and each player's
camps, influence tokens, stagecoaches and starting resources by place in turn order.
"""

from __future__ import annotations

from typing import Any, TypedDict

from app.engine.kit import first_seat, seats_from
from app.engine.rng import Rng

from . import data as D


class Hex(TypedDict):
    terrain: str | None  # None: the slot is not used (2 players)
    token: int | None  # the mining token still on the hex
    face_up: bool
    camp: int | None  # the seat whose camp stands here
    settlement: bool  # the camp has an influence token under it
    looted: bool


class Player(TypedDict):
    supply: list[list[str]]  # supply track sections 0..3
    vp: int
    points: dict[str, int]  # VP scored during play, by source (sums to vp)
    camps: int  # camps not yet used
    influence_tokens: int  # influence tokens not yet placed
    tokens: dict[str, list[int]]  # mining tokens in the influence row of each terrain
    markers: dict[str, int]  # influence tokens in each row (settlements, investments)
    investments: list[int]
    ship: dict[str, int]  # stagecoach space per metal track
    ship_tiles: list[int]  # shipping bonus tiles won
    wanted: int  # camps in the Wanted area
    peeked: list[int]  # face-down hexes this player has looked at (investment 4)


class Cell(TypedDict):
    office: int | None  # None: the single cell
    token: int | None
    shared: int | None  # a second token placed by investment 3


class Boomtown(TypedDict):
    cells: list[Cell]
    offices: list[dict[str, Any]]  # {"office": id, "cells": [a, b]}
    single: int  # the single cell
    single_tile: str  # "vp4" or a Trading Post tile


class Turn(TypedDict):
    seat: int
    final: bool  # the last turn: no Build or Loot
    hand: list[str]  # taken from a section, still being dropped
    held: dict[str, int]  # activated resources
    invested: bool
    boomtown: bool
    hex: int | None  # taken this turn


class GoldWestState(TypedDict):
    rng: int
    phase: str  # "normal", "final" (the last turn each), "over"
    steps: list[dict[str, Any]]
    over: dict[str, Any] | None
    num_players: int
    options: dict[str, bool]
    order: list[int]  # seats in turn order
    round: int
    turns_left: int  # final phase: last turns still to play
    tiles: list[list[int] | None]  # per slot: [tile, rotation], None when unused
    map: list[Hex]
    box: dict[str, list[int]]  # mining tokens left out (2 players), by terrain
    discarded: list[int]  # mining tokens from looted hexes
    boomtown: Boomtown
    investments: list[int]  # face up, not yet bought
    investment_bonus: list[int]  # highest first
    ship_bonus: dict[str, list[list[int]]]  # per metal, per bonus space: tiles left, highest first
    players: list[Player]
    turn: Turn


def new_player(num_players: int) -> Player:
    return {
        "supply": [[], [], [], []],
        "vp": 0,
        "points": {},
        "camps": D.CAMPS[num_players],
        "influence_tokens": D.INFLUENCE_TOKENS,
        "tokens": {t: [] for t in D.TERRAINS},
        "markers": {t: 0 for t in D.TERRAINS},
        "investments": [],
        "ship": {m: 0 for m in D.METALS},
        "ship_tiles": [],
        "wanted": 0,
        "peeked": [],
    }


def deal_map(rng: Rng, num_players: int) -> tuple[list[list[int] | None], list[Hex], dict[str, list[int]]]:
    slots = [i for i, slot in enumerate(D.SLOTS) if num_players > 2 or slot["two_players"]]
    tiles = list(range(len(D.TILES)))
    rng.shuffle(tiles)
    placed: list[list[int] | None] = [None] * len(D.SLOTS)
    for slot, tile in zip(slots, tiles):
        placed[slot] = [tile, rng.below(6)]
    hexes: list[Hex] = []
    for hex_id in range(D.HEX_COUNT):
        tile_rot = placed[D.slot_of(hex_id)]
        terrain = D.terrain_at(tile_rot[0], tile_rot[1], hex_id % 7) if tile_rot else None
        hexes.append({"terrain": terrain, "token": None, "face_up": False, "camp": None, "settlement": False,
                      "looted": False})
    box: dict[str, list[int]] = {}
    for terrain in D.TERRAINS:
        stack = list(D.TOKENS_BY_TERRAIN[terrain])
        rng.shuffle(stack)
        for hex_id, hx in enumerate(hexes):
            if hx["terrain"] == terrain:
                hx["token"] = stack.pop()
                hx["face_up"] = hex_id in D.WATER_ADJACENT
        box[terrain] = sorted(stack)
    return placed, hexes, box


def tile_boomtown(rng: Rng) -> tuple[int, list[list[int]]]:
    """A random single cell (corner or centre) and four dominoes covering the other eight cells."""
    single = rng.choice(D.SINGLE_CELL_SPOTS)
    while True:
        covered = {single}
        dominoes: list[list[int]] = []
        for cell in range(9):
            if cell in covered:
                continue
            partners = [c for c in (cell + 1 if cell % 3 < 2 else None, cell + 3 if cell < 6 else None)
                        if c is not None and c not in covered]
            if not partners:
                break
            partner = rng.choice(partners)
            covered.update((cell, partner))
            dominoes.append([cell, partner])
        if len(dominoes) == 4:
            return single, dominoes


def deal_boomtown(rng: Rng, options: dict[str, bool]) -> Boomtown:
    single, dominoes = tile_boomtown(rng)
    pool = [o["id"] for o in D.OFFICES if options["bandits"] or not o["bandits"]]
    rng.shuffle(pool)
    cells: list[Cell] = [{"office": None, "token": None, "shared": None} for _ in range(9)]
    offices = []
    for office, pair in zip(pool, dominoes):
        offices.append({"office": office, "cells": pair})
        for cell in pair:
            cells[cell]["office"] = office
    tile = rng.choice(D.TRADING_POST_TILES) if options["trading_post"] else "vp4"
    return {"cells": cells, "offices": offices, "single": single, "single_tile": tile}


def setup_state(state: dict, num_players: int, options: Any) -> None:
    rng = Rng(state)
    flags = {"trading_post": bool(options.trading_post), "bandits": bool(options.bandits),
             "two_player_majorities": bool(options.two_player_majorities)}
    first = first_seat(options, num_players, rng)
    tiles, hexes, box = deal_map(rng, num_players)
    cards = [inv["id"] for inv in D.INVESTMENTS]
    rng.shuffle(cards)
    boomtown = deal_boomtown(rng, flags)
    players = [new_player(num_players) for _ in range(num_players)]
    order = seats_from(first, num_players)
    for place, seat in enumerate(order):
        players[seat]["supply"] = [list(section) for section in D.START_SUPPLY[place]]
    state.update({
        "phase": "normal",
        "steps": [],
        "over": None,
        "num_players": num_players,
        "options": flags,
        "order": order,
        "round": 1,
        "turns_left": 0,
        "tiles": tiles,
        "map": hexes,
        "box": box,
        "discarded": [],
        "boomtown": boomtown,
        "investments": sorted(cards[:D.INVESTMENTS_IN_PLAY]),
        "investment_bonus": list(D.INVESTMENT_BONUS[num_players]),
        "ship_bonus": {m: [list(D.SHIPPING_TILES[m]) for _ in D.BONUS_SPACES] for m in D.METALS},
        "players": players,
        "turn": new_turn(order[0]),
    })


def new_turn(seat: int, final: bool = False) -> Turn:
    return {"seat": seat, "final": final, "hand": [], "held": {}, "invested": False, "boomtown": False, "hex": None}
