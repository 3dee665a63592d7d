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

A move that ends the game is told to the hub's `notices` (app/play/notices.py), which the layers above live play
subscribe to in app/main.py (docs/architecture.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections import deque
from time import perf_counter
from typing import Any

import orjson
from prometheus_client import Histogram
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app import engine, observability
from app.engine import undo
from app.engine.text import t
from app.config import Settings
from app.db.models import GameRecord, Table
from app.lobby import timing

from . import clocks, store
from .bots import Bots
from .eviction import Eviction
from .notices import GameFinished, Notices, TurnWaits, TurnsChanged
from .patch import make_patches
from .runtime import PlayError, Runtime, audience_key, dumps, seat_number
from .sockets import Connection, Fanout
from .store import MoveWriter, PendingMove
from .trail import UndoTrail, _without_increments
from .turnstats import TurnHistogram

log = logging.getLogger(__name__)

ACT_SECONDS = Histogram("boardhall_act_seconds", "Time from a move's arrival to its commit and publication",
                        buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5),
                        registry=observability.REGISTRY)
_ACT = TurnHistogram(ACT_SECONDS)


class Hub(Fanout, Bots, UndoTrail, Eviction):
    """One per instance: the tables it has loaded and their move path. Its other duties are in modules of their own,
    each a part of this class working on the state set up here: sockets and the fan-out (app/play/sockets.py), the
    bots (app/play/bots.py), the undo trail (app/play/trail.py), idle eviction (app/play/eviction.py)."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], broker, settings: Settings):  # noqa: ANN001
        self.sessionmaker = sessionmaker
        self.writer = MoveWriter(settings.database_url, settings.db_lock_timeout,
                                 kill_after=settings.fault_kill_after_commits)
        self.broker = broker
        self.local_fanout = getattr(broker, "local", False)  # one instance: moves go straight to our own sockets
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
        self._closers: set[asyncio.Task] = set()  # waiting to close tables of bots nobody watches
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
        tasks = [t for t in (self._sweeper, *self._bot_tasks.values(), *self._closers) if t is not None]
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
            table = await db.get(Table, table_id)
            rt = Runtime(table_id=table_id, game=game, num_players=record.num_players, state=state,
                         version=record.version, seat_users={s.index: s.user_id for s in seats},
                         seat_bots={s.index: s.bot for s in seats}, views={}, pace=pace,
                         clock=clock if clock is not None and clock.version == record.version else None,
                         resigned={s.index for s in seats if s.resigned}, state_json=record.state.encode(),
                         closed=table is not None and table.status == "finished" and record.result is None)
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

    # ---- the move path --------------------------------------------------------------------------
    async def act(self, table_id: str, *, user_id: int | None, action: Any, version: int | None,
                  bot_seat: int | None = None, timed_out: bool = False,
                  ack_to: tuple[Connection, Any] | None = None) -> int:
        """Apply one action for the seat `user_id` holds (or `bot_seat`, or a seat whose clock ran out when
        `timed_out`); returns the new version. `ack_to`: (the mover's socket, its message id) when the ack is to
        ride in the move's patch to that socket (`Connection.ack`)."""
        # Timed here, not by a wrapping coroutine (every resumption of a move went through one more frame), and
        # observed once per turn of the loop (`TurnHistogram`).
        started = perf_counter()
        try:
            rt = self.runtimes.get(table_id)  # loaded and current (the usual case): no coroutine to ask
            if rt is None or rt.version < (version or 0):
                rt = await self.runtime(table_id, min_version=version or 0)
            if rt is None:
                raise PlayError("not_started", t("the game has not started"))
            async with rt.lock:
                if self.runtimes.get(table_id) is not rt:  # replaced while we waited: use the fresh one
                    return await self.act(table_id, user_id=user_id, action=action, version=version,
                                          bot_seat=bot_seat, timed_out=timed_out, ack_to=ack_to)
                seat = bot_seat if bot_seat is not None else rt.seat_of(user_id)
                if seat is None:
                    raise PlayError("not_seated", t("you are watching this table; only players can act"))
                if bot_seat is not None and not timed_out and rt.seat_bots.get(bot_seat) is None:
                    # a bot's move from before a reclaim
                    raise PlayError("not_seated", t("a person plays that seat again"))
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
                    # The mover's view at this version, when built, lists its legal actions: apply need not ask again.
                    # Apply trusts the list (an action found in it skips the pending check), so it must be the view
                    # built at rt.version: `_record` replaces rt.views and rt.version together.
                    known = rt.views.get(audience_key(seat))
                    state, events = rt.game.apply(rt.state, seat, action, rt.state_json,
                                                  known["legal"] if known is not None else None)
                except engine.GameError as exc:
                    raise PlayError(exc.code, exc.say or exc.message) from None
                # What is stored is the action's canonical JSON (sorted keys), as the writer stores it: made once
                # here and handed to the writer as it is; a dict of it is made only for a trail that keeps it.
                action_json = engine.action_key(action)
                if timed_out:
                    events = [engine.event("timeout", engine.t("{player} ran out of time", player=f"@{seat}")), *events]
                trail = (rt.trail.moved(rt.game, rt.version + 1, seat, orjson.loads(action_json), rt.state, state,
                                        forced=timed_out)
                         if rt.trail is not None and rt.undoable else rt.trail)
                new_version = await self._record(rt, seat=seat, action=action_json, state=state, events=events,
                                                 timed_out=timed_out, trail=trail, ack_to=ack_to)
            self._schedule_bots(rt)
            return new_version
        finally:
            _ACT.observe(perf_counter() - started)

    async def _record(self, rt: Runtime, *, seat: int, action: dict[str, Any] | bytes, state: dict[str, Any],
                      events: list[dict], timed_out: bool, trail: undo.Trail | None, took_back: bool = False,
                      ack_to: tuple[Connection, Any] | None = None) -> int:
        """Commit a move already checked (under the table's lock) as the next version and publish every audience's
        patch; returns the new version. `took_back`: the move is an undo, whose clock gains no increment. `action`:
        the action, or its JSON as it is to be stored (`PendingMove.action`)."""
        table_id = rt.table_id
        new_version = rt.version + 1
        awaited_before = rt.clock.waiting if rt.clock is not None else []
        views = self._views(rt, state, self.wanted_audiences(table_id))
        first = next(iter(views.values()), None)
        waiting = first["waiting"] if first else sorted(rt.game.pending(state))
        humans = rt.humans()  # once a move: the clock, the envelope and the notices all ask
        clock = None
        if rt.clock is not None:
            clock = timing.after_move(rt.pace, rt.clock, mover=seat, timed_out=timed_out, version=new_version,
                                      waiting=waiting, humans=humans, at_ms=timing.now_ms())
            if took_back:
                clock = _without_increments(rt.pace, clock, seat, humans)
        rt.envelope(views, clock, humans)
        result = first["result"] if first else timing.with_resignations(rt.game.result(state), rt.resigned)
        offer = self._undo_offer(rt, trail, waiting, result)
        if offer is not None and offer[0] in views:
            views[offer[0]]["undo"] = offer[1]
        state_json = orjson.dumps(state)
        committed = await self.writer.commit(PendingMove(
            table_id, new_version, seat, action, events, state_json, result, clock.row() if clock else None))
        if not committed:
            self.forget(table_id)
            raise PlayError("stale_version", t("another move was made first; here is the fresh state"))
        frames = self._frames(rt, views, new_version, events)
        if ack_to is not None:
            ack_to[0].ack = (new_version, ack_to[1])
        rt.state, rt.version, rt.views, rt.clock, rt.trail, rt.offer = state, new_version, views, clock, trail, offer
        rt.state_json = state_json
        # Published under the table's lock so versions leave this instance in order. On one instance (the memory
        # broker) the message goes straight to this hub's own fan-out: the broker would hand it there unchanged.
        message = {"kind": "move", "table": table_id, "version": new_version, "from": self.instance,
                   "frames": frames, "events": events, "finished": result is not None}
        if self.local_fanout:
            rest = self._on_move_now(table_id, message)
            if rest is not None:  # a socket needs a snapshot
                await self._on_move_rest(table_id, message, rest)
        else:
            await self.broker.publish(message)
        notices = self.notices
        # Each player's "waiting for you" list follows (app/play/people.py); the history records a finished game.
        if notices.hears(TurnsChanged):  # built only for a listener: every move tells it
            notices.tell(TurnsChanged.of(table_id, rt.seat_users, [] if result is not None else waiting,
                                         awaited_before))
        if result is not None:
            notices.tell(GameFinished(table_id))  # the history and ratings record it (app/main.py)
        elif rt.pace and rt.pace.get("mode") == timing.TURN_BASED:
            humans = rt.humans()  # as they are now, after the awaits (a seat may have changed hands meanwhile)
            awaited = tuple(s for s in waiting if s in humans and s != seat)
            if awaited:
                notices.tell(TurnWaits(table_id, new_version, awaited))  # email (app/main.py)
        return new_version

    # ---- views and frames of a move --------------------------------------------------------------------
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
        return patch_frames([(key, rt.view(key), view) for key, view in views.items()], version, events)


def patch_frames(pairs: list[tuple[str, dict[str, Any], dict[str, Any]]], version: int,
                 events: list[dict]) -> dict[str, str]:
    """Each audience's patch frame from (audience, old view, new view) pairs: every pair diffed at once (their shared
    parts once), the frames serialised. bench/bench_move_path.py times a move with this very function."""
    patches = make_patches([(old, new) for _, old, new in pairs])
    if any("seats" in e for e in events):  # some event is private: each audience's list is its own
        return {key: dumps({"type": "patch", "version": version, "ops": ops,
                            "events": engine.filter_events(events, seat_number(key))})
                for (key, _, _), ops in zip(pairs, patches)}
    # Every audience sees every event: the head and the events are serialised once and each audience's ops
    # spliced between them, the very bytes `dumps` of the whole frame gives (orjson keeps the keys' order).
    head = f'{{"type":"patch","version":{version},"ops":'
    tail = f',"events":{dumps(events)}}}'
    return {key: head + dumps(ops) + tail for (key, _, _), ops in zip(pairs, patches)}
