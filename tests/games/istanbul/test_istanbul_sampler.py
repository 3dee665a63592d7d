"""What the search bot deals for the hidden parts (scramble_hidden) keeps what every player saw: a bonus card taken
face up from the discard pile stays in its taker's hand, and the demand tiles a market turned under its stack stay
there in order (issue 31: samplers consistent with the public log)."""

from __future__ import annotations

import random

from app.engine import RandomBot
from app.games.istanbul import GAME


def after(match, seeds=range(40), n=2):
    """(before, state, seat) just after the first move `match` accepts in seeded games of random bots."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(n, None, seed)
        while GAME.result(state) is None:
            seat = sorted(GAME.pending(state))[0]
            action = RandomBot().choose(GAME.full_view(state, seat), rng)
            before = state
            state, _ = GAME.apply(state, seat, action)
            if match(before, state, seat, action):
                return before, state, seat
    raise AssertionError("no such position in the seeded games")


def test_a_card_taken_face_up_from_the_discard_pile_stays_in_its_takers_hand():
    before, state, taker = after(lambda b, s, seat, a: a.get("type") == "draw" and a.get("from") == "discard")
    card = before["bonus"]["discard"][-1]
    assert card in state["players"][taker]["hand"]
    for k in range(8):
        dealt = GAME.scramble_hidden(state, 1 - taker, random.Random(k))
        assert card in dealt["players"][taker]["hand"]
        assert sorted(dealt["players"][taker]["hand"] + dealt["bonus"]["deck"]) == \
            sorted(state["players"][taker]["hand"] + state["bonus"]["deck"])


def test_the_demand_tiles_turned_under_a_stack_stay_at_its_bottom_in_order():
    turns: dict[str, int] = {}

    def turned_twice(before, state, seat, action):
        for place, stack in state["demand"].items():
            old = before["demand"][place]
            if stack != old and stack == old[1:] + old[:1]:  # a sale turned the top tile under the stack
                turns[place] = turns.get(place, 0) + 1
        return any(n >= 2 for n in turns.values())

    _, state, seat = after(turned_twice, n=3)
    place, turned = next((p, n) for p, n in turns.items() if n >= 2)
    stack = state["demand"][place]
    kept = min(turned, len(stack) - 1)
    for k in range(8):
        dealt = GAME.scramble_hidden(state, (seat + 1) % 3, random.Random(k))["demand"][place]
        assert dealt[0] == stack[0] and dealt[len(stack) - kept:] == stack[len(stack) - kept:]
