"""Clocks: each seat's time, the deadlines stored with them, and the one instance that fires each deadline.

A table's pace (chosen at creation) is `relaxed` (no clock), `realtime` (a bank per player that runs only while
that player is awaited, plus an increment per decision) or `turn_based` (a fresh deadline for every decision).
The clock figures live in the `clocks` row of a started table and are rewritten in the same transaction as every
move (app/play/store.py), so they survive restarts and never disagree with the game version they belong to.

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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Clock, Table
from app.engine.bot import RandomBot
from app.engine.game import copy_state

if TYPE_CHECKING:
    from .hub import Hub, Runtime

log = logging.getLogger(__name__)

RELAXED, REALTIME, TURN_BASED = "relaxed", "realtime", "turn_based"
ZOMBIE_AFTER = 2  # timeouts in a row before a bot takes the seat
RECLAIM_FLOOR_MS = 15_000  # a player taking a realtime seat back gets at least this long for their next decision


def now_ms() -> int:
    return int(time.time() * 1000)


def is_timed(pace: dict[str, Any] | None) -> bool:
    return bool(pace) and pace.get("mode") in (REALTIME, TURN_BASED)


def _fresh_ms(pace: dict[str, Any]) -> int:
    """The time a seat starts with: the whole bank (realtime), or one decision's deadline (turn-based)."""
    if pace["mode"] == REALTIME:
        return pace["bank_s"] * 1000
    return pace["deadline_h"] * 3600 * 1000


@dataclass
class ClockState:
    """One table's clock at one game version; `left_ms` is each seat's time at `started_ms`."""

    version: int
    started_ms: int
    left_ms: dict[int, int]
    waiting: list[int]
    strikes: dict[int, int] = field(default_factory=dict)
    deadline_ms: int | None = None

    def running(self, humans: set[int]) -> list[int]:
        """Awaited seats whose clocks run: bots take no time."""
        return [s for s in self.waiting if s in humans]

    def left_now(self, seat: int, at_ms: int, humans: set[int]) -> int:
        left = self.left_ms.get(seat, 0)
        return max(0, left - (at_ms - self.started_ms)) if seat in self.running(humans) else left

    def with_deadline(self, pace: dict[str, Any] | None, humans: set[int]) -> "ClockState":
        running = self.running(humans)
        self.deadline_ms = (min(self.started_ms + self.left_ms.get(s, 0) for s in running)
                            if is_timed(pace) and running else None)
        return self

    def row(self) -> dict[str, Any]:
        """Column values for the clocks row (JSON keys are strings)."""
        return {"version": self.version, "started_ms": self.started_ms, "deadline_ms": self.deadline_ms,
                "left_ms": {str(k): v for k, v in self.left_ms.items()}, "waiting": list(self.waiting),
                "strikes": {str(k): v for k, v in self.strikes.items() if v}}

    @classmethod
    def from_row(cls, row: Clock) -> "ClockState":
        return cls(version=row.version, started_ms=row.started_ms, waiting=list(row.waiting or []),
                   left_ms={int(k): v for k, v in (row.left_ms or {}).items()},
                   strikes={int(k): v for k, v in (row.strikes or {}).items()}, deadline_ms=row.deadline_ms)


def start_clock(pace: dict[str, Any] | None, num_players: int, waiting: list[int], humans: set[int],
                at_ms: int) -> ClockState:
    """The clock at version 0: every seat starts with its full time."""
    left = {s: _fresh_ms(pace) for s in range(num_players)} if is_timed(pace) else {}
    return ClockState(version=0, started_ms=at_ms, left_ms=left, waiting=sorted(waiting)).with_deadline(pace, humans)


def after_move(pace: dict[str, Any] | None, clock: ClockState, *, mover: int, timed_out: bool, version: int,
               waiting: list[int], humans: set[int], at_ms: int) -> ClockState:
    """The clock once `mover` has decided (or been decided for, when `timed_out`) and `version` is committed."""
    left = dict(clock.left_ms)
    if is_timed(pace):
        for seat in clock.running(humans):
            left[seat] = clock.left_now(seat, at_ms, humans)
        if pace["mode"] == REALTIME:
            left[mover] = left.get(mover, 0) + pace.get("increment_s", 0) * 1000
        else:  # turn-based: every new decision gets the whole deadline; one still awaited keeps counting down
            for seat in waiting:
                if seat == mover or seat not in clock.waiting:
                    left[seat] = _fresh_ms(pace)
    strikes = dict(clock.strikes)
    strikes[mover] = strikes.get(mover, 0) + 1 if timed_out else 0
    return ClockState(version=version, started_ms=at_ms, left_ms=left, waiting=sorted(waiting),
                      strikes=strikes).with_deadline(pace, humans)


def rebased(pace: dict[str, Any] | None, clock: ClockState, humans_before: set[int], humans: set[int],
            at_ms: int, reclaimed: int | None = None) -> ClockState:
    """The same version's clock when who plays a seat changed (a bot took over, a player came back)."""
    left = dict(clock.left_ms)
    for seat in clock.running(humans_before):
        left[seat] = clock.left_now(seat, at_ms, humans_before)
    strikes = dict(clock.strikes)
    if reclaimed is not None:
        strikes.pop(reclaimed, None)
        if is_timed(pace) and pace["mode"] == REALTIME:
            floor = max(RECLAIM_FLOOR_MS, pace.get("increment_s", 0) * 1000)
            left[reclaimed] = min(max(left.get(reclaimed, 0), floor), max(floor, _fresh_ms(pace)))
    return ClockState(version=clock.version, started_ms=at_ms, left_ms=left, waiting=list(clock.waiting),
                      strikes=strikes).with_deadline(pace, humans)


def envelope_fields(pace: dict[str, Any] | None, clock: ClockState | None, humans: set[int]) -> dict[str, Any]:
    """What every view of a timed table carries: each seat's time and whether it is running (docs/protocol.md)."""
    if not is_timed(pace) or clock is None:
        return {}
    running = set(clock.running(humans))
    return {"clocks": {str(s): {"left_ms": left, "running": s in running} for s, left in sorted(clock.left_ms.items())},
            "clock_at": clock.started_ms}


def with_resignations(result: dict[str, Any] | None, resigned: set[int]) -> dict[str, Any] | None:
    """A result that records who resigned; a player who resigned cannot win (a forfeit loses)."""
    if result is None or not resigned:
        return result
    out = dict(result, resigned=sorted(resigned))
    winners = [s for s in result.get("winners", []) if s not in resigned]
    scores = result.get("scores") or []
    if not winners and scores:
        standing = [s for s in range(len(scores)) if s not in resigned]
        if standing:
            best = max(scores[s] for s in standing)
            winners = [s for s in standing if scores[s] == best]
    out["winners"] = winners
    return out


# ---- the database side ----------------------------------------------------------------------------------------
async def load(db: AsyncSession, table_id: str) -> tuple[dict[str, Any] | None, ClockState | None]:
    """The table's pace and its stored clock (None for games started before clocks existed)."""
    table = await db.get(Table, table_id)
    row = await db.get(Clock, table_id)
    return (table.pace if table else None), (ClockState.from_row(row) if row else None)


def new_row(table_id: str, clock: ClockState) -> Clock:
    return Clock(table_id=table_id, claims=0, **clock.row())


async def store_rebased(db: AsyncSession, table_id: str, clock: ClockState) -> None:
    """Write a rebased clock (same version) without touching a lease a firing instance may hold."""
    await db.execute(update(Clock).where(Clock.table_id == table_id, Clock.version == clock.version)
                     .values(**clock.row()))


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
        from . import absence

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
        from . import absence
        from .hub import PlayError

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


# ---- presence: who has a socket open ---------------------------------------------------------------------------
STALE_BEATS = 3  # heartbeats an instance may miss (it died) before its players count as gone


def stale_ms(settings: Any) -> int:
    return int(settings.presence_beat_s * STALE_BEATS * 1000)


def absent_since(seen_ms: int | None, at_ms: int, settings: Any) -> int | None:
    """When a seated player went away (epoch ms), or None while connected; 0 for one never seen at the table."""
    if seen_ms is None:
        return 0
    gone_at = seen_ms + stale_ms(settings)
    return gone_at if gone_at <= at_ms else None
