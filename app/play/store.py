"""The play domain's database access: durable moves with group commit, and the reads the hub needs.

Every move is a compare-and-set of the game row on its version plus an inserted move row. Moves from
many tables are queued to one writer thread, which runs whatever has queued up in a single transaction
(a blocking engine: see db.session.make_sync_engine), then resolves each move's future on the event loop with whether
its compare-and-set held. Nothing is acknowledged before that commit. On SQLite this also avoids several connections
fighting for the one write lock (whose busy handler sleeps for many milliseconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import re
import signal
import threading
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncSession

from app import observability
from app.db.models import Message, Move, Seat, utcnow

log = logging.getLogger(__name__)


# ---- reads -------------------------------------------------------------------------------------------------------

async def seats(db: AsyncSession, table_id: str) -> list[Seat]:
    return list((await db.execute(select(Seat).where(Seat.table_id == table_id).order_by(Seat.index))).scalars())


async def last_events(db: AsyncSession, table_id: str, limit: int) -> list[tuple[int, list]]:
    """The events of the last `limit` moves, oldest first, with the version each move produced."""
    rows = (await db.execute(select(Move.version, Move.events).where(Move.table_id == table_id)
                             .order_by(Move.version.desc()).limit(limit))).all()
    return [(version, events) for version, events in reversed(rows)]


async def events_before(db: AsyncSession, table_id: str, before: int, limit: int) -> list[tuple[int, list]]:
    """The events of at most `limit` moves made before version `before`, oldest first (a page of the whole log)."""
    rows = (await db.execute(select(Move.version, Move.events).where(Move.table_id == table_id, Move.version < before)
                             .order_by(Move.version.desc()).limit(limit))).all()
    return [(version, events) for version, events in reversed(rows)]


async def add_chat(db: AsyncSession, table_id: str, *, user_id: int, nickname: str, text: str) -> Message:
    msg = Message(table_id=table_id, user_id=user_id, nickname=nickname, text=text)
    db.add(msg)
    return msg


async def last_chat(db: AsyncSession, table_id: str, limit: int) -> list[Message]:
    rows = (await db.execute(select(Message).where(Message.table_id == table_id)
                             .order_by(Message.id.desc()).limit(limit))).scalars().all()
    return list(reversed(rows))


# ---- writes ------------------------------------------------------------------------------------------------------

@dataclass
class PendingMove:
    table_id: str
    version: int  # the version this move creates
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    state_json: str
    result: dict[str, Any] | None
    clock: dict[str, Any] | None = None  # the clocks row at this version (app/play/clocks.py), same transaction


class MoveWriter:
    """The one thread that writes moves: it takes whatever moves have queued up, commits them in one transaction
    and resolves each mover's future on the event loop. The moves of one turn of the event loop are handed over
    together (so the thread wakes once for them, not once a move), and a batch's outcomes come back in one call:
    no task or thread-pool hop per batch."""

    def __init__(self, engine: Engine, kill_after: int = 0):
        self.engine = engine
        self.inbox: queue.SimpleQueue[list[tuple[PendingMove, asyncio.Future[bool]]] | None] = queue.SimpleQueue()
        self.gathering: list[tuple[PendingMove, asyncio.Future[bool]]] = []  # this turn of the loop's moves
        self.thread: threading.Thread | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        # Fault injection for the crash tests only (FAULT_KILL_AFTER_COMMITS): the process kills itself with SIGKILL
        # right after this many batches committed, before any mover is acknowledged or any patch is published.
        self.kill_after = kill_after
        self.batches = 0

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.Thread(target=self._run, name="move-writer", daemon=True)
        self.thread.start()

    async def close(self, drain_s: float = 3.0) -> None:
        """Write what is queued (graceful shutdown), then stop; a writer stuck on the database is left behind (its
        movers were never acknowledged)."""
        if self.thread is not None:
            self._hand_over()
            self.inbox.put(None)  # moves queued before this are written first
            await asyncio.to_thread(self.thread.join, drain_s)
            if self.thread.is_alive():
                log.error("move writer did not drain within %s s; %d moves not written (none was acknowledged)",
                          drain_s, self.inbox.qsize())
        self.engine.dispose()

    def _write(self, moves: list[PendingMove]) -> list[bool]:
        with self.engine.begin() as conn:
            return _write_batch(conn, moves)

    async def commit(self, move: PendingMove) -> bool:
        """True once the move is committed; False when its version was already taken (lost race)."""
        future: asyncio.Future[bool] = self.loop.create_future()
        if not self.gathering:
            self.loop.call_soon(self._hand_over)
        self.gathering.append((move, future))
        return await future

    def _hand_over(self) -> None:
        moves, self.gathering = self.gathering, []
        self.inbox.put(moves)

    def _wait(self) -> list[tuple[PendingMove, asyncio.Future[bool]]] | None:
        return self.inbox.get()  # idle: the writer thread sleeps here until moves come

    def _run(self) -> None:
        closing = False
        while not closing:
            handed = [self._wait()]
            while True:
                try:
                    handed.append(self.inbox.get_nowait())
                except queue.Empty:
                    break
            closing = None in handed  # close() queued its marker: write everything before it, then stop
            batch = [move for moves in handed if moves is not None for move in moves]
            if not batch:
                continue
            moves = [m for m, _ in batch]
            observability.COMMIT_BATCH.observe(len(moves))
            try:
                outcomes = self._write(moves)
            except Exception as exc:  # nothing in this batch committed: every mover is told so
                observability.DATABASE_ERRORS.labels("move_batch").inc()
                log.exception("move batch of %d failed", len(batch))
                self._settle(batch, exc)
                continue
            self.batches += 1
            observability.MOVES.inc(sum(outcomes))
            if self.kill_after and self.batches >= self.kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
            self._settle(batch, outcomes)

    def _settle(self, batch: list, outcome: list[bool] | BaseException) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the process is ending, nobody waits any more
            self.loop.call_soon_threadsafe(_resolve, batch, outcome)


def _resolve(batch: list, outcome: list[bool] | BaseException) -> None:
    """On the event loop: tell each mover of a batch whether its move committed."""
    for i, (_, future) in enumerate(batch):
        if future.done():  # its mover gave up waiting (the socket went away)
            continue
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome[i])


# Plain SQL on the driver's own cursor: SQLAlchemy's per-statement work was most of the writer's time in
# profiles, and the writer shares the GIL with the event loop. Both drivers we use take named
# parameters, in their own spelling (sqlite3 ":name", psycopg "%(name)s").
_SQL = {
    "cas": "UPDATE games SET version = :version, state = :state, result = :result, updated_at = :now "
           "WHERE table_id = :table_id AND version = :expected",
    "insert": "INSERT INTO moves (table_id, version, seat, action, events, created_at) "
              "VALUES (:table_id, :version, :seat, :action, :events, :now)",
    "finish": "UPDATE tables SET status = 'finished', updated_at = :now WHERE id = :table_id",
    # A new version ends any claim on the old deadline: the lease is released with it.
    "clock": "UPDATE clocks SET version = :version, started_ms = :started_ms, left_ms = :left_ms, waiting = :waiting, "
             "strikes = :strikes, deadline_ms = :deadline_ms, lease_owner = NULL, lease_until_ms = NULL "
             "WHERE table_id = :table_id",
}
_PYFORMAT = {key: re.sub(r":(\w+)", r"%(\1)s", sql) for key, sql in _SQL.items()}


def _json(data: Any) -> str:
    return orjson.dumps(data).decode()


def _write_batch(conn: Connection, moves: list[PendingMove]) -> list[bool]:
    sql = _SQL if conn.dialect.paramstyle in ("named", "qmark") else _PYFORMAT
    cursor = conn.connection.dbapi_connection.cursor()
    now = utcnow()
    if conn.dialect.name == "sqlite":
        now = now.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")  # SQLAlchemy's SQLite format
    outcomes = []
    written = []
    clocks = []
    taken: set[tuple[str, int]] = set()
    try:
        for m in moves:
            if (m.table_id, m.version) in taken:  # two moves for one version in one batch: the first wins
                outcomes.append(False)
                continue
            cursor.execute(sql["cas"], {"version": m.version, "state": m.state_json, "now": now,
                                        "result": _json(m.result) if m.result is not None else None,
                                        "table_id": m.table_id, "expected": m.version - 1})
            ok = cursor.rowcount == 1
            outcomes.append(ok)
            if ok:
                taken.add((m.table_id, m.version))
                written.append({"table_id": m.table_id, "version": m.version, "seat": m.seat, "now": now,
                                "action": _json(m.action), "events": _json(m.events)})
                if m.result is not None:
                    cursor.execute(sql["finish"], {"now": now, "table_id": m.table_id})
                if m.clock is not None:
                    clocks.append({**m.clock, "table_id": m.table_id, "left_ms": _json(m.clock["left_ms"]),
                                   "waiting": _json(m.clock["waiting"]), "strikes": _json(m.clock["strikes"])})
        if written:
            cursor.executemany(sql["insert"], written)
        if clocks:
            cursor.executemany(sql["clock"], clocks)
    finally:
        cursor.close()
    return outcomes
