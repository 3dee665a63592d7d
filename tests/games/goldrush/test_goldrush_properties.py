"""Property test: any sequence of legal choices keeps every invariant, and a view never leaks the rng."""

import json

from goldrush_helpers import check_invariants
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.goldrush import GAME


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(["basic", "full"]), n=st.integers(2, 6), seed=st.integers(0, 2**32),
       eq=st.booleans(), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=150))
def test_goldrush_any_legal_sequence_keeps_invariants(variant, n, seed, eq, picks):
    state = GAME.new_game(n, {"variant": variant, "equal_turns": eq}, seed)
    for k in picks:
        if GAME.result(state) is not None:
            break
        seat = next(iter(GAME.pending(state)))
        legal = GAME.legal(state, seat)
        state, _ = GAME.apply(state, seat, legal[k % len(legal)])
        check_invariants(state)
        for s in list(range(n)) + [None]:
            assert str(state["rng"]) not in json.dumps(GAME.full_view(state, s))
