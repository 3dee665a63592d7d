"""View patches are valid RFC 6902: applying them to the old view gives the new one, whatever the shapes."""

from __future__ import annotations

import copy

import jsonpatch
import orjson
from hypothesis import given, settings, strategies as st

from collections import OrderedDict, defaultdict

from app.play import patch
from app.play.patch import make_patch, make_patches

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


@settings(max_examples=300, deadline=None)
@given(json_values, json_values, st.lists(st.tuples(json_values, json_values), min_size=1, max_size=3))
def test_audiences_sharing_parts_get_each_their_own_patch(shared_old, shared_new, own):
    # Views that hold the very same objects at the same place (a game's public part): the shared pair is diffed once
    # and its ops handed to every audience, as patch.py runs (Python, or compiled with app/play/patch.pxd).
    pairs = [({"public": shared_old, "mine": old, "deep": {"public": shared_old}},
              {"public": shared_new, "mine": new, "deep": {"public": shared_new}}) for old, new in own]
    patches = make_patches(pairs)
    assert patches == [make_patch(old, new) for old, new in pairs]
    for (old, new), ops in zip(pairs, patches):  # a client's copy shares nothing (deepcopy would keep the sharing)
        assert jsonpatch.apply_patch(orjson.loads(orjson.dumps(old)), ops) == new


def test_a_part_two_audiences_hold_is_diffed_once_and_a_part_one_holds_is_not_noted():
    board_old, board_new = {"cells": [0, 1, 2], "n": 1}, {"cells": [0, 9, 2], "n": 1}
    pairs = [({"game": {"board": board_old, "me": [s]}}, {"game": {"board": board_new, "me": [s, 1]}})
             for s in range(2)]
    first, second = make_patches(pairs)
    assert first[0] == second[0] == {"op": "replace", "path": "/game/board/cells/1", "value": 9}
    assert first[0] is second[0]  # the second audience got the first one's op: the pair was walked once
    assert first[1] == {"op": "add", "path": "/game/me/1", "value": 1} and first[1] is not second[1]
    # A part only its own view holds is walked at once, never noted: the count `_shared` measures says so.
    alone_old, alone_new = {"k": [0]}, {"k": [1]}
    memo: dict = {}
    patch._diff(alone_old, alone_new, "", [], memo)
    assert memo == {}


def test_dict_and_list_subclasses_are_diffed_as_dicts_and_lists():
    old = OrderedDict(a=[1, 2, 3], b=OrderedDict(c=1))
    new = OrderedDict(a=[1, 3], b=OrderedDict(c=2))
    ops = make_patch(old, new)
    assert ops == [{"op": "remove", "path": "/a/1"}, {"op": "replace", "path": "/b/c", "value": 2}]
    assert make_patches([(old, new), (old, new)]) == [ops, ops]


def test_a_key_swapped_for_another_in_a_dict_of_the_same_size():
    # Same size, one key removed and one added, after keys that changed: the ops written before the missing key was
    # met are dropped and the dict is diffed key by key, once.
    old = {"a": 1, "b": [1, 2], "gone": 0, "z": 1}
    new = {"a": 2, "b": [1, 3], "came": 0, "z": 1}
    assert make_patch(old, new) == [{"op": "remove", "path": "/gone"}, {"op": "replace", "path": "/a", "value": 2},
                                    {"op": "replace", "path": "/b/1", "value": 3},
                                    {"op": "add", "path": "/came", "value": 0}]
    made = defaultdict(int, a=1)  # a dict that makes up a missing key: its keys are compared, never looked up
    assert make_patch(made, defaultdict(int, b=1)) == [{"op": "remove", "path": "/a"},
                                                       {"op": "add", "path": "/b", "value": 1}]
    assert dict(made) == {"a": 1}
    assert make_patches([({"v": old}, {"v": new})] * 2) == [make_patch({"v": old}, {"v": new})] * 2
