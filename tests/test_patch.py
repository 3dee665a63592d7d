"""View patches are valid RFC 6902: applying them to the old view gives the new one, whatever the shapes."""

from __future__ import annotations

import copy

import jsonpatch
from hypothesis import given, settings, strategies as st

from app.play.patch import make_patch

# Views keep each value's JSON type (a count stays an int, a flag a bool): Python's == says 1 == True,
# and the fast path trusts it, so the generated values do not mix the two.
json_values = st.recursive(
    st.none() | st.integers(-5, 5) | st.text("ab/~", max_size=3),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text("ab/~", max_size=3), children, max_size=4),
    max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_patch_turns_old_into_new(old, new):
    ops = make_patch(old, new)
    assert jsonpatch.apply_patch(copy.deepcopy(old), ops) == new


def test_unchanged_views_give_an_empty_patch_and_in_place_changes_stay_small():
    view = {"cells": [None] * 64, "count": 3, "legal": [{"type": "mark"}]}
    assert make_patch(view, copy.deepcopy(view)) == []
    moved = copy.deepcopy(view)
    moved["cells"][5] = 1
    moved["count"] = 4
    assert make_patch(view, moved) == [{"op": "replace", "path": "/cells/5", "value": 1},
                                       {"op": "replace", "path": "/count", "value": 4}]


def test_a_list_that_grows_or_shrinks_costs_ops_for_what_changed_only():
    hand = [{"card": c} for c in ("lion", "tea", "silk", "salt", "fruit")]
    played = hand[:1] + hand[2:]  # the second card played
    assert make_patch({"hand": hand}, {"hand": played}) == [{"op": "remove", "path": "/hand/1"}]
    drawn = hand + [{"card": "hide"}]
    assert make_patch({"hand": hand}, {"hand": drawn}) == [{"op": "add", "path": "/hand/5", "value": {"card": "hide"}}]
    two_in = hand[:2] + [{"card": "a"}, {"card": "b"}] + hand[2:]
    assert make_patch({"hand": hand}, {"hand": two_in}) == [{"op": "add", "path": "/hand/2", "value": {"card": "a"}},
                                                           {"op": "add", "path": "/hand/3", "value": {"card": "b"}}]
    two_out = hand[:1] + hand[3:]
    assert make_patch({"hand": hand}, {"hand": two_out}) == [{"op": "remove", "path": "/hand/1"}] * 2
    # Some taken out and others put in between the kept ends: the list is sent whole, in one op.
    swapped = hand[:1] + [{"card": "x"}] + hand[4:]
    assert make_patch({"hand": hand}, {"hand": swapped}) == [{"op": "replace", "path": "/hand", "value": swapped}]
    for new in (played, drawn, two_in, two_out, swapped):
        assert jsonpatch.apply_patch(copy.deepcopy({"hand": hand}), make_patch({"hand": hand}, {"hand": new})) \
            == {"hand": new}
