"""The play domain's database access: durable moves with group commit, and the reads the hub needs.

Every move is a compare-and-set of the game row on its version plus an inserted move row. Moves from
many tables are queued to one writer thread, which hands whatever has queued up to the move writer's process
(app/play/writer.py) as one batch, written in a single transaction, then resolves each move's future on the event
loop with whether its compare-and-set held. Nothing is acknowledged before that commit. On SQLite this also avoids
several connections fighting for the one write lock (whose busy handler sleeps for many milliseconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing.connection
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app import observability
from app.db.models import Message, Move, Seat

from . import writer
from .writer import PendingMove

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

class MoveWriter:
    """The one thread that writes moves: it takes whatever moves have queued up, has the writer's process commit
    them in one transaction and resolves each mover's future on the event loop. The moves of one turn of the event
    loop are handed over together (so the thread wakes once for them, not once a move), and a batch's outcomes come
    back in one call: no task or thread-pool hop per batch. The thread only waits on the pipe, so the statements
    run beside the event loop instead of taking turns with it for the GIL."""

    def __init__(self, database_url: str, lock_timeout: float, kill_after: int = 0):
        self.database = writer.database_for(database_url, lock_timeout)  # what its process connects to
        self.process: Any = None  # the writer's process (app/play/writer.py)
        self.pipe: Any = None  # our end of the pipe to it
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
        self._spawn()  # it starts while the server does; the first batch waits for it if it must
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
        await asyncio.to_thread(self._stop_process)

    def _spawn(self) -> None:
        # A plain child process running app/play/writer.py, not multiprocessing's: spawning through it also starts
        # its resource tracker and re-imports the server's main module, about 70 MB for a pipe and a loop.
        ours, theirs = socket.socketpair()
        root = str(Path(writer.__file__).resolve().parents[2])  # so `-m app.play.writer` finds us from any cwd
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self.process = subprocess.Popen([sys.executable, "-m", "app.play.writer", str(theirs.fileno())],
                                        pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, env=env)
        theirs.close()
        self.pipe = multiprocessing.connection.Connection(ours.detach())
        # The address goes through the pipe, not the command line, where `ps` would show its password.
        self.pipe.send_bytes(orjson.dumps(self.database))

    def _stop_process(self, wait_s: float = 2.0) -> None:
        """Close the pipe (the process finishes the batch it has, if any, and ends), then make sure it has."""
        process, pipe, self.process, self.pipe = self.process, self.pipe, None, None
        if pipe is not None:
            pipe.close()
        if process is not None:
            try:
                process.wait(wait_s)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _write(self, moves: list[PendingMove]) -> list[bool]:
        if self.pipe is None:  # the last one ended: a fresh process
            self._spawn()
        try:
            self.pipe.send_bytes(orjson.dumps([tuple(move) for move in moves]))  # JSON: a quarter of pickle's cost
            answer = self.pipe.recv()
        except (EOFError, OSError) as exc:
            # Its process died (killed, out of memory). The batch may or may not have been committed: its movers
            # hear try_again, and a move that did commit reaches them as the fresh state when they resend.
            self._stop_process()
            raise ConnectionError("the move writer's process ended") from exc
        if isinstance(answer, BaseException):
            raise answer
        return answer

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
            except Exception as exc:  # every mover is told (nothing committed, unless the process died mid-batch)
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
