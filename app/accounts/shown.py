"""Ratings as people see them next to names: one read for the seats of many tables (the lobby's table JSON).

Kept with the accounts, below the lobby that shows them and the history that changes them (docs/architecture.md).
"""

from __future__ import annotations

from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Rating, Seat, User

from . import ratings as R


def person_of(seat: Seat) -> int | None:
    """The person a seat's result belongs to: its player, the player a bot stands in for, or the one who resigned."""
    return seat.user_id or seat.away_user_id or seat.resigned_user_id


async def seat_ratings(db: AsyncSession, tables: list[tuple[str, str, list[Seat]]],
                       registered: dict[int, bool] | None = None,
                       games_out: dict[tuple[str, int], int] | None = None) -> dict[tuple[str, int], float]:
    """Shown ratings for seats of several tables, {(table_id, seat index): rating}: registered players (fresh ones
    at the starting figure) and bots; guests and empty seats have none. `tables`: (table id, game id, seats);
    `registered`: {user id: has an account} for users the caller has read already (the others are looked up);
    `games_out`, when given, receives each rated person's number of rated games at that game (bots: none)."""
    known = registered or {}
    user_ids = {person_of(s) for _, _, seats in tables for s in seats} - {None}
    members = {uid for uid in user_ids if known.get(uid)}
    unknown = [uid for uid in user_ids if uid not in known]
    if unknown:
        members |= set((await db.execute(select(User.id).where(User.id.in_(unknown),
                                                                User.username.is_not(None)))).scalars())
    held: dict[tuple[int, str], R.Skill] = {}
    played: dict[tuple[int, str], int] = {}
    if members:  # tables of guests and bots only have no ratings to read
        games = {game_id for _, game_id, _ in tables}
        for r in (await db.execute(
                select(Rating).where(and_(Rating.user_id.in_(members), Rating.game_id.in_(games))))).scalars():
            held[(r.user_id, r.game_id)] = R.Skill(r.mu, r.sigma)
            played[(r.user_id, r.game_id)] = r.games or 0
    out = {}
    for table_id, game_id, seats in tables:
        for s in seats:
            uid = s.user_id
            if uid is not None and uid in members:
                out[(table_id, s.index)] = held.get((uid, game_id), R.FRESH).shown
                if games_out is not None:
                    games_out[(table_id, s.index)] = played.get((uid, game_id), 0)
            elif uid is None and s.bot:
                out[(table_id, s.index)] = R.anchor(s.bot, s.bot_level).shown
    return out
