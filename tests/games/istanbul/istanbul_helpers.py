"""Position builders for Istanbul's tests: a fresh game, then players, tokens and piles put where a test needs
them, a turn started for a seat, and actions picked from the legal list by their fields."""

from __future__ import annotations

from app.games.istanbul import GAME
from app.games.istanbul import data as D


def fresh(n: int = 2, expansion: bool = True, seed: int = 1, **options) -> dict:
    """A new game with seat 0 to move and empty hands (the dealt cards go back under the deck)."""
    opts = {"first_player": 0, "expansion": "letters_and_seals" if expansion else "none", **options}
    state = GAME.new_game(n, opts, seed)
    for player in state["players"]:
        state["bonus"]["deck"][:0] = player["hand"]
        player["hand"] = []
    return state


def cards(*kinds: str) -> list[int]:
    """Card ids of these kinds (distinct copies)."""
    out = []
    for kind in kinds:
        out.append(next(c for c, k in D.CARDS if k == kind and c not in out))
    return out


def give_cards(state: dict, seat: int, *kinds: str) -> None:
    """Move cards of these kinds from wherever they are into `seat`'s hand."""
    for card in cards(*kinds):
        for pile in [state["bonus"]["deck"], state["bonus"]["discard"]] + [p["hand"] for p in state["players"]]:
            if card in pile:
                pile.remove(card)
        state["players"][seat]["hand"].append(card)


def give_letter(state: dict, seat: int, place: int, delivered: bool = False) -> int:
    lid = next(l for l in state["letters"]["deck"] if D.LETTER_PLACE[l] == place)
    state["letters"]["deck"].remove(lid)
    state["players"][seat]["letters"].append({"id": lid, "place": place, "delivered": delivered})
    return lid


def put(state: dict, seat: int, goods: dict | None = None, **fields) -> dict:
    player = state["players"][seat]
    if goods:
        player["goods"].update(goods)
    for key, value in fields.items():
        if key == "assistants":
            placed = sum(value.values())
            player["assistants"] = {str(p): c for p, c in value.items()}
            player["stack"] = D.ASSISTANTS - int(player["spare"]) - placed
        else:
            player[key] = value
    return state


def turn_of(state: dict, seat: int) -> dict:
    """Start `seat`'s turn from a clean stack."""
    state["turn"] = seat
    state["steps"] = [{"step": "move", "seat": seat}]
    return state


def at_place(state: dict, seat: int, place: int, actor: str = "merchant") -> dict:
    """`seat` stands at `place` in phase 3 of its turn."""
    state["turn"] = seat
    if actor == "merchant":
        state["players"][seat]["merchant"] = place
    state["steps"] = [{"step": "act", "seat": seat, "place": place, "actor": actor, "meet": place, "done": False,
                       "repeated": False, "nested": False}]
    return state


def options(state: dict, who: int, **match) -> list[dict]:
    return [a for a in GAME.legal(state, who) if all(a.get(k) == v for k, v in match.items())]


def act(state: dict, who: int, **match) -> tuple[dict, list]:
    """Apply the one legal action of seat `who` whose fields match `match`."""
    found = options(state, who, **match)
    assert len(found) == 1, (match, [a["label"] for a in GAME.legal(state, who)])
    return GAME.apply(state, who, found[0])


def step(state: dict) -> str | None:
    return state["steps"][-1]["step"] if state["steps"] else None


def texts(events: list) -> str:
    return " | ".join(e["text"] for e in events)
