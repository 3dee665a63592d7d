"""The move writer's process: it commits batches of moves it is handed through a pipe and answers each batch
with whether each move's compare-and-set held.

Why a process of its own: the commit was the largest share of a move's server CPU, and in a thread it shared the
event loop's GIL, the two handing it back and forth for every statement of every move. In a process of its own the
commit runs on another core, beside the event loop (bench/README.md has the figures). The process imports the
database driver and nothing else of ours that is heavy (about 16 MB of RSS with SQLite, 35 MB with psycopg); the
server starts it, and starts a fresh one if it dies.

A batch comes as `encode_batch` writes it: a JSON list of the moves' fields (orjson writes it in a quarter of the time
pickle takes) followed by their states' JSON as they are, since a state written as a string inside the list would
be escaped by the server and unescaped here, twice its length of work a move. The answer, pickled, is a list of
booleans or the exception that made the batch fail (nothing of it was committed).
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import re
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from multiprocessing.connection import Connection as Pipe
from typing import Any, NamedTuple

import orjson

from app.db.sqlite import sqlite_pragmas

log = logging.getLogger(__name__)


class PendingMove(NamedTuple):
    """One move to write: the version it creates, and what the database keeps of it."""

    table_id: str
    version: int
    seat: int
    action: Any  # the action, or its JSON (bytes) as it is to be stored
    events: list
    state_json: bytes  # the state as orjson wrote it: stored as text, sent as it is
    result: dict | None
    clock: dict | None = None  # the clocks row at this version (app/play/clocks.py), same transaction


def serve(pipe: Pipe) -> None:
    """The process's whole life: where the database is, then batches in and outcomes out, until the server closes
    its end of the pipe."""
    # Ctrl-C in a terminal and a container's stop reach the whole process group: the server drains its queued
    # moves through this process after them, so it waits for the pipe to close instead.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        database = orjson.loads(pipe.recv_bytes())
    except (EOFError, OSError):
        return
    connection = None  # kept between batches: opening one per batch cost as much as a small batch's statements
    checkpoints = WalCheckpoints(database) if database["dialect"] == "sqlite" else None
    while True:
        try:
            batch = decode_batch(pipe.recv_bytes())
        except (EOFError, OSError):  # the server is gone
            break
        kept = connection is not None
        connection, outcomes, lost = _write(connection, database, batch)
        if lost and kept:
            # The connection kept from an earlier batch was gone (the database restarted while no move came): one
            # more try on a new one. Safe whatever the first try did: a version already written fails its
            # compare-and-set, and that mover gets the fresh state.
            connection, outcomes, _ = _write(None, database, batch)
        if checkpoints is not None and not isinstance(outcomes, Exception):
            checkpoints.committed()
        try:
            pipe.send(_sendable(outcomes) if isinstance(outcomes, Exception) else outcomes)
        except OSError:  # the server is gone
            break
        if checkpoints is not None and checkpoints.catch_up and connection is not None:
            checkpoints.finish_on(connection)  # its movers have their answers; the next batch waits for this
    if checkpoints is not None:
        checkpoints.close()
    if connection is not None:
        with contextlib.suppress(Exception):
            connection.close()


class WalCheckpoints:
    """SQLite's WAL checkpoints, on a thread of the writer's process instead of inside its commits.

    Left to SQLite, the connection whose commit takes the WAL past 1,000 pages runs the checkpoint before that
    commit returns: it copies the pages into the database file and syncs both files. At 50 busy tables that was
    about a dozen times a second, and each time the batch, and every move queued behind it, waited for the disk
    (the slowest moves' latency in bench/README.md). The writer's connection turns that off (`connect`), and this
    thread checkpoints in PASSIVE mode, which never waits for the writer, once after each `INTERVAL_S` in which
    something was committed. Python's sqlite3 lets go of the GIL while SQLite reads, writes and syncs, so the
    writer's thread goes on committing meanwhile.

    SQLite writes the WAL file over from its start only at a commit that finds every earlier one copied, which a
    PASSIVE checkpoint racing a busy writer never achieves (at 50 busy tables the file grew by 70-80 MB a second).
    So once the log holds `RESTART_BYTES`, the thread runs a second pass, which copies what was committed during
    the first, and asks the writer to finish (`catch_up`): after answering a batch's movers, the writer runs a
    PASSIVE checkpoint on its own connection, where no commit can race it (1-5 ms), and its next commit starts the
    file over. Should readers keep that from happening and the file pass `LIMIT_BYTES`, the thread runs a TRUNCATE
    checkpoint, which waits for the writer between two commits and leaves the file empty: at 64 MB it held the
    writer about 25 ms (bench/README.md, issue 33's fifth round). The server's own connections keep SQLite's
    default, so a database written without any move (or after this process ends) is still checkpointed.
    """

    INTERVAL_S = 0.2
    RESTART_BYTES = 48 << 20
    LIMIT_BYTES = 64 << 20

    def __init__(self, database: dict[str, Any]) -> None:
        self.database = database
        self.wal_path = database["path"] + "-wal"
        self.dirty = threading.Event()
        self.closing = False
        self.catch_up = False  # set by the thread: a checkpoint on the writer's own connection lets the log restart
        self.thread = threading.Thread(target=self._run, name="wal-checkpoints", daemon=True)
        self.thread.start()

    def committed(self) -> None:
        self.dirty.set()

    def finish_on(self, connection: Any) -> None:
        """The writer's part of starting the log over: a PASSIVE checkpoint on its connection, between two batches."""
        self.catch_up = False
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except Exception:  # noqa: BLE001 - the thread's next pass asks again, or its TRUNCATE does the job
            log.warning("WAL checkpoint on the writer's connection failed", exc_info=True)

    def close(self) -> None:
        """Stop the thread, after the checkpoint it may be running (the last connection's close checkpoints the
        rest)."""
        self.closing = True
        self.dirty.set()
        self.thread.join(timeout=self.database["lock_timeout"] + 5)

    def _run(self) -> None:
        import sqlite3

        connection = None
        frame_bytes = 4096 + 24
        while True:
            self.dirty.wait()
            if self.closing:
                break
            time.sleep(self.INTERVAL_S)  # let commits gather: one checkpoint, and one sync, for all of them
            self.dirty.clear()
            if self.closing:  # `close` during the sleep: its wake-up was just cleared
                break
            try:
                if connection is None:
                    connection = sqlite3.connect(self.database["path"], timeout=self.database["lock_timeout"],
                                                 check_same_thread=False, isolation_level=None)
                    frame_bytes = connection.execute("PRAGMA page_size").fetchall()[0][0] + 24  # with its header
                _, frames, _ = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()[0]
                # The file's size is its high-water mark (a restarted log is written over, not shortened); the
                # checkpoint's count of frames is what the log holds now.
                if os.path.getsize(self.wal_path) > self.LIMIT_BYTES:
                    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
                elif frames * frame_bytes >= self.RESTART_BYTES:
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    self.catch_up = True
            except (sqlite3.Error, OSError):  # the next commit's wake-up tries again, on a new connection
                log.warning("WAL checkpoint failed", exc_info=True)
                with contextlib.suppress(Exception):
                    connection.close()
                connection = None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()


def encode_batch(moves: list[PendingMove]) -> bytes:
    """The bytes of one batch: a 4-byte length, the JSON list of each move's fields with the lengths of its action's,
    events' and state's JSON in their place, then those JSON texts one after another. The writer stores the three as
    the text it is given: parsed out of the head, they were written again as JSON by the writer, every move."""
    parts = [b"", b""]
    head = []
    for m in moves:
        action = m.action if type(m.action) is bytes else orjson.dumps(m.action)
        events = orjson.dumps(m.events)
        head.append((m.table_id, m.version, m.seat, len(action), len(events), len(m.state_json), m.result, m.clock))
        parts += (action, events, m.state_json)
    parts[1] = orjson.dumps(head)
    parts[0] = len(parts[1]).to_bytes(4, "big")
    return b"".join(parts)


class Raw(str):
    """JSON text as it came, stored as it is (`_json` passes it through)."""

    __slots__ = ()


def decode_batch(data: bytes) -> list[PendingMove]:
    size = int.from_bytes(data[:4], "big")
    at = 4 + size
    moves = []
    for table_id, version, seat, a, e, s, result, clock in orjson.loads(data[4:at]):
        action = Raw(data[at:at + a].decode())
        events = Raw(data[at + a:at + a + e].decode())
        at += a + e
        moves.append(PendingMove(table_id, version, seat, action, events, data[at:at + s], result, clock))
        at += s
    return moves


def _write(connection: Any, database: dict[str, Any],
           batch: list[PendingMove]) -> tuple[Any, list[bool] | Exception, bool]:
    """One try at a batch: (the connection to keep, None after a failure; the outcomes or the failure; whether the
    connection was found lost)."""
    try:
        if connection is None:
            connection = connect(database)
        outcomes = write_batch(connection, database["dialect"], batch)
        connection.commit()
        return connection, outcomes, False
    except Exception as exc:  # noqa: BLE001 - every failure goes back to the movers, who hear try_again or a bug
        lost = bool(getattr(connection, "broken", False))  # psycopg's word for a connection the server dropped
        if connection is not None:
            with contextlib.suppress(Exception):  # it may be the part that broke: the next batch opens another
                connection.close()
        return None, exc, lost


def database_for(database_url: str, lock_timeout: float) -> dict[str, Any]:
    """What the writer's process needs to open its connection (worked out by the server, which has SQLAlchemy to
    read the address with; the process itself imports only the driver)."""
    from sqlalchemy.engine import make_url

    from app.config import blocking_database_url

    url = make_url(blocking_database_url(database_url))
    if url.get_backend_name() == "sqlite":
        return {"dialect": "sqlite", "path": url.database, "lock_timeout": lock_timeout}
    return {"dialect": "postgresql", "lock_timeout": lock_timeout,
            "conninfo": url.set(drivername="postgresql").render_as_string(hide_password=False)}


def connect(database: dict[str, Any]) -> Any:
    """A DB-API connection to the database `database_for` described, in a transaction at its first statement."""
    if database["dialect"] == "sqlite":
        import sqlite3

        connection = sqlite3.connect(database["path"], timeout=database["lock_timeout"], check_same_thread=False)
        sqlite_pragmas(connection, int(database["lock_timeout"] * 1000))
        connection.execute("PRAGMA wal_autocheckpoint=0")  # WalCheckpoints runs them, off the commit path
        return connection
    import psycopg

    return psycopg.connect(database["conninfo"], connect_timeout=max(1, int(database["lock_timeout"])))


def main() -> None:
    """`python -m app.play.writer FD`: serve the pipe the server passed as file descriptor FD."""
    serve(Pipe(int(sys.argv[1])))


def _sendable(exc: Exception) -> Exception:
    """The exception itself when it survives pickling (the server tells database trouble from bugs by its class),
    else a ConnectionError carrying its text (drivers' errors that do not pickle are about the connection)."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001
        return ConnectionError(f"{type(exc).__module__}.{type(exc).__name__}: {exc}")


def write_batch(dbapi_connection: Any, dialect: str, rows: list[PendingMove]) -> list[bool]:
    """The statements of one batch, in the transaction the caller commits: per move a compare-and-set of the game
    row on its version, then the move rows and the clocks rows of those that held."""
    sql = _SQL if dialect == "sqlite" else _PYFORMAT
    cursor = dbapi_connection.cursor()
    now = datetime.now(timezone.utc)
    if dialect == "sqlite":
        now = now.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")  # SQLAlchemy's SQLite format
    outcomes = []
    written = []
    clocks = []
    taken: set[tuple[str, int]] = set()
    try:
        for m in rows:
            if (m.table_id, m.version) in taken:  # two moves for one version in one batch: the first wins
                outcomes.append(False)
                continue
            cursor.execute(sql["cas"], {"version": m.version, "state": m.state_json.decode(), "now": now,
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


# Plain SQL on the driver's own cursor: SQLAlchemy's per-statement work was most of the writer's time in
# profiles. Both drivers we use take named parameters, in their own spelling (sqlite3 ":name", psycopg
# "%(name)s").
_SQL = {
    # A table its host closed takes no more moves, even one already on its way from an instance that has not heard.
    "cas": "UPDATE games SET version = :version, state = :state, result = :result, updated_at = :now "
           "WHERE table_id = :table_id AND version = :expected "
           "AND NOT EXISTS (SELECT 1 FROM tables WHERE tables.id = :table_id AND tables.status = 'finished')",
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
    if type(data) is Raw:  # already JSON (an action's or events' text from the batch)
        return str.__str__(data)
    return orjson.dumps(data).decode()


if __name__ == "__main__":
    main()
