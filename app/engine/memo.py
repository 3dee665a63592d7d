"""A small bounded memo for what a game keeps between moves by a cheap content key (view parts, decisions, labelled
legal actions: docs/games.md, "view parts kept between moves").

What a table's move asks again is mostly what its previous move made, so a memo need not be large: it keeps two
generations of `size` entries, the newest and the one before; an entry found in the older one moves to the newest,
and when the newest is full it becomes the older one (the oldest is dropped). So what each move uses stays, and a
memo holds at most 2 x size entries. Small on purpose: every object a memo keeps is one more for Python's cyclic
garbage collector to walk, and memos of thousands of entries, growing a few dicts a move, brought on collections
that cost more than their extra hits saved (bench/README.md, issue 33's second round).
"""

from __future__ import annotations

from typing import Any

import orjson

# move.py is the engine's move path (errors and text its only imports: no cycle). Imported once here: an import
# statement in `labelled_kept` ran the import machinery on every call, a quarter of its time compiled.
from .move import labelled


class Memo:
    """A bounded memo of two generations (above). `get` gives None for a key not kept: values are never None."""

    __slots__ = ("size", "new", "old")

    def __init__(self, size: int) -> None:
        self.size = size
        self.new: dict[Any, Any] = {}
        self.old: dict[Any, Any] = {}

    def get(self, key: Any) -> Any:
        found = self.new.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.keep(key, found)
        return found

    def keep(self, key: Any, value: Any) -> Any:
        """Keep `value` under `key`; returns `value`."""
        new = self.new
        if len(new) >= self.size:
            self.old = new
            self.new = new = {}
        new[key] = value
        return value

    def clear(self) -> None:
        self.new = {}
        self.old = {}

    def __len__(self) -> int:
        return len(self.new) + len(self.old)


def labelled_kept(memo: Memo, action: dict[str, Any]) -> dict[str, Any]:
    """`labelled(action)` (its Text label written in English), the same object for an equal action: the English is not
    written again, and an option offered again from one move to the next is skipped by the diff with `is`. Kept by
    the action's JSON, its Text label included: everything the labelled action is made of; made from a copy, since
    the memo outlives the state whose lists an action might hold."""
    key = orjson.dumps(action)
    found = memo.get(key)
    if found is None:
        found = memo.keep(key, labelled(orjson.loads(key)))
    return found
