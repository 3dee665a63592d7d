"""Settings from the environment: one class, read once."""

from __future__ import annotations

import os
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
    # How long a claimed bot move stays with its instance (app/play/leases.py); a table whose awaited bot has not
    # moved for bot_delay + this long is woken again by whichever instance looks first.
    bot_lease_s: float = 10.0
    # A game in play with bots in every seat is closed once nobody has watched it for this long (app/play/hub.py).
    unwatched_close_s: float = 30.0
    tournament_tick: float = 2.0  # seconds between checks that record finished tournament tables and seat rounds

    # Sessions (docs/security.md): a cookie names a server-side session row; unused this long, it ends.
    session_idle_seconds: int = 60 * 60 * 24 * 30
    # Passwords: argon2 runs in this many worker threads so hashing never blocks play; more waiting get `busy`.
    hash_workers: int = 1
    hash_queue_limit: int = 32
    password_min_length: int = 8
    # Failed logins: this many are free per username and per address, then each further one doubles the wait
    # (1 s, 2 s, 4 s ... up to login_max_wait seconds); failures older than login_window are forgotten.
    login_free_failures: int = 5
    login_max_wait: float = 900.0
    login_window: float = 3600.0
    # Limits per person and per address (a refusal names the limit in its error code).
    open_tables_per_user: int = 10  # tables a user hosts that have not finished
    tables_per_minute: int = 5  # tables a user may open per minute
    guests_per_address_per_hour: int = 30
    sockets_per_user: int = 12  # open table sockets of one signed-in user (this instance)
    sockets_per_address: int = 60  # open table sockets from one address (this instance)
    sockets_per_table: int = 200  # open sockets on one table (this instance)
    chat_per_minute: int = 20  # chat messages of one user per minute, all sockets and tables together
    public_tables_per_host: int = 3  # open tables of one host shown in the public list
    abandoned_after_seconds: int = 60 * 60 * 24  # open tables nobody connected to for this long leave the list
    finished_listed_seconds: int = 60 * 60 * 24  # finished tables leave the lists this long after their last change
    idle_listed_seconds: int = 60 * 60 * 24 * 7  # games in play with no move for this long leave the public list
    # The move writer waits this long for SQLite's write lock, then the batch's movers are told `try_again`.
    db_lock_timeout: float = 2.0
    # Logs: one JSON object per line (app/observability.py), or "text" for a person reading a terminal.
    log_format: str = "json"
    # Tests only: SIGKILL the process right after this many move batches committed (0: never).
    fault_kill_after_commits: int = 0


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


DATA_DIR = Path("data")


def private_data_dir(path: Path = DATA_DIR) -> Path:
    """Create `data/` readable by its owner only (0700): it holds the cookie key and the SQLite database."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def secure_sqlite_files(url: str) -> None:
    """Make an existing SQLite database and its journal files owner-only (0600); new ones get it from the umask
    scripts/entrypoint.sh sets. The database holds password hashes and session ids."""
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return
    path = Path(url[len("sqlite:///"):])
    for candidate in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if candidate.exists():
            candidate.chmod(0o600)


def _stored_secret() -> str:
    path = private_data_dir() / "secret_key"
    if path.exists():
        path.chmod(0o600)  # a key written by an older version was world-readable
        return path.read_text().strip()
    key = secrets.token_urlsafe(32)
    # Created 0600 from the start: with the key anyone could forge a session cookie.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


@lru_cache
def get_settings() -> Settings:
    settings = Settings()
    if not settings.secret_key:
        settings.secret_key = _stored_secret()
    return settings
