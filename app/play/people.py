"""The per-person channel: what waits for one person, live on every page of the hall.

Each open page of a signed-in person (guest or registered) holds one light socket, /ws/me (docs/protocol.md). It is
sent the person's "waiting for you" list (the tables where they are to move, and open tables a friend invited them
to) when it connects and again whenever that list may have changed. Nothing polls: live play tells its notices
(app/play/notices.py) when a move changes who is awaited or a table's seats change, and `People` publishes the ids
of the people concerned on a broker channel of its own (`boardhall:people` on Redis, so it crosses instances, or in
memory for one instance). Every instance hears every such message and rebuilds the list, from the database, only
for the people it has sockets of; so a move on one instance reaches a player's open page on another.

The sockets also say who is online: an instance writes the time into `presence` for the people it has sockets of
(when one connects, then every `PRESENCE_EVERY_S`); a person whose last socket here closes is written offline a few
seconds later, unless a page of theirs opened again meanwhile (a reload) or another instance renewed them since.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Iterable
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.deps import CurrentUser, connection_user, session_token
from app.accounts.service import session_id
from app.db.deps import DbDep
from app.db.models import Clock, Friendship, Presence, Seat, Table, TableInvite, User, UserSession
from app.lobby import service as lobby_service
from app.lobby import timing

from .notices import SeatsChanged, TurnsChanged
from .runtime import dumps

log = logging.getLogger(__name__)
router = APIRouter()

CHANNEL = "boardhall:people"
PRESENCE_EVERY_S = 60.0  # how often an instance renews the presence of the people it has sockets of
ONLINE_MS = 150_000  # seen this recently: online (two renewals and some slack)
GONE_AFTER_S = 3.0  # a person whose last page closed is written offline this long after, if none opened again


# ---- what waits for a person ---------------------------------------------------------------------------------------
async def waiting_for(db: AsyncSession, user_id: int) -> list[dict[str, Any]]:
    """The tables where `user_id` is to move (the least time left first), then the open tables friends invited them
    to (newest first), each as the per-person channel and GET /api/me/waiting give it."""
    seated = dict((await db.execute(select(Seat.table_id, Seat.index).join(Table, Table.id == Seat.table_id)
                                    .where(Seat.user_id == user_id, Table.status == "playing"))).all())
    awaited = [c.table_id for c in (await db.execute(select(Clock).where(Clock.table_id.in_(list(seated)))))
               .scalars() if seated[c.table_id] in (c.waiting or [])] if seated else []
    invites = (await db.execute(
        select(TableInvite, User.nickname).join(Table, Table.id == TableInvite.table_id)
        .join(User, User.id == TableInvite.from_user_id)
        .where(TableInvite.to_user_id == user_id, Table.status == "open")
        .order_by(TableInvite.created_at.desc()))).all()
    ids = awaited + [i.table_id for i, _ in invites]
    tables = list((await db.execute(select(Table).where(Table.id.in_(ids)))).scalars()) if ids else []
    public = {t.id: t for t in await lobby_service.public_tables(db, tables=tables)}
    code = {t.id: t.invite for t in tables}
    moves, invited = [], []
    for table_id in awaited:
        t = public[table_id]
        mine = seated[table_id]
        left = (t.clocks or {}).get(str(mine), {}).get("left_ms")
        moves.append({"table": t.id, "why": "your_move", "game": t.game, "title": t.title, "pace": t.pace["mode"],
                      "opponents": _names(t, user_id), "opponent_levels": _levels(t, user_id), "left_ms": left,
                      "from": None, "url": f"/tables/{t.id}"})
    for invite, inviter in invites:
        t = public.get(invite.table_id)
        if t is None or any(s.user_id == user_id for s in t.seats):
            continue  # seated already: the invitation has done its work
        invited.append({"table": t.id, "why": "invited", "game": t.game, "title": t.title, "pace": t.pace["mode"],
                        "opponents": _names(t, user_id), "opponent_levels": _levels(t, user_id), "left_ms": None,
                        "from": inviter,
                        "url": f"/tables/{t.id}?invite={code[t.id]}"})
    moves.sort(key=lambda m: (m["left_ms"] is None, m["left_ms"] or 0))
    return moves + invited


def _names(table, user_id: int) -> list[str]:  # noqa: ANN001
    return [s.name for s in table.seats if s.name and s.user_id != user_id]


def _levels(table, user_id: int) -> list[str | None]:  # noqa: ANN001
    """Beside `_names`, one for one: how strongly each opponent plays if a bot holds the seat, else None."""
    return [s.level if s.bot else None for s in table.seats if s.name and s.user_id != user_id]


async def friend_counts(db: AsyncSession, user_id: int) -> tuple[int, int]:
    """Friend requests waiting for `user_id`'s answer, and `user_id`'s friends."""
    asked, friends = (await db.execute(select(
        func.count().filter(Friendship.asked_id == user_id, Friendship.accepted.is_(False)),
        func.count().filter(Friendship.accepted.is_(True)))
        .where(or_(Friendship.asked_id == user_id, Friendship.asker_id == user_id)))).one()
    return asked, friends


async def waiting_frame(db: AsyncSession, user_id: int) -> dict[str, Any]:
    tables = await waiting_for(db, user_id)
    asked, friends = await friend_counts(db, user_id)
    return {"type": "waiting", "tables": tables, "count": len(tables), "friend_requests": asked, "friends": friends,
            "now": timing.now_ms()}


@router.get("/api/me/waiting", tags=["people"])
async def my_waiting(db: DbDep, user: CurrentUser) -> dict[str, Any]:
    """What waits for you: the same `waiting` object the per-person socket sends (docs/protocol.md)."""
    return await waiting_frame(db, user.id)


# ---- who is online ---------------------------------------------------------------------------------------------------
async def online(db: AsyncSession, user_ids: Iterable[int]) -> set[int]:
    """Of these people, those with a page of the hall open now (on any instance)."""
    ids = list(user_ids)
    if not ids:
        return set()
    since = timing.now_ms() - ONLINE_MS
    return set((await db.execute(select(Presence.user_id).where(Presence.user_id.in_(ids),
                                                                 Presence.seen_ms >= since))).scalars())


async def _mark_seen(db: AsyncSession, user_ids: list[int], at_ms: int) -> None:
    found = set((await db.execute(select(Presence.user_id).where(Presence.user_id.in_(user_ids)))).scalars())
    if found:
        await db.execute(update(Presence).where(Presence.user_id.in_(found)).values(seen_ms=at_ms))
    for user_id in set(user_ids) - found:
        db.add(Presence(user_id=user_id, seen_ms=at_ms))
    try:
        await db.commit()
    except IntegrityError:  # another instance wrote the first row at the same moment: theirs will do
        await db.rollback()


# ---- the channel -----------------------------------------------------------------------------------------------------
class PersonSocket:
    """One open page's socket. Each frame is the whole list, so only the newest unsent one matters."""

    def __init__(self, user_id: int, session: str | None) -> None:
        self.user_id, self.session = user_id, session
        self.latest: str | None = None
        self.pong = False
        self.closing: tuple[int, str] | None = None
        self.ready = asyncio.Event()

    def send(self, frame: str) -> None:
        self.latest = frame
        self.ready.set()

    def end(self, code: int, reason: str) -> None:
        self.closing = (code, reason)
        self.ready.set()


class People:
    """One per instance: its per-person sockets, and the broker channel that tells every instance whose list to
    rebuild."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], broker, settings) -> None:  # noqa: ANN001
        self.sessionmaker, self.broker, self.settings = sessionmaker, broker, settings
        self.sockets: dict[int, set[PersonSocket]] = {}
        self._tasks: set[asyncio.Task] = set()
        self._nudged: set[int] = set()  # whose lists to rebuild, gathered over one turn of the event loop
        self._nudge_soon = False
        self._presence: asyncio.Task | None = None

    async def start(self) -> None:
        await self.broker.start(self._on_message, on_reconnect=self._refresh_everyone)
        self._presence = asyncio.create_task(self._keep_presence())

    async def close(self) -> None:
        for task in [self._presence, *self._tasks]:
            if task is not None:
                task.cancel()
        await asyncio.gather(*[t for t in (self._presence, *self._tasks) if t is not None], return_exceptions=True)
        await self.broker.close()

    # ---- what live play tells ----------------------------------------------------------------------------------
    def on_turns(self, notice: TurnsChanged) -> None:
        self.nudge(notice.players)

    def on_seats(self, notice: SeatsChanged) -> None:
        self._background(self._nudge_table(notice.table_id, notice.players))

    async def _nudge_table(self, table_id: str, players: tuple[int, ...]) -> None:
        # The people invited to the table hear too: it may have started, closed or filled up without them.
        async with self.sessionmaker() as db:
            invited = list((await db.execute(select(TableInvite.to_user_id)
                                              .where(TableInvite.table_id == table_id))).scalars())
        await self.publish([*players, *invited])

    def nudge(self, user_ids: Iterable[int]) -> None:
        """Every instance rebuilds these people's lists (for the sockets it has of them); returns at once. The nudges
        of one turn of the event loop go out as one message: every move nudges its players, and a task and a
        message per move were a measurable part of the move path (bench/README.md, issue 33)."""
        self._nudged.update(user_ids)
        if not self._nudge_soon:
            self._nudge_soon = True
            asyncio.get_running_loop().call_soon(self._send_nudges)

    def _send_nudges(self) -> None:
        self._nudge_soon = False
        users, self._nudged = self._nudged, set()
        if users and getattr(self.broker, "local", False) and getattr(self.broker, "_handler", None) == \
                self._on_message:
            # One instance: the message would come straight back to `_on_message`, which rebuilds the lists of the
            # people with sockets here and ignores the rest. Most turns nudge nobody with a page open: no task then.
            users = {u for u in users if u in self.sockets}
        if users:
            self._background(self.publish(sorted(users)))

    async def publish(self, user_ids: list[int]) -> None:
        if user_ids:
            await self.broker.publish({"kind": "people", "table": "", "users": sorted(set(user_ids))})

    def _background(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _on_message(self, message: dict[str, Any]) -> None:
        if message.get("kind") == "people":
            for user_id in message.get("users", ()):
                if user_id in self.sockets:
                    await self.refresh(user_id)

    async def _refresh_everyone(self) -> None:
        """The broker was away: messages may have been missed, so every local person's list is rebuilt."""
        for user_id in list(self.sockets):
            await self.refresh(user_id)

    async def refresh(self, user_id: int) -> None:
        socks = self.sockets.get(user_id)
        if not socks:
            return
        try:
            async with self.sessionmaker() as db:
                live = set((await db.execute(select(UserSession.id).where(
                    UserSession.id.in_([s.session for s in socks if s.session])))).scalars())
                frame = dumps(await waiting_frame(db, user_id))
        except Exception:  # the database is away for a moment: the next change (or reconnect) sends the list
            log.warning("could not rebuild the waiting list of user %s", user_id, exc_info=True)
            return
        for sock in list(socks):
            if sock.session not in live:  # signed out since it connected
                sock.end(4401, "signed out")
            else:
                sock.send(frame)

    # ---- sockets and presence ----------------------------------------------------------------------------------
    def add(self, sock: PersonSocket) -> None:
        self.sockets.setdefault(sock.user_id, set()).add(sock)

    def remove(self, sock: PersonSocket) -> bool:
        """Forget a closed socket; True when it was the person's last one here."""
        socks = self.sockets.get(sock.user_id, set())
        socks.discard(sock)
        if socks:
            return False
        self.sockets.pop(sock.user_id, None)
        return True

    def gone_soon(self, user_id: int, left_ms: int) -> None:
        """Their last page here closed: offline, unless a page opens again within `GONE_AFTER_S` (a reload, the
        next page of the hall) or another instance has renewed their presence since."""
        self._background(self._gone(user_id, left_ms))

    async def _gone(self, user_id: int, left_ms: int) -> None:
        await asyncio.sleep(GONE_AFTER_S)
        if user_id in self.sockets:
            return
        try:
            async with self.sessionmaker() as db:
                await db.execute(update(Presence).where(Presence.user_id == user_id, Presence.seen_ms < left_ms)
                                 .values(seen_ms=0))
                await db.commit()
        except Exception:  # presence is a hint: at worst they look online until it expires
            log.warning("could not write user %s offline", user_id, exc_info=True)

    async def seen(self, user_ids: list[int], at_ms: int | None = None) -> None:
        async with self.sessionmaker() as db:
            await _mark_seen(db, user_ids, timing.now_ms() if at_ms is None else at_ms)

    async def _keep_presence(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY_S)
            try:
                if self.sockets:
                    await self.seen(list(self.sockets))
                    await self._end_signed_out()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: presence is renewed next time
                log.warning("could not renew presence", exc_info=True)

    async def _end_signed_out(self) -> None:
        socks = [s for group in self.sockets.values() for s in group if s.session]
        async with self.sessionmaker() as db:
            live = set((await db.execute(select(UserSession.id).where(
                UserSession.id.in_({s.session for s in socks})))).scalars())
        for sock in socks:
            if sock.session not in live:
                sock.end(4401, "signed out")


@router.websocket("/ws/me")
async def person_socket(websocket: WebSocket) -> None:
    app = websocket.app
    people: People = app.state.people
    origin = websocket.headers.get("origin")
    if origin and urlsplit(origin).netloc != websocket.headers.get("host"):
        await _refuse(websocket, 4403, "cross-site connections are refused")
        return
    try:
        async with app.state.sessionmaker() as db:
            user = await connection_user(websocket, db)
            await db.commit()
    except Exception:  # the database is away: the page tries again later
        log.warning("person socket handshake: database unavailable", exc_info=True)
        await _refuse(websocket, 1013, "the server cannot reach its database; try again in a moment")
        return
    if user is None:
        await _refuse(websocket, 4401, "choose a nickname or sign in first")
        return
    if len(people.sockets.get(user.id, ())) >= app.state.settings.person_sockets_per_user:
        await _refuse(websocket, 4429, "too many pages open; close some tabs")
        return
    token = session_token(websocket)
    sock = PersonSocket(user.id, session_id(token) if token else None)
    await websocket.accept()
    people.add(sock)
    writer = asyncio.create_task(_write(websocket, sock))
    try:
        await people.seen([user.id])
        await people.refresh(user.id)
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            if message.get("text") == '{"type":"ping"}':  # keeps proxies from closing an idle socket
                sock.pong = True
                sock.ready.set()
    except WebSocketDisconnect:
        return
    except Exception:
        log.warning("person socket of user %s failed", user.id, exc_info=True)
    finally:
        writer.cancel()
        if people.remove(sock):
            people.gone_soon(user.id, timing.now_ms())


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    await websocket.accept()
    await websocket.close(code=code, reason=reason)


async def _write(websocket: WebSocket, sock: PersonSocket) -> None:
    try:
        while True:
            await sock.ready.wait()
            sock.ready.clear()
            if sock.closing is not None:
                await websocket.close(code=sock.closing[0], reason=sock.closing[1])
                return
            frame, sock.latest = sock.latest, None
            if frame is not None:
                await websocket.send_text(frame)
            if sock.pong:
                sock.pong = False
                await websocket.send_text('{"type":"pong"}')
    except Exception:  # the socket went away; the reader loop ends it
        return

