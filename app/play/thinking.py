"""Where search bots think: a pool of worker processes shared by every table of this instance, outside the event loop.

A bot at level easy plays the game's heuristic at once, in the loop (it takes a millisecond). Medium and hard
search (app/engine/search.py) in the pool's workers (app/play/thinker.py), one move per worker at a time, the
others waiting in the pool's queue. Every such move has a deadline, counted from when it is asked for: the level's
`seconds` (times `bot_budget_scale`), and on a timed table no later than the seat's clock allows.

Under load the budget shrinks before a move is delayed (docs/architecture.md): with `busy` moves already in the
pool (running or queued) and W workers, a new move gets 1/max(1, (busy + 1) / W) of its level's playouts and
thinking time, so a full queue still ends about when one move alone would. A move that would get less than
MIN_THINK_S is not queued at all: the heuristic plays it at once. Time a move spends queued is taken off its
thinking, so it never ends much past its deadline. A worker that fails, dies or overruns the deadline by more than
`bot_think_grace_s` never stalls the table: the heuristic's move is played and the pool is started afresh.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import secrets
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any

from prometheus_client import Counter, Gauge, Histogram

from app import observability
from app.engine import Game, RandomBot
from app.engine.search import LEVELS, Budget, policy_bot

from . import thinker

log = logging.getLogger(__name__)

MIN_THINK_S = 0.05  # less thinking than this is not worth a trip to the pool: the heuristic plays
START_WAIT_S = 10.0  # how long a move waits for the pool's first start before the heuristic plays it
CLOCK_MARGIN_S = 1.0  # on a timed table a bot's move is made at least this long before its clock would run out

THINK_OUTCOMES = Counter("boardhall_bot_thinking", "Bot moves by how they were chosen: searched (in the pool), "
                         "heuristic (easy level), busy (queue too long: the heuristic at once), clock (too little "
                         "time left on the seat's clock), failed / timeout (the pool broke or overran: the "
                         "heuristic instead)", ["outcome"], registry=observability.REGISTRY)
THINK_SECONDS = Histogram("boardhall_bot_think_seconds", "Wall time from a search bot's move being asked for to its "
                          "answer (queue and thinking), by level", ["level"], registry=observability.REGISTRY,
                          buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0))
THINK_QUEUE = Gauge("boardhall_bot_thinking_busy", "Bot moves in the thinking pool now, running or queued",
                    registry=observability.REGISTRY)


@dataclass
class Plan:
    """What one move may spend: a search budget (None: the heuristic at once) and its deadline in seconds."""

    budget: Budget | None
    deadline_s: float
    outcome: str  # why the heuristic plays, when `budget` is None


def workers_for(setting: int) -> int:
    """The pool's size: the setting, or the machine's cores less one for the event loop, at least one."""
    return setting if setting > 0 else max(1, (os.cpu_count() or 2) - 1)


class Thinking:
    """This instance's thinking pool. Created on first use; `reset` throws the workers away after a failure."""

    def __init__(self, *, workers: int, budget_scale: float = 1.0, grace_s: float = 1.0):
        self.workers = workers
        self.budget_scale = budget_scale
        self.grace_s = grace_s
        self.busy = 0  # moves submitted and not yet answered
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Future | None = None  # the pool being started, awaited by every move meanwhile

    # ---- the rule ------------------------------------------------------------------------------------------------
    def plan(self, game: Game, num_players: int, level: str, clock_left_s: float | None = None) -> Plan:
        """The budget a move of `level` gets now, given the queue and (timed tables) the seat's clock."""
        base = LEVELS[level].budget(game, num_players) if level in LEVELS else None
        if base is None:
            return Plan(None, 0.0, "heuristic")
        deadline = (base.seconds or 1.0) * self.budget_scale
        if clock_left_s is not None:
            deadline = min(deadline, clock_left_s - CLOCK_MARGIN_S)
        share = max(1.0, (self.busy + 1) / self.workers)
        think = deadline / share
        if think < MIN_THINK_S:
            return Plan(None, 0.0, "clock" if deadline < MIN_THINK_S else "busy")
        return Plan(replace(base, iterations=max(1, round(base.iterations * self.budget_scale / share)),
                            seconds=think), deadline, "searched")

    # ---- a move --------------------------------------------------------------------------------------------------
    async def choose(self, game: Game, state: dict[str, Any], seat: int, num_players: int, level: str,
                     clock_left_s: float | None = None) -> tuple[dict[str, Any], str]:
        """The move of a bot of `level` at `seat`, and how it was chosen (THINK_OUTCOMES). Never raises for a
        failure of the pool; returns by the plan's deadline plus the grace at the latest."""
        plan = self.plan(game, num_players, level, clock_left_s)
        if plan.budget is None:
            THINK_OUTCOMES.labels(plan.outcome).inc()
            return heuristic(game, state, seat), plan.outcome
        grace = self.grace_s if clock_left_s is None else min(self.grace_s, CLOCK_MARGIN_S / 2)
        asked = time.perf_counter()
        self.busy += 1
        THINK_QUEUE.set(self.busy)
        pool = None
        try:
            pool = await self._ready_pool()
            job = pool.submit(thinker.think, game.id, state, seat, plan.budget, secrets.randbits(32),
                              time.time() + plan.deadline_s)
            action = await asyncio.wait_for(asyncio.wrap_future(job), plan.deadline_s + grace)
            outcome = "searched"
        except asyncio.TimeoutError:
            log.warning("a %s bot in %s had no answer %.2f s past its deadline (or the pool was still starting): "
                        "the heuristic moves", level, game.id, grace)
            self.reset(pool)  # a worker is stuck: start afresh rather than lose it for good
            action, outcome = heuristic(game, state, seat), "timeout"
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:  # a worker died: every move it held falls back, the next move starts a new pool
            log.warning("a thinking worker died under a %s bot in %s: the heuristic moves", level, game.id)
            self.reset(pool)
            action, outcome = heuristic(game, state, seat), "failed"
        except Exception:  # the search itself raised (the pool is sound): the heuristic moves
            log.exception("the search failed for a %s bot in %s: the heuristic moves", level, game.id)
            action, outcome = heuristic(game, state, seat), "failed"
        finally:
            self.busy -= 1
            THINK_QUEUE.set(self.busy)
        THINK_OUTCOMES.labels(outcome).inc()
        THINK_SECONDS.labels(level).observe(time.perf_counter() - asked)
        return action, outcome

    # ---- the pool ------------------------------------------------------------------------------------------------
    async def _ready_pool(self) -> ProcessPoolExecutor:
        """The pool, started (once, whoever asks meanwhile) if it is not running."""
        while self._pool is None:
            if self._starting is None:
                # Starting the forkserver waits for it to import the games: in a thread, not the loop.
                self._starting = asyncio.ensure_future(asyncio.to_thread(self._start))
            starting = self._starting
            try:  # a start that hangs costs the moves meanwhile their search, not their move
                pool = await asyncio.wait_for(asyncio.shield(starting), START_WAIT_S)
            finally:
                if self._starting is starting and starting.done():
                    self._starting = None
            if self._pool is None:
                self._pool = pool
        return self._pool

    def _start(self) -> ProcessPoolExecutor:
        # Workers are forked from a clean forkserver that preloads the games, never from this process (its threads
        # and sockets must not be copied into a child).
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([thinker.__name__])
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        try:
            for job in [pool.submit(thinker.ready) for _ in range(self.workers)]:
                job.result(timeout=60)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        return pool

    def reset(self, pool: ProcessPoolExecutor | None) -> None:
        """Throw `pool`'s workers away (their moves in flight fall back to the heuristic); the next move starts a
        new pool. A move that failed on a pool already replaced leaves the new one alone."""
        if pool is None or pool is not self._pool:
            return
        self._pool = None
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def worker_pids(self) -> list[int]:
        """The workers' process ids (for an operator, and for the test that kills one)."""
        return [p.pid for p in (getattr(self._pool, "_processes", None) or {}).values()] if self._pool else []


def heuristic(game: Game, state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The heuristic's move from the seat's view (a random legal one if the heuristic itself fails)."""
    view = game.full_view(state, seat)
    try:
        return policy_bot(game).choose(view, random.Random(secrets.randbits(32)))
    except Exception:  # a broken bot must not stall the table
        log.exception("the heuristic bot failed in %s seat %s; playing a random move", game.id, seat)
        return RandomBot().choose(view, random.Random(secrets.randbits(32)))


_shared: Thinking | None = None


def shared(settings: Any) -> Thinking:
    """The pool of this process, shared by every table (created with the first settings that ask for it)."""
    global _shared
    if _shared is None:
        _shared = Thinking(workers=workers_for(settings.bot_workers), budget_scale=settings.bot_budget_scale,
                           grace_s=settings.bot_think_grace_s)
    return _shared


def close_shared() -> None:
    """At shutdown: stop the workers (a move still thinking is not waited for)."""
    global _shared
    if _shared is not None:
        _shared.close()
        _shared = None
