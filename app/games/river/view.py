"""What each audience sees of The River, and the static catalogue the renderer loads once.

Public: positions, buoys, barge, everybody's equipment and tokens (hand / used / spent values), articles and
replaced cards, the cargo, the tool side of the top discovery and of the aside pile, the deck's size. Hidden:
another player's secret token before the reveal, the creature side of every card in the deck or aside pile.
"""

from __future__ import annotations

from typing import Any

import orjson

from app.engine.game import copy_state
from app.engine.kit import unseen_shuffle
from app.engine import steps as frames
from app.engine.memo import Memo

from . import data as C
from .scoring import score
from .state import RiverState, homeward
from .steps import chosen_tokens


def view(state: RiverState, seat: int | None) -> dict[str, Any]:
    return views(state, [seat])[0]


def views(state: RiverState, seats: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences: they differ only in the seat's own secret token, so the public part is made
    once, and every audience without a secret of its own gets that very dict (the patch of one shared dict is
    worked out once a move, not once per audience)."""
    shared = public(state)
    chosen = chosen_tokens(state) if state["phase"] == "choose" else None
    if chosen is None:
        return [shared] * len(seats)
    out = []
    for seat in seats:
        mine = chosen[seat] if seat is not None and 0 <= seat < len(chosen) else None
        out.append(shared if mine is None else {**shared, "my_choice": mine})
    return out


# View parts that change slowly (a player's row, the list of rows, the barge's cargo), kept by a cheap content key
# and handed back as the very same object while that key is unchanged: building them again each move cost more than
# the key, and the patch skips an unchanged part at once when it is the same object (`is`). The key must hold
# everything the part is made from. A part made again is only slower, never different. Nothing changes a view once
# made, so a part may be held by many views, moves and tables. Small (`state.Memo`): what a table's next move needs
# is what its previous move made.
_ROWS = Memo(32)
_PLAYERS = Memo(16)  # the list of rows, the same while no row changed
_CARGO = Memo(8)


def _player_row(state: RiverState, s: int, p: Any, chosen: bool) -> dict[str, Any]:
    phase = state["phase"]
    return {
        "seat": s,
        "pos": p["pos"],
        "equipment": [C.EQUIPMENT_TYPE[e] for e in p["equipment"]],
        "hand": list(p["hand"]),  # a secret choice is still counted in the hand
        "used": list(p["used"]),
        "spent": list(p["spent"]),
        "article": list(p["article"]),
        "replaced": list(p["replaced"]),
        "homeward": homeward(p),
        "in_bay": s in state["bay"],
        "chosen": phase == "choose" and chosen,
        "waiting": phase == "choose" and p["pos"] != C.BAY and not chosen,
        "token": p["token"] if phase == "act" else None,
        "score": score(state, s),
    }


def _cargo(state: RiverState) -> dict[str, int]:
    cargo: dict[str, int] = {}
    for e in state["cargo"]:
        key = str(C.EQUIPMENT_TYPE[e])
        cargo[key] = cargo.get(key, 0) + 1
    return cargo


def public(state: RiverState) -> dict[str, Any]:
    phase = state["phase"]
    chosen = chosen_tokens(state) or [None] * len(state["players"])
    bay = state["bay"]
    first_in_bay = bay[0] if bay else None
    # What a row is made of: the player, the phase, whether their token is chosen, the Bay (their score's bonus,
    # `in_bay`).
    keys = tuple([(s, orjson.dumps(p), phase, chosen[s] is not None, s in bay, first_in_bay == s)
                  for s, p in enumerate(state["players"])])
    players = _PLAYERS.get(keys)
    if players is None:
        players = []
        for key, p in zip(keys, state["players"]):
            row = _ROWS.get(key)
            players.append(row if row is not None else _ROWS.keep(key, _player_row(state, key[0], p, key[3])))
        _PLAYERS.keep(keys, players)
    cargo_key = orjson.dumps(state["cargo"])
    cargo = _CARGO.get(cargo_key)
    if cargo is None:
        cargo = _CARGO.keep(cargo_key, _cargo(state))
    frame = frames.top(state)
    decision = None
    if frame and phase == "act":
        decision = {"kind" if k == "step" else k: v for k, v in frame.items()}
    turn = None
    if phase == "act" and 0 <= state["acting"] < len(state["order"]):
        turn = state["order"][state["acting"]]
    elif phase == "draft" and frame:
        turn = frame["order"][frame["at"]]
    top = state["deck"][-1] if state["deck"] else None
    return {
        "phase": phase,
        "round": state["round"],
        "round_cap": C.ROUND_CAP,
        "turn": turn,
        "order": list(state["order"]),
        "order_index": state["acting"],
        "low": state["low"],
        "tiebreak": list(state["tiebreak"]),
        "buoys": list(state["buoys"]),
        "barge": state["barge"],
        "cargo": cargo,
        "deck_count": len(state["deck"]),
        "deck_top": C.FRONT[top] if top is not None else None,
        "aside": [C.FRONT[c] for c in state["aside"]],
        "players": players,
        "bay": list(bay),
        "sub": decision,
        "my_choice": None,
    }


def catalogue() -> dict[str, Any]:
    return {
        "river_length": C.RIVER_LENGTH,
        "bay": C.BAY,
        "star": C.STAR,
        "tokens": C.TOKENS,
        "clover": C.CLOVER,
        "fronts": C.FRONT_NAMES,
        "equipment_ru": [ru for _, ru in C.EQUIPMENT],
        "cards": {str(c): {"front": C.FRONT[c], "creature": C.CREATURE[c], "value": C.VALUE[c]}
                  for c in C.DISCOVERY_IDS},
        "article_slots": C.ARTICLE_SLOTS,
        "replacements": C.REPLACEMENTS_NEEDED,
    }


def scramble_hidden(state: RiverState, audience: int | None, rng: Any) -> RiverState:
    """A copy in which what `audience` may not know is dealt anew: the deck and aside cards, keeping the tool side
    the table shows (the top of the deck, every aside card) and the deck's size; the generator; the other players'
    secret tokens. The deal depends only on what the audience knows (`unseen_shuffle`)."""
    out = copy_state(state)
    deck, aside = out["deck"], out["aside"]
    pool = unseen_shuffle(deck + aside, rng)

    def take(front: int) -> int:
        return pool.pop(next(i for i, c in enumerate(pool) if C.FRONT[c] == front))

    aside[:] = [take(C.FRONT[c]) for c in aside]
    top = take(C.FRONT[deck[-1]]) if deck else None
    deck[:] = pool + ([top] if top is not None else [])
    out["rng"] = rng.getrandbits(64)
    chosen = chosen_tokens(out)
    if chosen:
        for s, token in enumerate(chosen):
            if s != audience and token is not None:
                chosen[s] = rng.choice(out["players"][s]["hand"])
    return out
