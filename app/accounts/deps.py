"""Who is asking: the user of the live server-side session the signed cookie names."""

from __future__ import annotations

import secrets
import time
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from app.db.deps import DbDep
from app.db.models import User
from app.engine.text import t
from app.errors import refusal
from app.i18n.web import use_language

from . import service


def session_token(conn: HTTPConnection) -> str | None:
    token = conn.session.get("sid")
    return token if isinstance(token, str) and 0 < len(token) <= 64 else None


def client_address(conn: HTTPConnection) -> str:
    """The peer's address (uvicorn puts the proxy's X-Forwarded-For here when the proxy is trusted)."""
    return conn.client.host if conn.client else "unknown"


async def connection_user(conn: HTTPConnection, db: AsyncSession) -> User | None:
    """The signed-in user of a request or websocket handshake; an ended or expired session signs out."""
    token = session_token(conn)
    if token is None:
        return None
    user, touched = await service.session_user(db, token=token,
                                               idle_seconds=conn.app.state.settings.session_idle_seconds)
    if user is None:
        conn.session.pop("sid", None)
    elif touched:
        # A changed session is signed and sent again: the cookie's own expiry (the idle time) starts over too.
        conn.session["seen"] = int(time.time())
    if user is not None and user.username is not None:
        await _remember_language(conn, db, user)
    return user


async def _remember_language(conn: HTTPConnection, db: AsyncSession, user: User) -> None:
    """An account keeps the language last chosen with `?lang=`; a browser without a choice of its own gets it."""
    state = conn.scope.setdefault("state", {})
    asked = state.get("lang_asked")
    if asked and asked != user.lang:
        user.lang = asked
        await db.commit()
    elif not asked and not state.get("lang_cookie") and user.lang:
        use_language(state, user.lang)


async def sign_in(request: Request, db: AsyncSession, user: User) -> list[str]:
    """Start a fresh session for `user` (a new token every time: a cookie copied before cannot follow the
    sign-in) and end the one the cookie held. Returns the ended session ids, whose sockets must close."""
    ended = []
    old = session_token(request)
    if old is not None:
        ended = await service.end_session(db, token=old)
    request.session["sid"] = await service.open_session(db, user=user)
    if user.lang:
        use_language(request.scope.setdefault("state", {}), user.lang)
    request.session["csrf"] = secrets.token_urlsafe(16)
    return ended


def csrf_token(request: Request) -> str:
    """The session's token for HTML forms (double submit: the form echoes what the signed cookie holds)."""
    return request.session.setdefault("csrf", secrets.token_urlsafe(16))


async def optional_user(request: Request, db: DbDep) -> User | None:
    return await connection_user(request, db)


async def current_user(user: Annotated[User | None, Depends(optional_user)]) -> User:
    if user is None:
        raise refusal(401, "not_signed_in", t("choose a nickname first (POST /api/session)"))
    return user


OptionalUser = Annotated[User | None, Depends(optional_user)]
CurrentUser = Annotated[User, Depends(current_user)]
