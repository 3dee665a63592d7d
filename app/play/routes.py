"""The table websocket: snapshot or missed patches on connect, then act / undo / sync / chat / ping; and the whole
game's log, paged, over HTTP.

A handshake that is refused is still accepted first and then closed with a documented code (4403 forbidden,
4404 no such table, 4429 too many sockets, 1013 try again later), because a browser only learns close codes, never
the status of a refused HTTP upgrade (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import logging
import math
import sqlite3
import time
from collections import Counter
from datetime import timedelta
from urllib.parse import urlsplit

from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app import engine, observability
from app.accounts.deps import CurrentUser, OptionalUser, client_address, connection_user, session_token
from app.accounts.service import session_id
from app.db.deps import DbDep
from app.db.models import GameRecord, Message, as_utc, utcnow
from app.engine.text import Text, t, tn
from app.errors import refusal, refusal_detail
from app.lobby import service as lobby_service
from app.lobby import timing
from app.lobby.routes import _seat_change, _visible_table
from app.lobby.schemas import TablePublic, VoteRequest

from . import absence, messages, store
from .sockets import Connection, Unfinished
from .runtime import PlayError, dumps
from .wsprotocol import WRITE_TEXT

router = APIRouter()
log = logging.getLogger(__name__)


class TokenBucket:
    def __init__(self, rate: float, burst: int):
        self.rate, self.capacity = rate, burst
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next message would be taken (a whole millisecond at least)."""
        return max(0.001, math.ceil((1 - self.tokens) / self.rate * 1000) / 1000)


class SocketCounts:
    """Open table sockets on this instance, per signed-in user, and the watchers' per address and per table.

    The table's seated players and its host always get in (only their own per-user cap applies): 200 anonymous
    watchers filled the table's cap and locked its host out (issue 28). Watchers have caps of their own."""

    def __init__(self) -> None:
        self.users: Counter[int] = Counter()
        self.addresses: Counter[str] = Counter()  # watchers' sockets per address
        self.tables: Counter[str] = Counter()  # watchers' sockets per table

    def refusal(self, settings, table_id: str, user_id: int | None, address: str,  # noqa: ANN001
                player: bool) -> str | None:
        if user_id is not None and self.users[user_id] >= settings.sockets_per_user:
            return f"you have {settings.sockets_per_user} table sockets open already; close some tabs"
        if player:
            return None
        if self.addresses[address] >= settings.sockets_per_address:
            return "too many table sockets from your address"
        if self.tables[table_id] >= settings.sockets_per_table:
            return "this table has as many watchers as it can take; try again later"
        return None

    def add(self, user_id: int | None, address: str, table_id: str, player: bool) -> None:
        if user_id is not None:
            self.users[user_id] += 1
        if not player:
            self.addresses[address] += 1
            self.tables[table_id] += 1

    def remove(self, user_id: int | None, address: str, table_id: str, player: bool) -> None:
        keys = [(self.users, user_id)] if player else [(self.users, user_id), (self.addresses, address),
                                                        (self.tables, table_id)]
        for counter, key in keys:
            if key is not None:
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]


def database_trouble(exc: BaseException) -> bool:
    """Is this the database being unavailable (locked, restarting, unreachable) rather than a bug?"""
    seen = 0
    while exc is not None and seen < 5:
        if isinstance(exc, (OperationalError, InterfaceError, DBAPIError, PoolTimeout, sqlite3.OperationalError,
                            ConnectionError, OSError, asyncio.TimeoutError)):
            return True
        if type(exc).__module__.split(".")[0] in ("psycopg", "asyncpg"):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


TRY_AGAIN = t("the database is not answering just now; nothing was changed, try again in a moment")
SERVICE_RESTART = 1012  # the close code uvicorn sends every socket when the instance shuts down (SIGTERM)


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    await websocket.accept()
    await websocket.close(code=code, reason=reason)


@router.get("/api/tables/{table_id}/log", tags=["play"])
async def game_log(table_id: str, request: Request, db: DbDep, user: OptionalUser,
                   before: int | None = Query(None, ge=1, le=2**31), limit: int = Query(100, ge=1, le=500),
                   invite: str | None = None) -> dict:
    """A page of the game's log: the lines of at most `limit` moves before version `before` (default: all moves),
    oldest first, each with the version `v` it came from, as the caller's seat (or a spectator) may read them."""
    table = await lobby_service.get_table_or_raise(db, table_id=table_id)
    seats = await lobby_service.seats_of(db, table_id=table_id)
    if not lobby_service.may_see(table, seats, user, invite, request.session.get("invites", [])):
        raise refusal(403, "private_table", t("this table is private: you need the invite link"))
    record = await db.get(GameRecord, table_id)
    if record is None:
        return {"lines": [], "more": False}
    # The seat held now: a player whose seat a bot took over reads on as a spectator, like their socket.
    seat = next((s.index for s in seats if user is not None and s.user_id == user.id), None)
    before = min(before or record.version + 1, record.version + 1)
    moves = await store.events_before(db, table_id, before, limit)
    more = bool(moves) and moves[0][0] > 1
    if not more:  # the page reaches the deal: what the deal did comes first
        moves.insert(0, (0, record.opening_events or []))
    lines = [{**e, "v": v} for v, events in moves for e in engine.filter_events(events, seat)]
    return {"lines": lines, "more": more}


# ---- absent players (app/play/absence.py) --------------------------------------------------------------------
@router.post("/api/tables/{table_id}/resign", response_model=TablePublic, tags=["play"])
async def resign(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    """Leave a game in play: a bot plays your seat to the end; the result records the resignation."""
    table = await _visible_table(request, db, table_id, user, None)
    settings = request.app.state.settings
    return await _seat_change(request, db, table, absence.resign(db, table=table, user=user, settings=settings),
                              reload=True)


@router.post("/api/tables/{table_id}/reclaim", response_model=TablePublic, tags=["play"])
async def reclaim(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    """Take back the seat a bot has been playing for you (after timeouts, a vote or the host's hand-over)."""
    table = await _visible_table(request, db, table_id, user, None)
    return await _seat_change(request, db, table, absence.reclaim(db, table=table, user=user), reload=True)


@router.post("/api/tables/{table_id}/vote", response_model=TablePublic, tags=["play"])
async def vote_absent(table_id: str, body: VoteRequest, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    """Vote to seat a bot for a player away past the grace period; a majority of the other players decides."""
    table = await _visible_table(request, db, table_id, user, None)
    settings = request.app.state.settings
    return await _seat_change(request, db, table,
                              absence.vote(db, table=table, user=user, seat=body.seat, settings=settings), reload=True)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    app = websocket.app
    hub = app.state.hub
    settings = app.state.settings
    counts: SocketCounts = app.state.socket_counts
    origin = websocket.headers.get("origin")
    if origin and urlsplit(origin).netloc != websocket.headers.get("host"):  # "null" (sandboxed pages) too
        # Browsers send cookies with cross-site websocket handshakes too: another site must not act as our user.
        await _refuse(websocket, 4403, "cross-site connections are refused")
        return
    address = client_address(websocket)
    try:
        async with app.state.sessionmaker() as db:
            user = await connection_user(websocket, db)
            table = await lobby_service.get_table(db, table_id=table_id)
            if table is None:
                await _refuse(websocket, 4404, "no such table")
                return
            seats = await lobby_service.seats_of(db, table_id=table_id)
            if not lobby_service.may_see(table, seats, user, websocket.query_params.get("invite"),
                                         websocket.session.get("invites", [])):
                await _refuse(websocket, 4403, "this table is private: you need the invite link")
                return
            player = lobby_service.was_at(table, seats, user)  # seated or hosting: never kept out by watchers
            refusal = counts.refusal(settings, table_id, user.id if user else None, address, player)
            if refusal:
                await _refuse(websocket, 4429, refusal)
                return
            tell_table = absence.note_arrival(table, seats, user.id if user else None, settings)
            # Visits keep a table listed (app.main refreshes seen_at of tables with sockets every eighth of the
            # listing period): a table seen within that eighth needs no write from each arrival.
            if not lobby_service.seen_within(table, settings.abandoned_after_seconds / 8):
                await lobby_service.touch_tables(db, table_ids=[table_id])
            await db.commit()
            public = await lobby_service.public_table(db, table=table, seats=seats,
                                                      with_invite=lobby_service.was_at(table, seats, user))
    except Exception as exc:
        if not database_trouble(exc):
            raise
        log.warning("socket handshake at %s: database unavailable (%s)", table_id, type(exc).__name__)
        await _refuse(websocket, 1013, "the server cannot reach its database; try again in a moment")
        return
    token = session_token(websocket) if user else None
    conn = Connection(table_id, user.id if user else None, session=session_id(token) if token else None)
    await websocket.accept()
    writer = asyncio.create_task(_write(websocket, conn))
    counts.add(conn.user_id, address, table_id, player)
    hub.register(conn)
    restarting = False
    try:
        conn.send(dumps({"type": "table", "table": public.model_dump(mode="json")}))
        conn.send(dumps({"type": "chat_history", "messages": await hub.recent_chat(table_id)}))
        since = websocket.query_params.get("v")
        # Only plain ASCII digits of a sane length: "²".isdigit() is true but int() refuses it, and int() refuses
        # more than 4300 digits; either raised here and killed the socket.
        valid = since is not None and since.isascii() and since.isdigit() and len(since) <= 18
        frames = await hub.catch_up_frames(table_id, conn, int(since)) if valid else None
        if frames is None:
            conn.send(await hub.snapshot_frame(table_id, conn))
        else:
            for frame in frames:
                conn.send(frame)
        if tell_table:  # after the snapshot: the documented order on connect stays intact
            await hub.table_changed(table_id, public.model_dump(mode="json") if not public.invite
                                    else {**public.model_dump(mode="json"), "invite": None})
        # The messages are read by a task of its own, awaited here: each move resumes its task twice (its message
        # arrives, its batch commits), and resuming this one passed through every ASGI middleware's and router's
        # coroutine on the way down to this function and back up (about 26 frames each way, each time). Cancelling
        # this task (the server shutting down) cancels the one it awaits; whatever that one raises is raised here.
        await asyncio.get_running_loop().create_task(_receive_loop(app, websocket, conn, user, table_id))
    except WebSocketDisconnect as exc:
        restarting = exc.code == SERVICE_RESTART
        return
    except Exception as exc:
        if not database_trouble(exc):
            raise
        log.warning("socket at %s closed: database unavailable (%s)", table_id, type(exc).__name__)
    finally:
        hub.unregister(conn)
        counts.remove(conn.user_id, address, table_id, player)
        conn.direct = None
        writer.cancel()
        try:
            # A drain (SIGTERM) closes every socket with 1012 and the browser is back within seconds on another
            # instance: not noting "away" spares the others an away-and-back flicker and the draining instance a
            # statement and a table view per socket. A player who does not come back counts as away once this
            # instance's heartbeats stop (timing.stale_ms).
            if not restarting:
                await absence.left(hub, conn)
        except Exception:  # presence is renewed by heartbeats; a failed note here only delays "away"
            log.exception("presence update failed at table %s", table_id)


async def _receive_loop(app, websocket: WebSocket, conn: Connection, user, table_id: str) -> None:  # noqa: ANN001
    """The socket's messages, one after another, until it disconnects (raises WebSocketDisconnect)."""
    settings = app.state.settings
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    # The signed-in user's id, read once: `user.id` is an ORM attribute (a descriptor call every move).
    user_id = user.id if user is not None else None
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:  # a binary frame
            conn.send(_error(None, "bad_message", t("messages are JSON text frames")))
            continue
        # Refusals before parsing name the message by the `id` at the frame's head, read without parsing it all.
        if len(text) > settings.max_message_bytes:
            conn.send(_error(messages.head_id(text), "too_large",
                             t("messages are limited to {n} bytes", n=settings.max_message_bytes)))
            continue
        if not bucket.take():
            conn.send(_error(messages.head_id(text), "rate_limited", t("too many messages; slow down"),
                             retry_after=bucket.wait()))
            continue
        try:
            msg = messages.parse(text)
        except messages.BadMessage as exc:
            conn.send(_error(exc.msg_id, exc.code, exc.message))
            continue
        await _handle(app, conn, user, table_id, msg, user_id)


async def _handle(app, conn: Connection, user, table_id: str, msg, user_id: int | None) -> None:  # noqa: ANN001
    hub = app.state.hub
    if isinstance(msg, (messages.Act, messages.Undo)):  # first: every move comes this way
        if user is None:
            conn.send(_error(msg.id, "not_seated", t("you are watching this table; only players can act")))
            return
        if msg.version > conn.version:
            # A version this socket was never sent. Passing it on made the hub reload the table from the database
            # for every such message; the socket gets the current state instead.
            conn.send(_error(msg.id, "stale_version", t("there is no version {version} yet", version=msg.version)))
            conn.send(await hub.snapshot_frame(table_id, conn))
            return
        ack_to = (conn, msg.id) if msg.ack_in_patch else None
        try:
            if isinstance(msg, messages.Undo):
                version = await hub.undo(table_id, user_id=user_id, version=msg.version, ack_to=ack_to)
            else:
                version = await hub.act(table_id, user_id=user_id, action=msg.action, version=msg.version,
                                        ack_to=ack_to)
        except PlayError as exc:
            conn.send(_error(msg.id, exc.code, exc.say or exc.message))
            if exc.code == "stale_version":
                conn.send(await hub.snapshot_frame(table_id, conn))
            return
        except Exception as exc:
            if database_trouble(exc):  # nothing was committed (one transaction per batch); the move can be resent
                log.warning("act at %s refused: database unavailable (%s)", table_id, type(exc).__name__)
                conn.send(_error(msg.id, "try_again", TRY_AGAIN))
                return
            # A bug in a game's rules: the move is refused (the state is untouched), the socket lives on.
            log.exception("act failed at table %s", table_id)
            conn.send(_error(msg.id, "internal_error", t("the server could not apply that move; it has been logged")))
            return
        finally:
            owed, conn.ack = conn.ack, None
        if ack_to is None or owed is not None:  # not asked for, or the socket got a snapshot instead of the patch
            conn.send(dumps({"type": "ack", "id": msg.id, "version": version}))
    elif isinstance(msg, messages.Ping):
        conn.send(dumps({"type": "pong", "id": msg.id, "now": timing.now_ms()}))  # the client's clock offset
    elif isinstance(msg, messages.Sync):
        try:
            conn.send(await hub.snapshot_frame(table_id, conn))
        except Exception as exc:
            if not database_trouble(exc):
                raise
            conn.send(_error(msg.id, "try_again", TRY_AGAIN))
    elif isinstance(msg, messages.Chat):
        if user is None:
            conn.send(_error(msg.id, "not_signed_in", t("choose a nickname to chat")))
            return
        text = " ".join(msg.text.split())[:500]
        if not text:
            conn.send(_error(msg.id, "bad_message", t("a chat message needs some text")))
            return
        try:
            count, wait = await _chat_count(app, user_id)
            if count >= app.state.settings.chat_per_minute:
                conn.send(_error(msg.id, "chat_too_fast", tn("at most {n} chat message a minute",
                                                             "at most {n} chat messages a minute",
                                                             app.state.settings.chat_per_minute),
                                 retry_after=max(1, math.ceil(wait))))
                return
            await hub.chat(table_id, user_id=user_id, nickname=user.nickname, text=text)
        except Exception as exc:
            if not database_trouble(exc):
                raise
            conn.send(_error(msg.id, "try_again", TRY_AGAIN))


async def _chat_count(app, user_id: int) -> tuple[int, float]:  # noqa: ANN001
    """Chat messages `user_id` sent in the last minute, on every socket and table (counted in the database, so all
    instances share the budget), and the seconds until the oldest of them leaves that minute."""
    async with app.state.sessionmaker() as db:
        count, oldest = (await db.execute(select(func.count(), func.min(Message.created_at)).where(
            Message.user_id == user_id, Message.created_at >= utcnow() - timedelta(minutes=1)))).one()
    return count, (60 - (utcnow() - as_utc(oldest)).total_seconds() if oldest is not None else 0.0)


def _error(msg_id, code: str, message: str | Text, retry_after: float | None = None) -> str:  # noqa: ANN001
    frame = {"type": "error", "id": msg_id, **refusal_detail(code, message)}
    if retry_after is not None:  # the refusal asks the client to wait this many seconds
        frame["retry_after"] = retry_after
    return dumps(frame)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    # Frames go straight to the server's send (set by observability.RequestContext, outside the middlewares, which
    # only touch HTTP responses). Once the frames queued before this task ran are written, the connection writes
    # later ones itself while nothing is queued (Connection.send); this task writes the rest, every frame already
    # queued in one wake.
    send = websocket.scope.get(observability.SERVER_SEND) or websocket.send
    conn.write_text = websocket.scope.get("extensions", {}).get(WRITE_TEXT)
    try:
        while True:
            if conn.queue.empty() and conn.closing is None:
                conn.busy = False
                conn.direct = send
            item = await conn.queue.get()
            conn.busy = True
            while True:
                if conn.closing is not None:
                    conn.direct = None
                    await websocket.close(code=conn.closing[0], reason=conn.closing[1])
                    return
                if isinstance(item, Unfinished):
                    await item.finish()
                else:
                    await send({"type": "websocket.send", "text": item})
                if conn.overflow:
                    conn.direct = None
                    await websocket.close(code=4008, reason="too far behind; reconnect to resync")
                    return
                if conn.queue.empty():
                    break
                item = conn.queue.get_nowait()
    except Exception:  # the socket went away; the reader loop ends the connection
        conn.direct = None
        return
