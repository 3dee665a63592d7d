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


class TurnsChanged:
    """A committed move changed who is awaited at a table. `players`: the people seated there (bots left out);
    `awaited`: those of them to move now; `started`: those whose turn has just begun (awaited now, not before).
    Each person's "waiting for you" list follows it (app/play/people.py); an email on "your turn" may too. Also told
    when a game starts (everyone awaited has `started`); a seat change before the first move may tell it again.

    Immutable and compared by its four fields, as a frozen dataclass would be. Built after every move, so built
    cheaply: `of` keeps what it is given and works `awaited` and `started` out only when asked (the listener of
    every move, people.py, reads `players` alone); `players` is worked out at once, from the seats as they are."""

    __slots__ = ("table_id", "players", "_awaited", "_started", "_users", "_waiting", "_before")

    def __init__(self, table_id: str, players: tuple[int, ...], awaited: tuple[int, ...],
                 started: tuple[int, ...]) -> None:
        _set = object.__setattr__
        _set(self, "table_id", table_id)
        _set(self, "players", players)
        _set(self, "_awaited", awaited)
        _set(self, "_started", started)
        _set(self, "_users", None)

    @classmethod
    def of(cls, table_id: str, seat_users: dict[int, int | None], waiting: list[int],
           before: list[int]) -> "TurnsChanged":
        notice = cls.__new__(cls)
        _set = object.__setattr__
        _set(notice, "table_id", table_id)
        _set(notice, "players", tuple(sorted({u for u in seat_users.values() if u is not None})))
        # Who is awaited, read from the seats as they are now (a copy: the table's mapping may change later).
        _set(notice, "_users", tuple(map(seat_users.get, waiting)))
        _set(notice, "_before", tuple(map(seat_users.get, before)))
        _set(notice, "_awaited", None)
        _set(notice, "_started", None)
        return notice

    def _work_out(self) -> None:
        awaited = tuple(sorted({u for u in self._users if u is not None}))
        was = {u for u in self._before if u is not None} if awaited else set()
        object.__setattr__(self, "_awaited", awaited)
        object.__setattr__(self, "_started", tuple(u for u in awaited if u not in was))
        object.__setattr__(self, "_users", None)

    @property
    def awaited(self) -> tuple[int, ...]:
        if self._users is not None:
            self._work_out()
        return self._awaited

    @property
    def started(self) -> tuple[int, ...]:
        if self._users is not None:
            self._work_out()
        return self._started

    def _fields(self) -> tuple:
        return self.table_id, self.players, self.awaited, self.started

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")  # frozen, as the dataclass was

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        return (f"TurnsChanged(table_id={self.table_id!r}, players={self.players!r}, awaited={self.awaited!r}, "
                f"started={self.started!r})")


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
