"""The async engine and sessions, made from DATABASE_URL."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from app.config import async_database_url, blocking_database_url


def _sqlite_pragmas(dbapi_conn, _record, busy_ms: int = 30000) -> None:  # noqa: ANN001
    # WAL lets readers run beside the writer; NORMAL syncs at checkpoints, which keeps every
    # committed move through a process crash (kill -9), the durability we promise.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    cur.close()


def make_engine(url: str) -> AsyncEngine:
    url = async_database_url(url)
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def make_sync_engine(url: str, lock_timeout: float = 30.0) -> Engine:
    """A blocking engine for the move writer, which runs whole batches in a worker thread.

    One thread hop per batch instead of one event-loop round trip per statement (async drivers)
    was the difference between ~1,100 and several thousand moves/s in bench/bench_ws.py.
    `lock_timeout`: how long a batch waits for SQLite's write lock before it fails (and its movers hear
    `try_again`) instead of holding every move of the instance.
    """
    url = blocking_database_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": lock_timeout, "check_same_thread": False})
        event.listen(engine, "connect", lambda conn, record: _sqlite_pragmas(conn, record, int(lock_timeout * 1000)))
        return engine
    return create_engine(url, pool_size=2, max_overflow=2, pool_pre_ping=True)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)
