"""Finished games into history and ratings, once per table, and the reads the user pages and tables need.

`record` runs when a game ends (the hub starts it after the last move's commit) and again, harmlessly, whenever a
history page finds a finished table without its outcome (an instance stopped between the two). The outcome row is
inserted first and its primary key is the table id: a second instance recording the same table fails on that insert
and its whole transaction, rating updates included, rolls back. So ratings move exactly once per finished game.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app import engine
from app.accounts import ratings as R
from app.accounts.shown import person_of
from app.db.models import GameRecord, Outcome, OutcomeSeat, Rating, Seat, Table, User, utcnow
from app.lobby.service import bot_name, seat_level

log = logging.getLogger(__name__)


async def record(db: AsyncSession, table_id: str) -> bool:
    """Write a finished game's outcome and move its players' ratings; False when there is nothing (more) to do.

    The caller commits. Raises IntegrityError when another session recorded the table first.
    """
    table = await db.get(Table, table_id)
    game_row = await db.get(GameRecord, table_id)
    if table is None or game_row is None or game_row.result is None or await db.get(Outcome, table_id) is not None:
        return False
    seats = list((await db.execute(select(Seat).where(Seat.table_id == table_id).order_by(Seat.index))).scalars())
    now = utcnow()
    outcome = Outcome(table_id=table_id, game_id=table.game_id, finished_at=now, rated=False)
    db.add(outcome)
    await db.flush()  # the claim: a concurrent recorder fails here, before any rating moves
    people = {s.index: person_of(s) for s in seats}
    users = {u.id: u for u in (await db.execute(
        select(User).where(User.id.in_([p for p in people.values() if p is not None])))).scalars()}
    registered = [uid for uid in people.values() if uid is not None and users.get(uid) and users[uid].username]
    # Locked in a fixed order, so two games ending together for the same players cannot deadlock.
    held = {r.user_id: r for r in (await db.execute(
        select(Rating).where(Rating.game_id == table.game_id, Rating.user_id.in_(sorted(registered)))
        .order_by(Rating.user_id).with_for_update())).scalars()}
    result = game_row.result
    resigned = {s.index for s in seats if s.resigned}
    place = R.places(result, len(seats), resigned)
    participants = []
    for s in seats:
        uid = people[s.index]
        if uid in registered:
            row = held.get(uid)
            skill = R.Skill(row.mu, row.sigma) if row else R.FRESH
            participants.append(R.Participant(s.index, place[s.index], skill, fixed=False))
        elif uid is None and s.bot:
            participants.append(R.Participant(s.index, place[s.index], R.anchor(s.bot, s.bot_level), fixed=True))
    before = {p.seat: p.skill for p in participants if not p.fixed}
    after = R.rate(participants)
    for seat_index, skill in after.items():
        uid = people[seat_index]
        row = held.get(uid)
        if row is None:
            row = Rating(user_id=uid, game_id=table.game_id, mu=skill.mu, sigma=skill.sigma, games=0)
            db.add(row)
        row.mu, row.sigma, row.games, row.updated_at = skill.mu, skill.sigma, (row.games or 0) + 1, now
    outcome.rated = bool(after)
    scores = result.get("scores") or []
    for s in seats:
        uid = people[s.index]
        name = users[uid].nickname if uid in users else bot_name(s.index)
        db.add(OutcomeSeat(
            table_id=table_id, seat=s.index, user_id=uid, bot=s.bot if uid is None else None, name=name,
            place=place[s.index], score=scores[s.index] if s.index < len(scores) else None,
            resigned=s.index in resigned, finished_at=now,
            rating_before=before[s.index].shown if s.index in after else None,
            rating_after=after[s.index].shown if s.index in after else None))
    await db.flush()
    return True


async def settle(sessionmaker: async_sessionmaker[AsyncSession], table_id: str) -> bool:
    """Record one finished table in its own transaction; losing the race to another recorder is not an error."""
    for attempt in range(3):
        try:
            async with sessionmaker() as db:
                done = await record(db, table_id)
                await db.commit()
                return done
        except IntegrityError:
            return False  # recorded by someone else meanwhile
        except OperationalError:  # SQLite's single writer was busy: a short wait and another go
            if attempt == 2:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    return False


_background: set[asyncio.Task] = set()


def settle_soon(sessionmaker: async_sessionmaker[AsyncSession], table_id: str) -> None:
    """Record a table that just finished without holding up the move that finished it."""
    async def run() -> None:
        try:
            await settle(sessionmaker, table_id)
        except Exception:  # the next history page that needs it records it again
            log.exception("could not record the finished table %s", table_id)

    task = asyncio.create_task(run())
    _background.add(task)
    task.add_done_callback(_background.discard)


async def settle_missing(sessionmaker: async_sessionmaker[AsyncSession], user_id: int) -> None:
    """Record every finished table of `user_id` that has no outcome yet (its instance stopped before recording)."""
    async with sessionmaker() as db:
        ids = list((await db.execute(
            select(Table.id).join(Seat, Seat.table_id == Table.id)
            .outerjoin(Outcome, Outcome.table_id == Table.id)
            .where(Table.status == "finished", Outcome.table_id.is_(None),
                   or_(Seat.user_id == user_id, Seat.away_user_id == user_id, Seat.resigned_user_id == user_id))
            .distinct().limit(100))).scalars())
    for table_id in ids:
        await settle(sessionmaker, table_id)


# ---- reads -------------------------------------------------------------------------------------------------------

@dataclass
class PlayedGame:
    table_id: str
    game_id: str
    title: str
    finished_at: datetime
    seat: int
    place: int
    players: int
    score: int | None
    resigned: bool
    opponents: list[dict[str, Any]]
    rating_before: float | None
    rating_after: float | None

    @property
    def won(self) -> bool:
        return self.place == 1 and not self.resigned

    @property
    def finished_utc(self) -> datetime:
        """`finished_at` in UTC with its zone said (SQLite hands it back without one, PostgreSQL in its own)."""
        at = self.finished_at
        return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)

    def to_json(self) -> dict[str, Any]:
        return {"table_id": self.table_id, "game": self.game_id, "title": self.title,
                "finished_at": self.finished_at.isoformat(), "seat": self.seat, "place": self.place,
                "players": self.players, "score": self.score, "resigned": self.resigned, "won": self.won,
                "opponents": self.opponents, "rating_before": self.rating_before, "rating_after": self.rating_after,
                "replay_url": f"/tables/{self.table_id}/replay?seat={self.seat}"}


async def games_of(db: AsyncSession, user_id: int, viewer: User | None, limit: int = 50) -> list[PlayedGame]:
    """The user's finished games, newest first. Private tables are listed only to people who sat at them."""
    mine = list((await db.execute(
        select(OutcomeSeat, Table.private).join(Table, Table.id == OutcomeSeat.table_id)
        .where(OutcomeSeat.user_id == user_id).order_by(OutcomeSeat.finished_at.desc()).limit(limit))).all())
    ids = [row.table_id for row, _ in mine]
    everyone: dict[str, list[OutcomeSeat]] = {i: [] for i in ids}
    if ids:
        for row in (await db.execute(select(OutcomeSeat).where(OutcomeSeat.table_id.in_(ids))
                                     .order_by(OutcomeSeat.seat))).scalars():
            everyone[row.table_id].append(row)
    games = {row.table_id: row for row in (await db.execute(select(Outcome).where(Outcome.table_id.in_(ids)))).scalars()} \
        if ids else {}
    # The level a bot played at stays on its seat (a finished table's seats no longer change).
    levels = {(s.table_id, s.index): seat_level(s) for s in (await db.execute(
        select(Seat).where(Seat.table_id.in_(ids), Seat.bot.is_not(None)))).scalars()} if ids else {}
    out = []
    for row, private in mine:
        seated = everyone[row.table_id]
        if private and (viewer is None or all(s.user_id != viewer.id for s in seated)):
            continue
        game = engine.get(games[row.table_id].game_id)
        out.append(PlayedGame(
            table_id=row.table_id, game_id=games[row.table_id].game_id, title=game.title if game else "?",
            finished_at=row.finished_at, seat=row.seat, place=row.place, players=len(seated), score=row.score,
            resigned=row.resigned, rating_before=row.rating_before, rating_after=row.rating_after,
            opponents=[{"name": s.name, "user_id": s.user_id, "bot": s.bot, "place": s.place, "score": s.score,
                        "level": levels.get((s.table_id, s.seat)) if s.bot else None}
                       for s in seated if s.seat != row.seat]))
    return out


async def ratings_of(db: AsyncSession, user_id: int) -> list[dict[str, Any]]:
    rows = (await db.execute(select(Rating).where(Rating.user_id == user_id).order_by(Rating.game_id))).scalars()
    out = []
    for r in rows:
        game = engine.get(r.game_id)
        out.append({"game": r.game_id, "title": game.title if game else r.game_id,
                    "rating": R.Skill(r.mu, r.sigma).shown, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                    "games": r.games})
    return out
