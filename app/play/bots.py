"""Bots' scheduling: one task per table moves its awaited bots one after another, and a sweeper wakes tables whose
bot has stalled. A part of `Hub` (app/play/hub.py), working on the state it sets up; a bot's move goes through the
hub's own move path (`act`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time

from prometheus_client import Counter
from sqlalchemy import select

from app import engine, observability
from app.db.models import Seat
from app.engine.game import copy_state
from app.engine.search import LEVELS
from app.lobby import timing

from . import leases, thinking
from .runtime import PlayError, Runtime

log = logging.getLogger(__name__)

BOT_MOVES = Counter("boardhall_bot_moves", "Bot move attempts by outcome: made, claimed_elsewhere (another instance "
                    "holds the move), stale (lost a race after claiming: should stay 0)", ["outcome"],
                    registry=observability.REGISTRY)


class Bots:
    """The bots' side of the hub."""

    # ---- bots ---------------------------------------------------------------------------------------
    # Any instance that has a table loaded may wake its bot; a lease on (table, version) in the database lets one
    # of them make the move (app/play/leases.py). A claim that dies with its instance expires and the table is
    # woken again by `_wake_stalled_bots` on whichever instance looks first.
    def _schedule_bots(self, rt: Runtime) -> None:
        """Start this table's bot task if a bot is awaited; one task per table moves its bots one after another
        (one claim per version: two bots awaited at once would otherwise claim against each other)."""
        if self._closing or not any(rt.seat_bots.values()) or rt.table_id in self._bot_tasks or rt.finished:
            return  # the cheap checks first: this runs after every move
        if any(rt.seat_bots.get(seat) for seat in rt.game.pending(rt.state)):
            self._bot_tasks[rt.table_id] = asyncio.create_task(self._run_bots(rt.table_id))

    async def _claim_bot_move(self, table_id: str, version: int, seat: int) -> str | None:
        """The level of the seat's bot if this instance won the claim for its move, else None."""
        async with self.sessionmaker() as db:
            if not await leases.claim_bot_move(db, table_id, version, seat, owner=self.instance[:32],
                                               now_ms=timing.now_ms(),
                                               lease_ms=int(self.settings.bot_lease_s * 1000)):
                return None
            level = await db.scalar(select(Seat.bot_level).where(Seat.table_id == table_id, Seat.index == seat))
            return level or "easy"  # bots seated before levels existed play as they did

    async def _run_bots(self, table_id: str) -> None:
        observability.table_id.set(table_id)
        try:
            while await self._bot_move(table_id):
                pass
        finally:
            self._bot_tasks.pop(table_id, None)
        rt = self.runtimes.get(table_id)
        if rt is not None:  # a move that landed while this task was finishing may await a bot again
            self._schedule_bots(rt)

    async def _bot_move(self, table_id: str) -> bool:
        """Make one awaited bot's move if this instance wins the claim for it; True to look for the next one.
        The pause watchers see before a bot's move (`bot_delay`) runs while the bot thinks: the move is made when
        both are over, never after the pause and then the thinking."""
        paced_until = time.monotonic() + self.settings.bot_delay
        try:
            rt = await self.runtime(table_id)
            seats = [s for s in rt.game.pending(rt.state) if rt.seat_bots.get(s)] if rt and not rt.finished else []
            if not seats:
                return False
            seat, name, version = seats[0], rt.seat_bots[seats[0]], rt.version
            level = await self._claim_bot_move(table_id, version, seat)
            if level is None:
                BOT_MOVES.labels("claimed_elsewhere").inc()
                return False
        except Exception:  # the database was away: the sweeper wakes the table again
            observability.DATABASE_ERRORS.labels("bot_claim").inc()
            log.warning("bots at %s could not claim their move", table_id, exc_info=True)
            return False
        if LEVELS.get(level) and LEVELS[level].iterations:  # a search level: the thinking pool
            action, _ = await thinking.shared(self.settings).choose(
                rt.game, copy_state(rt.state), seat, rt.num_players, level, self._clock_left_s(rt, seat))
        else:
            view = rt.game.full_view(rt.state, seat)
            try:
                action = rt.game.bots[name]().choose(view, random.Random(secrets.randbits(32)))
            except Exception:  # a broken bot must not stall the table: play a random legal move instead
                log.exception("bot %s failed at %s seat %s; playing a random move", name, table_id, seat)
                action = engine.RandomBot().choose(view, random.Random(secrets.randbits(32)))
        await asyncio.sleep(max(0.0, paced_until - time.monotonic()))
        try:
            await self.act(table_id, user_id=None, action=action, version=version, bot_seat=seat)
            BOT_MOVES.labels("made").inc()
        except PlayError as exc:
            if exc.code != "stale_version":
                log.error("bot %s at %s seat %s failed: %s", name, table_id, seat, exc.message)
                return False
            BOT_MOVES.labels("stale").inc()  # a person moved first at a simultaneous prompt
        except Exception:
            log.exception("bot %s at %s seat %s crashed", name, table_id, seat)
            return False
        return True

    @staticmethod
    def _clock_left_s(rt: Runtime, seat: int) -> float | None:
        """Seconds left on the seat's clock at a timed table (a bot's thinking ends before it), else None."""
        if not timing.is_timed(rt.pace) or rt.clock is None or seat not in rt.clock.left_ms:
            return None
        return rt.clock.left_now(seat, timing.now_ms(), rt.humans()) / 1000

    async def wake_bots(self, table_id: str, version: int) -> None:
        """Make sure this instance has the table at `version` (or later) loaded and its awaited bots scheduled."""
        rt = await self.runtime(table_id, min_version=version)
        if rt is not None:
            self._schedule_bots(rt)
            if rt.bots_only() and not self._watched(table_id):  # its watchers left while no instance had it
                self._background(self.close_if_unwatched(table_id), self._closers)

    async def _wake_stalled_bots(self) -> None:
        """Every few seconds: tables whose awaited bot has not moved for longer than a claim lasts get woken."""
        every = max(1.0, self.settings.bot_lease_s / 4)
        while True:
            await asyncio.sleep(every)
            try:
                stalled_for = int((self.settings.bot_delay + self.settings.bot_lease_s) * 1000)
                async with self.sessionmaker() as db:
                    stalled = await leases.stalled_bot_tables(db, before_ms=timing.now_ms() - stalled_for)
                for table_id, version in stalled:
                    await self.wake_bots(table_id, version)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database was away for a moment: the next round looks again
                observability.DATABASE_ERRORS.labels("bot_sweep").inc()
                log.warning("looking for stalled bots failed", exc_info=True)
