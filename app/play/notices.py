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
class TurnsChanged:
    """A committed move changed who is awaited at a table. `players`: the people seated there (bots left out);
    `awaited`: those of them to move now; `started`: those whose turn has just begun (awaited now, not before).
    Each person's "waiting for you" list follows it (app/play/people.py); an email on "your turn" may too. Also told
    when a game starts (everyone awaited has `started`); a seat change before the first move may tell it again."""

    table_id: str
    players: tuple[int, ...]
    awaited: tuple[int, ...]
    started: tuple[int, ...]

    @classmethod
    def of(cls, table_id: str, seat_users: dict[int, int | None], waiting: list[int],
           before: list[int]) -> "TurnsChanged":
        # Built after every move: each set once, and the seats' people read straight from the mapping.
        players = tuple(sorted({u for u in seat_users.values() if u is not None}))
        awaited = tuple(sorted({u for u in map(seat_users.get, waiting) if u is not None}))
        if not awaited:
            return cls(table_id, players, awaited, ())
        was = {u for u in map(seat_users.get, before) if u is not None}
        return cls(table_id, players, awaited, tuple(u for u in awaited if u not in was))


@dataclass(frozen=True)
class SeatsChanged:
    """A table's seats or status changed (a player joined or left, the game started, a bot took a seat over, the
    host closed it): `players` are the people seated there now."""

    table_id: str
    players: tuple[int, ...]


@dataclass(frozen=True)
class FriendInvited:
    """A registered player invited a friend to an open table (app/friends): it is in the friend's "waiting for you"
    list now, and may be worth an email."""

    table_id: str
    from_user_id: int
    to_user_id: int


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

    def hears(self, kind: type) -> bool:
        """Whether anybody listens to this kind: a notice nobody hears need not be built (the move path asks)."""
        return kind in self._listeners

    def tell(self, notice: object) -> None:
        for listener in self._listeners.get(type(notice), ()):
            try:
                listener(notice)
            except Exception:  # a listener's failure must not undo or fail a move already committed
                log.exception("a listener of %s failed", type(notice).__name__)
