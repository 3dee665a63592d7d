"""SQLite's connection settings, in a module of their own so the move writer's process (app/play/writer.py) can
use them without importing SQLAlchemy."""

from __future__ import annotations

from typing import Any


def sqlite_pragmas(dbapi_conn: Any, busy_ms: int = 30000) -> None:
    # WAL lets readers run beside the writer; NORMAL syncs at checkpoints, which keeps every
    # committed move through a process crash (kill -9), the durability we promise.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    cur.close()
