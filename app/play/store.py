"""The play domain's database access: durable moves with group commit, and the reads the hub needs.

Every move is a compare-and-set of the game row on its version plus an inserted move row. Moves from
many tables are queued to one writer task, which runs whatever has queued up in a single transaction
in one trip to a worker thread (a blocking engine: see db.session.make_sync_engine), then resolves each move's future with whether its compare-and-set
held. Nothing is acknowledged before that commit. On SQLite this also avoids several connections
fighting for the one write lock (whose busy handler sleeps for many milliseconds).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncSession

from app import observability
from app.db.models import Message, Move, Seat, utcnow

log = logging.getLogger(__name__)
MAX_BATCH = 256


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
    def __init__(self, engine: Engine, kill_after: int = 0):
        self.engine = engine
        self.queue: asyncio.Queue[tuple[PendingMove, asyncio.Future[bool]]] = asyncio.Queue()
        self.task: asyncio.Task | None = None
        # Fault injection for the crash tests only (FAULT_KILL_AFTER_COMMITS): the process kills itself with SIGKILL
        # right after this many batches committed, before any mover is acknowledged or any patch is published.
        self.kill_after = kill_after
        self.batches = 0

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def close(self, drain_s: float = 3.0) -> None:
        """Write what is queued (graceful shutdown), then stop; a writer stuck on the database is cancelled."""
        if self.task:
            self.queue.put_nowait(None)  # moves queued before this are written first
            try:
                await asyncio.wait_for(self.task, drain_s)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                log.error("move writer did not drain within %s s; %d moves not written (none was acknowledged)",
                          drain_s, self.queue.qsize())
        self.engine.dispose()

    def _write(self, moves: list[PendingMove]) -> list[bool]:
        with self.engine.begin() as conn:
            return _write_batch(conn, moves)

    async def commit(self, move: PendingMove) -> bool:
        """True once the move is committed; False when its version was already taken (lost race)."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((move, future))
        return await future

    async def _run(self) -> None:
        closing = False
        while not closing:
            batch = [await self.queue.get()]
            while not self.queue.empty() and len(batch) < MAX_BATCH:
                batch.append(self.queue.get_nowait())
            closing = None in batch  # close() queued its marker: write everything before it, then stop
            batch = [item for item in batch if item is not None]
            if not batch:
                continue
            moves = [m for m, _ in batch]
            observability.COMMIT_BATCH.observe(len(moves))
            try:
                outcomes = await asyncio.to_thread(self._write, moves)
            except Exception as exc:  # nothing in this batch committed: every mover is told so
                observability.DATABASE_ERRORS.labels("move_batch").inc()
                log.exception("move batch of %d failed", len(batch))
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            self.batches += 1
            observability.MOVES.inc(sum(outcomes))
            if self.kill_after and self.batches >= self.kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
            for (_, future), ok in zip(batch, outcomes):
                if not future.done():
                    future.set_result(ok)


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
