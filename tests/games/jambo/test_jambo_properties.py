"""Property tests: any sequence of legal choices keeps the Jambo invariants."""

from __future__ import annotations


from hypothesis import given, settings
from hypothesis import strategies as st

from jambo_helpers import check_invariants

from app.games.jambo import GAME


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=300),
       tie=st.sampled_from(["first_to_60", "last_player"]))
def test_any_legal_sequence_keeps_invariants(seed, picks, tie):
    state = GAME.new_game(2, {"tie_goes_to": tie}, seed)
    for p in picks:
        if GAME.result(state) is not None:
            break
        (seat,) = GAME.pending(state)
        options = GAME.legal(state, seat)
        state, events = GAME.apply(state, seat, options[p % len(options)])
        assert all(isinstance(e["text"], str) and e["text"] for e in events)
        check_invariants(state)
