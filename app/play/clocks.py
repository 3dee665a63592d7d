"""Clocks in live play: the deadlines stored with them, and the one instance that fires each deadline.

What a clock is (each seat's time, the pace, the arithmetic of a move) is plain data in app/lobby/timing.py. The
clock figures live in the `clocks` row of a started table and are rewritten in the same transaction as every move
(app/play/store.py), so they survive restarts and never disagree with the game version they belong to.

When a deadline passes, exactly one instance fires it: it claims a short lease on the row with a conditional
UPDATE (the database serializes the two claims, on PostgreSQL and SQLite alike), then makes the timeout move
through the hub's ordinary compare-and-set move path, on the version the deadline belongs to. A move that lands
first makes the claim stale and the timeout move is refused like any stale move; a claimer that dies leaves a
lease that expires, and another instance fires instead. The move itself is the game's own timeout rule
(`Game.timeout_action`), or else its strongest bot's choice from that seat's view, recorded like any move so a
replay from the seed and the move log stays exact. Two timeouts in a row hand the seat to a bot (a "zombie",
app/play/absence.py), which the player can take back.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Clock, Table
from app.engine.bot import RandomBot
from app.engine.game import copy_state
from app.lobby.timing import ZOMBIE_AFTER, ClockState, now_ms

from . import absence
from .runtime import PlayError

if TYPE_CHECKING:
    from .hub import Hub
    from .runtime import Runtime

log = logging.getLogger(__name__)


# ---- the database side ----------------------------------------------------------------------------------------
async def load(db: AsyncSession, table_id: str) -> tuple[dict[str, Any] | None, ClockState | None]:
    """The table's pace and its stored clock (None for games started before clocks existed)."""
    table = await db.get(Table, table_id)
    row = await db.get(Clock, table_id)
    return (table.pace if table else None), (ClockState.from_row(row) if row else None)


async def settle_deadline(db: AsyncSession, table_id: str, pace: dict[str, Any] | None, clock: ClockState,
                          humans: set[int]) -> None:
    """Store the deadline these players give. A move that raced a seat change (committed between the change and
    this instance hearing of it) stored one for the players before; every reload after a seat change puts it right."""
    stored = clock.deadline_ms
    if clock.with_deadline(pace, humans).deadline_ms != stored:
        await db.execute(update(Clock).where(Clock.table_id == table_id, Clock.version == clock.version)
                         .values(deadline_ms=clock.deadline_ms))
        await db.commit()


# ---- firing deadlines ---------------------------------------------------------------------------------------------
def timeout_action(rt: "Runtime", seat: int) -> dict[str, Any]:
    """The game's own timeout rule, else the move its strongest bot would make from the seat's view."""
    # On a copy: a rule that draws from the game's generator must not advance the live one outside a move (the
    # replay would diverge); the move it chooses is recorded and replayed as it is.
    view = rt.game.full_view(rt.state, seat)
    try:
        action = rt.game.timeout_action(copy_state(rt.state), seat)
        if action is not None:
            return action
        return list(rt.game.bots.values())[-1]().choose(view, random.Random(secrets.randbits(32)))
    except Exception:  # a bug in a rule or a bot must not leave the table waiting forever
        log.exception("timeout rule failed at table %s seat %s; playing a random legal move", rt.table_id, seat)
        return RandomBot().choose(view, random.Random(secrets.randbits(32)))


class ClockKeeper:
    """One per instance: every tick, claim the deadlines that have passed and fire them; keep presence fresh."""

    def __init__(self, hub: "Hub"):
        self.hub = hub
        self.settings = hub.settings
        self.task: asyncio.Task | None = None
        self._last_beat = 0.0

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self.task:
            self.task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.settings.clock_tick_s)
            try:
                for table_id, version in await self.due():
                    await self.fire(table_id, version)
                if time.monotonic() - self._last_beat >= self.settings.presence_beat_s:
                    self._last_beat = time.monotonic()
                    await absence.heartbeat(self.hub)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database was away for a moment: the next tick tries again
                log.exception("clock tick failed")

    async def due(self) -> list[tuple[str, int]]:
        """Deadlines that have passed and that this instance has just claimed."""
        now = now_ms()
        free = (Clock.lease_until_ms.is_(None)) | (Clock.lease_until_ms < now)
        async with self.hub.sessionmaker() as db:
            rows = (await db.execute(select(Clock.table_id, Clock.version)
                                     .where(Clock.deadline_ms <= now, free).limit(100))).all()
            claimed = []
            for table_id, version in rows:
                # The conditional UPDATE is the lease: of two instances claiming one deadline, the database lets one
                # change the row; the other's WHERE no longer holds and it changes nothing.
                done = await db.execute(
                    update(Clock).where(Clock.table_id == table_id, Clock.version == version,
                                        Clock.deadline_ms <= now, free)
                    .values(lease_owner=self.hub.instance[:32], lease_until_ms=now + self.settings.clock_lease_s * 1000,
                            claims=Clock.claims + 1))
                await db.commit()
                if done.rowcount == 1:
                    claimed.append((table_id, version))
        return claimed

    async def fire(self, table_id: str, version: int) -> None:
        """Make the timeout move of the first awaited seat out of time, on the claimed version."""
        rt = await self.hub.runtime(table_id, min_version=version)
        if rt is not None and rt.version != version:
            self.hub.forget(table_id)  # our cache may lag another instance: read the database
            rt = await self.hub.runtime(table_id, min_version=version)
        if rt is None or rt.version != version or rt.finished or rt.clock is None:
            return
        now = now_ms()
        humans = rt.humans()
        late = [s for s in rt.clock.running(humans) if rt.clock.left_now(s, now, humans) <= 0]
        if not late:
            return
        seat = late[0]
        action = timeout_action(rt, seat)
        log.info("clock: seat %s of table %s ran out of time at version %s", seat, table_id, version)
        try:
            await self.hub.act(table_id, user_id=None, action=action, version=version, bot_seat=seat, timed_out=True)
        except PlayError as exc:  # a player moved just in time: their move stands, the deadline moved on
            log.info("clock: timeout at table %s version %s not made: %s", table_id, version, exc.message)
            return
        rt = await self.hub.runtime(table_id)
        if rt is not None and rt.clock is not None and rt.clock.strikes.get(seat, 0) >= ZOMBIE_AFTER:
            await absence.zombie(self.hub, table_id, seat)
