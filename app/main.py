"""Assembles the application: settings, database, broker, hub, routers, pages."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from contextlib import asynccontextmanager, suppress
from pathlib import Path

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app import accel, engine, observability
from app.accounts import keys as signing_keys
from app.accounts.passwords import PasswordHashing
from app.accounts.routes import router as accounts_router
from app.accounts.throttle import Backoff, Window
from app.errors import HallError
from app.i18n import web as i18n_web
from app.errors import handle as handle_hall_error
from app.config import Settings, get_settings, secure_sqlite_files
from app.db.session import make_engine, make_sessionmaker
from app.friends.routes import router as friends_router
from app.history import service as history
from app.history.routes import router as history_router
from app.lobby import service as lobby_service
from app.lobby.routes import router as lobby_router
from app.lobby import timing
from app.mail import routes as mail_routes, service as mail
from app.mail.worker import Mailer, configured as mail_configured
from app.play import gauges, leases, thinking
from app.play.broker import make_broker
from app.play.hub import Hub
from app.play import people as people_channel
from app.play.notices import FriendInvited, GameFinished, SeatsChanged, TurnWaits, TurnsChanged
from app.play.routes import SocketCounts, router as play_router
from app.replays.routes import router as replays_router
from app.tournaments import service as tournaments
from app.tournaments.routes import router as tournaments_router
from app.web import GuardMiddleware, HostGuard, database_unavailable, validation_failed

ROOT = Path(__file__).resolve().parent.parent
log = logging.getLogger(__name__)


async def _keep_visited_tables_listed(app: FastAPI, every: float) -> None:
    """Tables with an open socket are being visited: refresh their seen_at, so only abandoned ones leave the list."""
    while True:
        await asyncio.sleep(every)
        try:
            async with app.state.sessionmaker() as db:
                await lobby_service.touch_tables(db, table_ids=list(app.state.hub.connections))
                await db.commit()
        except Exception:  # the database may be away for a moment; the next round tries again
            log.warning("could not refresh seen_at of visited tables", exc_info=True)


async def _run_tournaments_once(app: FastAPI, every: float) -> None:
    """The tournament ticker, run by one instance at a time: the one holding the `tournaments` lease (renewed every
    pass, so another instance takes over a few passes after the holder dies)."""
    hub = app.state.hub
    while True:
        try:
            async with app.state.sessionmaker() as db:
                mine = await leases.hold(db, "tournaments", owner=hub.instance[:32], now_ms=timing.now_ms(),
                                         lease_ms=int(every * 3000))
            if mine:
                await tournaments.tick(app.state.sessionmaker, hub)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bad pass must not stop tournaments for good: log and try again
            observability.DATABASE_ERRORS.labels("tournament_ticker").inc()
            log.exception("tournament ticker failed")
        await asyncio.sleep(every)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    observability.configure_logging(settings.log_format)
    engine.load_games()
    if accel.enabled():  # said again now that logging is set up, with the modules actually loaded (docs/accel.md)
        used = accel.status()
        log.info("accelerator: %d compiled modules in use, %d fell back to .py", len(used["loaded"]),
                 len(used["fell_back"]))
    # SECRET_KEY overrides the keys kept in the database, which the lifespan reads (app/accounts/keys.py).
    previous = [k.strip() for k in settings.secret_key_previous.split(",") if k.strip()]
    keys = signing_keys.Keys([*previous, settings.secret_key] if settings.secret_key else None)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # The database driver runs in a helper thread that needs the GIL back after every call into
        # SQLite; with the default 5 ms switch interval a busy event loop made each move batch wait
        # tens of milliseconds (measured with bench/bench_ws.py). 0.5 ms keeps the hand-offs short.
        sys.setswitchinterval(0.0005)
        # Every move allocates many short-lived dicts (views, patches); with hundreds of live tables the
        # default thresholds ran full collections often enough to show in p99 latency. Startup objects are
        # frozen out of the collector and young-generation collections run less often.
        gc.freeze()
        gc.set_threshold(50_000, 20, 100)
        secure_sqlite_files(settings.database_url)
        db_engine = make_engine(settings.database_url)
        app.state.db_engine = db_engine
        app.state.sessionmaker = make_sessionmaker(db_engine)
        refresh = None
        if not keys.fixed:
            timing = {"refresh_s": settings.key_refresh_s, "grace_s": settings.session_idle_seconds}
            await signing_keys.load(app.state.sessionmaker, keys, **timing)
            refresh = asyncio.create_task(signing_keys.keep_fresh(app.state.sessionmaker, keys, **timing))
        app.state.hub = Hub(app.state.sessionmaker, make_broker(settings.redis_url), settings)
        # What live play tells the layers above it (app/play/notices.py): a finished game is recorded in the
        # history and the ratings, once per table, without holding up the move that finished it.
        app.state.hub.notices.subscribe(
            GameFinished, lambda finished: history.settle_soon(app.state.sessionmaker, finished.table_id))
        # The per-person channel (app/play/people.py): each person's "waiting for you" list follows the moves and
        # seat changes, on a broker channel of its own so it crosses instances.
        app.state.people = people_channel.People(app.state.sessionmaker,
                                                 make_broker(settings.redis_url, people_channel.CHANNEL), settings)
        app.state.hub.notices.subscribe(TurnsChanged, app.state.people.on_turns)
        app.state.hub.notices.subscribe(SeatsChanged, app.state.people.on_seats)
        await app.state.people.start()
        # Email (app/mail), when SMTP is set up: a turn waiting at a turn-based table and a finished game are
        # queued for the players who asked; the worker (one instance at a time) sends them. The friends'
        # invitations reach mail.queue_invite_email the same way.
        if mail_configured(settings):
            app.state.hub.notices.subscribe(TurnWaits, lambda turn: mail.soon(
                mail.queue_turn(app.state.sessionmaker, turn.table_id, turn.version, turn.seats)))
            app.state.hub.notices.subscribe(GameFinished, lambda finished: mail.soon(
                mail.queue_finished(app.state.sessionmaker, finished.table_id)))
            app.state.hub.notices.subscribe(FriendInvited, lambda invited: mail.soon(mail.queue_invite_email(
                app.state.sessionmaker, invited.table_id, invited.from_user_id, invited.to_user_id)))
        await app.state.hub.start()
        mailer = None
        if mail_configured(settings):
            mailer = asyncio.create_task(Mailer(app.state.sessionmaker, settings, keys, app.state.hub.instance).run())
        unwatch = gauges.watch(app.state.hub)
        await app.state.hashing.start()
        ticker = asyncio.create_task(_run_tournaments_once(app, settings.tournament_tick))
        visits = asyncio.create_task(_keep_visited_tables_listed(app, max(1.0, settings.abandoned_after_seconds / 8)))
        try:
            yield
        finally:
            # Graceful shutdown (SIGTERM): uvicorn has stopped accepting, closed every socket with 1012 (clients
            # reconnect, through the proxy, to another instance) and waited for their handlers; what is left is
            # background work and the moves still queued for the writer, which hub.close() commits.
            log.info("shutting down: draining queued moves")
            for task in (ticker, visits, refresh, mailer):
                if task is None:
                    continue
                task.cancel()
                with suppress(asyncio.CancelledError):
                    await task
            unwatch()
            await app.state.hub.close()
            thinking.close_shared()  # the bots' thinking pool, once no bot task is left to ask it
            await app.state.people.close()
            app.state.hashing.close()
            await db_engine.dispose()

    app = FastAPI(title="Boardhall", version="0.1.0", lifespan=lifespan,
                  description="Board games with friends: lobby, tables and live play. Protocol: docs/protocol.md")
    app.state.settings = settings
    app.state.keys = keys  # also signs the links in emails (app/mail/tokens.py)
    app.state.account_sections = [mail_routes.account_section]  # parts of the account page from layers above
    app.state.hashing = PasswordHashing(settings.hash_workers, settings.hash_queue_limit)
    app.state.login_backoff = Backoff(settings.login_free_failures, settings.login_max_wait, settings.login_window)
    app.state.guest_window = Window(settings.guests_per_address_per_hour, 3600)
    app.state.tournament_window = Window(settings.tournaments_per_address_per_hour, 3600)
    app.state.friend_window = Window(settings.friend_requests_per_hour, 3600)  # per person (app/friends)
    app.state.invite_window = Window(settings.table_invites_per_hour, 3600)
    app.state.socket_counts = SocketCounts()
    app.add_exception_handler(HallError, handle_hall_error)
    app.add_exception_handler(RequestValidationError, validation_failed)
    # asyncpg lets a refused connection through as a plain ConnectionRefusedError, not wrapped by SQLAlchemy.
    for unavailable in (OperationalError, InterfaceError, PoolTimeout, ConnectionError, TimeoutError):
        app.add_exception_handler(unavailable, database_unavailable)
    app.state.templates = Jinja2Templates(directory=ROOT / "templates")
    i18n_web.install(app.state.templates.env)
    # Order matters: the guard reads the session the session middleware decoded, so it is added first (inner).
    app.add_middleware(GuardMiddleware)
    app.add_middleware(signing_keys.SessionCookies, keys=keys, session_cookie="boardhall",
                       max_age=settings.session_idle_seconds, same_site="lax", https_only=settings.cookie_secure)
    app.add_middleware(i18n_web.LanguageMiddleware)
    if settings.allowed_hosts:
        app.add_middleware(HostGuard, allowed=settings.allowed_hosts)
    app.add_middleware(observability.RequestContext)  # outermost: every log line of a request carries its ids
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.include_router(accounts_router)
    app.include_router(lobby_router)
    app.include_router(play_router)
    app.include_router(people_channel.router)
    app.include_router(friends_router)
    app.include_router(tournaments_router)
    app.include_router(i18n_web.router)
    app.include_router(replays_router)
    app.include_router(history_router)
    app.include_router(mail_routes.router)

    @app.get("/healthz", tags=["operations"])
    async def healthz() -> JSONResponse:
        try:
            async with app.state.db_engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception as exc:  # the database does not answer: not healthy
            observability.DATABASE_ERRORS.labels("healthz").inc()
            return JSONResponse({"status": "unavailable", "error": type(exc).__name__}, status_code=503)
        return JSONResponse({"status": "ok"})

    @app.get("/metrics", tags=["operations"], include_in_schema=False)
    async def metrics() -> Response:
        """Prometheus text format; scrape each instance directly (the proxy does not pass /metrics on)."""
        return Response(generate_latest(observability.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    return app
