"""Position builders for the Gold Rush tests: new games, cards moved where a test needs them, actions found by kind."""

from __future__ import annotations

from app.engine import Log, steps
from app.games.goldrush import GAME
from app.games.goldrush.data import CARD
from app.games.goldrush.rules import cards_everywhere
from app.games.goldrush.state import new_turn_flags, vp
from app.games.goldrush.turn import start_turn


def ids(key: str) -> list[int]:
    return [i for i, d in enumerate(CARD) if d["key"] == key]


def new(variant: str = "full", n: int = 2, seed: int = 1, **opts) -> dict:
    return GAME.new_game(n, {"variant": variant, "first_player": 0, **opts}, seed)


def phase(state: dict) -> str:
    """The kind of the decision now asked ("main", "pay", "keep"...), or "over"."""
    top = steps.top(state)
    return top["step"] if top is not None else "over"


def frame(state: dict) -> dict | None:
    return steps.top(state)


def main_turn(state: dict, seat: int) -> None:
    """Make it `seat`'s turn, at the point where it chooses its actions, with nothing done yet."""
    state["turn"] = seat
    state["phase"] = "actions"
    state["turn_flags"] = new_turn_flags()
    state["steps"] = [{"step": "main"}]


def locations(state: dict) -> list[list[int]]:
    """Every list a card can sit in."""
    out = [state["deck"][k] for k in "gxme"] + [state["discard"][k] for k in "gxme"]
    out += [state["market"], state["row"], state["box"]]
    for p in state["players"]:
        out += [p["area"], p["hand"], p["achievements"]]
    return out


def take(state: dict, cid: int) -> int:
    """Remove a card from wherever it is (for building test positions)."""
    for loc in locations(state):
        if cid in loc:
            loc.remove(cid)
            return cid
    for p in state["players"]:
        if p["secret"] == cid:
            p["secret"] = None
            return cid
    raise AssertionError(f"card {cid} not found")


def free(state: dict, key: str, k: int = 1) -> list[int]:
    """k copies of a design, taken preferably from decks/discards (not from players)."""
    got = []
    player_locs = [id(x) for p in state["players"] for x in (p["area"], p["hand"], p["achievements"])]
    tops = {c for k in "gxme" for c in state["deck"][k][-6:]}  # keep cards a test just stacked
    for c in sorted(ids(key), key=lambda c: c in tops):
        if len(got) == k:
            break
        if any(c in loc for loc in locations(state) if id(loc) not in player_locs):
            take(state, c)
            got.append(c)
    assert len(got) == k, f"not enough free {key}"
    return got


def give(state: dict, seat: int, key: str, k: int = 1, where: str = "area") -> list[int]:
    cards = free(state, key, k)
    state["players"][seat][where].extend(cards)
    return cards


def on_top(state: dict, deck: str, key_or_id) -> int:
    """Put a card (design key or id) on top of a deck."""
    cid = take(state, key_or_id) if isinstance(key_or_id, int) else free(state, key_or_id)[0]
    state["deck"][deck].append(cid)
    return cid


def find(state: dict, seat: int, type_: str, **match) -> dict | None:
    for a in GAME.legal(state, seat):
        if a["type"] == type_ and all(a.get(k) == v for k, v in match.items()):
            return a
    return None


def labels(state: dict, seat: int) -> list[str]:
    return [a["label"] for a in GAME.legal(state, seat)]


def act(state: dict, seat: int, type_: str, **match) -> tuple[dict, list[dict]]:
    a = find(state, seat, type_, **match)
    assert a is not None, f"no legal {type_} {match} in {labels(state, seat)}"
    return GAME.apply(state, seat, a)


def claim(state: dict, seat: int, card: int) -> tuple[dict, list[dict]]:
    """Basic game: claim an achievement, taking no action first when the action is still open."""
    if find(state, seat, "claim", card=card) is None and find(state, seat, "skip") is not None:
        state, _ = act(state, seat, "skip")
    return act(state, seat, "claim", card=card)


def nothing_to_claim(state: dict) -> None:
    """Basic game: the face-up achievements and seat 0's secret go back to the box, so a turn ends after its action."""
    state["box"] += state["row"] + [state["players"][0]["secret"]]
    state["row"], state["players"][0]["secret"] = [], None


def start(state: dict, seat: int | None = None) -> list[dict]:
    """Restart the active (or given) seat's turn from its beginning."""
    if seat is not None:
        state["turn"] = seat
    log = Log()
    start_turn(state, log)
    return log.events


def all_cards(state: dict) -> list[int]:
    return cards_everywhere(state)


def check_invariants(state: dict) -> None:
    GAME.invariants(state)
    res = GAME.result(state)
    if res is not None:
        for s in range(state["num_players"]):
            own = state["players"][s]
            assert res["scores"][s] == vp(state, s)
            assert res["scores"][s] == sum(CARD[c]["vp"] for c in own["area"]) + len(own["achievements"]) + (
                state["industrialist"] == s)
