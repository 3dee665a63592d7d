"""Jambo (Rüdiger Dorn, 2004) for exactly 2 players: the game as the engine sees it, wired from its parts.

data.py holds the cards, state.py the state and the market stands, steps/ every decision with each card's rule,
turn.py the turn flow, scoring.py the result, view.py what each audience sees, bot.py the heuristic bot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from app.engine import N_, Log, RandomBot, State, StepGame, result_of, winners, winners_say
from app.engine.game import copy_state
from app.engine.kit import unseen_shuffle
from app.engine.memo import labelled_kept

from . import data as D
from . import turn, view
from .scoring import result
from .bot import JamboBot
from .bot import chances as gold_chances
from .state import JamboOptions, free_plain, held, known, plain_capacity, setup, supply
from .steps import STEP_TYPES
from .steps.common import LABELLED

# Fields of a sub-step that hold cards out of every other place while it is decided.
_CARDS_IN_STEP = {"psychic": "cards", "scale": "cards", "ape": "pool", "lion": "pool", "replace": "card"}


def cards_in_steps(s: State) -> list[int]:
    out: list[int] = []
    for frame in s["steps"]:
        key = _CARDS_IN_STEP.get(frame["step"])
        if frame["step"] == "keep" or key == "card":
            out.append(frame["card"])
        elif key is not None:
            out += frame[key]
        elif frame["step"] == "auction" and frame["what"] == "cards":
            out += frame["items"]
    return out


class Jambo(StepGame):
    id: ClassVar[str] = "jambo"
    title: ClassVar[str] = "Jambo"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    summary: ClassVar[str] = N_("Two merchants at an African market buy and sell wares, play people, animals and "
                                "tools, and race to 60 gold.")
    minutes: ClassVar[tuple[int, int]] = (30, 60)
    Options: ClassVar[type[BaseModel]] = JamboOptions
    max_moves: ClassVar[int] = 30000
    move_cap: ClassVar[int] = 6000  # longest measured: 1,350 moves (two random bots)
    bots: ClassVar[dict] = {"random": RandomBot, "heuristic": JamboBot}
    # A game takes about 250 moves; the search bot judges a playout by the gold held after 150 moves per seat, a guard
    # against a heuristic stall (one, Supplies for nothing each turn, made hard decisions take up to 15 s: fixed).
    search_cutoff: ClassVar[int] = 150
    step_types = STEP_TYPES

    def setup(self, num_players: int, options: BaseModel, state: State) -> None:
        setup(num_players, options, state)

    def advance(self, state, log) -> None:
        turn.advance(state, log)

    def play(self, state: State, seat: int, action: dict) -> list[dict]:
        return turn.play(self, state, seat, action)

    def end_now(self, state: State, log: Log) -> None:
        """The move cap. Its steps stay where they are (they hold cards); once someone has 60 gold the usual result,
        else more gold wins and a tie is shared (the tie rule names who reached 60 first)."""
        if state["ender"] is not None:
            state["over"] = result(state)
        else:
            scores = [P["gold"] for P in state["players"]]
            won = winners([(gold,) for gold in scores])
            state["over"] = result_of(scores, [(gold,) for gold in scores], winners_say(won),
                                      ranking=[won] if len(won) == 2 else [won, [1 - won[0]]])
        log.add("game_over", state["over"]["say"])

    def label(self, action: dict) -> dict:
        return labelled_kept(LABELLED, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(self, state, seat)

    def views(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return view.views(self, state, seats)

    def full_views(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return view.full_views(self, state, seats)

    def catalogue(self) -> dict[str, Any]:
        return view.catalogue()

    # ---- the generic test contract ---------------------------------------------------------------------------
    def invariants(self, state: State) -> None:
        cards = list(state["deck"]) + list(state["discard"]) + list(state["limbo"]) + cards_in_steps(state)
        for P in state["players"]:
            cards += P["hand"] + P["utilities"] + P["stands"]
        assert sorted(cards) == list(range(D.NUM_CARDS)), "cards not conserved"
        assert all(0 <= x <= D.TOKENS_PER_WARE for x in supply(state)), supply(state)
        for P in state["players"]:
            assert P["gold"] >= 0
            assert all(w >= 0 for w in P["wares"]) and free_plain(P) >= 0
            assert sum(held(P, t) for t in range(6)) <= plain_capacity(P) + 1
            assert len(P["utilities"]) <= D.MAX_UTILITIES
            assert all(D.card_type(c) == "utility" for c in P["utilities"])
            assert all(D.card_type(c) == "stand" for c in P["stands"])
        assert 0 <= state["actions_used"] <= D.ACTIONS
        assert state["steps"] and state["steps"][0]["step"] in turn.TURN_STEPS
        if state["over"] is None:
            pending = self.pending(state)
            assert len(pending) == 1 and all(self.legal(state, seat) for seat in pending)

    def evaluate(self, state: State) -> list[float]:
        return gold_chances(state)

    def scramble_hidden(self, state: State, audience: int | None, rng: Any) -> State:
        """Deal the cards `audience` cannot see (the deck, the other hand, cards looked at by the other) anew. Cards
        the audience saw go into the other hand, and the cards its own Psychic put back on top of the deck, stay
        where they are (state.known)."""
        s = copy_state(state)
        seen = known(s)
        frame = turn.sub_step(s)
        hyena_look = frame is not None and frame["step"] == "hyena_take" and frame["seat"] == audience
        top: list[int] = []  # the top of the deck as the audience's Psychic left it
        if audience is not None:
            back = seen["deck_top"][str(audience)]
            for k in range(min(len(back), len(s["deck"])), 0, -1):
                if s["deck"][-k:] == back[:k]:
                    top = back[:k]
                    break
        deck = s["deck"][:len(s["deck"]) - len(top)]
        places: list[list[int]] = [deck]
        shown: dict[int, list[int]] = {}
        for seat, P in enumerate(s["players"]):
            if seat != audience and not hyena_look:  # the Hyena shows its player the opponent's hand
                shown[seat] = [c for c in seen["hands"][str(seat)] if c in P["hand"]] if audience is not None else []
                P["hand"][:] = [c for c in P["hand"] if c not in shown[seat]]
                places.append(P["hand"])
        if frame is not None and frame["seat"] != audience and frame["step"] in ("psychic", "scale"):
            places.append(frame["cards"])
        hidden = [c for place in places for c in place]
        keep = turn.turn_frame(s)
        if keep["step"] == "keep" and audience != s["turn"]:
            hidden.append(keep["card"])
        hidden = unseen_shuffle(hidden, rng)
        for place in places:
            place[:] = [hidden.pop() for _ in place]
        if keep["step"] == "keep" and audience != s["turn"]:
            keep["card"] = hidden.pop()
        s["deck"][:] = deck + top
        for seat, cards in shown.items():
            s["players"][seat]["hand"][:0] = cards
            seen["hands"][str(seat)] = list(cards)  # what is kept no longer names cards that left the hand
        s["rng"] = rng.getrandbits(64)  # the draws to come (a reshuffled discard pile) are unknown too
        return s
