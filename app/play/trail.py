"""The undo trail in live play: taking a move back as a new version, which seat may take back now, and the trail
rebuilt from the move log when a table is loaded (app/engine/undo.py keeps the trail itself). A part of `Hub`
(app/play/hub.py), working on the state it sets up; an undo is committed and published by the hub's `_record`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app import engine
from app.db.models import GameRecord, Move
from app.engine import playout, undo
from app.engine.game import copy_state
from app.engine.text import t
from app.lobby import timing

from .runtime import PlayError, Runtime, audience_key

if TYPE_CHECKING:
    from .sockets import Connection

log = logging.getLogger(__name__)


class UndoTrail:
    """The taking-back side of the hub."""

    async def undo(self, table_id: str, *, user_id: int | None, version: int,
                   ack_to: tuple[Connection, Any] | None = None) -> int:
        """Take back the last move of the seat `user_id` holds, made on `version`: the game returns to the state
        before it as a new version, committed and published like any move; returns that version."""
        rt = await self.runtime(table_id, min_version=version)
        if rt is None:
            raise PlayError("not_started", t("the game has not started"))
        async with rt.lock:
            if self.runtimes.get(table_id) is not rt:  # replaced while we waited: use the fresh one
                return await self.undo(table_id, user_id=user_id, version=version, ack_to=ack_to)
            seat = rt.seat_of(user_id)
            if seat is None:
                raise PlayError("not_seated", t("you are watching this table; only players can take back moves"))
            if rt.finished:
                raise PlayError("game_over", t("the game is over"))
            if version != rt.version:
                raise PlayError("stale_version", t("you asked on version {version} but the game is at {current}",
                                                     version=version, current=rt.version))
            if rt.trail is None:
                rt.trail = await self._rebuild_trail(rt)
            try:
                point = undo.take_back(rt.game, rt.trail, rt.state, seat)
            except engine.GameError as exc:
                raise PlayError(exc.code, exc.say or exc.message) from None
            new_version = await self._record(
                rt, seat=seat, action=undo.undo_action(point.version), state=copy_state(point.state),
                events=[rt.trail.took_back(seat)], timed_out=False, trail=rt.trail.undone(), took_back=True,
                ack_to=ack_to)
        self._schedule_bots(rt)
        return new_version

    @staticmethod
    def _undo_offer(rt: Runtime, trail: undo.Trail | None, waiting: list[int],
                    result: dict[str, Any] | None) -> tuple[str, dict[str, Any]] | None:
        """The seat that may take back now and the version it would return to (its view's "undo": the page shows
        "Undo"), or None."""
        if trail is None or len(trail.points) < 2:
            return None
        seat = trail.points[-1].seat
        if seat is None or rt.seat_users.get(seat) is None or waiting != [seat] or result is not None:
            return None
        last = trail.points[-1]
        offer = {"to": trail.points[-2].version, "label": last.label}
        if last.say is not None:  # the move's label as a Text, for pages in other languages
            offer["say"] = last.say
        return audience_key(seat), offer

    async def _load_trail(self, db: AsyncSession, rt: Runtime, record: GameRecord) -> undo.Trail:
        """The trail of a table being loaded: rebuilt from the seed and the move log when its awaited seat might
        take something back (after a restart, or when another instance made the last move), else the current
        state alone."""
        waiting = sorted(rt.game.pending(rt.state))
        if rt.finished or len(waiting) != 1 or not undo.has_undo_points(rt.game):
            return undo.Trail.start(rt.version, rt.state)
        last = await db.scalar(select(Move.seat).where(Move.table_id == rt.table_id)
                               .order_by(Move.version.desc()).limit(1))
        if last != waiting[0]:
            return undo.Trail.start(rt.version, rt.state)
        return await self._rebuild_trail(rt, db, record)

    async def _rebuild_trail(self, rt: Runtime, db: AsyncSession | None = None,
                             record: GameRecord | None = None) -> undo.Trail:
        if db is None:
            async with self.sessionmaker() as own:
                return await self._rebuild_trail(rt, own, await own.get(GameRecord, rt.table_id))
        assert record is not None
        rows = (await db.execute(select(Move.seat, Move.action).where(Move.table_id == rt.table_id)
                                 .order_by(Move.version))).all()
        try:
            state, trail = playout.undo_trail(rt.game, rt.num_players, record.options, record.seed,
                                              [(seat, action) for seat, action in rows])
        except engine.GameError as exc:  # rules changed since these moves were made: nothing can be taken back
            log.warning("table %s: its move log no longer replays (%s); no undo", rt.table_id, exc.message)
            return undo.Trail.start(rt.version, rt.state)
        if len(rows) != rt.version or playout.canonical(state) != playout.canonical(rt.state):
            log.warning("table %s: the replayed state differs from the stored one; no undo", rt.table_id)
            return undo.Trail.start(rt.version, rt.state)
        return trail


def _without_increments(pace: dict[str, Any] | None, clock: timing.ClockState, seat: int,
                        humans: set[int]) -> timing.ClockState:
    """A realtime clock after an undo: neither the undo nor the move it took back adds an increment, so taking
    moves back and making them again never buys time."""
    increment = (pace or {}).get("increment_s", 0) * 1000
    if not timing.is_timed(pace) or pace["mode"] != timing.REALTIME or not increment:
        return clock
    clock.left_ms[seat] = max(0, clock.left_ms.get(seat, 0) - 2 * increment)
    return clock.with_deadline(pace, humans)
