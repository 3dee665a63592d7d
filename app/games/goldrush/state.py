"""Gold Rush state: its shape (TypedDicts with word keys), the deal, and the questions the rules ask of it.

Cards are ints indexing `data.CARD`; the four decks are named by their catalogue letters ("g" Guild, "x" Exploration,
"m" Main, "e" Events), each with a discard pile. What a seat must decide now is the frame stack `steps`
(app/engine/steps.py): the turn's `main` frame at the bottom, a sub-decision (keep one of two cards, pay for an
exploration, order a survey) on top of it; payments at the start of a turn and the end-of-turn hand limit stand alone.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from pydantic import Field

from app.engine import N_, BaseOptions, Pile, Rng, first_seat
from app.engine.memo import Memo

from .data import ACHIEVEMENT_IDS, CARD, DECK_IDS, INGOT_POOL, LOST_IDS, matches

BASIC_TARGET, FULL_TARGET = 4, 6
BASIC_CAP, FULL_CAP = 12, 15
MARKET_SIZE = 4
HAND_LIMIT = 4
DECKS = "gxme"


class Options(BaseOptions):
    variant: Literal["basic", "full"] = Field(
        default="full", title=N_("Rules"),
        description=N_("The short basic game (4 victory points) or the full game (6)."),
        json_schema_extra={"labels": {"basic": N_("Basic game"), "full": N_("Full game")}})
    equal_turns: bool = Field(default=False, title=N_("Equal turns"),
                              description=N_("Finish the round once someone reaches the target."))
    safety_end: bool = Field(default=True, title=N_("End a stalled game"),
                             description=N_("When the market and the Guild cards run out, and after round 12 (basic) "
                                            "or 15 (full)."))


class PlayerState(TypedDict):
    coins: int
    area: list[int]  # cards in play, in the order gained
    hand: list[int]  # full game: Main-deck cards held
    achievements: list[int]  # claimed achievements (1 VP each)
    secret: int | None  # basic game: the secret achievement, None once claimed (or in the full game)


class TurnFlags(TypedDict):
    bought: bool  # basic: the one action is taken; full: the one market purchase is made
    explored: bool  # full: the Exploration action is used
    claimed: bool  # basic: this turn's achievement is claimed
    price_mod: int  # Price Rise (+1) / Merchants' Discounts (-1), this turn only
    guild_connections: int  # Guild Connections played this turn and not yet used by a purchase


class GoldRushState(TypedDict):
    rng: int
    variant: Literal["basic", "full"]
    num_players: int
    target: int  # VP that ends the game
    equal_turns: bool
    first: int  # the seat that opens every round
    safety_end: bool  # the exhaustion end and the round cap apply
    round_cap: int | None  # None when the safety end rules are off
    round: int
    turn: int  # the active seat
    phase: Literal["start", "actions", "end", "over"]  # stage of the active seat's turn
    steps: list[dict[str, Any]]
    turn_flags: TurnFlags
    event: int | None  # full: the event revealed this turn
    deck: dict[str, list[int]]  # top = last
    discard: dict[str, list[int]]
    market: list[int]
    row: list[int]  # basic: face-up achievements
    box: list[int]  # cards out of this game
    industrialist: int | None  # seat holding the Gold Industrialist
    ingots: list[int]  # the face-down ingot tokens
    players: list[PlayerState]
    final_round: bool
    over: dict[str, Any] | None


def new_turn_flags() -> TurnFlags:
    return {"bought": False, "explored": False, "claimed": False, "price_mod": 0, "guild_connections": 0}


def setup(num_players: int, options: Options, state: dict) -> None:
    """Deal a new game into `state` (which holds only the rng). The first turn is started by the caller."""
    rng = Rng(state)
    basic = options.variant == "basic"
    first = first_seat(options, num_players, rng)
    deck = {k: list(DECK_IDS[k]) for k in DECKS}
    state.update({
        "variant": options.variant, "num_players": num_players, "equal_turns": options.equal_turns, "first": first,
        "target": BASIC_TARGET if basic else FULL_TARGET, "safety_end": options.safety_end,
        "round_cap": (BASIC_CAP if basic else FULL_CAP) if options.safety_end else None,
        "round": 1, "turn": first, "phase": "start", "steps": [], "turn_flags": new_turn_flags(), "event": None,
        "discard": {k: [] for k in DECKS}, "market": [], "row": [], "box": [], "industrialist": None,
        "ingots": list(INGOT_POOL),
        "players": [{"coins": 0 if basic else 2, "area": [], "hand": [], "achievements": [], "secret": None}
                    for _ in range(num_players)],
        "final_round": False, "over": None,
    })
    if basic:
        # Lost expeditions go back to the box; the rest of the Exploration deck joins the Guild deck.
        deck["g"] += [c for c in deck["x"] if c not in LOST_IDS]
        state["box"] = list(LOST_IDS) + [c for c in deck["m"] if c not in ACHIEVEMENT_IDS] + deck["e"]
        achievements = list(ACHIEVEMENT_IDS)
        rng.shuffle(achievements)
        for player in state["players"]:
            player["secret"] = achievements.pop()
        state["row"] = sorted(achievements)
        deck["x"], deck["m"], deck["e"] = [], [], []
    for k in DECKS:
        rng.shuffle(deck[k])
    state["deck"] = deck


# ---- what the state says ----------------------------------------------------------------------------------------

def name(card: int) -> str:
    return CARD[card]["name"]


def count(player: PlayerState, selector: dict) -> int:
    return sum(1 for c in player["area"] if matches(CARD[c], selector))


def effect_sum(player: PlayerState, key: str) -> int:
    """Sum of a numeric ongoing effect over the cards in a play area."""
    return sum(CARD[c]["fx"].get(key, 0) for c in player["area"])


def has_effect(player: PlayerState, key: str) -> bool:
    return any(key in CARD[c]["fx"] for c in player["area"])


def mines(player: PlayerState) -> int:
    return sum(1 for c in player["area"] if CARD[c]["type"] == "mine")


def ingots(player: PlayerState) -> int:
    return sum(CARD[c]["ingots"] for c in player["area"])


def income(player: PlayerState) -> int:
    return sum(CARD[c]["income"] for c in player["area"])


def metric(player: PlayerState, what: str, selector: dict | None) -> int:
    if what == "count":
        return count(player, selector or {})
    if what == "coins":
        return player["coins"]
    if what == "ingots":
        return ingots(player)
    if what == "income":
        return income(player)
    raise ValueError(f"unknown achievement measure {what!r}")


def meets(player: PlayerState, card: int) -> bool:
    """Does a player meet an achievement's condition now? (`metric` for each part of it, with each count's
    selector looked up once for every card: CONDITIONS.)"""
    for what, members, need in CONDITIONS[card]:
        if what == "count":
            have = 0
            for c in player["area"]:
                if c in members:
                    have += 1
        elif what == "coins":
            have = player["coins"]
        elif what == "ingots":
            have = ingots(player)
        else:
            have = income(player)
        if have < need:
            return False
    return True


def _condition(what: str, selector: dict | None, need: int) -> tuple[str, frozenset[int] | None, int]:
    """One part of an achievement's condition, a count's selector turned into the set of cards it matches."""
    if what == "count":
        return what, frozenset(c for c, design in enumerate(CARD) if matches(design, selector or {})), need
    if what not in ("coins", "ingots", "income"):
        raise ValueError(f"unknown achievement measure {what!r}")
    return what, None, need


# Each achievement's condition by card id: (measure, the cards a count counts, the least needed) for each part.
CONDITIONS: dict[int, list[tuple[str, frozenset[int] | None, int]]] = {
    card: [_condition(*part) for part in design["fx"]["cond"]] for card, design in enumerate(CARD)
    if design["fx"].get("cond")}


def vp(state: GoldRushState, seat: int) -> int:
    player = state["players"][seat]
    return (sum(CARD[c]["vp"] for c in player["area"]) + len(player["achievements"])
            + (1 if state["industrialist"] == seat else 0))


def home(state: GoldRushState, card: int) -> str:
    """The deck whose discard pile a card goes to (basic: exploration cards live in the Guild deck)."""
    deck = CARD[card]["deck"]
    if deck == "x" and state["variant"] == "basic":
        return "g"
    return deck


def discard(state: GoldRushState, card: int) -> None:
    state["discard"][home(state, card)].append(card)


def pile(state: GoldRushState, k: str) -> Pile:
    """A deck and its discard pile. The seed: "if a deck has run out, its discard pile is shuffled and becomes
    the new deck" -- at once, before the drawn card is discarded or anything else happens."""
    return Pile(Rng(state), state["deck"][k], state["discard"][k], reshuffle="at_once")


def available(state: GoldRushState, k: str) -> int:
    """`pile(state, k).available()`: the deck and its discard pile (every deck reshuffles at once), without making a
    Pile (asked for every decision's options)."""
    return len(state["deck"][k]) + len(state["discard"][k])


def draw(state: GoldRushState, k: str) -> int | None:
    """Top card of a deck, or None when the deck and its discard pile are both empty. A deck found empty (cards
    were discarded after it ran out with an empty discard pile) takes its discard pile first."""
    cards = pile(state, k)
    if not cards.deck:
        cards.reshuffle()
    return cards.draw_one()


def price(state: GoldRushState, seat: int, card: int) -> int:
    """What `seat` pays for a market card now: printed price - discounts + surcharges, at least 0; free stays free."""
    design = CARD[card]
    if not design["cost"]:
        return 0
    flags = state["turn_flags"]
    cost = design["cost"] + flags["price_mod"] - 2 * flags["guild_connections"]
    for c in state["players"][seat]["area"]:
        selector = DISCOUNT[c]
        if selector is not None and matches(design, selector):
            cost -= 1
    return max(0, cost)


# Each card's discount selector (None: it gives none), by card id: asked for every market card of every price.
DISCOUNT = [design["fx"].get("discount") for design in CARD]


def explore_cost(state: GoldRushState, seat: int) -> int:
    base = 2 if state["variant"] == "basic" else 3
    return max(0, base - effect_sum(state["players"][seat], "explore_discount"))


def owed(state: GoldRushState, seat: int, why: str) -> int:
    """Coins due for partnerships: basic upkeep (1 per 2 entrepreneurs) or Obligations Due (1 each), minus banks."""
    player = state["players"][seat]
    return partnership_due(why, count(player, {"type": "entre"}), effect_sum(player, "upkeep_relief"))


def partnership_due(why: str, entrepreneurs: int, relief: int) -> int:
    due = entrepreneurs // 2 if why == "upkeep" else entrepreneurs
    return max(0, due - relief)


def hand_limit(player: PlayerState) -> int:
    return max([HAND_LIMIT] + [CARD[c]["fx"].get("hand_limit", 0) for c in player["area"]])


def claimable(state: GoldRushState, seat: int) -> list[int]:
    """Basic: the face-up achievements, then the seat's secret one, whose condition the seat meets now."""
    player = state["players"][seat]
    out = [c for c in state["row"] if meets(player, c)]
    if player["secret"] is not None and meets(player, player["secret"]):
        out.append(player["secret"])
    return out


# ---- answers kept by what they read ------------------------------------------------------------------------------
# A turn's options and the mover's view ask what each market card costs the mover. The answer depends on a few ints
# (the key), so it is kept by them: a move that changed none of those reads the answer of the move before.
# (Whether a seat meets an achievement was kept too, until `meets` read the CONDITIONS table: it then cost 0.2 us a
# call compiled, the memo's key and look-ups 0.6 us, for a third of calls found under bench_move_cost's chain.)
ANSWER_MEMO_SIZE = 16
_answers = Memo(ANSWER_MEMO_SIZE)


def market_prices(state: GoldRushState, seat: int) -> list[int]:
    """`price(state, seat, card)` for each market card, in market order; the same list for the same inputs (the
    mover's view holds it, so an unchanged one is skipped by the diff with `is`)."""
    flags = state["turn_flags"]
    key = ("prices", tuple(state["players"][seat]["area"]), flags["price_mod"], flags["guild_connections"],
           *state["market"])
    found = _answers.get(key)
    if found is None:
        found = _answers.keep(key, [price(state, seat, c) for c in state["market"]])
    return found

