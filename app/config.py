"""Settings from the environment: one class, read once."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    # Plain URLs are accepted (sqlite:///path.db, postgresql://user:pw@host/db); the async driver is chosen here.
    database_url: str = "sqlite:///./data/boardhall.db"
    redis_url: str | None = None
    # Signs session cookies, overriding the keys kept in the database (app/accounts/keys.py), which need no setting.
    secret_key: str | None = None
    secret_key_previous: str = ""  # keys SECRET_KEY replaced, comma-separated: they still verify
    key_refresh_s: float = 30.0  # how often each instance re-reads the stored keys (a rotation reaches it)
    bot_delay: float = 0.6  # seconds a bot "thinks" before moving; 0 in tests
    cookie_secure: bool = False
    # Host names this server answers to, comma-separated (besides localhost, 127.0.0.1 and ::1); empty: any. Set it
    # for an instance on a private network, so a DNS-rebinding page cannot talk to it (docs/security.md).
    allowed_hosts: str = ""
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
    # Bot levels and the thinking pool (app/play/thinking.py, docs/architecture.md): the level a bot gets when none
    # is asked for (quick play, a bot taking an absent player's seat), the pool's worker processes (0: the
    # machine's cores less one, at least one), a factor on every search budget (tests make it small), and how
    # long a move may overrun its deadline in the pool before the heuristic's move is played instead.
    bot_level: str = "medium"
    bot_workers: int = 0
    bot_budget_scale: float = 1.0
    bot_think_grace_s: float = 1.0
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
    sockets_per_address: int = 60  # open watcher sockets from one address (this instance)
    sockets_per_table: int = 200  # open watcher sockets on one table (this instance); players always get in
    chat_per_minute: int = 20  # chat messages of one user per minute, all sockets and tables together
    # Tournaments (docs/tournaments.md): unfinished ones per organiser, new ones per address an hour, and entrants
    # (people and bots) per tournament. A tournament's tables are its own budget, apart from its organiser's table
    # limits: a round seats at most tournament_max_entrants / 3 tables (16 by default).
    open_tournaments_per_user: int = 2
    tournaments_per_address_per_hour: int = 6
    tournament_max_entrants: int = 48
    # Friends (app/friends): requests a person may send an hour, invitations to tables an hour, friends at most,
    # and per-person sockets (every open page, app/play/people.py) of one user on this instance.
    friend_requests_per_hour: int = 20
    table_invites_per_hour: int = 30
    max_friends: int = 200
    person_sockets_per_user: int = 20
    public_tables_per_host: int = 3  # open tables of one host shown in the public list
    abandoned_after_seconds: int = 60 * 60 * 24  # open tables nobody connected to for this long leave the list
    finished_listed_seconds: int = 60 * 60 * 24  # finished tables leave the lists this long after their last change
    idle_listed_seconds: int = 60 * 60 * 24 * 7  # games in play with no move for this long leave the public list
    # The move writer waits this long for SQLite's write lock, then the batch's movers are told `try_again`.
    db_lock_timeout: float = 2.0
    # Email (app/mail, docs/security.md): with no SMTP_HOST nothing is sent and the account page says so.
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_security: str = "starttls"  # starttls | ssl | none (none only for a relay on the same host or network)
    mail_from: str = ""  # the From address, e.g. "Boardhall <hall@example.org>"
    public_url: str = "http://localhost:8000"  # where links in emails point: this hall's address as players see it
    mail_every_minutes: float = 15.0  # at most one email per player this often, telling every table waiting
    mail_gather_s: float = 60.0  # how long a first item waits for others (a flurry of moves makes one email)
    mail_tick_s: float = 5.0  # how often the worker looks for email to send
    mail_lease_s: float = 60.0  # how long a claimed email stays with its worker before another takes it over
    mail_fault: str = ""  # tests only: end the process right "after_claim" or "after_send" of an email
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


def secure_sqlite_files(url: str) -> None:
    """Make an existing SQLite database and its journal files owner-only (0600); new ones get it from the umask
    scripts/entrypoint.sh sets. The database holds password hashes, session ids and the cookie keys."""
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return
    path = Path(url[len("sqlite:///"):])
    for candidate in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if candidate.exists():
            candidate.chmod(0o600)


@lru_cache
def get_settings() -> Settings:
    return Settings()
