"""Gold Rush (Siberian gold-rush card game, «Золотая лихорадка»): the game object the engine registers.

Two rule sets share the code: the basic game (race to 4 VP: coins and income every turn, one action and one
achievement a turn, secret and face-up achievements) and the full game (race to 6 VP: an event every turn, a hand
of Main-deck cards, Market and Exploration actions, action cards, a hand limit). The rules as implemented and every
ruling are in docs/rules/goldrush.md; the layout of this package is the game kit's (docs/games.md).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from app.engine import N_, Log, RandomBot, StepGame, steps
from app.engine.game import Prompt, copy_state
from app.engine.kit import unseen_shuffle

from .bot import HeuristicBot
from .data import CARD, GOLD_INDUSTRIALIST, INGOT_POOL
from .scoring import end_by_points
from .state import DECKS, GoldRushState, Options, mines, setup, vp
from .steps import STEP_TYPES, end_when_hand_fits, legal, pending
from .turn import refill, start_turn
from .view import catalogue, view, views

ALL_CARDS = list(range(len(CARD)))
BASE_STEPS = ("main", "pay", "trade", "hand")  # a turn's decision on its own
SUB_STEPS = ("keep", "xpay", "survey")  # asked on top of the turn (or of the hand limit, by a card played there)


class GoldRush(StepGame):
    id = "goldrush"
    title = N_("Gold Rush")
    min_players = 2
    max_players = 6
    summary = N_("Found trading posts, dig mines and send expeditions into the Siberian gold fields; the first to the "
                 "target in victory points wins.")
    minutes = (30, 60)
    Options = Options
    max_moves = 6000
    move_cap = 3000  # longest measured: 531 moves (full game, six random bots, no safety end)
    bots = {"random": RandomBot, "heuristic": HeuristicBot}
    step_types = STEP_TYPES

    def setup(self, num_players: int, options: Options, state: dict) -> list[dict]:
        setup(num_players, options, state)
        refill(state)
        log = Log()
        start_turn(state, log)  # the first player's turn begins with the deal: its events open the log
        return log.events

    def advance(self, state: GoldRushState, log: Log) -> None:
        end_when_hand_fits(state, log)

    def finish_now(self, state: GoldRushState, log: Log) -> None:
        end_by_points(state, "move limit", log)

    # The position's decision, worked out once (steps.decision) for both questions.
    def pending(self, state: GoldRushState) -> dict[int, Prompt]:
        return pending(self, state)

    def legal(self, state: GoldRushState, seat: int) -> list[dict[str, Any]]:
        return legal(self, state, seat)

    def view(self, state: GoldRushState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def views(self, state: GoldRushState, seats: list[int | None]) -> list[dict[str, Any]]:
        return views(state, seats)

    def catalogue(self) -> dict[str, Any]:
        return catalogue()

    def scores_so_far(self, state: GoldRushState) -> list[int]:
        """Victory points on the table now: what a tournament records for a table its organiser closes early."""
        return [vp(state, s) for s in range(state["num_players"])]

    # ---- the test contract -------------------------------------------------------------------------------------
    def invariants(self, state: GoldRushState) -> None:
        assert sorted(cards_everywhere(state)) == ALL_CARDS, "every card is in exactly one place"
        assert Counter(state["ingots"]) == Counter(INGOT_POOL), "the ingot tokens are all in the pool"
        assert all(p["coins"] >= 0 for p in state["players"]), "no seat owes coins"
        assert len(state["market"]) <= 4
        holder = state["industrialist"]
        if holder is not None:
            counts = [mines(p) for p in state["players"]]
            assert counts[holder] >= 3 and counts[holder] == max(counts), "the Gold Industrialist is held rightly"
        over = state["over"]
        if over is None:
            assert len(self.pending(state)) == 1, "exactly the active seat decides"
            kinds = [frame["step"] for frame in state["steps"]]
            assert kinds[0] in BASE_STEPS and all(k in SUB_STEPS for k in kinds[1:]) and len(kinds) <= 2, kinds
        else:
            assert not state["steps"]
            assert over["scores"] == [vp(state, s) for s in range(state["num_players"])]
            assert over["winners"] == [s for s, place in enumerate(over["places"]) if place == 1]
            if over["reason"] == "target":
                assert over["scores"][over["winners"][0]] >= state["target"]

    def scramble_hidden(self, state: GoldRushState, audience: int | None, rng: random.Random) -> GoldRushState:
        """Shuffle every deck, the ingot tokens and the Main-deck cards in other seats' hands; swap the secret
        achievements of other seats; redraw another seat's keep or survey cards from the deck they came from."""
        out = copy_state(state)
        out["rng"] = rng.getrandbits(63)
        out["ingots"] = unseen_shuffle(out["ingots"], rng)
        frame = steps.top(out)
        picked = set(frame.get("picked", ())) if frame and frame["step"] == "xpay" else set()
        others = [s for s in range(out["num_players"]) if s != audience]
        # hands: pooled with the Main deck and dealt again in the same sizes (cards chosen for payment stay put)
        pool = list(out["deck"]["m"])
        for s in others:
            pool += [c for c in out["players"][s]["hand"] if c not in picked]
        pool = unseen_shuffle(pool, rng)
        for s in others:
            hand = out["players"][s]["hand"]
            for i, card in enumerate(hand):
                if card not in picked:
                    hand[i] = pool.pop()
        out["deck"]["m"] = pool
        if not out["over"]:  # at the end every secret achievement is shown
            secrets = unseen_shuffle([out["players"][s]["secret"] for s in others
                                      if out["players"][s]["secret"] is not None], rng)
            for s in others:
                if out["players"][s]["secret"] is not None:
                    out["players"][s]["secret"] = secrets.pop()
        if frame and frame["step"] in ("keep", "survey") and out["turn"] != audience:
            k = "g" if out["variant"] == "basic" else "x"
            pool = unseen_shuffle(out["deck"][k] + frame["cards"], rng)
            frame["cards"] = [pool.pop() for _ in frame["cards"]]
            out["deck"][k] = pool
        for k in DECKS:
            out["deck"][k] = unseen_shuffle(out["deck"][k], rng)
        return out


def cards_everywhere(state: GoldRushState) -> list[int]:
    """Every card of the game wherever it is: decks, piles, market, row, box, players, a pending choice."""
    cards = [c for k in DECKS for c in state["deck"][k] + state["discard"][k]]
    cards += state["market"] + state["row"] + state["box"]
    for player in state["players"]:
        cards += player["area"] + player["hand"] + player["achievements"]
        if player["secret"] is not None:
            cards.append(player["secret"])
    cards.append(GOLD_INDUSTRIALIST)  # on the table or with its holder
    frame = steps.top(state)
    if frame is not None and frame["step"] in ("keep", "survey"):
        cards += frame["cards"]
    return cards

