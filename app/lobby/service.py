"""Lobby operations. Each raises LobbyError with a stable code; callers commit."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app import engine
from app.config import get_settings
from app.errors import HallError
from app.db.models import Clock, GameRecord, Seat, Table, User, as_utc, utcnow
from app.engine.search import LEVELS
from app.engine.text import t, tn
from app.i18n import BOT_SUFFIX, N_
from app.accounts import shown
from app.accounts.service import check_nickname_free

from . import timing
from .schemas import SeatPublic, TablePublic


# Bots get friendly, distinct names by seat, so a log line says which bot did what.
BOT_NAMES = ["Ada", "Basil", "Cleo", "Dario", "Esme", "Femi", "Gus", "Hana"]


def bot_name(seat_index: int) -> str:
    return f"{BOT_NAMES[seat_index % len(BOT_NAMES)]}{BOT_SUFFIX}"


class LobbyError(HallError):
    """A lobby request refused (app/errors.py answers it)."""


# Bot levels, weakest first: easy is the game's heuristic bot, medium and hard search with growing budgets.
BOT_LEVELS = tuple(LEVELS)
EASY = "easy"


def check_level(level: str | None) -> str:
    """The level a new bot plays at: the one asked for, else the hall's default (settings.bot_level)."""
    if level is None:
        default = get_settings().bot_level
        return default if default in LEVELS else EASY
    if level not in LEVELS:
        raise LobbyError("bad_level", t("a bot's level is one of {levels}, not {level}",
                                        levels=", ".join(BOT_LEVELS), level=repr(level)), 422)
    return level


def seat_level(seat: Seat) -> str | None:
    """How the bot in `seat` plays; None when no bot holds it. Bots seated before levels existed play easy."""
    return (seat.bot_level or EASY) if seat.bot else None


def seat_bot(seat: Seat, game: engine.Game, level: str) -> None:
    """The game's strongest bot takes `seat`, at `level`."""
    seat.bot = list(game.bots)[-1]
    seat.bot_level = level


def get_game_or_raise(game_id: str) -> engine.Game:
    game = engine.get(game_id)
    if game is None:
        raise LobbyError("unknown_game", t("there is no game {game}", game=repr(game_id)), 404)
    return game


async def check_table_limits(db: AsyncSession, *, host: User, open_limit: int, per_minute: int) -> None:
    """Refuse a new table when its host already has `open_limit` unfinished tables or opened `per_minute` tables in
    the last minute: one guest once filled the public list with 300 tables in a second and a half."""
    unfinished = await db.scalar(select(func.count()).select_from(Table)
                                 .where(Table.host_id == host.id, Table.status != "finished"))
    if unfinished >= open_limit:
        raise LobbyError("too_many_tables", tn("you already host {n} unfinished table; finish or leave it first "
                                               "(at most {limit})",
                                               "you already host {n} unfinished tables; finish or leave some first "
                                               "(at most {limit})", unfinished, limit=open_limit), 429,
                         retry_after=OPEN_LIMIT_RETRY_S)
    since = utcnow() - timedelta(minutes=1)
    recent, oldest = (await db.execute(select(func.count(), func.min(Table.created_at))
                                       .where(Table.host_id == host.id, Table.created_at >= since))).one()
    if recent >= per_minute:
        wait = 60 - (utcnow() - as_utc(oldest)).total_seconds() if oldest is not None else 60
        raise LobbyError("tables_too_fast", tn("at most {n} new table a minute; wait a moment",
                                               "at most {n} new tables a minute; wait a moment", per_minute), 429,
                         retry_after=wait)


# A limit on things still open has no moment it ends by itself: clients are told to look again after this long.
OPEN_LIMIT_RETRY_S = 60


async def create_table(db: AsyncSession, *, host: User, game_id: str, options: dict[str, Any],
                       seats: int | None, private: bool, pace: dict[str, Any] | None = None) -> Table:
    """Open a table with the host in seat 0."""
    game = get_game_or_raise(game_id)
    num_seats = seats or game.min_players
    if not game.min_players <= num_seats <= game.max_players:
        raise LobbyError("bad_seats", t("{game} is for {low}-{high} players, not {seats}", game=game.title,
                                        low=game.min_players, high=game.max_players, seats=num_seats))
    try:  # options may depend on the seat count (a first player must be one of the seats)
        parsed = game.check_options(num_seats, options)
    except engine.BadOptions as exc:
        raise LobbyError("bad_options", exc.say or exc.message) from None
    table = Table(id=secrets.token_urlsafe(6), game_id=game.id, options=parsed.model_dump(mode="json"),
                  host_id=host.id, private=private, invite=secrets.token_urlsafe(9), status="open", num_seats=num_seats,
                  pace=pace if timing.is_timed(pace) else None)
    db.add(table)
    await db.flush()
    db.add_all(Seat(table_id=table.id, index=i, user_id=host.id if i == 0 else None) for i in range(num_seats))
    await db.flush()
    return table


async def quick_table(db: AsyncSession, *, host: User, game_id: str, level: str | None = None) -> Table:
    """A private table of `game_id` with default options, bots of `level` in every seat but the host's, dealt."""
    game = get_game_or_raise(game_id)
    level = check_level(level)
    table = await create_table(db, host=host, game_id=game_id, options={}, seats=max(2, game.min_players),
                               private=True)
    for index in range(1, table.num_seats):
        await add_bot(db, table=table, user=host, seat=index, level=level)
    await start(db, table=table, user=host)
    return table


async def get_table(db: AsyncSession, *, table_id: str) -> Table | None:
    return await db.get(Table, table_id)


async def get_table_by_invite(db: AsyncSession, *, invite: str) -> Table | None:
    return (await db.execute(select(Table).where(Table.invite == invite))).scalar_one_or_none()


async def get_table_or_raise(db: AsyncSession, *, table_id: str) -> Table:
    table = await get_table(db, table_id=table_id)
    if table is None:
        raise LobbyError("no_table", t("there is no table {table}", table=repr(table_id)), 404)
    return table


async def seats_of(db: AsyncSession, *, table_id: str) -> list[Seat]:
    return list((await db.execute(select(Seat).where(Seat.table_id == table_id).order_by(Seat.index))).scalars())


def may_see(table: Table, seats: list[Seat], user: User | None, invite: str | None, known: list[str]) -> bool:
    """Public tables are open to all; private ones to the seated, the host and invite holders."""
    if not table.private:
        return True
    if user is not None and (user.id == table.host_id or any(s.user_id == user.id for s in seats)):
        return True
    # Compared as bytes: compare_digest raises TypeError on a non-ASCII str (a crafted ?invite= gave a 500).
    return (invite is not None and secrets.compare_digest(invite.encode(), table.invite.encode())) or table.id in known


async def _lock_seats(db: AsyncSession, table: Table) -> list[Seat]:
    """Serialize seat changes at one table: write its row first (PostgreSQL holds the row lock, SQLite the write
    lock, until commit), then read the table and its seats fresh. Without this, two concurrent requests both
    passed their checks on the same old seats (one guest joining in parallel took several seats)."""
    await db.execute(update(Table).where(Table.id == table.id).values(updated_at=utcnow()))
    await db.refresh(table)
    return list((await db.execute(select(Seat).where(Seat.table_id == table.id).order_by(Seat.index)
                                  .execution_options(populate_existing=True))).scalars())


async def join(db: AsyncSession, *, table: Table, user: User, seat: int | None) -> Seat:
    seats = await _lock_seats(db, table)
    if table.status != "open":
        raise LobbyError("not_open", t("the game has started; you can watch it instead"), 409)
    if any(s.user_id == user.id for s in seats):
        raise LobbyError("already_seated", t("you already have a seat at this table"), 409)
    await check_nickname_free(db, user=user, nickname=user.nickname, table_id=table.id)
    chosen = _pick_empty(seats, seat)
    chosen.user_id = user.id
    chosen.seen_ms = timing.now_ms()  # they are here, on the table page (app/play/absence.py)
    await db.flush()
    return chosen


async def add_bot(db: AsyncSession, *, table: Table, user: User, seat: int | None,
                  level: str | None = None) -> Seat:
    """Host only. Before the start: a bot of `level` takes an empty seat. During play: a bot takes over a player's
    seat (a friend who had to leave), and that player goes on watching."""
    _host_only(table, user)
    game = get_game_or_raise(table.game_id)
    level = check_level(level)
    seats = await _lock_seats(db, table)
    if table.status == "open":
        chosen = _pick_empty(seats, seat)
    elif table.status == "playing":
        if seat is None or seat >= len(seats):
            raise LobbyError("bad_seat", t("name the seat a bot should take over"))
        chosen = seats[seat]
        if chosen.bot is not None:
            raise LobbyError("seat_taken", t("a bot already plays seat {seat}", seat=seat + 1), 409)
        chosen.away_user_id = chosen.user_id  # they may take it back (app/play/absence.py)
        chosen.user_id = None
    else:
        raise LobbyError("not_open", t("the game is over"), 409)
    seat_bot(chosen, game, level)
    await db.flush()
    return chosen


async def leave(db: AsyncSession, *, table: Table, user: User, seat: int | None) -> None:
    """Free your own seat, or (host) any seat, before the start."""
    seats = await _lock_seats(db, table)
    if table.status != "open":
        raise LobbyError("not_open", t("seats cannot be freed once the game has started"), 409)
    if seat is None:
        mine = [s for s in seats if s.user_id == user.id]
        if not mine:
            raise LobbyError("not_seated", t("you have no seat at this table"), 409)
        target = mine[0]
    else:
        if seat >= len(seats):
            raise LobbyError("bad_seat", t("there is no seat {seat}", seat=seat))
        target = seats[seat]
        if target.user_id != user.id:
            _host_only(table, user)
    target.user_id = None
    target.bot = target.bot_level = None
    await db.flush()


# A table nobody has had open for this long is idle: listed below the live ones, and its host may close it.
IDLE_AFTER_S = 3600


def is_idle(table: Table) -> bool:
    """Open or in play, and no page has been open on it for IDLE_AFTER_S seconds."""
    return table.status != "finished" and not seen_within(table, IDLE_AFTER_S)


async def close(db: AsyncSession, *, table: Table, user: User) -> None:
    """Host only: end a table (a game left unfinished has no result and rates nobody); it leaves the lobby."""
    _host_only(table, user)
    await _lock_seats(db, table)
    if table.status == "finished":
        raise LobbyError("game_over", t("this table is already closed"), 409)
    table.status = "finished"
    await db.flush()


async def start(db: AsyncSession, *, table: Table, user: User) -> GameRecord:
    """Deal the game: seeded setup, version 0."""
    _host_only(table, user)
    seats = await _lock_seats(db, table)
    if table.status != "open":
        raise LobbyError("not_open", t("the game has already started"), 409)
    empty = [s.index for s in seats if s.user_id is None and s.bot is None]
    if empty:
        raise LobbyError("seats_empty", t("seat(s) {seats} still empty: wait for friends or add a bot",
                                          seats=", ".join(str(i + 1) for i in empty)), 409)
    game = get_game_or_raise(table.game_id)
    seed = secrets.randbits(62)
    try:
        state, events = game.start(len(seats), table.options, seed)
    except engine.BadOptions as exc:
        raise LobbyError("bad_options", exc.say or exc.message) from None
    record = GameRecord(table_id=table.id, game_id=game.id, seed=seed, options=table.options,
                        num_players=len(seats), version=0, state=json.dumps(state, separators=(",", ":")),
                        opening_events=events)
    db.add(record)
    table.status = "playing"
    # Away is counted from the start at the latest: a player who has not opened the table since (or never did) gets
    # the whole grace before a vote, as one who just left does; without it the host's seat was voted to a bot 0.05 s
    # after the start (issue 28). Their `absent_since_ms` is the start.
    started = timing.now_ms() - timing.stale_ms(get_settings())
    for seat in seats:
        if seat.user_id is not None:
            seat.seen_ms = max(seat.seen_ms or 0, started)
    await db.flush()
    humans = {s.index for s in seats if s.user_id is not None}
    clock = timing.start_clock(table.pace, len(seats), sorted(game.pending(state)), humans, timing.now_ms())
    db.add(timing.new_row(table.id, clock))
    await db.flush()
    return record


async def rematch(db: AsyncSession, *, table: Table, user: User) -> Table:
    """Host only, once the game is over: a new table with the same game, options, privacy and bots."""
    _host_only(table, user)
    await _lock_seats(db, table)  # two rematch clicks at once must not open two tables
    if table.status != "finished":
        raise LobbyError("not_finished", t("a rematch can be opened once the game is over"), 409)
    if table.rematch_id:
        raise LobbyError("rematch_open", t("the rematch is already open"), 409)
    new = await create_table(db, host=user, game_id=table.game_id, options=table.options,
                             seats=table.num_seats, private=table.private, pace=table.pace)
    old_seats = await seats_of(db, table_id=table.id)
    for old, fresh in zip(old_seats, await seats_of(db, table_id=new.id)):
        if old.bot and fresh.user_id is None:
            fresh.bot, fresh.bot_level = old.bot, seat_level(old)
    table.rematch_id = new.id
    await db.flush()
    return new


def was_at(table: Table, seats: list[Seat], user: User | None) -> bool:
    return user is not None and (user.id == table.host_id or any(s.user_id == user.id for s in seats))


async def public_table(db: AsyncSession, *, table: Table, with_invite: bool,
                       seats: list[Seat] | None = None) -> TablePublic:
    """`seats`: the table's seats as just read in this session (in order), to spare reading them again."""
    return (await public_tables(db, tables=[table], with_invite=with_invite,
                                seats_by=None if seats is None else {table.id: seats}))[0]


async def public_tables(db: AsyncSession, *, tables: list[Table], with_invite: bool = False,
                        seats_by: dict[str, list[Seat]] | None = None) -> list[TablePublic]:
    """The lobby view of several tables in a handful of queries (seats unless given, names, results, clocks,
    ratings), not a handful per table."""
    if not tables:
        return []
    ids = [t.id for t in tables]
    if seats_by is None:
        seats_by = {i: [] for i in ids}
        for seat in (await db.execute(select(Seat).where(Seat.table_id.in_(ids))
                                      .order_by(Seat.table_id, Seat.index))).scalars():
            seats_by[seat.table_id].append(seat)
    user_ids = {s.user_id for seats in seats_by.values() for s in seats if s.user_id} | {t.host_id for t in tables}
    users = list((await db.execute(select(User).where(User.id.in_(user_ids)))).scalars())
    names = {u.id: u.nickname for u in users}
    guests = {u.id for u in users if u.username is None}
    finished = [t.id for t in tables if t.status == "finished"]
    results = dict((await db.execute(select(GameRecord.table_id, GameRecord.result)
                                     .where(GameRecord.table_id.in_(finished)))).all()) if finished else {}
    playing = [t.id for t in tables if t.status == "playing"]
    clock_rows = {c.table_id: c for c in (await db.execute(select(Clock).where(Clock.table_id.in_(playing)))).scalars()} \
        if playing else {}
    settings, now = get_settings(), timing.now_ms()
    rated_games: dict[tuple[str, int], int] = {}
    ratings = await shown.seat_ratings(db, [(t.id, t.game_id, seats_by[t.id]) for t in tables],
                                       registered={u.id: u.username is not None for u in users},
                                       games_out=rated_games)
    out = []
    for table in tables:
        seats = seats_by[table.id]
        game = engine.get(table.game_id)
        clock_fields: dict[str, Any] = {}
        row = clock_rows.get(table.id)
        if row is not None:
            clock = timing.ClockState.from_row(row)
            humans = {s.index for s in seats if s.user_id is not None}
            clock_fields["waiting"] = clock.waiting
            if timing.is_timed(table.pace):
                clock_fields["clocks"] = {str(s): {"left_ms": clock.left_now(s, now, humans),
                                                   "running": s in clock.running(humans)}
                                          for s in sorted(clock.left_ms)}
                clock_fields["clocks_at"] = now
        out.append(TablePublic(
            id=table.id, game=table.game_id, title=game.title if game else table.game_id, options=table.options,
            host_id=table.host_id, host=names.get(table.host_id, "?"), private=table.private, status=table.status,
            seats=[SeatPublic(index=s.index, user_id=s.user_id, bot=s.bot, level=seat_level(s),
                              name=names.get(s.user_id) if s.user_id else (bot_name(s.index) if s.bot else None),
                              guest=s.user_id is not None and s.user_id in guests,
                              rating=ratings.get((table.id, s.index)), rated_games=rated_games.get((table.id, s.index)),
                              **_presence(s, now, settings))
                   for s in seats],
            result=results.get(table.id), invite=table.invite if with_invite else None, rematch_id=table.rematch_id,
            idle=is_idle(table),
            pace=table.pace or {"mode": "relaxed"}, absent_grace_s=settings.absent_grace_s, **clock_fields))
    return out


def _presence(seat: Seat, now: int, settings: Any) -> dict[str, Any]:
    """Who is connected, who is away since when, whom a bot stands in for (app/play/absence.py)."""
    out: dict[str, Any] = {"away_user_id": seat.away_user_id, "resigned": bool(seat.resigned),
                           "votes": len(seat.votes or [])}
    if seat.user_id is not None:
        gone = timing.absent_since(seat.seen_ms, now, settings)
        out.update(connected=gone is None, absent_since_ms=gone)
    return out


async def list_tables(db: AsyncSession, *, user: User | None, limit: int = 50, per_host: int = 3,
                      abandoned_after: int = 86400, idle_after: int = 7 * 86400,
                      finished_after: int = 86400) -> dict[str, list[Table]]:
    """Public tables still being played or visited, at most `per_host` of each host, and the user's own (seated or
    hosting), newest first. Stale tables are left out: from the public list an open table nobody has connected to
    for `abandoned_after` seconds and a game with no move for `idle_after` seconds; from both lists a finished
    table `finished_after` seconds after its last change (its end, or a rematch opened from it)."""
    now = utcnow()
    cutoff = now - timedelta(seconds=abandoned_after)
    moving = select(GameRecord.table_id).where(GameRecord.updated_at >= now - timedelta(seconds=idle_after))
    visited = or_(Table.seen_at >= cutoff, Table.seen_at.is_(None) & (Table.updated_at >= cutoff))
    alive = or_((Table.status == "playing") & Table.id.in_(moving), (Table.status == "open") & visited)
    rank = func.row_number().over(partition_by=Table.host_id, order_by=Table.created_at.desc()).label("rank")
    ranked = (select(Table.id, rank).where(Table.private.is_(False), alive)
              .subquery())
    public = (await db.execute(select(Table).join(ranked, ranked.c.id == Table.id).where(ranked.c.rank <= per_host)
                               .order_by(Table.created_at.desc()).limit(limit))).scalars().all()
    mine: list[Table] = []
    if user is not None:
        seated = select(Seat.table_id).where(Seat.user_id == user.id)
        recent = or_(Table.status != "finished", Table.updated_at >= now - timedelta(seconds=finished_after))
        mine = (await db.execute(select(Table).where(or_(Table.host_id == user.id, Table.id.in_(seated)), recent)
                                 .order_by(Table.updated_at.desc()).limit(limit))).scalars().all()
    return {"public": list(public), "mine": list(mine)}


def your_move_first(tables: list[TablePublic], user: User | None) -> list[TablePublic]:
    """Mark the tables awaiting `user` and list them first, the least time left first (a stable sort otherwise)."""
    if user is None:
        return tables
    for table in tables:
        mine = [s.index for s in table.seats if s.user_id == user.id]
        table.your_move = bool(mine) and mine[0] in table.waiting and table.status == "playing"
    def left(t: TablePublic) -> int:
        mine = next((str(s.index) for s in t.seats if s.user_id == user.id), None)
        return (t.clocks or {}).get(mine, {}).get("left_ms", 1 << 62)
    return sorted(tables, key=lambda t: (not t.your_move, left(t) if t.your_move else 0))


# Titles in English; the page shows them translated.
GROUPS = {"your_move": N_("Your move"), "yours": N_("Yours"), "open": N_("Open to join"), "playing": N_("Being played")}


def mark_groups(found: dict[str, list[TablePublic]]) -> None:
    """Tell each listed table which lobby group it belongs to: your tables (seated or hosting) where you are awaited,
    your other tables, public tables you may join, public games in play you may watch."""
    mine = {t.id for t in found.get("mine", [])}
    for table in (t for tables in found.values() for t in tables):
        if table.id in mine:
            table.group = "your_move" if table.your_move else "yours"
        else:
            table.group = "open" if table.status == "open" else "playing"


def grouped(found: dict[str, list[TablePublic]]) -> dict[str, list[TablePublic]]:
    """The lobby's groups in their order, each table once (your own public table is listed among yours)."""
    out: dict[str, list[TablePublic]] = {key: [] for key in GROUPS}
    seen: set[str] = set()
    for table in (t for key in ("mine", "public") for t in found.get(key, [])):
        if table.id not in seen and table.group in out:
            seen.add(table.id)
            out[table.group].append(table)
    return {key: sorted(tables, key=lambda t: t.idle) for key, tables in out.items()}  # idle ones below the live


def seen_within(table: Table, seconds: float) -> bool:
    """Was a socket open on `table` less than `seconds` ago (as far as its `seen_at` says)?"""
    seen = table.seen_at
    if seen is None:
        return False
    now = utcnow()
    if seen.tzinfo is None:  # SQLite drops the zone
        seen = seen.replace(tzinfo=now.tzinfo)
    return now - seen < timedelta(seconds=seconds)


async def touch_tables(db: AsyncSession, *, table_ids: list[str]) -> None:
    """Someone is connected to these tables now (they stay in the public list)."""
    if table_ids:
        await db.execute(update(Table).where(Table.id.in_(table_ids)).values(seen_at=utcnow(), updated_at=Table.updated_at)
                         .execution_options(synchronize_session=False))


def _pick_empty(seats: list[Seat], seat: int | None) -> Seat:
    if seat is not None:
        if seat >= len(seats):
            raise LobbyError("bad_seat", t("there is no seat {seat} at this table", seat=seat + 1))
        if seats[seat].user_id is not None or seats[seat].bot is not None:
            raise LobbyError("seat_taken", t("seat {seat} is taken", seat=seat + 1), 409)
        return seats[seat]
    for s in seats:
        if s.user_id is None and s.bot is None:
            return s
    raise LobbyError("table_full", t("every seat is taken"), 409)


def _host_only(table: Table, user: User) -> None:
    if table.host_id != user.id:
        raise LobbyError("not_host", t("only the host can do that"), 403)
