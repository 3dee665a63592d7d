"""RFC 6902 patches between two views of one audience.

Profiling the move path (bench/bench_ws.py under py-spy) showed jsonpatch.make_patch taking most of
the server's time: it runs a sequence-matching diff on every list, even when a list only had items
replaced. Views change in place far more often than they grow, so we walk dicts and same-length lists
ourselves and hand only lists whose length changed to jsonpatch, which finds the inserts and removals.
The equality shortcut uses Python's ==, so a view must not turn a value between bool and int in place
(1 == True); games keep each field's type, as JSON renderers expect anyway.
"""

from __future__ import annotations

from typing import Any

import jsonpatch


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def make_patch(old: Any, new: Any) -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if old == new and type(old) is type(new):
        return
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
            for op in jsonpatch.make_patch(old, new).patch:
                ops.append({**op, "path": path + op["path"],
                            **({"from": path + op["from"]} if "from" in op else {})})
        return
    ops.append({"op": "replace", "path": path, "value": new})
