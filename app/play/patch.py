"""RFC 6902 patches between two views of one audience.

Profiling the move path (bench/bench_ws.py under py-spy) showed jsonpatch.make_patch taking most of the server's
time: it runs a sequence-matching diff on every list, even when a list only had items replaced. Views change in
place far more often than they grow, so we walk dicts and same-length lists ourselves, and a list whose length
changed keeps the items at both ends that did not (`_diff_resized`). Clients apply the patches with a JSON Patch
library (static/vendor). The equality shortcut uses Python's ==, so a view must not turn a value between bool and
int in place (1 == True); games keep each field's type, as JSON renderers expect anyway.
"""

from __future__ import annotations

from typing import Any


def _escape(key: str) -> str:
    if "~" in key or "/" in key:  # rare in views: most keys need no copy
        return key.replace("~", "~0").replace("/", "~1")
    return key


def make_patch(old: Any, new: Any) -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    if not _same(old, new):
        _diff(old, new, "", ops)
    return ops


def _same(a: Any, b: Any) -> bool:
    return a is b or (a == b and type(a) is type(b))


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Ops turning `old` into `new`, which the caller has found to differ (each level compares its children once;
    comparing the pair again here cost a second deep comparison of every changed branch)."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key, value in new.items():
            if key in old:
                before = old[key]
                if before is not value and (before != value or type(before) is not type(value)):
                    _diff(before, value, f"{path}/{_escape(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            # Find the changed items in one comprehension (most are unchanged, often the very same objects),
            # then recurse into those alone.
            changed = [i for i, a, b in zip(range(len(old)), old, new)
                       if a is not b and (a != b or type(a) is not type(b))]
            for i in changed:
                _diff(old[i], new[i], f"{path}/{i}", ops)
        elif not old or not new:
            ops.append({"op": "replace", "path": path, "value": new})
        else:
            _diff_resized(old, new, path, ops)
        return
    ops.append({"op": "replace", "path": path, "value": new})


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
