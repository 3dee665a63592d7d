"""Shared helpers for The River's tests: build states directly and drive them through Game.apply."""

from __future__ import annotations

from app.games.river import GAME
from app.games.river import cards as C

STAR = C.STAR


def disc(front: int, value: int, skip: int = 0) -> int:
    """A discovery card id with this front and value (the skip-th such card)."""
    ids = [c for c in C.DISCOVERY_IDS if C.FRONT[c] == front and C.VALUE[c] == value]
    return ids[skip]


def equip(t: int, copy: int = 0) -> int:
    return t * C.EQUIPMENT_COPIES + copy


def fresh(n: int = 2, seed: int = 1, drafts: list[int] | None = None) -> dict:
    """A game after the equipment draft (seat s takes tool drafts[s], default s), in round 1's choice."""
    state = GAME.new_game(n, {"first_player": 0}, seed)
    drafts = drafts if drafts is not None else list(range(n))
    for seat in range(n - 1, -1, -1):
        state, _ = GAME.apply(state, seat, {"type": "draft", "equip": drafts[seat],
                                            "label": f"Take the {C.FRONT_NAMES[drafts[seat]]}"})
    assert state["phase"] == "choose"
    return state


def board(state: dict, buoys: list[int], barge: int, pos: list[int]) -> dict:
    state["buoys"] = sorted(buoys)
    state["barge"] = barge
    state["pos"] = list(pos)
    return state


def act(state: dict, seat: int, **match) -> tuple[dict, list]:
    """Apply the one legal action of `seat` whose fields match `match`."""
    options = [a for a in GAME.legal(state, seat) if all(a.get(k) == v for k, v in match.items())]
    assert len(options) == 1, (match, GAME.legal(state, seat))
    return GAME.apply(state, seat, options[0])


def choose_all(state: dict, tokens: dict[int, int]) -> tuple[dict, list]:
    events: list = []
    for seat, tok in tokens.items():
        state, ev = act(state, seat, type="token", token=tok)
        events += ev
    return state, events


def texts(events: list) -> str:
    return "\n".join(e["text"] for e in events)
