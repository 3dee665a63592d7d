"""Creating and finding users, and their sessions; passwords are hashed by app.accounts.passwords."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import HallError
from app.db.models import Seat, Table, User, UserSession, utcnow
from app.engine.text import t

# A session's seen_at is written at most this often, so a busy page does not write on every request.
TOUCH_EVERY = timedelta(seconds=60)


class AccountError(HallError):
    """An account request refused (app/errors.py answers it)."""

    status = 409


async def check_nickname_free(db: AsyncSession, *, user: User, nickname: str, table_id: str | None = None) -> None:
    """Nicknames are unique among the seats of a table (compared without case), so a log line names one person.

    With `table_id`: may `user` sit at that table? Without: may `user` take this nickname at every table where
    they sit and the game is not over?"""
    if table_id is not None:
        tables = [table_id]
    else:
        tables = list((await db.execute(
            select(Seat.table_id).join(Table, Table.id == Seat.table_id)
            .where(Seat.user_id == user.id, Table.status != "finished"))).scalars())
    if not tables:
        return
    others = (await db.execute(select(User.nickname, Seat.table_id).join(Seat, Seat.user_id == User.id)
                               .where(Seat.table_id.in_(tables), User.id != user.id))).all()
    wanted = nickname.casefold()
    if any(name.casefold() == wanted for name, _ in others):
        raise AccountError("nickname_taken", t("someone at the table is already called {nickname}; "
                                               "choose another nickname first", nickname=repr(nickname)), 409)


async def check_nickname_reserved(db: AsyncSession, *, user: User | None, nickname: str) -> None:
    """A registered player's nickname is theirs across the hall (compared without case): nobody else, guest or
    registered, may take it, so the same name in two lobby rows is the same person. Guests' names are not
    reserved; the lobby marks guests as such instead."""
    query = select(User.id).where(User.username.is_not(None), func.lower(User.nickname) == nickname.lower())
    if user is not None:
        query = query.where(User.id != user.id)
    if (await db.execute(query.limit(1))).first() is not None:
        raise AccountError("nickname_taken", t("{nickname} is the nickname of a registered player; "
                                               "choose another nickname", nickname=repr(nickname)), 409)


async def create_guest(db: AsyncSession, *, nickname: str) -> User:
    """A guest is a user row with no username or password."""
    user = User(nickname=nickname)
    db.add(user)
    await db.flush()
    return user


async def register(db: AsyncSession, *, username: str, password_hash: str, nickname: str | None = None,
                   guest: User | None = None) -> User:
    """Register an account; a guest who registers keeps their seats (the same row gets a password)."""
    if await username_taken(db, username):
        raise AccountError("username_taken", t("the username {username} is taken", username=repr(username)))
    user = guest if guest is not None and guest.username is None else User(nickname=nickname or username)
    user.username = username
    user.password_hash = password_hash
    if nickname:
        user.nickname = nickname
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:  # another registration of the same name committed first (a race)
        await db.rollback()
        raise AccountError("username_taken", t("the username {username} is taken", username=repr(username))) from None
    return user


async def username_taken(db: AsyncSession, username: str) -> bool:
    return (await db.execute(select(User.id).where(User.username == username))).first() is not None


async def find_account(db: AsyncSession, *, username: str) -> User | None:
    user = (await db.execute(select(User).where(User.username == username))).scalar_one_or_none()
    return user if user is not None and user.password_hash is not None else None


async def get_user(db: AsyncSession, *, user_id: int) -> User | None:
    return await db.get(User, user_id)


# ---- sessions ---------------------------------------------------------------------------------------------

def session_id(token: str) -> str:
    """The stored id of a cookie's token: its SHA-256, so the database alone does not sign anyone in."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


async def open_session(db: AsyncSession, *, user: User) -> str:
    """A new session for `user`; returns the token the cookie carries."""
    token = secrets.token_urlsafe(32)
    db.add(UserSession(id=session_id(token), user_id=user.id))
    await db.flush()
    return token


async def session_user(db: AsyncSession, *, token: str, idle_seconds: int) -> tuple[User | None, bool]:
    """The user a live session belongs to (None for an ended, unknown or idle-expired session, which is deleted),
    and whether its last use was written now (then the caller renews the cookie too)."""
    # The session and its user in one statement: every page and socket handshake asks this first.
    found = (await db.execute(select(UserSession, User).join(User, User.id == UserSession.user_id)
                              .where(UserSession.id == session_id(token)))).first()
    if found is None:
        return None, False
    row, user = found
    now = utcnow()
    seen = row.seen_at if row.seen_at.tzinfo else row.seen_at.replace(tzinfo=now.tzinfo)  # SQLite drops the zone
    if now - seen > timedelta(seconds=idle_seconds):
        await db.delete(row)
        await db.commit()
        return None, False
    touched = now - seen > min(TOUCH_EVERY, timedelta(seconds=idle_seconds / 10))
    if touched:
        row.seen_at = now
        await db.commit()
    return user, touched


async def end_session(db: AsyncSession, *, token: str) -> list[str]:
    sid = session_id(token)
    await db.execute(delete(UserSession).where(UserSession.id == sid))
    return [sid]


async def end_all_sessions(db: AsyncSession, *, user_id: int) -> list[str]:
    """Delete every session of a user; returns their ids so open sockets can be closed too."""
    ids = list((await db.execute(select(UserSession.id).where(UserSession.user_id == user_id))).scalars())
    await db.execute(delete(UserSession).where(UserSession.user_id == user_id))
    return ids
