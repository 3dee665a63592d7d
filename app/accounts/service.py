"""Creating and finding users; passwords hashed with argon2."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import VerificationError, InvalidHashError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import User

_hasher = PasswordHasher()


class AccountError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


async def create_guest(db: AsyncSession, *, nickname: str) -> User:
    """A guest is a user row with no username or password."""
    user = User(nickname=nickname)
    db.add(user)
    await db.flush()
    return user


async def register(db: AsyncSession, *, username: str, password: str, nickname: str | None = None,
                   guest: User | None = None) -> User:
    """Register an account; a guest who registers keeps their seats (the same row gets a password)."""
    if (await db.execute(select(User.id).where(User.username == username))).first():
        raise AccountError("username_taken", f"the username {username!r} is taken")
    user = guest if guest is not None and guest.username is None else User(nickname=nickname or username)
    user.username = username
    user.password_hash = _hasher.hash(password)
    if nickname:
        user.nickname = nickname
    db.add(user)
    await db.flush()
    return user


async def authenticate(db: AsyncSession, *, username: str, password: str) -> User:
    user = (await db.execute(select(User).where(User.username == username))).scalar_one_or_none()
    if user is None or user.password_hash is None:
        raise AccountError("bad_credentials", "unknown username or wrong password")
    try:
        _hasher.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise AccountError("bad_credentials", "unknown username or wrong password") from None
    return user


async def get_user(db: AsyncSession, *, user_id: int) -> User | None:
    return await db.get(User, user_id)
