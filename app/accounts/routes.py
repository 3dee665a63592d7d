"""Session (guest nickname), register, login, logout: JSON API and the HTML forms that use the same services."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import RedirectResponse

from app.db.deps import DbDep

from . import service
from .deps import CurrentUser, OptionalUser, sign_in
from .schemas import LoginCreate, RegisterCreate, SessionCreate, UserEnvelope, UserPublic

router = APIRouter()


def _public(user) -> UserPublic:  # noqa: ANN001
    return UserPublic(id=user.id, nickname=user.nickname, registered=user.username is not None)


@router.post("/api/session", response_model=UserEnvelope, tags=["accounts"])
async def create_session(body: SessionCreate, request: Request, db: DbDep, user: OptionalUser) -> UserEnvelope:
    """Play as a guest with this nickname (an existing guest session just renames)."""
    if user is None:
        user = await service.create_guest(db, nickname=body.nickname)
    else:
        user.nickname = body.nickname
    await db.commit()
    sign_in(request, user)
    return UserEnvelope(user=_public(user))


@router.get("/api/me", response_model=UserEnvelope, tags=["accounts"])
async def me(user: CurrentUser) -> UserEnvelope:
    return UserEnvelope(user=_public(user))


@router.post("/api/register", response_model=UserEnvelope, tags=["accounts"])
async def register(body: RegisterCreate, request: Request, db: DbDep, user: OptionalUser) -> UserEnvelope:
    """Register an account; a signed-in guest becomes that account and keeps their tables."""
    try:
        user = await service.register(db, username=body.username, password=body.password,
                                      nickname=body.nickname, guest=user)
    except service.AccountError as exc:
        raise HTTPException(status_code=409, detail={"code": exc.code, "message": exc.message}) from None
    await db.commit()
    sign_in(request, user)
    return UserEnvelope(user=_public(user))


@router.post("/api/login", response_model=UserEnvelope, tags=["accounts"])
async def login(body: LoginCreate, request: Request, db: DbDep) -> UserEnvelope:
    try:
        user = await service.authenticate(db, username=body.username, password=body.password)
    except service.AccountError as exc:
        raise HTTPException(status_code=401, detail={"code": exc.code, "message": exc.message}) from None
    sign_in(request, user)
    return UserEnvelope(user=_public(user))


@router.post("/api/logout", tags=["accounts"])
async def logout(request: Request) -> dict:
    request.session.clear()
    return {"ok": True}


# ---- HTML forms (CSRF token checked by the form middleware in app.web) ----------------------------

@router.post("/forms/session", include_in_schema=False)
async def form_session(request: Request, db: DbDep, user: OptionalUser,
                       nickname: Annotated[str, Form()], next: Annotated[str, Form()] = "/") -> RedirectResponse:
    try:
        body = SessionCreate(nickname=nickname)
    except ValueError:
        return RedirectResponse(_safe_next(next) + _sep(next) + "error=nickname", status_code=303)
    await create_session(body, request, db, user)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/forms/register", include_in_schema=False)
async def form_register(request: Request, db: DbDep, user: OptionalUser, username: Annotated[str, Form()],
                        password: Annotated[str, Form()], next: Annotated[str, Form()] = "/") -> RedirectResponse:
    try:
        body = RegisterCreate(username=username, password=password)
        await register(body, request, db, user)
    except (ValueError, HTTPException):
        return RedirectResponse("/account?error=register", status_code=303)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/forms/login", include_in_schema=False)
async def form_login(request: Request, db: DbDep, username: Annotated[str, Form()],
                     password: Annotated[str, Form()], next: Annotated[str, Form()] = "/") -> RedirectResponse:
    try:
        await login(LoginCreate(username=username, password=password), request, db)
    except (ValueError, HTTPException):
        return RedirectResponse("/account?error=login", status_code=303)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/forms/logout", include_in_schema=False)
async def form_logout(request: Request) -> RedirectResponse:
    request.session.clear()
    return RedirectResponse("/", status_code=303)


def _safe_next(target: str) -> str:
    """Only local paths, so a crafted link cannot send someone elsewhere after signing in."""
    return target if target.startswith("/") and not target.startswith("//") else "/"


def _sep(target: str) -> str:
    return "&" if "?" in target else "?"
