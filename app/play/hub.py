"""The table hub: one move is check -> apply -> commit (compare-and-set on the version) -> publish -> ack.

The patch is published under the table's lock before `act` returns and the caller acks, so versions leave
each instance in order; a client may see its own move's patch just before the ack for it.

Each instance caches the live state of the tables it serves (`Runtime`). The database is the truth:
a move commits only if the stored version is still the one it was computed from, so two instances
(or two sockets) racing on one version produce exactly one move; the loser reloads and is told
`stale_version`.

Views are computed only for audiences (a seat, or spectators) that have a socket on some instance: each instance
announces the audiences its sockets have at each table (`audiences` messages), and the mover builds each wanted
audience's new view once per move, diffs it with JSON Patch and serialises the patch frame once; every instance
sends those frames to its sockets as they are. A socket whose audience got no patch in a move (it connected
while the move was under way, or its instance's announcement had not arrived yet) is sent a snapshot instead, so
every audience still gets every version or a snapshot. Bots compute their own seat's view when they move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import types
import uuid
from collections import deque
from typing import Any

import orjson
from prometheus_client import Counter, Histogram
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app import engine, observability
from app.engine import playout, undo
from app.engine.game import copy_state
from app.engine.text import t
from app.config import Settings
from app.db.models import GameRecord, Move
from app.lobby import timing

from . import clocks, leases, store
from .notices import GameFinished, Notices
from .patch import make_patch
from .runtime import PlayError, Runtime, audience_key, dumps, seat_number
from .store import MoveWriter, PendingMove

log = logging.getLogger(__name__)

ACT_SECONDS = Histogram("boardhall_act_seconds", "Time from a move's arrival to its commit and publication",
                        buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5),
                        registry=observability.REGISTRY)
BOT_MOVES = Counter("boardhall_bot_moves", "Bot move attempts by outcome: made, claimed_elsewhere (another instance "
                    "holds the move), stale (lost a race after claiming: should stay 0)", ["outcome"],
                    registry=observability.REGISTRY)


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


class Hub:
    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], broker, settings: Settings):  # noqa: ANN001
        self.sessionmaker = sessionmaker
        self.writer = MoveWriter(settings.database_url, settings.db_lock_timeout,
                                 kill_after=settings.fault_kill_after_commits)
        self.broker = broker
        self.settings = settings
        self.instance = uuid.uuid4().hex
        self.runtimes: dict[str, Runtime] = {}
        self.connections: dict[str, set[Connection]] = {}
        # Per table: (version, {audience: patch frame}) for reconnects, and the recent events for the log.
        self.history: dict[str, deque[tuple[int, dict[str, str]]]] = {}
        self.recent_events: dict[str, deque[tuple[int, list[dict]]]] = {}
        # Per table: the audiences this instance's sockets have (as last announced), and each other instance's.
        self.announced: dict[str, frozenset[str]] = {}
        self.remote_audiences: dict[str, dict[str, frozenset[str]]] = {}
        self._announcing: set[asyncio.Task] = set()
        self._load_locks: dict[str, asyncio.Lock] = {}
        self._bot_tasks: dict[str, asyncio.Task] = {}  # per table: the task moving its bots
        self._closing = False
        self.keeper = clocks.ClockKeeper(self)
        self._sweeper: asyncio.Task | None = None
        self.notices = Notices()  # what the layers above hear of (app/play/notices.py)

    async def start(self) -> None:
        await self.writer.start()
        await self.broker.start(self.on_message, on_reconnect=self.resync_sockets)
        self.keeper.start()
        self._sweeper = asyncio.create_task(self._wake_stalled_bots())

    async def close(self) -> None:
        """Stop background work, then write every move already queued (graceful shutdown: no move is dropped
        between its compare-and-set being queued and its commit)."""
        self._closing = True
        await self.keeper.close()
        tasks = [t for t in (self._sweeper, *self._bot_tasks.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.writer.close()
        await self.broker.close()

    # ---- loading ------------------------------------------------------------------------------
    async def runtime(self, table_id: str, min_version: int = 0) -> Runtime | None:
        """The cached runtime, reloaded from the database when missing or older than `min_version`."""
        rt = self.runtimes.get(table_id)
        if rt is not None and rt.version >= min_version:
            return rt
        lock = self._load_locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            rt = self.runtimes.get(table_id)
            if rt is not None and rt.version >= min_version:
                return rt
            rt = await self._load(table_id)
            if rt is not None:
                self.runtimes[table_id] = rt
                self._evict_idle()
                self._schedule_bots(rt)
            return rt

    async def _load(self, table_id: str) -> Runtime | None:
        async with self.sessionmaker() as db:
            record = await db.get(GameRecord, table_id)
            if record is None:
                return None
            seats = await store.seats(db, table_id)
            game = engine.get(record.game_id)
            if game is None:
                raise PlayError("unknown_game", t("the game {game} is not installed here", game=repr(record.game_id)))
            state = json.loads(record.state)
            if table_id not in self.recent_events:
                await self._load_recent_events(db, table_id, record.opening_events or [])
            pace, clock = await clocks.load(db, table_id)
            rt = Runtime(table_id=table_id, game=game, num_players=record.num_players, state=state,
                         version=record.version, seat_users={s.index: s.user_id for s in seats},
                         seat_bots={s.index: s.bot for s in seats}, views={}, pace=pace,
                         clock=clock if clock is not None and clock.version == record.version else None,
                         resigned={s.index for s in seats if s.resigned}, state_json=record.state.encode())
            rt.trail = await self._load_trail(db, rt, record)
            rt.offer = self._undo_offer(rt, rt.trail, sorted(game.pending(state)),
                                        timing.with_resignations(game.result(state), rt.resigned))
            if rt.clock is not None:
                await clocks.settle_deadline(db, table_id, pace, rt.clock, rt.humans())
            return rt

    async def _load_recent_events(self, db: AsyncSession, table_id: str, opening: list[dict]) -> None:
        rows = await store.last_events(db, table_id, self.settings.log_size)
        log_ = self.recent_events.setdefault(table_id, deque(maxlen=self.settings.log_size))
        if opening and len(rows) < self.settings.log_size:
            log_.append((0, opening))
        log_.extend(rows)

    def forget(self, table_id: str) -> None:
        self.runtimes.pop(table_id, None)

    def _evict_idle(self) -> None:
        """Keep at most `max_cached_tables` in memory: drop the oldest loaded tables nobody is connected to.

        Dropping loses nothing (the database has every move); a reconnect then gets a snapshot instead of patches.
        """
        excess = len(self.runtimes) - self.settings.max_cached_tables
        if excess <= 0:
            return
        for table_id in [t for t in self.runtimes if t not in self.connections][:excess]:
            self.runtimes.pop(table_id, None)
            self.history.pop(table_id, None)
            self.recent_events.pop(table_id, None)
            self._load_locks.pop(table_id, None)

    # ---- the move path --------------------------------------------------------------------------
    @observability.timed(ACT_SECONDS)
    async def act(self, table_id: str, *, user_id: int | None, action: Any, version: int | None,
                  bot_seat: int | None = None, timed_out: bool = False,
                  ack_to: tuple[Connection, Any] | None = None) -> int:
        """Apply one action for the seat `user_id` holds (or `bot_seat`, or a seat whose clock ran out when
        `timed_out`); returns the new version. `ack_to`: (the mover's socket, its message id) when the ack is to
        ride in the move's patch to that socket (`Connection.ack`)."""
        rt = await self.runtime(table_id, min_version=version or 0)
        if rt is None:
            raise PlayError("not_started", t("the game has not started"))
        async with rt.lock:
            if self.runtimes.get(table_id) is not rt:  # replaced while we waited: use the fresh one
                return await self.act(table_id, user_id=user_id, action=action, version=version, bot_seat=bot_seat,
                                      timed_out=timed_out, ack_to=ack_to)
            seat = bot_seat if bot_seat is not None else rt.seat_of(user_id)
            if seat is None:
                raise PlayError("not_seated", t("you are watching this table; only players can act"))
            if bot_seat is not None and not timed_out and rt.seat_bots.get(bot_seat) is None:
                raise PlayError("not_seated", t("a person plays that seat again"))  # a bot's move from before a reclaim
            if rt.finished:
                raise PlayError("game_over", t("the game is over"))
            if version is not None and version != rt.version:
                raise PlayError("stale_version", t("you acted on version {version} but the game is at {current}",
                                                     version=version, current=rt.version))
            if isinstance(action, dict) and "say" in action:
                # Matching ignores `say` (words for people): the client's is never played, stored or passed on; a
                # 7,000-character or 2**70 one was stored with the move, a deep one failed the move (issue 28).
                action = {k: v for k, v in action.items() if k != "say"}
            try:
                state, events = rt.game.apply(rt.state, seat, action, rt.state_json)
            except engine.GameError as exc:
                raise PlayError(exc.code, exc.say or exc.message) from None
            action = orjson.loads(engine.action_key(action))  # our own copy: the listed action's canonical JSON
            if timed_out:
                events = [engine.event("timeout", engine.t("{player} ran out of time", player=f"@{seat}")), *events]
            trail = (rt.trail.moved(rt.game, rt.version + 1, seat, action, rt.state, state, forced=timed_out)
                     if rt.trail is not None and rt.undoable else rt.trail)
            new_version = await self._record(rt, seat=seat, action=action, state=state, events=events,
                                             timed_out=timed_out, trail=trail, ack_to=ack_to)
        self._schedule_bots(rt)
        return new_version

    async def _record(self, rt: Runtime, *, seat: int, action: dict[str, Any], state: dict[str, Any],
                      events: list[dict], timed_out: bool, trail: undo.Trail | None, took_back: bool = False,
                      ack_to: tuple[Connection, Any] | None = None) -> int:
        """Commit a move already checked (under the table's lock) as the next version and publish every audience's
        patch; returns the new version. `took_back`: the move is an undo, whose clock gains no increment."""
        table_id = rt.table_id
        new_version = rt.version + 1
        views = self._views(rt, state, self.wanted_audiences(table_id))
        first = next(iter(views.values()), None)
        waiting = first["waiting"] if first else sorted(rt.game.pending(state))
        clock = None
        if rt.clock is not None:
            clock = timing.after_move(rt.pace, rt.clock, mover=seat, timed_out=timed_out, version=new_version,
                                      waiting=waiting, humans=rt.humans(), at_ms=timing.now_ms())
            if took_back:
                clock = _without_increments(rt.pace, clock, seat, rt.humans())
        rt.envelope(views, clock)
        result = first["result"] if first else timing.with_resignations(rt.game.result(state), rt.resigned)
        offer = self._undo_offer(rt, trail, waiting, result)
        if offer is not None and offer[0] in views:
            views[offer[0]]["undo"] = offer[1]
        state_json = orjson.dumps(state)
        committed = await self.writer.commit(PendingMove(
            table_id=table_id, version=new_version, seat=seat, action=action, events=events,
            state_json=state_json, result=result, clock=clock.row() if clock else None))
        if not committed:
            self.forget(table_id)
            raise PlayError("stale_version", t("another move was made first; here is the fresh state"))
        frames = self._frames(rt, views, new_version, events)
        if ack_to is not None:
            ack_to[0].ack = (new_version, ack_to[1])
        rt.state, rt.version, rt.views, rt.clock, rt.trail, rt.offer = state, new_version, views, clock, trail, offer
        rt.state_json = state_json
        # Published under the table's lock so versions leave this instance in order.
        await self.broker.publish({"kind": "move", "table": table_id, "version": new_version,
                                   "from": self.instance, "frames": frames, "events": events,
                                   "finished": result is not None})
        if result is not None:
            self.notices.tell(GameFinished(table_id))  # the history and ratings record it (app/main.py)
        return new_version

    # ---- taking back (app/engine/undo.py) ------------------------------------------------------------------
    async def undo(self, table_id: str, *, user_id: int | None, version: int,
                   ack_to: tuple[Connection, Any] | None = None) -> int:
        """Take back the last move of the seat `user_id` holds, made on `version`: the game returns to the state
        before it as a new version, committed and published like any move; returns that version."""
        rt = await self.runtime(table_id, min_version=version)
        if rt is None:
            raise PlayError("not_started", t("the game has not started"))
        async with rt.lock:
            if self.runtimes.get(table_id) is not rt:  # replaced while we waited: use the fresh one
                return await self.undo(table_id, user_id=user_id, version=version, ack_to=ack_to)
            seat = rt.seat_of(user_id)
            if seat is None:
                raise PlayError("not_seated", t("you are watching this table; only players can take back moves"))
            if rt.finished:
                raise PlayError("game_over", t("the game is over"))
            if version != rt.version:
                raise PlayError("stale_version", t("you asked on version {version} but the game is at {current}",
                                                     version=version, current=rt.version))
            if rt.trail is None:
                rt.trail = await self._rebuild_trail(rt)
            try:
                point = undo.take_back(rt.game, rt.trail, rt.state, seat)
            except engine.GameError as exc:
                raise PlayError(exc.code, exc.say or exc.message) from None
            new_version = await self._record(
                rt, seat=seat, action=undo.undo_action(point.version), state=copy_state(point.state),
                events=[rt.trail.took_back(seat)], timed_out=False, trail=rt.trail.undone(), took_back=True,
                ack_to=ack_to)
        self._schedule_bots(rt)
        return new_version

    @staticmethod
    def _undo_offer(rt: Runtime, trail: undo.Trail | None, waiting: list[int],
                    result: dict[str, Any] | None) -> tuple[str, dict[str, Any]] | None:
        """The seat that may take back now and the version it would return to (its view's "undo": the page shows
        "Undo"), or None."""
        if trail is None or len(trail.points) < 2:
            return None
        seat = trail.points[-1].seat
        if seat is None or rt.seat_users.get(seat) is None or waiting != [seat] or result is not None:
            return None
        last = trail.points[-1]
        offer = {"to": trail.points[-2].version, "label": last.label}
        if last.say is not None:  # the move's label as a Text, for pages in other languages
            offer["say"] = last.say
        return audience_key(seat), offer

    async def _load_trail(self, db: AsyncSession, rt: Runtime, record: GameRecord) -> undo.Trail:
        """The trail of a table being loaded: rebuilt from the seed and the move log when its awaited seat might
        take something back (after a restart, or when another instance made the last move), else the current
        state alone."""
        waiting = sorted(rt.game.pending(rt.state))
        if rt.finished or len(waiting) != 1 or not undo.has_undo_points(rt.game):
            return undo.Trail.start(rt.version, rt.state)
        last = await db.scalar(select(Move.seat).where(Move.table_id == rt.table_id)
                               .order_by(Move.version.desc()).limit(1))
        if last != waiting[0]:
            return undo.Trail.start(rt.version, rt.state)
        return await self._rebuild_trail(rt, db, record)

    async def _rebuild_trail(self, rt: Runtime, db: AsyncSession | None = None,
                             record: GameRecord | None = None) -> undo.Trail:
        if db is None:
            async with self.sessionmaker() as own:
                return await self._rebuild_trail(rt, own, await own.get(GameRecord, rt.table_id))
        assert record is not None
        rows = (await db.execute(select(Move.seat, Move.action).where(Move.table_id == rt.table_id)
                                 .order_by(Move.version))).all()
        try:
            state, trail = playout.undo_trail(rt.game, rt.num_players, record.options, record.seed,
                                              [(seat, action) for seat, action in rows])
        except engine.GameError as exc:  # rules changed since these moves were made: nothing can be taken back
            log.warning("table %s: its move log no longer replays (%s); no undo", rt.table_id, exc.message)
            return undo.Trail.start(rt.version, rt.state)
        if len(rows) != rt.version or playout.canonical(state) != playout.canonical(rt.state):
            log.warning("table %s: the replayed state differs from the stored one; no undo", rt.table_id)
            return undo.Trail.start(rt.version, rt.state)
        return trail

    @staticmethod
    def _views(rt: Runtime, state: dict[str, Any], audiences: list[str]) -> dict[str, dict[str, Any]]:
        """The new views of these audiences (pending and result asked once for all)."""
        return dict(zip(audiences, rt.game.full_views(state, [seat_number(a) for a in audiences])))

    @staticmethod
    def _frames(rt: Runtime, views: dict[str, dict[str, Any]], version: int, events: list[dict]) -> dict[str, str]:
        """Each audience's patch frame, serialised once here and sent as it is by every instance.

        Called before `rt` moves on: an audience that had no view at the old version (it was announced since)
        is diffed against its old view computed now, so it too gets a patch rather than a gap.
        """
        frames = {}
        for key, view in views.items():
            frames[key] = dumps({"type": "patch", "version": version, "ops": make_patch(rt.view(key), view),
                                 "events": engine.filter_events(events, seat_number(key))})
        return frames

    # ---- who is watching --------------------------------------------------------------------------------
    def local_audiences(self, table_id: str) -> frozenset[str]:
        """The audiences of this instance's sockets at a table that have been sent a state (so know their seat)."""
        return frozenset(c.audience for c in self.connections.get(table_id, ()) if c.version >= 0)

    def wanted_audiences(self, table_id: str) -> list[str]:
        """The audiences with a socket on some instance: the ones a move computes views and patches for."""
        wanted = set(self.local_audiences(table_id))
        for audiences in self.remote_audiences.get(table_id, {}).values():
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
        version = message["version"]
        remote = message["from"] != self.instance
        if remote:
            rt = self.runtimes.get(table_id)
            if rt is not None and rt.version < version:
                self.forget(table_id)  # another instance moved: reload on next use
        frames: dict[str, str] = message["frames"]
        hist = self.history.setdefault(table_id, deque(maxlen=self.settings.history_size))
        if hist and hist[-1][0] >= version:
            return  # duplicate or out of order: clients resync on the gap
        hist.append((version, frames))
        self.recent_events.setdefault(table_id, deque(maxlen=self.settings.log_size)).append(
            (version, message["events"]))
        unannounced = False
        for conn in list(self.connections.get(table_id, ())):
            if conn.version >= version:
                continue  # its snapshot already holds this move
            frame = frames.get(conn.audience) if conn.version == version - 1 else None
            if frame is not None:
                if conn.ack is not None and conn.ack[0] == version:  # its own move: the ack rides along
                    frame = f'{frame[:-1]},"ack":{dumps(conn.ack[1])}}}'
                    conn.ack = None
                conn.send(frame)
                conn.version = version
            elif conn.version >= 0:  # it missed something, or the mover did not know its audience: a snapshot
                unannounced |= conn.version == version - 1
                conn.send(await self.snapshot_frame(table_id, conn))
        if unannounced and remote:
            await self.announce_audiences(table_id, force=True)  # the mover had not heard of us: say it again

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
            task = asyncio.get_running_loop().create_task(self.announce_audiences(conn.table_id))
            self._announcing.add(task)  # held until done: the loop keeps only weak references to tasks
            task.add_done_callback(self._announcing.discard)

    # ---- lobby and chat notices ---------------------------------------------------------------------------
    async def table_changed(self, table_id: str, data: dict[str, Any], reload: bool = False) -> None:
        await self.broker.publish({"kind": "table", "table": table_id, "data": data, "reload": reload})
        if reload:
            rt = await self.runtime(table_id)
            if rt is not None:
                self._schedule_bots(rt)

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

    # ---- bots ---------------------------------------------------------------------------------------
    # Any instance that has a table loaded may wake its bot; a lease on (table, version) in the database lets one
    # of them make the move (app/play/leases.py). A claim that dies with its instance expires and the table is
    # woken again by `_wake_stalled_bots` on whichever instance looks first.
    def _schedule_bots(self, rt: Runtime) -> None:
        """Start this table's bot task if a bot is awaited; one task per table moves its bots one after another
        (one claim per version: two bots awaited at once would otherwise claim against each other)."""
        if self._closing or not any(rt.seat_bots.values()) or rt.table_id in self._bot_tasks or rt.finished:
            return  # the cheap checks first: this runs after every move
        if any(rt.seat_bots.get(seat) for seat in rt.game.pending(rt.state)):
            self._bot_tasks[rt.table_id] = asyncio.create_task(self._run_bots(rt.table_id))

    async def _claim_bot_move(self, table_id: str, version: int, seat: int) -> bool:
        async with self.sessionmaker() as db:
            return await leases.claim_bot_move(db, table_id, version, seat, owner=self.instance[:32],
                                               now_ms=timing.now_ms(),
                                               lease_ms=int(self.settings.bot_lease_s * 1000))

    async def _run_bots(self, table_id: str) -> None:
        observability.table_id.set(table_id)
        try:
            while await self._bot_move(table_id):
                pass
        finally:
            self._bot_tasks.pop(table_id, None)
        rt = self.runtimes.get(table_id)
        if rt is not None:  # a move that landed while this task was finishing may await a bot again
            self._schedule_bots(rt)

    async def _bot_move(self, table_id: str) -> bool:
        """Make one awaited bot's move if this instance wins the claim for it; True to look for the next one."""
        await asyncio.sleep(self.settings.bot_delay)
        try:
            rt = await self.runtime(table_id)
            seats = [s for s in rt.game.pending(rt.state) if rt.seat_bots.get(s)] if rt and not rt.finished else []
            if not seats:
                return False
            seat, name, version = seats[0], rt.seat_bots[seats[0]], rt.version
            if not await self._claim_bot_move(table_id, version, seat):
                BOT_MOVES.labels("claimed_elsewhere").inc()
                return False
        except Exception:  # the database was away: the sweeper wakes the table again
            observability.DATABASE_ERRORS.labels("bot_claim").inc()
            log.warning("bots at %s could not claim their move", table_id, exc_info=True)
            return False
        view = rt.game.full_view(rt.state, seat)
        try:
            action = rt.game.bots[name]().choose(view, random.Random(secrets.randbits(32)))
        except Exception:  # a broken bot must not stall the table: play a random legal move instead
            log.exception("bot %s failed at %s seat %s; playing a random move", name, table_id, seat)
            action = engine.RandomBot().choose(view, random.Random(secrets.randbits(32)))
        try:
            await self.act(table_id, user_id=None, action=action, version=version, bot_seat=seat)
            BOT_MOVES.labels("made").inc()
        except PlayError as exc:
            if exc.code != "stale_version":
                log.error("bot %s at %s seat %s failed: %s", name, table_id, seat, exc.message)
                return False
            BOT_MOVES.labels("stale").inc()  # a person moved first at a simultaneous prompt
        except Exception:
            log.exception("bot %s at %s seat %s crashed", name, table_id, seat)
            return False
        return True

    async def wake_bots(self, table_id: str, version: int) -> None:
        """Make sure this instance has the table at `version` (or later) loaded and its awaited bots scheduled."""
        rt = await self.runtime(table_id, min_version=version)
        if rt is not None:
            self._schedule_bots(rt)

    async def _wake_stalled_bots(self) -> None:
        """Every few seconds: tables whose awaited bot has not moved for longer than a claim lasts get woken."""
        every = max(1.0, self.settings.bot_lease_s / 4)
        while True:
            await asyncio.sleep(every)
            try:
                stalled_for = int((self.settings.bot_delay + self.settings.bot_lease_s) * 1000)
                async with self.sessionmaker() as db:
                    stalled = await leases.stalled_bot_tables(db, before_ms=timing.now_ms() - stalled_for)
                for table_id, version in stalled:
                    await self.wake_bots(table_id, version)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database was away for a moment: the next round looks again
                observability.DATABASE_ERRORS.labels("bot_sweep").inc()
                log.warning("looking for stalled bots failed", exc_info=True)

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


def _without_increments(pace: dict[str, Any] | None, clock: timing.ClockState, seat: int,
                        humans: set[int]) -> timing.ClockState:
    """A realtime clock after an undo: neither the undo nor the move it took back adds an increment, so taking
    moves back and making them again never buys time."""
    increment = (pace or {}).get("increment_s", 0) * 1000
    if not timing.is_timed(pace) or pace["mode"] != timing.REALTIME or not increment:
        return clock
    clock.left_ms[seat] = max(0, clock.left_ms.get(seat, 0) - 2 * increment)
    return clock.with_deadline(pace, humans)
