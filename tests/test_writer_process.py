"""The move writer's process (app/play/writer.py): batches written on SQLite and PostgreSQL with the outcomes the
hub relies on, a killed writer replaced (its batch's movers hearing `try_again`, nothing acknowledged lost), and no
writer outliving its server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.db.session import make_sync_engine
from app.play.store import MoveWriter, PendingMove
from tests.support.servers import Server
from tests.test_faults import outage_game
from tests.test_migrations import alembic

TABLES = ("t1", "t2")


def prepare(url: str) -> None:
    """A migrated database with two started tables at version 0, each with a clocks row."""
    alembic(url, "upgrade", "head")
    engine = make_sync_engine(url)
    with engine.begin() as db:
        db.execute(sa.text("INSERT INTO users (id, nickname, created_at, show_ratings) VALUES (1, 'Host', :now, true)"),
                   {"now": "2026-12-02 00:00:00"})
        for tid in TABLES:
            db.execute(sa.text("INSERT INTO tables (id, game_id, options, host_id, private, invite, status, num_seats, "
                               "created_at, updated_at) VALUES (:id, 'tally', '{}', 1, false, :inv, 'playing', 2, "
                               ":now, :now)"), {"id": tid, "inv": "inv-" + tid, "now": "2026-12-02 00:00:00"})
            db.execute(sa.text("INSERT INTO games (table_id, game_id, seed, options, num_players, version, state, "
                               "updated_at) VALUES (:id, 'tally', 1, '{}', 2, 0, '{}', :now)"),
                       {"id": tid, "now": "2026-12-02 00:00:00"})
            db.execute(sa.text("INSERT INTO clocks (table_id, version, started_ms, left_ms, waiting, strikes, claims) "
                               "VALUES (:id, 0, 0, '{}', '[]', '{}', 0)"), {"id": tid})
    engine.dispose()


def state_of(version: int) -> bytes:
    # Several bytes to a character, quotes and a backslash: the states travel as bytes after the batch's JSON head,
    # each cut out by its length in bytes, and must be stored as text.
    return json.dumps({"at": version, "name": 'Ёлка "✓" \\'}, ensure_ascii=False).encode()


def move(tid: str, version: int, result: dict | None = None) -> PendingMove:
    return PendingMove(table_id=tid, version=version, seat=version % 2, action={"type": "pick", "n": version},
                       events=[{"type": "pick", "text": f"@{version % 2} picks"}],
                       state_json=state_of(version), result=result,
                       clock={"version": version, "started_ms": 1000 + version, "left_ms": {"0": 5000, "1": 6000},
                              "waiting": [1 - version % 2], "strikes": {}, "deadline_ms": 9000 + version})


async def write_batches(url: str) -> list[list[bool]]:
    writer = MoveWriter(url, lock_timeout=2.0)
    await writer.start()
    try:
        async def batch(*moves: PendingMove) -> list[bool]:
            # Queued in one turn of the event loop: they reach the writer's process as one batch.
            return list(await asyncio.gather(*(writer.commit(m) for m in moves)))

        return [
            await batch(move("t1", 1), move("t2", 1)),
            await batch(move("t1", 2), move("t1", 2)),  # two moves for one version: the first wins
            await batch(move("t1", 2), move("t2", 3)),  # both stale: version 2 is taken, t2 is at 1
            await batch(move("t2", 2, result={"scores": [3, 0], "winners": [0]})),
        ]
    finally:
        await writer.close()


def in_own_loop(coroutine):  # noqa: ANN001, ANN201
    """Run on a thread of its own: Playwright's tests leave an event loop on the main thread of the test session."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, 30)).result()


def check_written(url: str) -> None:
    engine = make_sync_engine(url)
    with engine.connect() as db:
        rows = db.execute(sa.text("SELECT table_id, version, state, result FROM games")).all()
        games = {tid: (v, json.loads(state), result) for tid, v, state, result in rows}
        moves = [tuple(r) for r in db.execute(sa.text("SELECT table_id, version, seat FROM moves "
                                                      "ORDER BY table_id, version"))]
        clocks = {tid: (v, deadline) for tid, v, deadline in
                  db.execute(sa.text("SELECT table_id, version, deadline_ms FROM clocks"))}
        status = dict(db.execute(sa.text("SELECT id, status FROM tables")).all())
    engine.dispose()
    assert all(isinstance(state, str) for _, _, state, _ in rows)  # text, not a blob
    assert games["t1"][:2] == (2, json.loads(state_of(2))) and games["t1"][2] is None
    assert games["t2"][:2] == (2, json.loads(state_of(2)))
    result = games["t2"][2]
    assert (json.loads(result) if isinstance(result, str) else result)["scores"] == [3, 0]
    assert moves == [("t1", 1, 1), ("t1", 2, 0), ("t2", 1, 1), ("t2", 2, 0)]
    assert clocks == {"t1": (2, 9002), "t2": (2, 9002)}
    assert status == {"t1": "playing", "t2": "finished"}


def test_the_writer_process_commits_batches_on_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'writer.db'}"
    prepare(url)
    outcomes = in_own_loop(write_batches(url))
    assert outcomes == [[True, True], [True, False], [False, False], [True]]
    check_written(url)


def test_the_writer_process_commits_batches_on_postgresql(postgres_url):
    from tests.support.pg import temp_database

    with temp_database(postgres_url) as url:
        prepare(url)
        outcomes = in_own_loop(write_batches(url))
        assert outcomes == [[True, True], [True, False], [False, False], [True]]
        check_written(url)


def test_a_failed_batch_reaches_its_movers_as_database_trouble(tmp_path):
    """A database the writer cannot write (here: no schema) fails the batch with the driver's own error, which the
    socket turns into try_again; the writer's process lives on for the next batch."""
    from app.play.routes import database_trouble

    url = f"sqlite:///{tmp_path / 'empty.db'}"

    async def run() -> tuple[BaseException, BaseException, int, int]:
        writer = MoveWriter(url, lock_timeout=1.0)
        await writer.start()
        try:
            with pytest.raises(Exception) as first:
                await writer.commit(move("t1", 1))
            pid = writer.process.pid
            with pytest.raises(Exception) as second:
                await writer.commit(move("t1", 1))
            return first.value, second.value, pid, writer.process.pid
        finally:
            await writer.close()

    first, second, pid_before, pid_after = in_own_loop(run())
    assert isinstance(first, sqlite3.OperationalError) and "no such table" in str(first)
    assert database_trouble(first) and database_trouble(second)
    assert pid_before == pid_after  # the same process answered both


def test_closing_gives_up_a_batch_stuck_on_the_database_and_ends_the_process(tmp_path):
    """Graceful shutdown waits for the batch being written, but not for ever: after the drain time its process is
    ended with its transaction, and its mover (never acknowledged) is told."""
    url = f"sqlite:///{tmp_path / 'stuck.db'}"
    prepare(url)
    locker = sqlite3.connect(tmp_path / "stuck.db", isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # another process holds the write lock for longer than the drain

    async def run() -> tuple[BaseException | None, float, int | None]:
        writer = MoveWriter(url, lock_timeout=10.0)
        await writer.start()
        process = writer.process
        pending = asyncio.ensure_future(writer.commit(move("t1", 1)))
        await asyncio.sleep(0.3)  # the batch is out, waiting for the lock
        began = time.monotonic()
        await writer.close(drain_s=0.5)
        took = time.monotonic() - began
        try:
            await asyncio.wait_for(pending, 2)
            outcome = None
        except Exception as exc:  # noqa: BLE001
            outcome = exc
        return outcome, took, process.poll()

    try:
        outcome, took, exit_code = in_own_loop(run())
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert isinstance(outcome, ConnectionError), outcome
    assert took < 5 and exit_code is not None  # it did not wait out the 10 s lock timeout, and the process is gone
    version = sqlite3.connect(tmp_path / "stuck.db").execute("SELECT version FROM games WHERE table_id = 't1'")
    assert version.fetchone()[0] == 0


def test_moves_go_to_the_writer_while_a_batch_is_being_written_and_a_killed_writer_fails_every_batch_out(tmp_path):
    """A move that comes while a batch is being written goes to the writer's process at once, as a batch of its own
    (up to IN_FLIGHT of them), instead of waiting for the first batch's answer; each mover hears its own batch's
    outcome. When the process dies with several batches out, every one of their movers hears of it (none was
    acknowledged) and none of them is in the database."""
    url = f"sqlite:///{tmp_path / 'pipelined.db'}"
    prepare(url)
    locker = sqlite3.connect(tmp_path / "pipelined.db", isolation_level=None, check_same_thread=False)

    async def run() -> tuple[int, list[bool], int, list]:
        writer = MoveWriter(url, lock_timeout=10.0)
        await writer.start()
        try:
            locker.execute("BEGIN IMMEDIATE")  # the first batch waits for this lock
            first = asyncio.ensure_future(writer.commit(move("t1", 1)))
            await asyncio.sleep(0.2)
            second = asyncio.ensure_future(writer.commit(move("t2", 1)))  # a later turn of the loop
            await asyncio.sleep(0.2)
            out_together = len(writer.out)
            locker.execute("ROLLBACK")
            written = [await first, await second]

            locker.execute("BEGIN IMMEDIATE")
            stuck = [asyncio.ensure_future(writer.commit(move("t1", 2)))]
            await asyncio.sleep(0.2)
            stuck.append(asyncio.ensure_future(writer.commit(move("t2", 2))))
            await asyncio.sleep(0.2)
            out_when_killed = len(writer.out)
            os.kill(writer.process.pid, signal.SIGKILL)
            failed = await asyncio.gather(*stuck, return_exceptions=True)
            locker.execute("ROLLBACK")
            return out_together, written, out_when_killed, failed
        finally:
            await writer.close()

    try:
        out_together, written, out_when_killed, failed = in_own_loop(run())
    finally:
        locker.close()
    assert out_together == 2 and written == [True, True]
    assert out_when_killed == 2 and all(isinstance(f, ConnectionError) for f in failed), failed
    versions = dict(sqlite3.connect(tmp_path / "pipelined.db").execute("SELECT table_id, version FROM games"))
    assert versions == {"t1": 1, "t2": 1}


def writer_pid(server: Server) -> int:
    for _ in range(50):
        # Every thread's children (whichever thread started it).
        children = [pid for task in Path(f"/proc/{server.proc.pid}/task").iterdir()
                    for pid in (task / "children").read_text().split()]
        for pid in children:
            if "app.play.writer" in Path(f"/proc/{pid}/cmdline").read_text():
                return int(pid)
        time.sleep(0.1)
    raise AssertionError("the server has no writer process")


def ended(pid: int, timeout: float = 5) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):  # dead, waiting to be reaped by whoever adopted it
            return True
        time.sleep(0.05)
    return False


def test_a_killed_writer_process_is_replaced_and_no_acknowledged_move_is_lost(tmp_path):
    db = tmp_path / "killed.db"
    server = Server(database_url=f"sqlite:///{db}")
    server.start()
    try:
        tid, a, b = outage_game(server)  # seat 0 has picked: version 1
        first = writer_pid(server)
        # Killed between batches: the server sees its end of the pipe close, and the next move starts a new one.
        os.kill(first, signal.SIGKILL)
        assert ended(first)
        assert b.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})["version"] == 2
        second = writer_pid(server)
        assert second != first
        a.sync_to(2)

        # Killed while it writes a batch (held up here by another connection's write lock): whether or not that
        # batch would have committed, its mover hears try_again, and the game is where it was.
        locker = sqlite3.connect(db, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")
        try:
            banking = a.act({"type": "bank", "label": "Bank"})
            time.sleep(0.5)
            os.kill(second, signal.SIGKILL)
            assert ended(second)
            refused = a.until_reply(banking)
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert refused["type"] == "error" and refused["code"] == "try_again", refused
        assert a.version == 2
        assert a.act_ok({"type": "bank", "label": "Bank"})["version"] == 3  # the same move again, a third writer
        assert writer_pid(server) not in (first, second)
        a.close(), b.close()
    finally:
        server.kill()  # no shutdown: what was acknowledged must already be on disk
    rows = sqlite3.connect(db).execute("SELECT version FROM moves WHERE table_id = ? ORDER BY version", (tid,))
    assert [v for (v,) in rows] == [1, 2, 3]


def test_the_writer_process_does_not_outlive_its_server(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'orphan.db'}")
    server.start()
    try:
        child = writer_pid(server)
        os.kill(server.proc.pid, signal.SIGKILL)  # the server alone, as `docker kill` does to its main process
        server.proc.wait()
        assert ended(child), "the writer process kept running after its server was killed"
    finally:
        server.kill()


def rows_in_database_file(path: Path, copy: Path) -> int:
    """What the database file holds without its WAL: the commits a checkpoint has copied into it."""
    import shutil

    shutil.copyfile(path, copy)
    with contextlib.closing(sqlite3.connect(copy)) as db:
        return db.execute("SELECT count(*) FROM t").fetchone()[0]


def writer_with_checkpoints(path: Path, table_sql: str):  # noqa: ANN201
    """A SQLite database with one table, the writer's own connection to it and its checkpoint thread (fast)."""
    from app.db.sqlite import sqlite_pragmas
    from app.play import writer

    with contextlib.closing(sqlite3.connect(path)) as setup:
        sqlite_pragmas(setup)
        setup.execute(table_sql)
        setup.commit()
    database = {"dialect": "sqlite", "path": str(path), "lock_timeout": 2.0}
    connection = writer.connect(database)
    checkpoints = writer.WalCheckpoints(database)
    checkpoints.INTERVAL_S = 0.01
    return connection, checkpoints


def test_wal_checkpoints_run_beside_the_writers_commits_and_keep_the_wal_file_bounded(tmp_path):
    path = tmp_path / "moves.db"
    connection, checkpoints = writer_with_checkpoints(path, "CREATE TABLE t (n INTEGER)")
    # The writer's commits never checkpoint themselves: a commit past 1,000 pages would wait for the disk.
    assert connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0

    def commit(count: int) -> None:
        for n in range(count):
            connection.execute("INSERT INTO t VALUES (?)", (n,))
            connection.commit()
            checkpoints.committed()

    def wait_for(check) -> bool:  # noqa: ANN001
        deadline = time.monotonic() + 10
        while not check():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    try:
        commit(300)
        # While the writer's connection stays open, the commits reach the database file itself.
        assert wait_for(lambda: rows_in_database_file(path, tmp_path / "copy.db") == 300)
        wal = Path(str(path) + "-wal")
        assert wal.stat().st_size > 0
        checkpoints.LIMIT_BYTES = 0  # a WAL file past the limit is checkpointed and emptied
        commit(50)
        assert wait_for(lambda: wal.stat().st_size == 0)
        assert rows_in_database_file(path, tmp_path / "copy.db") == 350
    finally:
        checkpoints.close()
        connection.close()
    assert not checkpoints.thread.is_alive()


def test_under_nonstop_commits_the_writers_catch_up_lets_the_wal_file_start_over(tmp_path):
    """A PASSIVE checkpoint racing a writer that never pauses never lets SQLite start its log over, and the file
    grew until the TRUNCATE that holds the writer. With the writer's own catch-up between batches, the log starts
    over and its file stays near the restart size, with no TRUNCATE."""
    path = tmp_path / "moves.db"
    connection, checkpoints = writer_with_checkpoints(path, "CREATE TABLE t (n INTEGER, pad BLOB)")
    checkpoints.RESTART_BYTES = 64 << 10
    checkpoints.LIMIT_BYTES = 1 << 40  # never: the file must stay small without it
    wal = Path(str(path) + "-wal")
    written = caught_up = 0
    try:
        while written < 4 << 20:  # 4 MB through the log, as serve() commits and catches up
            connection.execute("INSERT INTO t VALUES (?, ?)", (written, b"x" * 4000))
            connection.commit()
            written += 4000
            checkpoints.committed()
            if checkpoints.catch_up:
                checkpoints.finish_on(connection)
                caught_up += 1
            if written % (16 * 4000) == 0:  # every 16 commits, room for the thread's pass
                time.sleep(0.005)
        assert caught_up > 0
        assert wal.stat().st_size < 1 << 20  # without the catch-up: past 4 MB
        assert connection.execute("SELECT count(*) FROM t").fetchone()[0] == written // 4000
    finally:
        checkpoints.close()  # while the thread is busy: it must still stop at once, not after join's timeout
        connection.close()
    assert not checkpoints.thread.is_alive()
