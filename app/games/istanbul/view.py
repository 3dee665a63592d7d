"""What each audience sees: the board as a list of places in grid order with everything standing on them, every
player's public wheelbarrow, letters and tiles, piles as counts (face-up discard piles in full), the viewer's own
bonus cards, and the public part of the current decision. catalogue() holds the fixed texts and names."""

from __future__ import annotations

from typing import Any

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


def board(state: dict) -> list[dict[str, Any]]:
    here = {p: {"merchants": [], "companions": [], "family": [], "assistants": []} for p in state["layout"]}
    for seat, p in enumerate(state["players"]):
        here[p["merchant"]]["merchants"].append(seat)
        here[p["family"]]["family"].append(seat)
        if isinstance(p["companion"], int):
            here[p["companion"]]["companions"].append(seat)
        for place, count in p["assistants"].items():
            here[int(place)]["assistants"].extend([seat] * count)
    cols = state["cols"]
    return [place_view(state, p, i // cols, i % cols, here[p]) for i, p in enumerate(state["layout"])]


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
    shared = public(state)
    rows = shared["players"]
    out = []
    for audience in audiences:
        if audience is None:
            out.append(shared)
        else:
            own = list(rows)
            own[audience] = player_view(state, audience, audience)
            out.append({**shared, "players": own})
    return out


def public(state: dict) -> dict[str, Any]:
    """What a spectator sees: every player's row without a hand."""
    discard = state["bonus"]["discard"]
    out = {
        "expansion": state["expansion"], "cols": state["cols"], "rows": state["rows"],
        "phase": state["phase"], "round": state["round"], "turn": state["turn"], "start": state["start"],
        "ending": state["ending"], "target": S.ruby_target(state),
        "board": board(state),
        "players": [player_view(state, s, None) for s in range(state["n"])],
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
