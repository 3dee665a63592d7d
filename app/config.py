"""Settings from the environment: one class, read once."""

from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    # Plain URLs are accepted (sqlite:///path.db, postgresql://user:pw@host/db); the async driver is chosen here.
    database_url: str = "sqlite:///./data/boardhall.db"
    redis_url: str | None = None
    # Sign session cookies. Unset: a random key kept in data/secret_key, so sessions survive restarts.
    # Several instances must share one SECRET_KEY.
    secret_key: str | None = None
    bot_delay: float = 0.6  # seconds a bot "thinks" before moving; 0 in tests
    cookie_secure: bool = False
    history_size: int = 256  # patches kept per table for reconnects (?v=N)
    max_message_bytes: int = 8192  # largest websocket message accepted from a client
    rate_per_second: float = 30.0  # per-socket message budget (token bucket)
    rate_burst: int = 60
    log_size: int = 120  # events replayed in a snapshot
    max_cached_tables: int = 2000  # live game states kept in memory per instance
    # Clocks and absence (app/play/clocks.py, app/play/absence.py).
    clock_tick_s: float = 0.5  # how often each instance looks for deadlines that have passed
    clock_lease_s: float = 10.0  # how long a claimed deadline is left to its instance before another may fire it
    presence_beat_s: float = 10.0  # how often an instance records who has a socket open
    absent_grace_s: float = 120.0  # how long a player is away before the others may vote a bot into their seat
    tournament_tick: float = 2.0  # seconds between checks that record finished tournament tables and seat rounds


def async_database_url(url: str) -> str:
    """Pick the async driver for a plain database URL."""
    if url.startswith("sqlite:///") or url == "sqlite://":
        return "sqlite+aiosqlite" + url[len("sqlite"):]
    for prefix in ("postgresql://", "postgres://", "postgresql+psycopg://", "postgresql+psycopg2://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix):]
    return url


def blocking_database_url(url: str) -> str:
    """The same database with a blocking driver (sqlite3, psycopg), for the move writer's worker thread."""
    return async_database_url(url).replace("sqlite+aiosqlite", "sqlite").replace("postgresql+asyncpg",
                                                                                  "postgresql+psycopg")


def _stored_secret() -> str:
    path = Path("data/secret_key")
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(32)
    path.write_text(key)
    return key


@lru_cache
def get_settings() -> Settings:
    settings = Settings()
    if not settings.secret_key:
        settings.secret_key = _stored_secret()
    return settings
