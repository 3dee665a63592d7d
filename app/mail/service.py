"""Addresses, preferences and the queue of things to tell players by email.

What goes in the queue is decided when it happens (a move, a game's end, an invite) only roughly: a row for every
person concerned who has a verified address. Whether they still want it, and what is still true (is that table
still waiting for them?), is decided when the worker writes the email, so unsubscribing stops what is queued too.
"""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import datetime, timezone
from typing import Iterable

from sqlalchemy import delete, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db.models import EmailAddress, EmailPreference, MailItem, Seat, Table, User
from app.engine.text import t
from app.errors import refusal
from app.lobby import timing

log = logging.getLogger(__name__)

KINDS = ("turn", "finished", "invite")
DEFAULTS = {"turn": True, "finished": True, "invite": True}
# One @, no spaces or angle brackets (nothing a header could be split or spoofed with), a dot in the domain.
ADDRESS = re.compile(r"^[^@\s<>\"',;()\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.)+[A-Za-z0-9-]{2,63}$")


def clean_address(address: str) -> str:
    address = address.strip()
    if len(address) > 254 or not ADDRESS.match(address):
        raise refusal(400, "bad_email", t("that is not an email address"))
    return address


def _insert(db: AsyncSession, model):  # noqa: ANN001, ANN202
    return (postgresql.insert if db.bind.dialect.name == "postgresql" else sqlite.insert)(model)


async def address_of(db: AsyncSession, user_id: int) -> EmailAddress | None:
    return await db.get(EmailAddress, user_id)


async def set_address(db: AsyncSession, user: User, address: str) -> EmailAddress:
    """Keep a new (unverified) address for a registered player and queue the email with its verification link."""
    if user.username is None:
        raise refusal(409, "not_registered", t("guests cannot receive email: register first"))
    address = clean_address(address)
    row = await db.get(EmailAddress, user.id)
    if row is None:
        row = EmailAddress(user_id=user.id, address=address)
        db.add(row)
    elif row.address != address:
        row.address, row.verified_at = address, None
    if row.verified_at is None:
        now = timing.now_ms()
        await enqueue(db, [user.id], "verify", None, key=f"verify:{user.id}:{now}", detail={"address": address})
    await db.flush()
    return row


async def verify(db: AsyncSession, user_id: int, address: str) -> bool:
    """Mark the address verified when it is still the one the link was sent to."""
    row = await db.get(EmailAddress, user_id)
    if row is None or row.address != address:
        return False
    if row.verified_at is None:
        row.verified_at = datetime.now(timezone.utc)
    return True


async def remove_address(db: AsyncSession, user_id: int) -> None:
    """Delete the address, and everything queued or kept about what was told (a confirmation item names it)."""
    await db.execute(delete(EmailAddress).where(EmailAddress.user_id == user_id))
    await db.execute(delete(MailItem).where(MailItem.user_id == user_id))


async def preferences(db: AsyncSession, user_id: int, table_id: str = "") -> dict[str, bool]:
    """A player's choice for a table (or the default with ""): the table's own row, else the default, else on."""
    rows = {r.table_id: r for r in (await db.execute(select(EmailPreference).where(
        EmailPreference.user_id == user_id, EmailPreference.table_id.in_({"", table_id})))).scalars()}
    row = rows.get(table_id) or rows.get("")
    return {k: getattr(row, k) for k in KINDS} if row else dict(DEFAULTS)


async def table_choices(db: AsyncSession, user_id: int) -> dict[str, dict[str, bool]]:
    """Every table with a choice of its own."""
    rows = (await db.execute(select(EmailPreference).where(EmailPreference.user_id == user_id,
                                                           EmailPreference.table_id != ""))).scalars()
    return {r.table_id: {k: getattr(r, k) for k in KINDS} for r in rows}


async def turn_based_tables(db: AsyncSession, user_id: int, limit: int = 30) -> list[dict]:
    """The player's turn-based tables not finished, newest first, each with the others seated and its choice."""
    tables = [t for t in (await db.execute(
        select(Table).join(Seat, Seat.table_id == Table.id)
        .where(Seat.user_id == user_id, Table.status.in_(("open", "playing"))).order_by(Table.created_at.desc())
        .limit(200))).scalars().unique() if (t.pace or {}).get("mode") == timing.TURN_BASED][:limit]
    if not tables:
        return []
    others: dict[str, list[str]] = {}
    for table_id, nickname, bot in (await db.execute(
            select(Seat.table_id, User.nickname, Seat.bot).outerjoin(User, User.id == Seat.user_id)
            .where(Seat.table_id.in_([t.id for t in tables]), or_(Seat.user_id.is_(None), Seat.user_id != user_id))
            .order_by(Seat.table_id, Seat.index))).all():
        if bot or nickname:
            others.setdefault(table_id, []).append(bot or nickname)
    own = await table_choices(db, user_id)
    default = await preferences(db, user_id)
    return [{"id": t.id, "game_id": t.game_id, "others": others.get(t.id, []), "own": t.id in own,
             **own.get(t.id, default)} for t in tables]


async def set_preferences(db: AsyncSession, user: User, choice: dict[str, bool], table_id: str = "") -> dict:
    if user.username is None:
        raise refusal(409, "not_registered", t("guests cannot receive email: register first"))
    if table_id and await db.scalar(select(Seat.table_id).where(
            Seat.table_id == table_id, Seat.user_id == user.id).limit(1)) is None:
        raise refusal(404, "not_seated", t("you have no seat at that table"))
    merged = {**await preferences(db, user.id, table_id), **choice}
    row = await db.get(EmailPreference, (user.id, table_id))
    if row is None:
        db.add(EmailPreference(user_id=user.id, table_id=table_id, **merged))
    else:
        for kind in KINDS:
            setattr(row, kind, merged[kind])
    await db.flush()
    return merged


async def clear_table_preferences(db: AsyncSession, user_id: int, table_id: str) -> None:
    if table_id:
        await db.execute(delete(EmailPreference).where(EmailPreference.user_id == user_id,
                                                       EmailPreference.table_id == table_id))


async def unsubscribe(db: AsyncSession, user_id: int) -> None:
    """No more email of any kind: every default off and every table's own choice forgotten."""
    await db.execute(delete(EmailPreference).where(EmailPreference.user_id == user_id))
    db.add(EmailPreference(user_id=user_id, table_id="", turn=False, finished=False, invite=False))
    await db.execute(delete(MailItem).where(MailItem.user_id == user_id, MailItem.state == "pending",
                                            MailItem.kind != "verify"))
    await db.flush()


# ---- the queue ----------------------------------------------------------------------------------------------

async def enqueue(db: AsyncSession, user_ids: Iterable[int], kind: str, table_id: str | None, *, key: str,
                  detail: dict | None = None) -> int:
    """Queue `kind` for each of these people who has an address (verified, except for the verification email
    itself); the same key twice is one row. Returns how many rows were added."""
    ids = set(user_ids)
    if kind != "verify":
        ids = set((await db.execute(select(EmailAddress.user_id).where(
            EmailAddress.user_id.in_(ids), EmailAddress.verified_at.is_not(None)))).scalars())
    added = 0
    now = timing.now_ms()
    for user_id in sorted(ids):
        done = await db.execute(_insert(db, MailItem).values(
            user_id=user_id, kind=kind, table_id=table_id, detail=detail or {}, key=f"{key}:{user_id}",
            created_ms=now, state="pending").on_conflict_do_nothing())
        added += done.rowcount
    return added


async def seated(db: AsyncSession, table_id: str, seats: Iterable[int] | None = None) -> list[int]:
    query = select(Seat.user_id).where(Seat.table_id == table_id, Seat.user_id.is_not(None), Seat.bot.is_(None))
    if seats is not None:
        query = query.where(Seat.index.in_(list(seats)))
    return list((await db.execute(query)).scalars())


async def queue_turn(sessionmaker: async_sessionmaker[AsyncSession], table_id: str, version: int,
                     seats: Iterable[int]) -> None:
    async with sessionmaker() as db:
        await enqueue(db, await seated(db, table_id, seats), "turn", table_id, key=f"turn:{table_id}:{version}")
        await db.commit()


async def queue_finished(sessionmaker: async_sessionmaker[AsyncSession], table_id: str) -> None:
    async with sessionmaker() as db:
        await enqueue(db, await seated(db, table_id), "finished", table_id, key=f"finished:{table_id}")
        await db.commit()


async def queue_invite_email(sessionmaker: async_sessionmaker[AsyncSession], table_id: str, from_user_id: int,
                             to_user_id: int) -> None:
    """A friend invited `to_user_id` to a table (the friends' FriendInvited notice, subscribed in app/main.py)."""
    async with sessionmaker() as db:
        table = await db.get(Table, table_id)
        # The table's invite code rides along: a private table opens only with it, as the waiting list's link does.
        await enqueue(db, [to_user_id], "invite", table_id, key=f"invite:{table_id}:{from_user_id}",
                      detail={"from": from_user_id, "invite": table.invite if table is not None else None})
        await db.commit()


_background: set[asyncio.Task] = set()


def soon(work) -> None:  # noqa: ANN001 - a coroutine
    """Run a queueing coroutine without holding up the move (or request) that caused it; a failure is logged."""
    async def run() -> None:
        try:
            await work
        except Exception:  # an email lost is better than a move held up or failed
            log.exception("could not queue an email")

    task = asyncio.create_task(run())
    _background.add(task)
    task.add_done_callback(_background.discard)
