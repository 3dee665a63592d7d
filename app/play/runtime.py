"""A table as this instance holds it in memory (`Runtime`), and the names every part of live play shares: a refused
act (`PlayError`), an audience (a seat, or the spectators) and how frames are serialised."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import orjson

from app import engine
from app.engine import undo
from app.errors import HallError
from app.lobby import timing

SPECTATOR = "spectator"


def audience_key(seat: int | None) -> str:
    return SPECTATOR if seat is None else str(seat)


def seat_number(audience: str) -> int | None:
    return None if audience == SPECTATOR else int(audience)


def dumps(data: Any) -> str:
    return orjson.dumps(data).decode()


class _Ready:
    """An awaitable that is already done (its value None): what `TableLock` hands `async with` when it need not wait."""

    __slots__ = ()

    def __await__(self):  # noqa: ANN204
        return iter(())


_READY = _Ready()


class TableLock(asyncio.Lock):
    """asyncio's lock, taken and released without a coroutine when nobody waits (every move takes its table's lock:
    `async with` made three coroutines a move). When it must wait, or others wait for it, asyncio's own code runs.
    The fast path is `Lock.acquire`'s own first test (the same in Python 3.11-3.13)."""

    def __aenter__(self):  # noqa: ANN204 - an awaitable, not a coroutine
        if not self._locked and (self._waiters is None or all(w.cancelled() for w in self._waiters)):
            self._locked = True
            return _READY
        return self.acquire()

    def __aexit__(self, exc_type, exc, tb):  # noqa: ANN001, ANN204
        self.release()
        return _READY


class PlayError(HallError):
    """An act that was refused; nothing changed."""

    status = 409


@dataclass
class Runtime:
    """This instance's cached copy of one table's game."""

    table_id: str
    game: engine.Game
    num_players: int
    state: dict[str, Any]
    version: int
    seat_users: dict[int, int | None]
    seat_bots: dict[int, str | None]
    views: dict[str, dict[str, Any]]
    lock: asyncio.Lock = field(default_factory=TableLock)
    pace: dict[str, Any] | None = None  # the table's pace and clock (app/play/clocks.py)
    clock: timing.ClockState | None = None
    resigned: set[int] = field(default_factory=set)
    trail: undo.Trail | None = None  # the states its mover may take back to (app/engine/undo.py); None: not known
    offer: tuple[str, dict[str, Any]] | None = None  # (audience, its "undo" field) at this version, if any
    state_json: bytes | None = None  # `state` as stored, when at hand: the next move copies it from this
    # Finished with no result: its host closed it, or it was a table of bots only that nobody watched. No more moves.
    closed: bool = False

    def __post_init__(self) -> None:
        # A game none of whose decisions can be taken back keeps the trail it was loaded with (one point, no
        # undo offered), instead of checking every move for it.
        self.undoable = undo.has_undo_points(self.game)

    def humans(self) -> set[int]:
        """Seats a person plays: their clocks run."""
        return {seat for seat, uid in self.seat_users.items() if uid is not None}

    def bots_only(self) -> bool:
        """Every seat is a bot's (whether anybody may take one back is in the seats' rows)."""
        return all(self.seat_bots.values()) and not self.humans()

    def envelope(self, views: dict[str, dict[str, Any]], clock: timing.ClockState | None,
                 humans: set[int] | None = None) -> None:
        """Add what the platform, not the game, puts in every view: clocks, and resignations in the result.
        `humans`: `self.humans()`, when the caller has it at hand."""
        extra = timing.envelope_fields(self.pace, clock, self.humans() if humans is None else humans)
        if not extra and not self.resigned:  # an untimed table nobody resigned from: nothing to add
            return
        for view in views.values():
            view.update(extra)
            view["result"] = timing.with_resignations(view["result"], self.resigned)

    def view(self, audience: str) -> dict[str, Any]:
        """The current view of one audience, computed the first time it is asked for at this version."""
        view = self.views.get(audience)
        if view is None:
            view = self.game.full_view(self.state, seat_number(audience))
            self.envelope({audience: view}, self.clock)
            if self.offer is not None and self.offer[0] == audience:
                view["undo"] = self.offer[1]
            self.views[audience] = view
        return view

    def seat_of(self, user_id: int | None) -> int | None:
        for seat, uid in self.seat_users.items():
            if uid is not None and uid == user_id:
                return seat
        return None

    @property
    def finished(self) -> bool:
        return self.closed or self.game.result(self.state) is not None
