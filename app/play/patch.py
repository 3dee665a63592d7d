# cython: annotation_typing=False
"""RFC 6902 patches between two views of one audience.

Profiling the move path (bench/bench_ws.py under py-spy) showed jsonpatch.make_patch taking most of the server's
time: it runs a sequence-matching diff on every list, even when a list only had items replaced. Views change in
place far more often than they grow, so we walk dicts and same-length lists ourselves, and a list whose length
changed keeps the items at both ends that did not (`_diff_resized`). Clients apply the patches with a JSON Patch
library (static/vendor). The equality shortcut uses Python's ==, so a view must not turn a value between bool and
int in place (1 == True); games keep each field's type, as JSON renderers expect anyway.

A move patches every watching audience's view, and those views share most of their objects: a game's `views`
builds the public part once for all seats (docs/games.md), and a view of a plain projection holds the state's own
lists. `make_patches` diffs such a shared pair once and hands every audience that holds it at the same place the
same ops (bench/README.md, issue 33).
"""

from __future__ import annotations

from sys import getrefcount
from typing import Any

# Per move, the ops of each (old, new) pair of containers already diffed: id(new) -> (old, path, ops). The new
# object stays alive (its views hold it) while the memo does, so its id cannot be reused meanwhile; the old one is
# held by the entry and compared by identity.
Memo = dict[int, tuple[Any, str, list[dict[str, Any]]]]


# CPython's references to a view's value while `_shared` looks at it: the view's dict, the pair `dict.items()` last
# gave, `_diff`'s loop variable, `_shared`'s argument and getrefcount's own, when this module runs as Python: 6. A
# value with more is held elsewhere too (another audience's view, the state): worth a memo. Compiled (docs/accel.md),
# fewer of these are references, so the count is measured once at import (`_calibrate`) rather than written down: a
# count of 6 there took even a part every view holds for a private one. A count that is off only costs time, never
# changes an op.
_HELD_ELSEWHERE = 6


def _escape(key: str) -> str:
    if "~" in key or "/" in key:  # rare in views: most keys need no copy
        return key.replace("~", "~0").replace("/", "~1")
    return key


def make_patch(old: Any, new: Any) -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    if not _same(old, new):
        _diff(old, new, "", ops, None)
    return ops


def make_patches(pairs: list[tuple[Any, Any]]) -> list[list[dict[str, Any]]]:
    """`make_patch(old, new)` for each audience's pair of views, the same ops, each shared pair diffed once."""
    memo: Memo | None = {} if len(pairs) > 1 else None
    out = []
    for old, new in pairs:
        ops: list[dict[str, Any]] = []
        if not _same(old, new):
            _diff(old, new, "", ops, memo)
        out.append(ops)
    return out


def _same(a: Any, b: Any) -> bool:
    return a is b or (a == b and type(a) is type(b))


# A value of one of these types is a leaf: a changed leaf is replaced whatever it became, so its op is written at
# once instead of in a call of `_diff` (most changes in a view are numbers and strings).
_LEAVES = frozenset((int, str, float, bool, type(None)))


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]], memo: Memo | None) -> None:
    """Ops turning `old` into `new`, which the caller has found to differ (each level compares its children once;
    comparing the pair again here cost a second deep comparison of every changed branch)."""
    if isinstance(old, dict) and isinstance(new, dict):
        # The usual case: no key removed or added. A plain dict is looked up at once, its keys not compared first
        # (that comparison was a tenth of a diff): as many keys and none missing are the same keys, and a missing
        # one drops the ops written so far for the general case below. Any other dict (a defaultdict would make up
        # a missing key) has its keys compared first.
        if len(old) == len(new) and (type(old) is dict or old.keys() == new.keys()):
            start = len(ops)
            # The paths of this dict's keys, kept between moves (`_PATHS`): most moves change the same few keys.
            paths = _PATHS.get(path)
            if paths is None:
                paths = _paths_of(path)
            try:
                for key, value in new.items():
                    before = old[key]
                    if before is not value and (before != value or type(before) is not type(value)):
                        at = paths.get(key)
                        if at is None:
                            at = _path_of(paths, path, key)
                        # An empty list on either side is replaced whole too, as `_diff` would (a list of
                        # legal actions or of awaited seats emptied or filled): no calls to find it out.
                        if (type(before) in _LEAVES or type(value) in _LEAVES or (type(value) is list and not value)
                                or (type(before) is list and not before)):
                            ops.append({"op": "replace", "path": at, "value": value})
                        elif memo is None:
                            _diff(before, value, at, ops, None)
                        else:
                            _shared(before, value, at, ops, memo)
                return
            except KeyError:  # only from `old[key]`: each level below catches its own
                del ops[start:]
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key, value in new.items():
            if key in old:
                before = old[key]
                if before is not value and (before != value or type(before) is not type(value)):
                    if memo is None:
                        _diff(before, value, f"{path}/{_escape(key)}", ops, None)
                    else:
                        _shared(before, value, f"{path}/{_escape(key)}", ops, memo)
            else:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            # Find the changed items in one comprehension (most are unchanged, often the very same objects),
            # then recurse into those alone. Indexed rather than zipped: as fast as Python, and compiled (with
            # patch.pxd's C integer `i`) three times faster than a zip, whose every item is a tuple.
            changed = [i for i in range(len(old))
                       if old[i] is not new[i] and (old[i] != new[i] or type(old[i]) is not type(new[i]))]
            for i in changed:
                value = new[i]
                if type(value) in _LEAVES or type(old[i]) in _LEAVES:
                    ops.append({"op": "replace", "path": f"{path}/{i}", "value": value})
                else:
                    _diff(old[i], value, f"{path}/{i}", ops, memo)
        elif not old or not new:
            ops.append({"op": "replace", "path": path, "value": new})
        else:
            _diff_resized(old, new, path, ops)
        return
    ops.append({"op": "replace", "path": path, "value": new})


# Each dict's path -> {key: the key's path}: the paths `_diff` writes, kept between moves instead of being escaped and
# joined again for every changed key. Keyed by content (two strings give one path), bounded: a table of more than
# _PATHS_KEPT paths, or a dict's of more than _PATHS_KEPT keys, is emptied and filled again.
_PATHS: dict[str, dict[str, str]] = {}
_PATHS_KEPT = 4096


def _paths_of(path: str) -> dict[str, str]:
    if len(_PATHS) >= _PATHS_KEPT:
        _PATHS.clear()
    paths: dict[str, str] = {}
    _PATHS[path] = paths
    return paths


def _path_of(paths: dict[str, str], path: str, key: Any) -> str:
    if len(paths) >= _PATHS_KEPT:
        paths.clear()
    at = f"{path}/{_escape(key)}"
    paths[key] = at
    return at


def _shared(before: Any, value: Any, path: str, ops: list[dict[str, Any]], memo: Memo) -> None:
    """A dict's changed value, when a move patches several audiences: a pair of containers already diffed in this
    move at the same place (a part every audience's view shares) gives its ops again without being walked. A value
    only its own view holds is walked at once: noting it would cost more than it could save (bench/README.md)."""
    if (type(value) is not dict and type(value) is not list) or getrefcount(value) < _HELD_ELSEWHERE:
        _diff(before, value, path, ops, memo)
        return
    key = id(value)  # one int, not a pair of them: the entry holds the old object, checked by identity
    seen = memo.get(key)
    if seen is not None and seen[0] is before and seen[1] == path:
        ops.extend(seen[2])
        return
    start = len(ops)
    _diff(before, value, path, ops, memo)
    memo[key] = (before, path, ops[start:])


def _calibrate() -> int:
    """The least count at which `_shared` takes a value for one held elsewhere: one more than it sees for a value
    that only its view's dict holds, as this module runs (as Python or compiled)."""
    global _HELD_ELSEWHERE
    for count in range(2, 16):
        _HELD_ELSEWHERE = count
        memo: Memo = {}
        _diff({"k": [0]}, {"k": [1]}, "", [], memo)  # the new list: held by its dict alone
        if not memo:
            return count
    return 6


_HELD_ELSEWHERE = _calibrate()


def _diff_resized(old: list, new: list, path: str, ops: list[dict[str, Any]]) -> None:
    """A list that grew or shrank. The items kept at both ends stay; when only removals or only insertions lie
    between them (a card played from a hand, one drawn, a row shifted along) they become remove or add ops, and
    when both do, the whole list is sent again: on Istanbul's and Gold Rush's views that was a smaller patch than
    any op-by-op diff, jsonpatch's sequence matching included, for a tenth of its CPU (bench/README.md)."""
    shorter = min(len(old), len(new))
    start = 0
    while start < shorter and _same(old[start], new[start]):
        start += 1
    end = 0  # items kept at the end, not overlapping the kept start
    while end < shorter - start and _same(old[-1 - end], new[-1 - end]):
        end += 1
    removed, added = len(old) - start - end, len(new) - start - end
    if removed and added:
        ops.append({"op": "replace", "path": path, "value": new})
    elif removed:  # each removal shifts the rest down onto the same index
        ops.extend({"op": "remove", "path": f"{path}/{start}"} for _ in range(removed))
    else:
        ops.extend({"op": "add", "path": f"{path}/{start + i}", "value": new[start + i]} for i in range(added))
