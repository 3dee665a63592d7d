"""What each audience sees: the board as a list of places in grid order with everything standing on them, every
player's public wheelbarrow, letters and tiles, piles as counts (face-up discard piles in full), the viewer's own
bonus cards, and the public part of the current decision. catalogue() holds the fixed texts and names."""

from __future__ import annotations

from typing import Any, Callable

import orjson

from app.engine.steps import top

from . import data as D
from . import state as S


def place_view(state: dict, place: int, row: int, col: int, here: dict[str, list]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "place": place, "row": row, "col": col,
        "merchants": here["merchants"], "companions": here["companions"], "family": here["family"],
        "assistants": here["assistants"], "neutrals": state["neutrals"].count(place),
        "tokens": [t for t in D.TOKEN_NAMES if state.get(t) == place],
    }
    barrier = state.get("barrier")
    if barrier and barrier["place"] == place:
        out["barrier"] = barrier["owner"]  # the seat whose merchant may still cross it
    if place == D.WAINWRIGHT:
        out["rubies"] = state["wainwright"]["rubies"]
        out["extensions"] = state["wainwright"]["extensions"]
    elif place in (D.SMALL_MOSQUE, D.GREAT_MOSQUE):
        out["rubies"] = state["mosque_rubies"][str(place)]
        colours = D.SMALL_MOSQUE_COLOURS if place == D.SMALL_MOSQUE else D.GREAT_MOSQUE_COLOURS
        out["tiles"] = {c: list(state["mosques"][c]) for c in colours}
    elif place == D.SULTAN:
        fixed, anys = S.sultan_cost(state)
        out["rubies"] = state["sultan"]["rubies"]
        out["cost"] = {**{g: c for g, c in fixed.items() if c}, **({"any": anys} if anys else {})}
    elif place == D.GEM_DEALER:
        out["rubies"] = state["gem"]["rubies"]
        out["price"] = S.gem_price(state)
    elif place == D.POST_OFFICE:
        goods, lira = D.POST_OFFICE_REWARDS[state["post_office"]]
        out["down"] = state["post_office"]
        out["reward"] = {**goods, "lira": lira}
    elif place in (D.LARGE_MARKET, D.SMALL_MARKET):
        stack = state["demand"][str(place)]
        out["demand"] = {g: c for g, c in D.DEMAND_TILES[place][stack[0]].items() if c}
        out["prices"] = list(D.MARKET_PRICES[place][1:])
    elif place == D.KIOSK:
        out["tiles"] = len(state["kiosk"]["deck"])
        out["revealed"] = list(state["kiosk"]["revealed"])
    elif place == D.SECRET_SOCIETY:
        out["lira"] = list(D.SOCIETY_LIRA[len(state["society_paid"]):])
    elif place == D.CARAVANSARY:
        out["discard"] = len(state["bonus"]["discard"])
    elif place == D.ROASTING_PLANT:
        out["coffee"] = D.ROASTING_COFFEE
    elif place == D.GUILD_HALL:
        out["guild_deck"] = len(state["guild"]["deck"])
        out["guild_discard"] = len(state["guild"]["discard"])
    elif place == D.TAVERN:
        out["rubies"] = state["tavern"]["rubies"]
        out["tavern"] = {s: list(state["tavern"][s]) for s in D.TAVERN_SERIES}
        out["baksheesh"] = D.TAVERN_TILE_COST  # what a Tavern tile costs (the renderer's tooltip says so)
        out["baksheesh_ruby"] = D.BAKSHEESH_COFFEE
        out["baksheesh_paid"] = list(state["tavern"]["baksheesh"])
        out["barrier_price"] = D.BARRIER_COFFEE
    elif place == D.COFFEE_HOUSE:
        out["rubies"] = state["coffee_house"]["rubies"]
        out["coffee_price"] = S.coffee_price(state)
    return out


class Memo(dict):
    """A bounded memo of view parts by content key. A move changes one or two places and one or two players, yet
    every part was laid out again and then compared, deeply, with the last move's copy by the diff
    (app/play/patch.py). Keyed by everything a part reads, an unchanged part is handed back as the very object the
    last move's view holds, so it is neither built again nor walked by the diff (`is`). Every state is a fresh
    parse, so keys are content (ints, bytes), never ids; games share the memo, which is right: equal inputs give
    equal parts, and nothing changes a view once made. Cleared when it grows past `limit`. A dict itself, so that a
    look-up is a plain `dict.get` (a Python method of our own was a fifth of `board` under cProfile)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: Any, value: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


# What each special place's view reads of the state, beside who and what stands there (place_view's branches), as
# JSON data. Reading more than place_view does only costs a rebuild; reading less would hand back a stale view, which
# tests/games/istanbul/test_istanbul_view_memo.py looks for by comparing with fresh views over playouts.
PLACE_READS: dict[int, Callable[[dict, int], Any]] = {
    D.WAINWRIGHT: lambda s, p: s["wainwright"],
    D.SMALL_MOSQUE: lambda s, p: (s["mosque_rubies"][str(p)], s["mosques"]),
    D.GREAT_MOSQUE: lambda s, p: (s["mosque_rubies"][str(p)], s["mosques"]),
    D.SULTAN: lambda s, p: (s["n"], s["sultan"]),
    D.GEM_DEALER: lambda s, p: (s["n"], s["gem"]),
    D.POST_OFFICE: lambda s, p: s["post_office"],
    D.LARGE_MARKET: lambda s, p: s["demand"][str(p)][0],
    D.SMALL_MARKET: lambda s, p: s["demand"][str(p)][0],
    D.KIOSK: lambda s, p: (len(s["kiosk"]["deck"]), s["kiosk"]["revealed"]),
    D.SECRET_SOCIETY: lambda s, p: len(s["society_paid"]),
    D.CARAVANSARY: lambda s, p: len(s["bonus"]["discard"]),
    D.GUILD_HALL: lambda s, p: (len(s["guild"]["deck"]), len(s["guild"]["discard"])),
    D.TAVERN: lambda s, p: s["tavern"],
    D.COFFEE_HOUSE: lambda s, p: s["coffee_house"],
}
# A board holds 16-25 places and a game 2-5 players (a public and an own row each): room for the current parts of
# about a hundred games; a clear costs each game one move built in full, as before the memo.
PLACES = Memo(4096)
PLAYERS = Memo(1024)


# Who stands on a place, as small ints in one list per place (cheap to build and to key on): a merchant is its
# seat, a family member FAMILY + seat, and so on; one code per assistant and per neutral merchant. A place's view is
# made from its codes (`standing`) and from what PLACE_READS names.
FAMILY, COMPANION, ASSISTANT, NEUTRAL, TOKEN, BARRIER = 8, 16, 24, 32, 40, 48


def board(state: dict) -> list[dict[str, Any]]:
    layout = state["layout"]
    codes: dict[int, list] = {p: [] for p in layout}
    for seat, p in enumerate(state["players"]):
        codes[p["merchant"]].append(seat)
        codes[p["family"]].append(FAMILY + seat)
        if isinstance(p["companion"], int):
            codes[p["companion"]].append(COMPANION + seat)
        for place, count in p["assistants"].items():
            codes[int(place)].extend([ASSISTANT + seat] * count)
    for place in state["neutrals"]:
        if place in codes:
            codes[place].append(NEUTRAL)
    for i, token in enumerate(D.TOKEN_NAMES):
        place = state.get(token)
        if place in codes:
            codes[place].append(TOKEN + i)
    barrier = state.get("barrier")
    if barrier and barrier["place"] in codes:
        codes[barrier["place"]].append((BARRIER, barrier["owner"]))
    cols = state["cols"]
    out = []
    for i, p in enumerate(layout):
        reads = PLACE_READS.get(p)
        key = (p, i, cols, *codes[p], orjson.dumps(reads(state, p)) if reads else None)
        view = PLACES.get(key)
        if view is None:
            view = PLACES.keep(key, place_view(state, p, i // cols, i % cols, standing(codes[p])))
        out.append(view)
    return out


def standing(codes: list) -> dict[str, list]:
    """Who of the players stands on a place, by kind, in seat order, from the place's codes."""
    return {"merchants": [c for c in codes if isinstance(c, int) and c < FAMILY],
            "companions": [c - COMPANION for c in codes if isinstance(c, int) and COMPANION <= c < ASSISTANT],
            "family": [c - FAMILY for c in codes if isinstance(c, int) and FAMILY <= c < COMPANION],
            "assistants": [c - ASSISTANT for c in codes if isinstance(c, int) and ASSISTANT <= c < NEUTRAL]}


def player_view(state: dict, seat: int, audience: int | None) -> dict[str, Any]:
    p = state["players"][seat]
    out = {
        "seat": seat, "lira": p["lira"], "rubies": p["rubies"], "capacity": p["capacity"],
        "extensions": p["extensions"], "goods": dict(p["goods"]), "mosque": dict(p["mosque"]),
        "cards": len(p["hand"]), "stack": p["stack"], "spare": p["spare"],
        "merchant": p["merchant"], "family": p["family"], "companion": p["companion"],
        "assistants": S.own_assistants(p),
        "letters": [dict(l) for l in p["letters"]], "seals": S.seals(p),
        "double_used": state["expansion"] and p["double_round"] == state["round"],
    }
    if state["grand_bazaar"]:
        out.update(coffee=p["coffee"], guild=len(p["guild"]), tavern=dict(p["tavern"]))
    if seat == audience:
        out["hand"] = sorted(D.CARD_KIND[c] for c in p["hand"])
        if state["grand_bazaar"]:
            out["guild_hand"] = sorted(p["guild"])
    return out


def player_rows(state: dict, audiences: list[int | None]) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """Every player's public row, and the own row (with the hand) of each seat among `audiences`: built once a move
    for every audience, and handed back from PLAYERS while the player and what its row reads are unchanged."""
    expansion, grand_bazaar, round_ = state["expansion"], state["grand_bazaar"], state["round"]
    rows, own = [], {}
    for seat, p in enumerate(state["players"]):
        # Everything player_view reads for this seat: the player, the two options, the round of its double turn.
        key = orjson.dumps((seat, expansion, grand_bazaar, expansion and p["double_round"] == round_, p))
        row = PLAYERS.get(key)
        if row is None:
            row = PLAYERS.keep(key, player_view(state, seat, None))
        rows.append(row)
        if seat in audiences:
            own_key = (key, "own")
            mine = PLAYERS.get(own_key)
            if mine is None:
                mine = PLAYERS.keep(own_key, own_row(state, seat, row))
            own[seat] = mine
    return rows, own


def own_row(state: dict, seat: int, row: dict[str, Any]) -> dict[str, Any]:
    """`player_view(state, seat, seat)` from the seat's public row: the same keys in the same order, then its hand."""
    p = state["players"][seat]
    out = {**row, "hand": sorted(D.CARD_KIND[c] for c in p["hand"])}
    if state["grand_bazaar"]:
        out["guild_hand"] = sorted(p["guild"])
    return out


def step_view(state: dict) -> dict[str, Any] | None:
    frame = top(state)
    if frame is None:
        return None
    public = {k: v for k, v in frame.items() if k in ("step", "seat", "place", "actor", "meet", "order", "at",
                                                       "bid", "leader", "used", "dice", "number", "fees", "draws", "token",
                                                       "count")}
    return public


def view(state: dict, audience: int | None) -> dict[str, Any]:
    return views(state, [audience])[0]


def views(state: dict, audiences: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences: they differ only in the audience's own row of `players` (its hand), so the
    board and the rest are laid out once."""
    rows, own = player_rows(state, audiences)
    shared = public(state, rows)
    out = []
    for audience in audiences:
        if audience is None:
            out.append(shared)
        else:
            mine = list(rows)
            mine[audience] = own[audience]
            out.append({**shared, "players": mine})
    return out


def public(state: dict, rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What a spectator sees: every player's row without a hand (`rows`: those rows, when the caller has them)."""
    discard = state["bonus"]["discard"]
    out = {
        "expansion": state["expansion"], "cols": state["cols"], "rows": state["rows"],
        "phase": state["phase"], "round": state["round"], "turn": state["turn"], "start": state["start"],
        "ending": state["ending"], "target": S.ruby_target(state),
        "board": board(state),
        "players": rows if rows is not None else player_rows(state, [])[0],
        "bonus": {"deck": len(state["bonus"]["deck"]), "discard": [D.CARD_KIND[c] for c in discard]},
        "letters": {"deck": len(state["letters"]["deck"]),
                    "discard": [D.LETTER_PLACE[l] for l in state["letters"]["discard"]]},
        "kiosk": {"deck": len(state["kiosk"]["deck"]), "discard": list(state["kiosk"]["discard"]),
                  "revealed": list(state["kiosk"]["revealed"])},
        "governor": state["governor"], "smuggler": state["smuggler"], "courier": state["courier"],
        "step": step_view(state),
    }
    if state["grand_bazaar"]:
        out.update(variant="grand_bazaar", variant_label=D.VARIANT_LABEL, variant_note=D.VARIANT_SHORT,
                   coffee_trader=state["coffee_trader"], barrier=dict(state["barrier"]),
                   guild={"deck": len(state["guild"]["deck"]), "discard": list(state["guild"]["discard"])})
    return out


def catalogue() -> dict[str, Any]:
    return {
        "places": {str(p): {"name": D.PLACE_NAMES[p], "text": D.PLACE_TEXTS[p]} for p in D.PLACE_NAMES},
        "goods": {g: D.GOOD_NAMES[g] for g in D.GOODS},
        "cards": {k: {"name": v[0], "text": v[1], "copies": v[2], "expansion": v[3]} for k, v in D.BONUS_KINDS.items()},
        "kiosk": {str(t): text for t, text in D.KIOSK_TILES.items()},
        "demand": {str(m): [dict(t) for t in tiles] for m, tiles in D.DEMAND_TILES.items()},
        "post_office": [{**g, "lira": l} for g, l in D.POST_OFFICE_REWARDS],
        "grand_bazaar": {
            "label": D.VARIANT_LABEL, "note": D.VARIANT_NOTE,
            "places": {str(p): t for p, t in D.GRAND_BAZAAR_PLACE_TEXTS.items()},
            "kiosk": {str(t): text for t, text in D.GRAND_BAZAAR_KIOSK_TEXTS.items()},
            "cards": dict(D.GRAND_BAZAAR_CARD_TEXTS),
            "tavern": {s: D.TAVERN_SERIES_NAMES[s] for s in D.TAVERN_SERIES},
        },
    }
