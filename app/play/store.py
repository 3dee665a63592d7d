"""The play domain's database access: durable moves with group commit, and the reads the hub needs.

Every move is a compare-and-set of the game row on its version plus an inserted move row. The moves of many tables
are group-committed: whatever has gathered goes to the move writer's process (app/play/writer.py) as one batch,
written in a single transaction, and each move's future is resolved with whether its compare-and-set held. Nothing
is acknowledged before that commit. On SQLite one writer also avoids several connections fighting for the one
write lock (whose busy handler sleeps for many milliseconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import signal
import socket
import subprocess
import sys
from collections import deque
from pathlib import Path

import orjson
from prometheus_client import Counter, Histogram
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app import observability
from app.db.models import Message, Move, Seat

from . import writer
from .turnstats import TurnHistogram
from .writer import PendingMove

log = logging.getLogger(__name__)

MOVES = Counter("boardhall_moves", "Moves committed (rate() of it is moves per second)",
                registry=observability.REGISTRY)
COMMIT_BATCH = Histogram("boardhall_commit_batch_size", "Moves written per group-commit transaction",
                         buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256), registry=observability.REGISTRY)
_BATCH = TurnHistogram(COMMIT_BATCH)  # added once per turn of the loop: `observe` on a small batch showed in profiles


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

class MoveWriter:
    """Group commit through the move writer's process, from the event loop itself: the moves of one turn of the loop
    go together as one batch. Up to `IN_FLIGHT` batches are out at once: the process writes them one after another,
    each in a transaction of its own, and answers in order, so a move that comes while a batch is being written
    need not wait for its answer before being sent (the wait for the answer is mostly the two processes' turns to
    run, not the writing). Past that many, moves wait in `gathering` and go as the next batch when an answer
    arrives. The batches and answers travel over a socket pair the loop watches like any socket, so no thread, lock
    or wake-up stands between a move and its commit. Two moves of one table are never in the pipe together: the
    hub holds the table's lock until its move's answer."""

    IN_FLIGHT = 3

    def __init__(self, database_url: str, lock_timeout: float, kill_after: int = 0):
        self.database = writer.database_for(database_url, lock_timeout)  # what its process connects to
        self.process: subprocess.Popen | None = None
        self.link: _Link | None = None  # the loop's end of the socket pair, while the process lives
        self.gathering: list[tuple[PendingMove, asyncio.Future[bool]]] = []  # waiting for the next batch
        self.out: deque[list[tuple[PendingMove, asyncio.Future[bool]]]] = deque()  # the batches being written
        self.loop: asyncio.AbstractEventLoop | None = None
        self._send_soon = False
        self._starting: asyncio.Task | None = None
        self._closed = False
        self._idle = asyncio.Event()  # set while nothing is out or gathering (close waits for it)
        # Fault injection for the crash tests only (FAULT_KILL_AFTER_COMMITS): the process kills itself with SIGKILL
        # right after this many batches committed, before any mover is acknowledged or any patch is published.
        self.kill_after = kill_after
        self.batches = 0

    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._idle.set()
        await self._spawn()

    async def close(self, drain_s: float = 3.0) -> None:
        """Write what is queued (graceful shutdown), then end the process. A batch still being written after `drain_s`
        (the database stuck) is given up: its process is ended, its transaction with it, and its movers, never
        acknowledged, hear try_again."""
        if self.loop is None:
            return
        try:
            await asyncio.wait_for(self._idle.wait(), drain_s)
        except asyncio.TimeoutError:
            log.error("move writer did not drain within %s s; %d moves not written (none was acknowledged)",
                      drain_s, len(self.gathering) + sum(map(len, self.out)))
        self._closed = True
        if self.link is not None:
            self.link.transport.close()  # the process sees the end of its pipe and ends
        process, self.process = self.process, None
        if process is not None:
            await asyncio.to_thread(_end, process)

    def commit(self, move: PendingMove) -> asyncio.Future[bool]:
        """To be awaited: True once the move is committed; False when its version was already taken (lost race).
        The future itself, not a coroutine around it: a coroutine and a frame less for each move to resume."""
        future: asyncio.Future[bool] = self.loop.create_future()
        self.gathering.append((move, future))
        self._idle.clear()
        if len(self.out) < self.IN_FLIGHT and not self._send_soon:
            self._send_soon = True
            self.loop.call_soon(self._send)  # after this turn of the loop: its other moves join the batch
        return future

    def _send(self) -> None:
        self._send_soon = False
        if len(self.out) >= self.IN_FLIGHT or not self.gathering:
            return
        if self._closed:  # shutting down: no new process for moves that came too late
            batch, self.gathering = self.gathering, []
            self._settle(batch, ConnectionError("the server is shutting down"))
            return
        if self.link is None:  # its process ended: start another, which sends what is gathered
            if self._starting is None:
                self._starting = self.loop.create_task(self._restart())
            return
        batch, self.gathering = self.gathering, []
        _BATCH.observe(len(batch))
        try:
            payload = writer.encode_batch([move for move, _ in batch])
        except Exception as exc:  # a move that cannot be written as JSON (a bug in a game): its batch fails
            self._settle(batch, exc)
            return
        self.out.append(batch)
        self.link.transport.write(len(payload).to_bytes(4, "big", signed=True) + payload)  # the pipe's framing

    def _answered(self, answer: list[bool] | BaseException) -> None:
        batch = self.out.popleft() if self.out else []
        if isinstance(answer, BaseException):  # nothing in this batch committed: every mover is told so
            observability.DATABASE_ERRORS.labels("move_batch").inc()
            log.error("move batch of %d failed: %s: %s", len(batch), type(answer).__name__, answer)
        else:
            self.batches += 1
            MOVES.inc(sum(answer))
            if self.kill_after and self.batches >= self.kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
        self._settle(batch, answer)

    def _lost(self) -> None:
        """Its process ended (killed, out of memory): the batch it had may or may not have been committed. Its movers
        hear try_again, and a move that did commit reaches them as the fresh state when they resend."""
        self.link = None
        if self.process is not None:
            with contextlib.suppress(Exception):
                self.process.poll()  # reaped now if it has ended
        while self.out:  # every batch it had: none of their movers was acknowledged
            batch = self.out.popleft()
            observability.DATABASE_ERRORS.labels("move_batch").inc()
            self._settle(batch, ConnectionError("the move writer's process ended"))

    async def _restart(self) -> None:
        try:
            process, self.process = self.process, None
            if process is not None:
                await asyncio.to_thread(_end, process)
            await self._spawn()
        except Exception as exc:  # it cannot start (no memory, no Python): the moves waiting are told so
            log.exception("the move writer's process could not start")
            batch, self.gathering = self.gathering, []
            self._settle(batch, exc)
        finally:
            self._starting = None
        self._send()

    async def _spawn(self) -> None:
        # A plain child process running app/play/writer.py, not multiprocessing's: spawning through it also starts
        # its resource tracker and re-imports the server's main module, about 70 MB for a pipe and a loop.
        ours, theirs = socket.socketpair()
        root = str(Path(writer.__file__).resolve().parents[2])  # so `-m app.play.writer` finds us from any cwd
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        try:
            self.process = subprocess.Popen([sys.executable, "-m", "app.play.writer", str(theirs.fileno())],
                                            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env=env)
        finally:
            theirs.close()
        _, self.link = await self.loop.create_unix_connection(lambda: _Link(self), sock=ours)
        # The address goes through the pipe, not the command line, where `ps` would show its password.
        settings = orjson.dumps(self.database)
        self.link.transport.write(len(settings).to_bytes(4, "big", signed=True) + settings)

    def _settle(self, batch: list[tuple[PendingMove, asyncio.Future[bool]]],
                outcome: list[bool] | BaseException) -> None:
        """Tell each mover of a batch whether its move committed, then send what gathered meanwhile."""
        for i, (_, future) in enumerate(batch):
            if future.done():  # its mover gave up waiting (the socket went away)
                continue
            if isinstance(outcome, BaseException):
                future.set_exception(outcome)
            else:
                future.set_result(outcome[i])
        if self.gathering:
            self._send()
        elif not self.out:
            self._idle.set()


class _Link(asyncio.Protocol):
    """The loop's end of the pipe to the writer's process: answers arrive framed as multiprocessing's Connection
    writes them (a 4-byte signed length, then that many bytes of pickle)."""

    def __init__(self, writer_: MoveWriter):
        self.writer = writer_
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= 4:
            size = int.from_bytes(self.buffer[:4], "big", signed=True)
            if len(self.buffer) < 4 + size:
                return
            answer = pickle.loads(self.buffer[4:4 + size])  # our own child's answer, never a client's bytes
            del self.buffer[:4 + size]
            self.writer._answered(answer)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.writer.link is self:
            self.writer._lost()


def _end(process: subprocess.Popen, wait_s: float = 2.0) -> None:
    """Wait for the writer's process to end (its pipe is closed), killing it if it does not."""
    try:
        process.wait(wait_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
