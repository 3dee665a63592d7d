"""Jambo's state: its typed shape, the deal, and the rules of market stands (where wares go, what is free).

Wares sit on market stands: the large stand has 5 ordinary spaces and a 6th space that costs a fee to use;
each small stand adds 3 ordinary spaces. The server places a ware on an ordinary space first and on the 6th
space only when needed, and takes wares off ordinary spaces first: always the player's cheapest placement,
so players never choose spaces. Ware tokens are limited to 6 per type; the supply is what nobody holds.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from pydantic import Field

from app.engine import N_, BaseOptions, Pile, Rng, State, first_seat
from app.engine.steps import Frame, top

from . import data as D


class JamboOptions(BaseOptions):
    first_player: int | None = Field(default=None, ge=0, le=1, title=N_("First player"),
                                     description=N_("Seat that starts; random when empty."))
    tie_goes_to: Literal["first_to_60", "last_player"] = Field(
        default="first_to_60", title=N_("A tie in gold goes to"),
        json_schema_extra={"labels": {"first_to_60": N_("The first to reach 60 gold"),
                                      "last_player": N_("The player who took the last turn")}},
        description=N_("Who wins a tie in gold: the player who first reached 60 (French rules) or the player "
                       "who took the last turn (English edition)."))


class PlayerState(TypedDict):
    gold: int
    hand: list[int]        # card ids
    utilities: list[int]   # utility cards in front of the player
    stands: list[int]      # small market stand cards built
    wares: list[int]       # count per ware type on ordinary spaces
    sixth: int             # ware type on the 6th space of the large stand, -1 when it is empty


class JamboState(TypedDict):
    rng: int
    players: list[PlayerState]
    deck: list[int]            # top = last
    discard: list[int]         # top = last
    limbo: list[int]           # cards being resolved, discarded when their effect is done
    turn: int                  # the active seat
    first: int
    turns: int                 # turns begun so far, counting the current one
    phase: int                 # 1: draw cards, 2: play cards
    actions_used: int
    used_utilities: list[int]  # utilities used this turn
    wise_men: int              # Wise Men played this turn
    stand_built: bool          # a small stand was built in this game (later ones are cheaper)
    ender: int | None          # the seat that ended a turn with 60 gold or more
    tie_goes_to: str
    steps: list[Frame]         # the turn's frame (draw, keep or play) and at most one sub-step above it
    over: dict | None


def new_player() -> PlayerState:
    return {"gold": D.START_GOLD, "hand": [], "utilities": [], "stands": [], "wares": [0] * 6, "sixth": -1}


def setup(num_players: int, options: JamboOptions, state: State) -> None:
    rng = Rng(state)
    deck = list(range(D.NUM_CARDS))
    rng.shuffle(deck)
    players = []
    for _ in range(2):
        player = new_player()
        # Five cards off the top to each player in turn (not one at a time): the order the goldens were dealt in.
        player["hand"] = [deck.pop() for _ in range(D.START_HAND)]
        players.append(player)
    first = first_seat(options, 2, rng)
    state.update({
        "players": players, "deck": deck, "discard": [], "limbo": [],
        "turn": first, "first": first, "turns": 1, "phase": 1, "actions_used": 0, "used_utilities": [],
        "wise_men": 0, "stand_built": False, "ender": None, "tie_goes_to": options.tie_goes_to,
        "steps": [{"step": "draw", "seat": first}], "over": None,
        "known": {"hands": {"0": [], "1": []}, "deck_top": {"0": [], "1": []}},
    })


def known(s: State) -> dict:
    """What a player has seen that the state does not show by itself, for scramble_hidden to keep: `hands[p]`, cards
    in p's hand its opponent saw go there (taken face up from the discard pile or the Ape's pool, by the Hyena, given
    by the Scale; the Hyena's player saw the whole hand), while they stay there; `deck_top[p]`, the cards p's Psychic put back on the
    deck, bottom to top, while they stay on top. A game dealt before this was kept starts it empty."""
    return s.setdefault("known", {"hands": {"0": [], "1": []}, "deck_top": {"0": [], "1": []}})


def seen_in_hand(s: State, seat: int, cards: list[int]) -> None:
    """The opponent of `seat` saw these cards go into (or lie in) `seat`'s hand."""
    shown = known(s)["hands"][str(seat)]
    shown[:] = [c for c in shown if c in s["players"][seat]["hand"] and c not in cards] + list(cards)


def pile(s: State) -> Pile:
    """The draw pile: when it runs out, the discard pile is shuffled into a new one (spec §7.7)."""
    if "known" in s:  # before any secret draw: a seen card that has left its hand may come back unseen
        for seat, shown in s["known"]["hands"].items():
            shown[:] = [c for c in shown if c in s["players"][int(seat)]["hand"]]
    return Pile(Rng(s), s["deck"], s["discard"], "on_draw")


def can_draw(s: State) -> bool:
    return bool(s["deck"] or s["discard"])


# ---- stands and wares ------------------------------------------------------------------------------------------

def held(P: PlayerState, ware: int) -> int:
    return P["wares"][ware] + (1 if P["sixth"] == ware else 0)


def total_wares(P: PlayerState) -> int:
    return sum(P["wares"]) + (1 if P["sixth"] >= 0 else 0)


def held_types(P: PlayerState) -> list[int]:
    return [t for t in range(6) if held(P, t) > 0]


def plain_capacity(P: PlayerState) -> int:
    return D.LARGE_STAND_SPACES - 1 + D.SMALL_STAND_SPACES * len(P["stands"])


def free_plain(P: PlayerState) -> int:
    return plain_capacity(P) - sum(P["wares"])


def free_spaces(P: PlayerState) -> int:
    return free_plain(P) + (1 if P["sixth"] < 0 else 0)


def fit_fee(P: PlayerState, n: int) -> int | None:
    """The 6th-space fee to place n more wares, or None when they do not fit."""
    free = free_plain(P)
    if n <= free:
        return 0
    if n == free + 1 and P["sixth"] < 0:
        return D.SIXTH_SPACE_FEE
    return None


def can_take(P: PlayerState, n: int, price: int = 0) -> bool:
    fee = fit_fee(P, n)
    return fee is not None and P["gold"] >= price + fee


def place_wares(P: PlayerState, wares: list[int], by_choice: bool = True) -> tuple[int, int]:
    """Put wares on the player's stands, ordinary spaces first, and return (how many found room, fee paid).

    The 6th space costs the fee only for a ware the player takes by their own choice (a buy, a card they play,
    an auction they win); when they cannot pay it, that ware stays in the supply. A ware received through the
    opponent's card takes any free space, the 6th included, for nothing (issue #10, ruling 2).
    """
    placed = fee = 0
    for ware in wares:
        if free_plain(P) > 0:
            P["wares"][ware] += 1
        elif P["sixth"] < 0 and not by_choice:
            P["sixth"] = ware
        elif P["sixth"] < 0 and P["gold"] >= D.SIXTH_SPACE_FEE:
            P["gold"] -= D.SIXTH_SPACE_FEE
            fee += D.SIXTH_SPACE_FEE
            P["sixth"] = ware
        else:
            continue
        placed += 1
    return placed, fee


def exchange_wares(P: PlayerState, give: int, O: PlayerState, take: int) -> None:
    """Swap one ware of P for one of O, each taking the space the other left: no fee is due and nothing goes back
    to the supply (the Throne)."""
    space_p = take_ware(P, give)
    space_o = take_ware(O, take)
    for Q, ware, space in ((P, take, space_p), (O, give, space_o)):
        if space == "sixth":
            Q["sixth"] = ware
        else:
            Q["wares"][ware] += 1


def take_ware(P: PlayerState, ware: int) -> str:
    """Remove one ware (from an ordinary space first); returns the space it left: "ordinary" or "sixth"."""
    if P["wares"][ware] > 0:
        P["wares"][ware] -= 1
        return "ordinary"
    assert P["sixth"] == ware
    P["sixth"] = -1
    return "sixth"


def count_wares(wares: list[int]) -> list[int]:
    counts = [0] * 6
    for t in wares:
        counts[t] += 1
    return counts


def elephant_pool(s: State) -> list[int]:
    """Wares pooled by an Elephant and not yet taken back (they belong to neither player nor the supply)."""
    frame = top(s)
    return frame["pool"] if frame is not None and frame["step"] == "elephant" else [0] * 6


def supply(s: State) -> list[int]:
    """Tokens left in the general supply: 6 per type minus both stands and an Elephant pool being drafted."""
    pool = elephant_pool(s)
    P, O = s["players"]
    mine, theirs = P["wares"], O["wares"]
    left = [D.TOKENS_PER_WARE - mine[t] - theirs[t] - pool[t] for t in range(6)]
    for sixth in (P["sixth"], O["sixth"]):  # `held`, its 6th space counted apart: asked several times a move
        if sixth >= 0:
            left[sixth] -= 1
    return left


def gainable_types(s: State, seat: int, n: int, price: int) -> list[int]:
    """Types of which `seat` can take n from the supply paying `price` (and the 6th-space fee if needed)."""
    if not can_take(s["players"][seat], n, price):
        return []
    left = supply(s)
    return [t for t in range(6) if left[t] >= n]
