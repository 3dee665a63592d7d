"""Sockets and the fan-out: each websocket's outbox (`Connection`), who is watching each table (the audiences this
instance and the others have sockets for), and what every instance does with a published message: forward each
audience's patch frame to its own sockets, or a snapshot to one that missed something. A part of `Hub`
(app/play/hub.py), working on the state it sets up.
"""

from __future__ import annotations

import asyncio
import logging
import types
from collections import deque
from typing import Any

from app import engine
from app.lobby import timing

from . import store
from .notices import SeatsChanged, TurnsChanged
from .runtime import SPECTATOR, audience_key, dumps

log = logging.getLogger(__name__)


class Connection:
    """One websocket's outbox. A frame goes to the server at once when nothing is queued before it and the socket
    takes writes (the server's send then completes without waiting); otherwise it is queued for the socket's
    writer task, so a slow client never holds up the others."""

    MAX_QUEUED = 1000

    def __init__(self, table_id: str, user_id: int | None, session: str | None = None):
        self.table_id = table_id
        self.user_id = user_id
        self.session = session  # the server-side session id; when it ends, the socket closes (4401)
        self.closing: tuple[int, str] | None = None
        self.seat: int | None = None
        self.version = -1  # last game version this socket was sent
        self.queue: asyncio.Queue[str | Unfinished] = asyncio.Queue()
        self.overflow = False  # set when hopelessly behind; the socket is closed and the client resyncs
        # The ASGI send of the socket, set by its writer task: frames are written straight through it when
        # nothing waits in the queue. `busy`: the writer task holds frames it has not written yet.
        self.direct: Any = None
        self.busy = False
        # The server's synchronous write of one text frame, when it offers one (app/play/wsprotocol.py): used
        # like `direct`, without a coroutine; it returns False when the frame must go the ASGI way instead.
        self.write_text: Any = None
        # (version, message id) of this socket's own move once committed, when its act asked for the ack inside
        # the move's patch (`ack_in_patch`): the fan-out adds it to that patch and sets this back to None.
        self.ack: tuple[int, Any] | None = None

    @property
    def audience(self) -> str:
        return audience_key(self.seat)

    def end(self, code: int, reason: str) -> None:
        """Close this socket (the writer task sees `closing` at its next frame; frames still queued are dropped)."""
        self.closing = (code, reason)
        self.direct = None
        self.queue.put_nowait("")

    def send(self, frame: str) -> None:
        if self.direct is not None and not self.busy and self.queue.empty():
            if self.write_text is None or not self.write_text(frame):
                self._write_now(frame)
            return
        if self.queue.qsize() >= self.MAX_QUEUED:
            self.overflow = True
            return
        self.queue.put_nowait(frame)

    def _write_now(self, frame: str) -> None:
        # The server's send is a coroutine that returns without waiting unless the socket's transport is paused
        # (its reader is slow): stepping it once here writes the frame with no task switch. When it does wait,
        # the writer task finishes it, and the frames after it queue behind.
        coro = self.direct({"type": "websocket.send", "text": frame})
        try:
            waiting_on = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the socket went away: the reader loop ends the connection
            self.direct = None
            return
        self.busy = True
        self.queue.put_nowait(Unfinished(coro, waiting_on))


class Unfinished:
    """A send that began in `Connection.send` and waits for the transport to drain; its writer task finishes it."""

    def __init__(self, coro: Any, waiting_on: Any):
        self.coro, self.waiting_on = coro, waiting_on

    @types.coroutine
    def finish(self):  # noqa: ANN201
        # Hand the awaited future to the writer task, as `await` would, and resume the send when it is done.
        coro, yielded = self.coro, self.waiting_on
        while True:
            try:
                sent = yield yielded
            except BaseException as exc:  # the task was cancelled while waiting: the send is told so
                try:
                    yielded = coro.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    yielded = coro.send(sent)
                except StopIteration:
                    return


class Fanout:
    """The sockets' side of the hub."""

    # ---- who is watching --------------------------------------------------------------------------------
    def local_audiences(self, table_id: str) -> frozenset[str]:
        """The audiences of this instance's sockets at a table that have been sent a state (so know their seat)."""
        return frozenset(c.audience for c in self.connections.get(table_id, ()) if c.version >= 0)

    def wanted_audiences(self, table_id: str) -> list[str]:
        """The audiences with a socket on some instance: the ones a move computes views and patches for."""
        # Asked every move: one pass over the sockets, straight into the set (no frozenset, no property per socket).
        wanted = {SPECTATOR if c.seat is None else str(c.seat) for c in self.connections.get(table_id, ())
                  if c.version >= 0}
        remote = self.remote_audiences.get(table_id)
        if remote:
            for audiences in remote.values():
                wanted |= audiences
        return sorted(wanted)

    async def announce_audiences(self, table_id: str, force: bool = False) -> None:
        """Tell the other instances which audiences this one has sockets for at a table, when that changed.

        An instance that dies without saying goodbye leaves its last announcement behind: moves then compute a
        few views nobody reads, which costs time but never correctness.
        """
        audiences = self.local_audiences(table_id)
        if not force and audiences == self.announced.get(table_id, frozenset()):
            return
        if audiences:
            self.announced[table_id] = audiences
        else:
            self.announced.pop(table_id, None)
        try:
            await self.broker.publish({"kind": "audiences", "table": table_id, "from": self.instance,
                                       "data": sorted(audiences)})
        except Exception:  # the broker is down: our sockets get snapshots instead of patches until it is back
            log.warning("could not announce the audiences at table %s", table_id, exc_info=True)

    def _on_audiences(self, table_id: str, message: dict[str, Any]) -> None:
        if message["from"] == self.instance:
            return
        tables = self.remote_audiences.setdefault(table_id, {})
        if message["data"]:
            tables[message["from"]] = frozenset(message["data"])
        else:
            tables.pop(message["from"], None)
            if not tables:
                del self.remote_audiences[table_id]

    # ---- fan-out ------------------------------------------------------------------------------------
    async def on_message(self, message: dict[str, Any]) -> None:
        """Every instance gets every published message here and forwards it to its own sockets."""
        table_id = message["table"]
        kind = message["kind"]
        if kind == "move":
            await self._on_move(table_id, message)
        elif kind == "table":
            if message.get("reload"):
                self.forget(table_id)
            frame = dumps({"type": "table", "table": message["data"]})
            moved = []
            for conn in self.connections.get(table_id, ()):
                conn.send(frame)
                if conn.version >= 0 and self._seat_in(message["data"], conn.user_id) != conn.seat:
                    # A seat changed hands during play (a bot took over): this socket's audience changed. It gets
                    # no patch for its old seat from now on, only a fresh snapshot for its new audience.
                    conn.version = -1
                    moved.append(conn)
            for conn in moved:
                conn.send(await self.snapshot_frame(table_id, conn))
        elif kind == "audiences":
            self._on_audiences(table_id, message)
        elif kind == "chat":
            frame = dumps({"type": "chat", **message["data"]})
            for conn in self.connections.get(table_id, ()):
                conn.send(frame)
        elif kind == "sessions_ended":
            ended = set(message["data"])
            for conn in [c for conns in self.connections.values() for c in conns if c.session in ended]:
                conn.end(4401, "signed out")

    @staticmethod
    def _seat_in(table: dict[str, Any], user_id: int | None) -> int | None:
        for seat in table.get("seats", ()):
            if user_id is not None and seat.get("user_id") == user_id:
                return seat["index"]
        return None

    async def _on_move(self, table_id: str, message: dict[str, Any]) -> None:
        rest = self._on_move_now(table_id, message)
        if rest is not None:
            await self._on_move_rest(table_id, message, rest)

    def _on_move_now(self, table_id: str, message: dict[str, Any]) -> list[Connection] | None:
        """A move's message, as far as it goes without waiting: history, the log, and each socket's patch in turn,
        until a socket needs a snapshot (which may read the database). Returns None when every socket was served,
        else that socket and those after it, for `_on_move_rest`. Most moves end here, with no coroutine of their
        own (the hub calls this straight from its move path on one instance)."""
        version = message["version"]
        if message["from"] != self.instance:
            rt = self.runtimes.get(table_id)
            if rt is not None and rt.version < version:
                self.forget(table_id)  # another instance moved: reload on next use
        frames: dict[str, str] = message["frames"]
        # get() first: setdefault() built a deque that was thrown away, twice a move.
        hist = self.history.get(table_id)
        if hist is None:
            hist = self.history[table_id] = deque(maxlen=self.settings.history_size)
        elif hist and hist[-1][0] >= version:
            return None  # duplicate or out of order: clients resync on the gap
        hist.append((version, frames))
        recent = self.recent_events.get(table_id)
        if recent is None:
            recent = self.recent_events[table_id] = deque(maxlen=self.settings.log_size)
        recent.append((version, message["events"]))
        conns = list(self.connections.get(table_id, ()))
        for i, conn in enumerate(conns):
            if conn.version >= version:
                continue  # its snapshot already holds this move
            frame = frames.get(conn.audience) if conn.version == version - 1 else None
            if frame is not None:
                self._send_patch(conn, frame, version)
            elif conn.version >= 0:
                return conns[i:]
        return None

    async def _on_move_rest(self, table_id: str, message: dict[str, Any], conns: list[Connection]) -> None:
        """The sockets from the first that needs a snapshot on, as `_on_move_now` found them."""
        version = message["version"]
        frames: dict[str, str] = message["frames"]
        unannounced = False
        for conn in conns:
            if conn.version >= version:
                continue  # its snapshot already holds this move
            frame = frames.get(conn.audience) if conn.version == version - 1 else None
            if frame is not None:
                self._send_patch(conn, frame, version)
            elif conn.version >= 0:  # it missed something, or the mover did not know its audience: a snapshot
                unannounced |= conn.version == version - 1
                conn.send(await self.snapshot_frame(table_id, conn))
        if unannounced and message["from"] != self.instance:
            await self.announce_audiences(table_id, force=True)  # the mover had not heard of us: say it again

    @staticmethod
    def _send_patch(conn: Connection, frame: str, version: int) -> None:
        if conn.ack is not None and conn.ack[0] == version:  # its own move: the ack rides along
            frame = f'{frame[:-1]},"ack":{dumps(conn.ack[1])}}}'
            conn.ack = None
        conn.send(frame)
        conn.version = version

    # ---- what a socket gets ----------------------------------------------------------------------------
    async def snapshot_frame(self, table_id: str, conn: Connection) -> str:
        rt = await self.runtime(table_id)
        if rt is None:
            return dumps({"type": "snapshot", "version": None, "view": None, "log": []})
        conn.seat = rt.seat_of(conn.user_id)
        conn.version = rt.version
        self._schedule_bots(rt)  # idempotent; a reconnecting player also wakes a bot whose turn it is
        seat_no = conn.seat
        # Each line carries the version of the move it came from ("v"), so the page numbers it as after a reload.
        log_ = [{**e, "v": v} for v, events in self.recent_events.get(table_id, ())
                for e in engine.filter_events(events, seat_no)]
        frame = dumps({"type": "snapshot", "version": rt.version, "view": rt.view(conn.audience),
                       "log": log_[-self.settings.log_size:], "now": timing.now_ms()})
        await self.announce_audiences(table_id)
        return frame

    async def catch_up_frames(self, table_id: str, conn: Connection, since: int) -> list[str] | None:
        """The patches after `since` for this socket's audience, or None when history no longer has them."""
        rt = await self.runtime(table_id)
        if rt is None:
            return None
        conn.seat = rt.seat_of(conn.user_id)
        if since == rt.version:
            conn.version = since
            await self.announce_audiences(table_id)
            return []
        hist = self.history.get(table_id)
        if not hist or since > rt.version or hist[0][0] > since + 1 or hist[-1][0] != rt.version:
            return None
        frames = [f.get(conn.audience) for v, f in hist if v > since]
        if None in frames:  # nobody of this audience was connected for some of those moves: no patch was made
            return None
        conn.version = rt.version
        await self.announce_audiences(table_id)
        return frames

    def register(self, conn: Connection) -> None:
        self.connections.setdefault(conn.table_id, set()).add(conn)

    def unregister(self, conn: Connection) -> None:
        conns = self.connections.get(conn.table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.connections[conn.table_id]
        if self.announced.get(conn.table_id, frozenset()) != self.local_audiences(conn.table_id):
            self._background(self.announce_audiences(conn.table_id))
        rt = self.runtimes.get(conn.table_id)
        if conn.table_id not in self.connections and rt is not None and rt.bots_only() and not rt.finished:
            self._background(self.close_if_unwatched(conn.table_id), self._closers)

    def _background(self, work: Any, held: set[asyncio.Task] | None = None) -> None:
        held = self._announcing if held is None else held
        task = asyncio.get_running_loop().create_task(work)
        held.add(task)  # held until done: the loop keeps only weak references to tasks
        task.add_done_callback(held.discard)

    # ---- lobby and chat notices ---------------------------------------------------------------------------
    async def table_changed(self, table_id: str, data: dict[str, Any], reload: bool = False) -> None:
        await self.broker.publish({"kind": "table", "table": table_id, "data": data, "reload": reload})
        self.notices.tell(SeatsChanged(table_id, tuple(sorted({s["user_id"] for s in data.get("seats", ())
                                                               if s.get("user_id") is not None}))))
        if reload:
            rt = await self.runtime(table_id)
            if rt is not None:
                self._schedule_bots(rt)
                if rt.version == 0 and rt.clock is not None and not rt.finished:  # a game starts: first turns
                    self.notices.tell(TurnsChanged.of(table_id, rt.seat_users, rt.clock.waiting, []))

    async def sessions_ended(self, session_ids: list[str]) -> None:
        """Logout, password change, "log out everywhere": every instance closes the sockets of these sessions."""
        await self.broker.publish({"kind": "sessions_ended", "table": "", "data": session_ids})

    async def chat(self, table_id: str, *, user_id: int, nickname: str, text: str) -> None:
        async with self.sessionmaker() as db, db.begin():
            msg = await store.add_chat(db, table_id, user_id=user_id, nickname=nickname, text=text)
        await self.broker.publish({"kind": "chat", "table": table_id, "data": {
            "from": nickname, "user_id": user_id, "text": text, "at": msg.created_at.isoformat()}})

    async def recent_chat(self, table_id: str, limit: int = 50) -> list[dict[str, Any]]:
        async with self.sessionmaker() as db:
            rows = await store.last_chat(db, table_id, limit)
        return [{"from": m.nickname, "user_id": m.user_id, "text": m.text, "at": m.created_at.isoformat()}
                for m in reversed(rows)]

    # ---- after a fan-out outage ----------------------------------------------------------------------------
    async def resync_sockets(self) -> None:
        """The broker was away and is back: messages of other instances may have been missed. Every table with a
        socket here is reread from the database, and each socket behind it gets a fresh snapshot."""
        for table_id in list(self.connections):
            self.forget(table_id)
            self.history.pop(table_id, None)  # it may have a hole where messages were missed
            self.recent_events.pop(table_id, None)
            try:
                rt = await self.runtime(table_id)
            except Exception:
                log.warning("resync of table %s failed", table_id, exc_info=True)
                continue
            if rt is None:
                continue
            for conn in list(self.connections.get(table_id, ())):
                if 0 <= conn.version < rt.version:
                    conn.send(await self.snapshot_frame(table_id, conn))
