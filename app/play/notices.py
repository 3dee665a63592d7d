"""What live play tells the layers above it, without importing them: typed notices, subscribed to in app/main.py.

Live play sits below the history, the replays and the tournaments (docs/architecture.md): when something happens
here that they care about, the hub tells its `Notices`, and whoever subscribed at assembly hears of it. A listener
runs in the mover's task right after the commit, so it must return at once (work of its own goes in a task of its
own); one that raises is logged and the others still hear.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameFinished:
    """A table's game is over: the move that ended it is committed and published."""

    table_id: str


@dataclass(frozen=True)
class TurnWaits:
    """At a turn-based table, a committed move leaves these seats of people (not bots, not the mover) to move."""

    table_id: str
    version: int
    seats: tuple[int, ...]


Notice = TypeVar("Notice")


class Notices:
    """The listeners of each kind of notice of one hub."""

    def __init__(self) -> None:
        self._listeners: dict[type, list[Callable[[Any], None]]] = {}

    def subscribe(self, kind: type[Notice], listener: Callable[[Notice], None]) -> None:
        self._listeners.setdefault(kind, []).append(listener)

    def tell(self, notice: object) -> None:
        for listener in self._listeners.get(type(notice), ()):
            try:
                listener(notice)
            except Exception:  # a listener's failure must not undo or fail a move already committed
                log.exception("a listener of %s failed", type(notice).__name__)
