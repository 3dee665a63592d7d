"""Leases: jobs that exactly one of several instances may do, decided by the database, not by the instances.

A lease is a row of `leases` claimed with one conditional UPDATE (or an INSERT that does nothing on a conflict
when the row does not exist yet): the database serializes two claims, so at most one instance's statement
changes the row and only that one goes ahead. A claim holds until `until_ms`; an instance that dies while holding
it lets it expire, and the next claimant takes over. The same statements work on SQLite and PostgreSQL.

Two kinds are used:
- `bot:<table>` for a table's next bot move. It is claimed for one game version, and only while the stored game
  is still at that version, so every instance that has the table loaded may wake its bot but one moves it; the
  others see a lost claim and do nothing (a stalled table is woken again by `stalled_bot_tables`).
- `tournaments` for the tournament ticker: the instance holding it renews it every pass; the others skip.
"""

from __future__ import annotations

from sqlalchemy import and_, exists, literal, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Clock, GameRecord, Lease, Seat, Table


def _insert(db: AsyncSession):  # noqa: ANN202
    """INSERT in the dialect of this session's database (both spell ON CONFLICT DO NOTHING alike)."""
    return postgresql.insert(Lease) if db.bind.dialect.name == "postgresql" else sqlite.insert(Lease)


async def hold(db: AsyncSession, name: str, *, owner: str, now_ms: int, lease_ms: int) -> bool:
    """Take or renew the lease `name` for `owner`; False while another instance holds it."""
    values = {"owner": owner, "until_ms": now_ms + lease_ms, "version": 0}
    done = await db.execute(update(Lease).where(Lease.name == name, or_(Lease.owner == owner,
                                                                        Lease.until_ms < now_ms)).values(**values))
    if done.rowcount != 1:
        done = await db.execute(_insert(db).values(name=name, **values).on_conflict_do_nothing())
    await db.commit()
    return done.rowcount == 1


async def claim_bot_move(db: AsyncSession, table_id: str, version: int, seat: int, *, owner: str, now_ms: int,
                         lease_ms: int) -> bool:
    """Claim the right to make the bot move of `seat` on `version` of this table's game; one instance wins it.
    Only while the stored game is at that version and a bot still plays that seat (its player may have just
    taken it back, before this instance heard of it)."""
    at_version = and_(exists().where(GameRecord.table_id == table_id, GameRecord.version == version),
                      exists().where(Seat.table_id == table_id, Seat.index == seat, Seat.bot.is_not(None)))
    # Free when the last claim was for an older version, or for this one by an instance that let it expire
    # (it died between claiming and committing). A claim for a newer version means this one is stale.
    free = and_(at_version, or_(Lease.version < version, and_(Lease.version == version, Lease.until_ms < now_ms)))
    name = f"bot:{table_id}"
    done = await db.execute(update(Lease).where(Lease.name == name, free)
                            .values(owner=owner, until_ms=now_ms + lease_ms, version=version))
    if done.rowcount != 1:
        if await db.scalar(select(Lease.name).where(Lease.name == name)) is not None:
            await db.rollback()
            return False
        done = await db.execute(_insert(db).from_select(
            ["name", "owner", "until_ms", "version"],
            select(literal(name), literal(owner), literal(now_ms + lease_ms), literal(version)).where(at_version)
        ).on_conflict_do_nothing())
    await db.commit()
    return done.rowcount == 1


async def stalled_bot_tables(db: AsyncSession, *, before_ms: int, limit: int = 200) -> list[tuple[str, int]]:
    """Tables in play whose stored clock says a bot seat is awaited and whose last move is older than
    `before_ms`: a bot that should have moved and did not (its instance died, or every instance restarted)."""
    rows = (await db.execute(
        select(Clock.table_id, Clock.version, Clock.waiting)
        .join(Table, Table.id == Clock.table_id)
        .where(Table.status == "playing", Clock.started_ms < before_ms,
               exists().where(Seat.table_id == Clock.table_id, Seat.bot.is_not(None)))
        .limit(limit))).all()
    if not rows:
        return []
    bots = {(t, i) for t, i in (await db.execute(
        select(Seat.table_id, Seat.index).where(Seat.table_id.in_([r[0] for r in rows]), Seat.bot.is_not(None))))}
    return [(table_id, version) for table_id, version, waiting in rows
            if any((table_id, seat) in bots for seat in waiting or [])]
