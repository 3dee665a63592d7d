"""The table websocket: snapshot or missed patches on connect, then act / sync / chat / ping."""

from __future__ import annotations

import asyncio
import logging
import time
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.accounts import service as accounts_service
from app.accounts.deps import session_user_id
from app.lobby import service as lobby_service

from . import absence, clocks, messages
from .hub import Connection, PlayError, dumps

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


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    app = websocket.app
    hub = app.state.hub
    settings = app.state.settings
    origin = websocket.headers.get("origin")
    if origin and urlsplit(origin).netloc != websocket.headers.get("host"):  # "null" (sandboxed pages) too
        # Browsers send cookies with cross-site websocket handshakes too: another site must not act as our user.
        await websocket.close(code=4403, reason="cross-site connections are refused")
        return
    uid = session_user_id(websocket)
    async with app.state.sessionmaker() as db:
        user = await accounts_service.get_user(db, user_id=uid) if uid is not None else None
        table = await lobby_service.get_table(db, table_id=table_id)
        if table is None:
            await websocket.close(code=4404, reason="no such table")
            return
        seats = await lobby_service.seats_of(db, table_id=table_id)
        if not lobby_service.may_see(table, seats, user, websocket.query_params.get("invite"),
                                     websocket.session.get("invites", [])):
            await websocket.close(code=4403, reason="this table is private: you need the invite link")
            return
        public = await lobby_service.public_table(db, table=table,
                                                  with_invite=lobby_service.was_at(table, seats, user))
    await websocket.accept()
    conn = Connection(table_id, user.id if user else None)
    writer = asyncio.create_task(_write(websocket, conn))
    hub.register(conn)
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
        await absence.arrived(hub, conn)  # after the snapshot: the documented order on connect stays intact
        bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            text = message.get("text")
            if text is None:  # a binary frame
                conn.send(_error(None, "bad_message", "messages are JSON text frames"))
                continue
            if len(text) > settings.max_message_bytes:
                conn.send(_error(None, "too_large", f"messages are limited to {settings.max_message_bytes} bytes"))
                continue
            if not bucket.take():
                conn.send(_error(None, "rate_limited", "too many messages; slow down"))
                continue
            try:
                msg = messages.parse(text)
            except messages.BadMessage as exc:
                conn.send(_error(exc.msg_id, exc.code, exc.message))
                continue
            await _handle(hub, conn, user, table_id, msg)
    except WebSocketDisconnect:
        return
    finally:
        hub.unregister(conn)
        writer.cancel()
        try:
            await absence.left(hub, conn)
        except Exception:  # presence is renewed by heartbeats; a failed note here only delays "away"
            log.exception("presence update failed at table %s", table_id)


async def _handle(hub, conn: Connection, user, table_id: str, msg) -> None:  # noqa: ANN001
    if isinstance(msg, messages.Ping):
        conn.send(dumps({"type": "pong", "id": msg.id, "now": clocks.now_ms()}))  # the client's clock offset
    elif isinstance(msg, messages.Sync):
        conn.send(await hub.snapshot_frame(table_id, conn))
    elif isinstance(msg, messages.Chat):
        if user is None:
            conn.send(_error(msg.id, "not_signed_in", "choose a nickname to chat"))
            return
        text = " ".join(msg.text.split())[:500]
        if not text:
            conn.send(_error(msg.id, "bad_message", "a chat message needs some text"))
            return
        await hub.chat(table_id, user_id=user.id, nickname=user.nickname, text=text)
    elif isinstance(msg, messages.Act):
        if user is None:
            conn.send(_error(msg.id, "not_seated", "you are watching this table; only players can act"))
            return
        try:
            version = await hub.act(table_id, user_id=user.id, action=msg.action, version=msg.version)
        except PlayError as exc:
            conn.send(_error(msg.id, exc.code, exc.message))
            if exc.code == "stale_version":
                conn.send(await hub.snapshot_frame(table_id, conn))
            return
        except Exception:  # a bug in a game's rules: the move is refused (the state is untouched), the socket lives on
            log.exception("act failed at table %s", table_id)
            conn.send(_error(msg.id, "internal_error", "the server could not apply that move; it has been logged"))
            return
        conn.send(dumps({"type": "ack", "id": msg.id, "version": version}))


def _error(msg_id, code: str, message: str) -> str:  # noqa: ANN001
    return dumps({"type": "error", "id": msg_id, "code": code, "message": message})


async def _write(websocket: WebSocket, conn: Connection) -> None:
    try:
        while True:
            frame = await conn.queue.get()
            await websocket.send_text(frame)
            if conn.overflow:
                await websocket.close(code=4008, reason="too far behind; reconnect to resync")
                return
    except Exception:  # the socket went away; the reader loop ends the connection
        return
