"""Who is asking: the user in the signed session cookie."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from starlette.requests import HTTPConnection

from app.db.deps import DbDep
from app.db.models import User

from . import service


def session_user_id(conn: HTTPConnection) -> int | None:
    uid = conn.session.get("uid")
    return uid if isinstance(uid, int) else None


def sign_in(request: Request, user: User) -> None:
    request.session["uid"] = user.id
    request.session.setdefault("csrf", secrets.token_urlsafe(16))


def csrf_token(request: Request) -> str:
    """The session's token for HTML forms (double submit: the form echoes what the signed cookie holds)."""
    return request.session.setdefault("csrf", secrets.token_urlsafe(16))


async def optional_user(request: Request, db: DbDep) -> User | None:
    uid = session_user_id(request)
    return await service.get_user(db, user_id=uid) if uid is not None else None


async def current_user(user: Annotated[User | None, Depends(optional_user)]) -> User:
    if user is None:
        raise HTTPException(status_code=401, detail={"code": "not_signed_in",
                                                     "message": "choose a nickname first (POST /api/session)"})
    return user


OptionalUser = Annotated[User | None, Depends(optional_user)]
CurrentUser = Annotated[User, Depends(current_user)]
