"""Position builders for The River's tests: a game after the draft, then the board, players and deck set by
name, and actions applied through Game.apply as a player would send them."""

from __future__ import annotations

from app.engine import steps as frames
from app.games.river import GAME
from app.games.river import data as C

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
    """Buoys, the barge and every ship's position."""
    state["buoys"] = sorted(buoys)
    state["barge"] = barge
    for player, where in zip(state["players"], pos):
        player["pos"] = where
    return state


def player(state: dict, seat: int, **fields) -> dict:
    """Set a player's fields by name: hand, used, spent, article, replaced, pos, equipment."""
    for key, value in fields.items():
        assert key in state["players"][seat], key
        state["players"][seat][key] = list(value) if isinstance(value, (list, tuple)) else value
    return state


def make_homeward(state: dict, seat: int) -> dict:
    """A full article (5, 4, 4, 3) and 4 replacements made: the ship heads for the Bay."""
    return player(state, seat, article=[disc(2, 5), disc(2, 4), disc(2, 4, 1), disc(2, 3)],
                  replaced=[disc(1, 1), disc(1, 2), disc(1, 2, 1), disc(1, 3)])


def stack_deck(state: dict, top: list[int]) -> dict:
    """Put these cards on top of the deck, the last one on top."""
    state["deck"] = [c for c in state["deck"] if c not in top] + list(top)
    return state


def each(state: dict, key: str) -> list:
    """One field of every player, in seat order: each(s, "pos") == [3, 0]."""
    return [p[key] for p in state["players"]]


def ask(state: dict, kind: str, seat: int, **fields) -> dict:
    """Make `seat` face a decision directly (instead of playing up to it)."""
    frames.push(state, kind, seat, **fields)
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
