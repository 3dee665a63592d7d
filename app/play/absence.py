"""Absent players: presence, a vote to seat a bot for an absent player, resigning, taking a seat back, host rights.

Presence is stored per seat (`seats.seen_ms`): an instance writes the moment when a player's socket opens,
renews it every `presence_beat_s` while one is open, and backdates it when the last one closes, so every
instance (and a player whose instance died) agrees on who is connected. A seat a bot took over keeps the
player it stands in for (`seats.away_user_id`) until that player clicks to take it back; a resignation gives
the seat to a bot for good and is recorded in the result. Every change here rebases the table's clock (a bot's
clock does not run) in the same transaction. Service functions raise LobbyError; callers commit and notify.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Clock, Seat, Table, User
from app.engine.text import t
from app.lobby import service as lobby_service
from app.lobby import timing
from app.lobby.service import LobbyError

if TYPE_CHECKING:
    from .hub import Hub
    from .sockets import Connection


def votes_needed(seats: list[Seat], target: Seat) -> int:
    """A majority of the other people playing."""
    others = [s for s in seats if s.user_id is not None and s.index != target.index]
    return len(others) // 2 + 1


async def _playing_seats(db: AsyncSession, table: Table) -> list[Seat]:
    seats = await lobby_service._lock_seats(db, table)  # serialize with every other seat change at this table
    if table.status != "playing":
        raise LobbyError("not_playing", t("this can be done only while the game is in play"), 409)
    return seats


async def _rebase_clock(db: AsyncSession, table: Table, humans_before: set[int], seats: list[Seat],
                        reclaimed: int | None = None) -> None:
    row = await db.get(Clock, table.id)
    if row is None:
        return
    humans = {s.index for s in seats if s.user_id is not None}
    clock = timing.rebased(table.pace, timing.ClockState.from_row(row), humans_before, humans, timing.now_ms(),
                           reclaimed)
    await store_rebased(db, table.id, clock)


async def store_rebased(db: AsyncSession, table_id: str, clock: timing.ClockState) -> None:
    """Write a rebased clock (same version) without touching a lease a firing instance may hold."""
    await db.execute(update(Clock).where(Clock.table_id == table_id, Clock.version == clock.version)
                     .values(**clock.row()))


def _pass_host(table: Table, seats: list[Seat], leaving: int, start: int, settings: Any) -> None:
    """Host rights go to the next connected player after the leaving host's seat `start` (else the next player)."""
    if table.host_id != leaving:
        return
    order = [seats[(start + k) % len(seats)] for k in range(1, len(seats) + 1)]
    people = [s for s in order if s.user_id is not None and s.user_id != leaving]
    now = timing.now_ms()
    connected = [s for s in people if timing.absent_since(s.seen_ms, now, settings) is None]
    chosen = (connected or people or [None])[0]
    if chosen is not None:
        table.host_id = chosen.user_id


async def hand_to_bot(db: AsyncSession, table: Table, seats: list[Seat], seat: Seat, settings: Any,
                      resigned: bool = False) -> None:
    """The game's strongest bot plays `seat` from now on; its player may take it back unless they resigned."""
    humans_before = {s.index for s in seats if s.user_id is not None}
    leaving = seat.user_id
    lobby_service.seat_bot(seat, lobby_service.get_game_or_raise(table.game_id), lobby_service.check_level(None))
    seat.away_user_id = None if resigned else leaving
    seat.resigned = resigned
    if resigned:
        seat.resigned_user_id = leaving  # the seat's history and rating stay theirs (app/history)
    seat.user_id = None
    seat.votes = None
    if leaving is not None:
        _pass_host(table, seats, leaving, seat.index, settings)
    await db.flush()
    await _rebase_clock(db, table, humans_before, seats)


async def resign(db: AsyncSession, *, table: Table, user: User, settings: Any) -> None:
    """Leave a game in play for good: a bot finishes it for you, and the result says you resigned."""
    seats = await _playing_seats(db, table)
    mine = next((s for s in seats if s.user_id == user.id), None)
    if mine is None:
        raise LobbyError("not_seated", t("you have no seat in this game"), 409)
    await hand_to_bot(db, table, seats, mine, settings, resigned=True)


async def reclaim(db: AsyncSession, *, table: Table, user: User) -> Seat:
    """Take back the seat a bot has been playing for you."""
    seats = await _playing_seats(db, table)
    seat = next((s for s in seats if s.away_user_id == user.id), None)
    if seat is None:
        raise LobbyError("nothing_to_reclaim", t("no bot is playing a seat of yours here"), 409)
    if any(s.user_id == user.id for s in seats):
        raise LobbyError("already_seated", t("you already play a seat at this table"), 409)
    humans_before = {s.index for s in seats if s.user_id is not None}
    seat.user_id, seat.bot, seat.bot_level, seat.away_user_id, seat.votes = user.id, None, None, None, None
    seat.seen_ms = timing.now_ms()
    await db.flush()
    await _rebase_clock(db, table, humans_before, seats, reclaimed=seat.index)
    return seat


async def vote(db: AsyncSession, *, table: Table, user: User, seat: int, settings: Any) -> bool:
    """Vote to seat a bot for a player away longer than the grace period; True once the majority is reached."""
    seats = await _playing_seats(db, table)
    if not any(s.user_id == user.id for s in seats):
        raise LobbyError("not_seated", t("only the players of this game may vote"), 403)
    if not 0 <= seat < len(seats) or seats[seat].user_id is None:
        raise LobbyError("bad_seat", t("no player sits in seat {seat}", seat=seat + 1))
    target = seats[seat]
    if target.user_id == user.id:
        raise LobbyError("bad_seat", t("you cannot vote about your own seat; resign instead"))
    now = timing.now_ms()
    gone = timing.absent_since(target.seen_ms, now, settings)
    if gone is None:
        raise LobbyError("not_absent", t("that player is connected"), 409)
    if now - gone < settings.absent_grace_s * 1000:
        wait = int((gone + settings.absent_grace_s * 1000 - now) / 1000) + 1
        raise LobbyError("too_soon", t("that player may still come back: a vote opens in {wait} s", wait=wait), 409)
    voters = sorted(set(target.votes or []) | {user.id})
    target.votes = voters
    if len(voters) >= votes_needed(seats, target):
        await hand_to_bot(db, table, seats, target, settings)
        return True
    await db.flush()
    return False


async def zombie(hub: "Hub", table_id: str, seat_index: int) -> None:
    """After timeouts in a row, a bot takes the seat (its player is told through the table and may take it back)."""
    async with hub.sessionmaker() as db:
        table = await db.get(Table, table_id)
        seats = await lobby_service._lock_seats(db, table)
        seat = seats[seat_index]
        if table.status != "playing" or seat.user_id is None:
            return
        await hand_to_bot(db, table, seats, seat, hub.settings)
        await db.commit()
        await notify(hub, db, table, reload=True)


async def notify(hub: "Hub", db: AsyncSession, table: Table, reload: bool = False,
                 seats: list[Seat] | None = None) -> None:
    """Send the table's lobby view to everyone at it; `seats`: its seats as just read, to spare reading them again."""
    public = await lobby_service.public_table(db, table=table, with_invite=False, seats=seats)
    await hub.table_changed(table.id, public.model_dump(mode="json"), reload=reload)


# ---- presence -------------------------------------------------------------------------------------------------
def note_arrival(table: Table, seats: list[Seat], user_id: int | None, settings: Any) -> bool:
    """A seated player's socket is opening: they are connected, and any vote about them is void. Changes the seat in
    the handshake's own session (its caller commits, then builds the table's lobby view once, already showing the
    player connected); True when the others at the table must be told, as `_note_presence` would have told them."""
    seat = next((s for s in seats if user_id is not None and s.user_id == user_id), None)
    if seat is None:
        return False
    now = timing.now_ms()
    was_away = timing.absent_since(seat.seen_ms, now, settings) is not None
    had_votes = bool(seat.votes)
    seat.seen_ms, seat.votes = now, None
    return table.status == "playing" and (was_away or had_votes)


async def left(hub: "Hub", conn: "Connection") -> None:
    """A seated player's last socket here closed: they count as away from now on."""
    if not any(c.user_id == conn.user_id for c in hub.connections.get(conn.table_id, ())):
        await _note_presence(hub, conn, timing.now_ms() - timing.stale_ms(hub.settings))


async def _note_presence(hub: "Hub", conn: "Connection", seen_ms: int) -> None:
    """Store when the player was last seen; tell the table when that flips them between connected and away
    during play (before the start the waiting room's own updates carry presence)."""
    if conn.user_id is None:
        return
    async with hub.sessionmaker() as db:
        # The table and all its seats, read once: the seats are what the table's view is built from too.
        table = await db.get(Table, conn.table_id)
        seats = await lobby_service.seats_of(db, table_id=conn.table_id) if table is not None else []
        seat = next((s for s in seats if s.user_id == conn.user_id), None)
        if seat is None:
            return
        now = timing.now_ms()
        was_away = timing.absent_since(seat.seen_ms, now, hub.settings) is not None
        seat.seen_ms = seen_ms
        await db.commit()
        is_away = timing.absent_since(seen_ms, now, hub.settings) is not None
        if table.status == "playing" and (was_away != is_away or seat.votes):
            await notify(hub, db, table, seats=seats)


async def heartbeat(hub: "Hub") -> None:
    """Renew presence of the players connected here; pass on host rights of hosts away past the grace period."""
    now = timing.now_ms()
    here = sorted({(c.table_id, c.user_id) for conns in list(hub.connections.values()) for c in conns
                   if c.user_id is not None})
    async with hub.sessionmaker() as db:
        back = set()
        # A few statements per beat however many tables this instance serves: the writer shares the database.
        for start in range(0, len(here), 500):
            chunk = tuple_(Seat.table_id, Seat.user_id).in_(here[start:start + 500])
            # A player seated after their socket opened was not known to be here: say so once they are.
            back |= set((await db.execute(select(Seat.table_id).where(
                chunk, Seat.seen_ms.is_(None) | (Seat.seen_ms < now - timing.stale_ms(hub.settings))))).scalars())
            await db.execute(update(Seat).where(chunk).values(seen_ms=now))
        await db.commit()
        for table_id in back:
            table = await db.get(Table, table_id)
            if table is not None and table.status == "playing":
                await notify(hub, db, table)
        cutoff = now - timing.stale_ms(hub.settings) - int(hub.settings.absent_grace_s * 1000)
        away_hosts = (await db.execute(
            select(Table).join(Seat, (Seat.table_id == Table.id) & (Seat.user_id == Table.host_id))
            .where(Table.status == "playing", Seat.seen_ms < cutoff).limit(100))).scalars().all()
        for table in away_hosts:
            # No seat lock here (it would touch the table every beat while nobody else is left to take over): the
            # conditional UPDATE makes two instances passing the same rights agree.
            seats = await lobby_service.seats_of(db, table_id=table.id)
            host = table.host_id
            start = next((s.index for s in seats if s.user_id == host), 0)
            _pass_host(table, seats, host, start, hub.settings)
            new_host, table.host_id = table.host_id, host
            if new_host == host:
                continue
            done = await db.execute(update(Table).where(Table.id == table.id, Table.host_id == host)
                                    .values(host_id=new_host))
            await db.commit()
            if done.rowcount:
                await db.refresh(table)
                await notify(hub, db, table)

