"""Position builders for Gold West's tests: a dealt game with seat 0 first, then a turn put at a chosen step with
chosen resources, buildings and influence, all through the state's own shape so the invariants still hold."""

from __future__ import annotations

from app.engine import steps as S
from app.games.goldwest import GAME
from app.games.goldwest import data as D
from app.games.goldwest.state import new_turn


def fresh(n: int = 3, seed: int = 1, **options) -> dict:
    """A new game, seat 0 first, waiting for seat 0 to activate its supply track."""
    return GAME.new_game(n, {"first_player": 0, **options}, seed)


def at_step(state: dict, kind: str, seat: int = 0, held: dict | None = None, **fields) -> dict:
    """The turn of `seat` at step `kind`, holding `held` activated resources."""
    state["turn"] = new_turn(seat)
    state["turn"]["held"] = dict(held or {})
    S.clear(state)
    S.push(state, kind, seat, **fields)
    return state


def options(state: dict, seat: int = 0) -> list[dict]:
    return GAME.legal(state, seat)


def act(state: dict, seat: int = 0, **match) -> tuple[dict, list[dict]]:
    """Play the one legal action whose fields include `match`."""
    found = [a for a in GAME.legal(state, seat) if all(a.get(k) == v for k, v in match.items())]
    assert len(found) == 1, (match, GAME.legal(state, seat))
    new_state, events = GAME.apply(state, seat, found[0])
    GAME.invariants(new_state)
    return new_state, events


def hexes_of(state: dict, terrain: str | None = None, face_up: bool | None = None) -> list[int]:
    return [h for h, hx in enumerate(state["map"]) if hx["token"] is not None
            and (terrain is None or hx["terrain"] == terrain) and (face_up is None or hx["face_up"] == face_up)]


def build(state: dict, seat: int, hex_id: int, settlement: bool = False) -> None:
    """A building of `seat` on `hex_id`, its token moved to the seat's influence row (as a real build does)."""
    hx = state["map"][hex_id]
    player = state["players"][seat]
    player["tokens"][hx["terrain"]].append(hx["token"])
    hx["token"] = None
    hx["camp"] = seat
    player["camps"] -= 1
    if settlement:  # one influence token under the camp, one in the terrain's row
        hx["settlement"] = True
        player["influence_tokens"] -= 2
        player["markers"][hx["terrain"]] += 1


def loot(state: dict, seat: int, hex_id: int) -> None:
    hx = state["map"][hex_id]
    state["discarded"].append(hx["token"])
    hx["token"] = None
    hx["looted"] = True
    player = state["players"][seat]
    player["camps"] -= 1
    player["wanted"] += 1
    player["vp"] -= 1
    player["points"]["looting"] = player["points"].get("looting", 0) - 1


def line_hexes(start: tuple[int, int], step: tuple[int, int], count: int) -> list[int]:
    q, r = start
    return [D.HEX_AT[(q + i * step[0], r + i * step[1])] for i in range(count)]


def clear_board(state: dict) -> dict:
    """No building anywhere yet and nobody with influence: a blank slate for scoring positions."""
    for player in state["players"]:
        player["supply"] = [[], [], [], []]
    return state


def finish_now(state: dict) -> dict:
    """Score the game as it stands."""
    from app.games.goldwest.scoring import final_result

    return final_result(state)


def texts(events: list[dict]) -> str:
    return " | ".join(e["text"] for e in events)


def put_coach(state: dict, seat: int, metal: str, space: int) -> None:
    """A stagecoach already on `space`, with the track VP it scored getting there (bonus tiles aside)."""
    player = state["players"][seat]
    player["ship"][metal] = space
    gained = sum(vp for at, vp in D.TRACK_VP.items() if at <= space)
    player["vp"] += gained
    player["points"]["shipping"] = player["points"].get("shipping", 0) + gained


def bought(state: dict, seat: int, cards: list[int]) -> None:
    """`seat` has already bought these face-up investments, with the bonus tiles they took."""
    player = state["players"][seat]
    for card in cards:
        state["investments"].remove(card)
        player["investments"].append(card)
        vp = D.INVESTMENT_BY_ID[card]["vp"]
        player["points"]["investments"] = player["points"].get("investments", 0) + vp
        player["vp"] += vp
        if state["investment_bonus"]:
            tile = state["investment_bonus"].pop(0)
            player["points"]["investment_bonus"] = player["points"].get("investment_bonus", 0) + tile
            player["vp"] += tile
