"""The keys that sign session cookies, kept in the database so every instance signs with the same ones.

Nothing to configure: the first instance that starts on an empty `signing_keys` table writes the first key (as
id 1, so a second instance starting at the same moment loses the insert and reads the winner's key), and every
restart, upgrade or added instance finds it there. A backup of the database carries it along. `SECRET_KEY`, when
set, overrides the table; SECRET_KEY_PREVIOUS then names the keys it replaced, which still verify.

Rotation (`python -m app.accounts.keys rotate`) adds a key. Instances re-read the table every KEY_REFRESH_S; a new
key verifies at once but signs only after two refresh periods, when every instance knows it, and a cookie signed
with an older key is signed again with the current one on its next request. A replaced key keeps verifying for
SESSION_IDLE_SECONDS (a session unused for that long has ended anyway), so a routine rotation signs nobody out;
`rotate --forget-previous` drops the older keys at once (for a key that leaked: everyone signs in again).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
from datetime import datetime, timezone
from pathlib import Path

from itsdangerous import BadSignature, TimestampSigner
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from app.db.models import SigningKey

log = logging.getLogger(__name__)

# Where earlier versions kept the key of a `make run` installation: taken over as the first key, so that upgrade
# signs nobody out.
LEGACY_KEY_FILE = Path("data") / "secret_key"


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def _epoch(moment: datetime) -> float:
    # SQLite hands back naive datetimes; they were written in UTC.
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).timestamp()


def key_ring(rows: list[tuple[str, float]], *, now: float, activation_s: float, grace_s: float) -> list[str]:
    """The secrets to verify cookies with, oldest first and the one that signs last (itsdangerous' order).

    `rows` are (secret, created at, epoch seconds), oldest first. The signing key is the newest one created at
    least `activation_s` ago (the only key if there is one); newer keys only verify, and an older key verifies
    until `grace_s` after the key that replaced it started signing.
    """
    signing = 0
    for i, (_, created) in enumerate(rows):
        if created <= now - activation_s:
            signing = i
    verify = [secret for i, (secret, _) in enumerate(rows)
              if i > signing or (i < signing and now - (rows[i + 1][1] + activation_s) < grace_s)]
    return [*verify, rows[signing][0]]


class Keys:
    """What the session middleware signs and verifies with: itsdangerous' signer methods over the current ring."""

    def __init__(self, fixed: list[str] | None = None):
        self.fixed = fixed is not None  # SECRET_KEY is set: the ring never changes
        self._all: TimestampSigner | None = None
        self._current: TimestampSigner | None = None
        if fixed:
            self.use(fixed)

    def use(self, ring: list[str]) -> None:
        self._all, self._current = TimestampSigner(ring), TimestampSigner(ring[-1])

    def _ready(self) -> tuple[TimestampSigner, TimestampSigner]:
        if self._all is None or self._current is None:
            raise RuntimeError("the signing keys are read at startup: no request is served before")
        return self._all, self._current

    def sign(self, value: bytes) -> bytes:
        return self._ready()[1].sign(value)

    def unsign(self, value: bytes, max_age: int | None = None) -> bytes:
        return self._ready()[0].unsign(value, max_age=max_age)

    def signed_with_older_key(self, value: bytes) -> bool:
        every, current = self._ready()
        try:
            current.unsign(value)
            return False
        except BadSignature:
            pass
        try:
            every.unsign(value)
            return True
        except BadSignature:
            return False


class SessionCookies(SessionMiddleware):
    """Starlette's signed-cookie sessions, signed with `Keys`; a valid cookie signed with an older key is signed
    again with the current one in the response, so its holder moves to the new key by just visiting."""

    def __init__(self, app: ASGIApp, *, keys: Keys, **options):  # noqa: ANN003 - SessionMiddleware's options
        super().__init__(app, secret_key="unused: the keys sign", **options)
        self.signer = keys  # type: ignore[assignment]  # the same sign/unsign methods
        self.keys = keys
        inner = self.app

        async def resign(scope: Scope, receive: Receive, send: Send) -> None:
            if scope.pop("boardhall.resign", False):
                scope["session"].mark_modified()
            await inner(scope, receive, send)

        self.app = resign

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            cookie = HTTPConnection(scope).cookies.get(self.session_cookie)
            if cookie and self.keys.signed_with_older_key(cookie.encode()):
                scope["boardhall.resign"] = True
        await super().__call__(scope, receive, send)


def _first_secret() -> str:
    if LEGACY_KEY_FILE.is_file():
        kept = LEGACY_KEY_FILE.read_text().strip()
        if kept:
            return kept
    return new_secret()


async def stored_keys(db: AsyncSession) -> list[tuple[str, float]]:
    """Every stored key, oldest first; on an empty table the first one is written."""
    rows = (await db.execute(select(SigningKey).order_by(SigningKey.id))).scalars().all()
    if not rows:
        db.add(SigningKey(id=1, secret=_first_secret()))
        try:
            await db.commit()
        except IntegrityError:  # another instance wrote it first: use that one
            await db.rollback()
        rows = (await db.execute(select(SigningKey).order_by(SigningKey.id))).scalars().all()
    return [(row.secret, _epoch(row.created_at)) for row in rows]


async def load(sessionmaker: async_sessionmaker, keys: Keys, *, refresh_s: float, grace_s: float) -> None:
    async with sessionmaker() as db:
        rows = await stored_keys(db)
    keys.use(key_ring(rows, now=datetime.now(timezone.utc).timestamp(), activation_s=2 * refresh_s,
                      grace_s=grace_s))


async def keep_fresh(sessionmaker: async_sessionmaker, keys: Keys, *, refresh_s: float, grace_s: float) -> None:
    """Re-read the keys every `refresh_s`: a rotation reaches every instance without a restart."""
    while True:
        await asyncio.sleep(refresh_s)
        try:
            await load(sessionmaker, keys, refresh_s=refresh_s, grace_s=grace_s)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database may be away for a moment: keep the keys we have
            log.warning("could not re-read the signing keys", exc_info=True)


async def rotate(db: AsyncSession, *, forget_previous: bool = False) -> int:
    """Add a new key (its id is returned); with `forget_previous`, delete every older key first."""
    for _ in range(5):
        last = (await db.execute(select(SigningKey.id).order_by(SigningKey.id.desc()).limit(1))).scalar()
        if forget_previous:
            await db.execute(delete(SigningKey))
        db.add(SigningKey(id=(last or 0) + 1, secret=new_secret()))
        try:
            await db.commit()
            return (last or 0) + 1
        except IntegrityError:  # a rotation at the same moment took that id: try the next
            await db.rollback()
    raise RuntimeError("could not add a signing key")


def main(argv: list[str] | None = None) -> None:
    from app.config import get_settings
    from app.db.session import make_engine, make_sessionmaker

    parser = argparse.ArgumentParser(prog="python -m app.accounts.keys", description="Session cookie keys.")
    sub = parser.add_subparsers(dest="command", required=True)
    turn = sub.add_parser("rotate", help="add a new signing key; the previous ones keep verifying for a while")
    turn.add_argument("--forget-previous", action="store_true",
                      help="delete the older keys at once: every signed-in person must sign in again")
    args = parser.parse_args(argv)
    settings = get_settings()

    async def run() -> None:
        engine = make_engine(settings.database_url)
        try:
            async with make_sessionmaker(engine)() as db:
                await rotate(db, forget_previous=args.forget_previous)
        finally:
            await engine.dispose()

    asyncio.run(run())
    if settings.secret_key:
        print("Added a key, but SECRET_KEY is set and overrides the stored keys: unset it to use them.")
    elif args.forget_previous:
        print(f"Added a key and deleted the older ones: every instance uses it within {settings.key_refresh_s:g} s; "
              "everyone must sign in again.")
    else:
        print(f"Added a key: it signs cookies in {2 * settings.key_refresh_s:g} s, once every instance has read it; "
              f"the previous key keeps verifying for {settings.session_idle_seconds // 86400} days.")


if __name__ == "__main__":
    main()
