"""The async engine and sessions, made from DATABASE_URL."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from app.config import async_database_url, blocking_database_url
from app.db.sqlite import sqlite_pragmas


def _sqlite_pragmas(dbapi_conn, _record, busy_ms: int = 30000) -> None:  # noqa: ANN001
    sqlite_pragmas(dbapi_conn, busy_ms)


def make_engine(url: str) -> AsyncEngine:
    url = async_database_url(url)
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def make_sync_engine(url: str, lock_timeout: float = 30.0) -> Engine:
    """A blocking engine, for tests and tools that read or write outside the event loop (the move writer's process
    uses the driver directly: app/play/writer.py). `lock_timeout`: how long a statement waits for SQLite's write
    lock before it fails."""
    url = blocking_database_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": lock_timeout, "check_same_thread": False})
        event.listen(engine, "connect", lambda conn, record: _sqlite_pragmas(conn, record, int(lock_timeout * 1000)))
        return engine
    return create_engine(url, pool_size=2, max_overflow=2, pool_pre_ping=True)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)
