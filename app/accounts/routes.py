"""Session (guest nickname), register, login, logout, password change: JSON API and the HTML forms that use the
same services. Every sign-in starts a new server-side session; every sign-out ends it, sockets included."""

from __future__ import annotations

import math
from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import RedirectResponse

from app.engine.text import Text, t
from app.errors import HallError, refusal, refusal_detail
from app.db.deps import DbDep

from . import service
from .deps import CurrentUser, OptionalUser, client_address, session_token, sign_in
from .passwords import HasherBusy, password_problem
from .schemas import LoginCreate, PasswordChange, RegisterCreate, SessionCreate, UserEnvelope, UserPublic

router = APIRouter()


def _public(user) -> UserPublic:  # noqa: ANN001
    return UserPublic(id=user.id, nickname=user.nickname, registered=user.username is not None)


def _too_many(code: str, message: Text, wait: float) -> HTTPException:
    seconds = max(1, math.ceil(wait))
    return HTTPException(status_code=429, headers={"Retry-After": str(seconds)},
                         detail={**refusal_detail(code, t("{problem}; try again in {seconds} s", problem=message,
                                                          seconds=seconds)),
                                 "retry_after": seconds})


def _busy() -> HTTPException:
    return HTTPException(status_code=503, headers={"Retry-After": "2"},
                         detail={**refusal_detail("busy", t("too many sign-ins at once; try again in a moment")),
                                 "retry_after": 2})


def _login_keys(request: Request, username: str) -> list[str]:
    return [f"user:{username.lower()}", f"addr:{client_address(request)}"]


def _check_backoff(request: Request, keys: list[str]) -> None:
    wait = max(request.app.state.login_backoff.wait(k) for k in keys)
    if wait > 0:
        raise _too_many("too_many_attempts", t("too many failed attempts"), wait)


async def _sessions_ended(request: Request, ended: list[str]) -> None:
    if ended:
        await request.app.state.hub.sessions_ended(ended)


async def _nickname_free(db, user, nickname: str) -> None:  # noqa: ANN001
    """Refuse a nickname a registered player holds, or one someone at the user's tables already uses."""
    if user is None or user.nickname != nickname:
        await service.check_nickname_reserved(db, user=user, nickname=nickname)
    if user is not None and user.nickname != nickname:
        await service.check_nickname_free(db, user=user, nickname=nickname)


@router.post("/api/session", response_model=UserEnvelope, tags=["accounts"])
async def create_session(body: SessionCreate, request: Request, db: DbDep, user: OptionalUser) -> UserEnvelope:
    """Play as a guest with this nickname (an existing session just renames)."""
    if user is None:
        wait = request.app.state.guest_window.hit(client_address(request))
        if wait > 0:
            raise _too_many("too_many_guests", t("too many new guests from your address"), wait)
        await _nickname_free(db, None, body.nickname)
        user = await service.create_guest(db, nickname=body.nickname)
        ended = await sign_in(request, db, user)
    else:
        await _nickname_free(db, user, body.nickname)
        user.nickname = body.nickname
        ended = []
    await db.commit()
    await _sessions_ended(request, ended)
    return UserEnvelope(user=_public(user))


@router.get("/api/me", response_model=UserEnvelope, tags=["accounts"])
async def me(user: CurrentUser) -> UserEnvelope:
    return UserEnvelope(user=_public(user))


@router.post("/api/register", response_model=UserEnvelope, tags=["accounts"])
async def register(body: RegisterCreate, request: Request, db: DbDep, user: OptionalUser) -> UserEnvelope:
    """Register an account; a signed-in guest becomes that account and keeps their tables."""
    settings = request.app.state.settings
    address_key = f"addr:{client_address(request)}"
    _check_backoff(request, [address_key])
    problem = password_problem(body.password, username=body.username, min_length=settings.password_min_length)
    if problem:
        raise refusal(400, "weak_password", problem)
    if await service.username_taken(db, body.username):
        # Telling a name is taken is unavoidable; counting it as a failure keeps anyone from listing names quickly.
        request.app.state.login_backoff.fail(address_key)
        raise refusal(409, "username_taken", t("the username {username} is taken", username=repr(body.username)))
    if body.nickname:
        await _nickname_free(db, user, body.nickname)
    # Registering reserves the nickname kept (a guest's own, or the username): it must not be another's already.
    guest = user if user is not None and user.username is None else None
    kept = body.nickname or (guest.nickname if guest is not None else body.username)
    await service.check_nickname_reserved(db, user=guest, nickname=kept)
    try:
        password_hash = await request.app.state.hashing.hash(body.password)
    except HasherBusy:
        raise _busy() from None
    try:
        user = await service.register(db, username=body.username, password_hash=password_hash,
                                      nickname=body.nickname, guest=user)
    except service.AccountError:
        request.app.state.login_backoff.fail(address_key)
        raise
    ended = await sign_in(request, db, user)  # a new session: the guest cookie from before stops working
    await db.commit()
    await _sessions_ended(request, ended)
    return UserEnvelope(user=_public(user))


@router.post("/api/login", response_model=UserEnvelope, tags=["accounts"])
async def login(body: LoginCreate, request: Request, db: DbDep) -> UserEnvelope:
    """Unknown usernames and wrong passwords get the same answer in the same time; failures are throttled per
    username and per address (429 `too_many_attempts` with `retry_after`)."""
    keys = _login_keys(request, body.username)
    _check_backoff(request, keys)
    account = await service.find_account(db, username=body.username)
    try:
        ok, rehashed = await request.app.state.hashing.verify(account.password_hash if account else None,
                                                              body.password)
    except HasherBusy:
        raise _busy() from None
    if not ok:
        for key in keys:
            request.app.state.login_backoff.fail(key)
        raise refusal(401, "bad_credentials", t("unknown username or wrong password"))
    request.app.state.login_backoff.succeed(keys[0])
    if rehashed:
        account.password_hash = rehashed
    ended = await sign_in(request, db, account)
    await db.commit()
    await _sessions_ended(request, ended)
    return UserEnvelope(user=_public(account))


@router.post("/api/logout", tags=["accounts"])
async def logout(request: Request, db: DbDep) -> dict:
    """End this session: every copy of the cookie stops working and its open sockets close."""
    token = session_token(request)
    ended = await service.end_session(db, token=token) if token else []
    await db.commit()
    request.session.clear()
    await _sessions_ended(request, ended)
    return {"ok": True}


@router.post("/api/logout-everywhere", tags=["accounts"])
async def logout_everywhere(request: Request, db: DbDep, user: CurrentUser) -> dict:
    """End every session of this account (other browsers, a cookie someone copied), this one included."""
    ended = await service.end_all_sessions(db, user_id=user.id)
    await db.commit()
    request.session.clear()
    await _sessions_ended(request, ended)
    return {"ok": True, "ended": len(ended)}


@router.post("/api/password", response_model=UserEnvelope, tags=["accounts"])
async def change_password(body: PasswordChange, request: Request, db: DbDep, user: CurrentUser) -> UserEnvelope:
    """Change the password (the current one is asked again); every other session ends, this one is renewed."""
    if user.password_hash is None:
        raise refusal(409, "not_registered", t("guests have no password"))
    keys = _login_keys(request, user.username)
    _check_backoff(request, keys)
    problem = password_problem(body.new_password, username=user.username,
                               min_length=request.app.state.settings.password_min_length)
    if problem:
        raise refusal(400, "weak_password", problem)
    try:
        ok, _ = await request.app.state.hashing.verify(user.password_hash, body.password)
        new_hash = await request.app.state.hashing.hash(body.new_password) if ok else None
    except HasherBusy:
        raise _busy() from None
    if not ok:
        for key in keys:
            request.app.state.login_backoff.fail(key)
        raise refusal(401, "bad_credentials", t("wrong password"))
    user.password_hash = new_hash
    ended = await service.end_all_sessions(db, user_id=user.id)
    request.session.pop("sid", None)
    await sign_in(request, db, user)
    await db.commit()
    await _sessions_ended(request, ended)
    return UserEnvelope(user=_public(user))


# ---- HTML forms (CSRF token checked by the form middleware in app.web) ----------------------------

@router.post("/forms/session", include_in_schema=False)
async def form_session(request: Request, db: DbDep, user: OptionalUser,
                       nickname: Annotated[str, Form()], next: Annotated[str, Form()] = "/") -> RedirectResponse:
    try:
        body = SessionCreate(nickname=nickname)
        await create_session(body, request, db, user)
    except (ValueError, HTTPException, HallError):
        return RedirectResponse(_safe_next(next) + _sep(next) + "error=nickname", status_code=303)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/forms/register", include_in_schema=False)
async def form_register(request: Request, db: DbDep, user: OptionalUser, username: Annotated[str, Form()],
                        password: Annotated[str, Form()], next: Annotated[str, Form()] = "/") -> RedirectResponse:
    try:
        body = RegisterCreate(username=username, password=password)
        await register(body, request, db, user)
    except (ValueError, HTTPException, HallError):
        return RedirectResponse("/account?error=register", status_code=303)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/forms/login", include_in_schema=False)
async def form_login(request: Request, db: DbDep, username: Annotated[str, Form()],
                     password: Annotated[str, Form()], next: Annotated[str, Form()] = "/") -> RedirectResponse:
    try:
        await login(LoginCreate(username=username, password=password), request, db)
    except (ValueError, HTTPException, HallError):
        return RedirectResponse("/account?error=login", status_code=303)
    return RedirectResponse(_safe_next(next), status_code=303)


@router.post("/forms/logout", include_in_schema=False)
async def form_logout(request: Request, db: DbDep) -> RedirectResponse:
    await logout(request, db)
    return RedirectResponse("/", status_code=303)


@router.post("/forms/logout-everywhere", include_in_schema=False)
async def form_logout_everywhere(request: Request, db: DbDep, user: OptionalUser) -> RedirectResponse:
    if user is not None:
        await logout_everywhere(request, db, user)
    return RedirectResponse("/account?done=everywhere", status_code=303)


@router.post("/forms/password", include_in_schema=False)
async def form_password(request: Request, db: DbDep, user: OptionalUser, password: Annotated[str, Form()],
                        new_password: Annotated[str, Form()]) -> RedirectResponse:
    if user is None:
        return RedirectResponse("/account", status_code=303)
    try:
        await change_password(PasswordChange(password=password, new_password=new_password), request, db, user)
    except HTTPException as exc:  # the page words each code itself: nothing from the URL is shown as text
        code = exc.detail.get("code", "") if isinstance(exc.detail, dict) else ""
        return RedirectResponse(f"/account?error=password&why={code}", status_code=303)
    except ValueError:
        return RedirectResponse("/account?error=password", status_code=303)
    return RedirectResponse("/account?done=password", status_code=303)


def _safe_next(target: str) -> str:
    """Only local paths, so a crafted link cannot send someone elsewhere after signing in."""
    return target if target.startswith("/") and not target.startswith("//") else "/"


def _sep(target: str) -> str:
    return "&" if "?" in target else "?"
