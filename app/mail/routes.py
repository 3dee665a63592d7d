"""Email: the API (docs/protocol.md), the account page's forms, and the pages the emails' links open."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from app import engine
from app.accounts.deps import CurrentUser, OptionalUser, csrf_token
from app.db.deps import DbDep
from app.db.models import User
from app.engine.text import t
from app.errors import refusal
from app.i18n import gettext

from . import service, tokens
from .schemas import AddressSet, Choice, EmailState
from .worker import configured

router = APIRouter()
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


async def _state(request: Request, db, user: User) -> EmailState:  # noqa: ANN001
    row = await service.address_of(db, user.id) if user.username else None
    return EmailState(**{"sending": configured(request.app.state.settings), "registered": user.username is not None,
            "address": row.address if row else None, "verified": bool(row and row.verified_at),
            "preferences": await service.preferences(db, user.id), "tables": await service.table_choices(db, user.id),
            "every_minutes": request.app.state.settings.mail_every_minutes})


def _table_id(table_id: str) -> str:
    """Table ids are short and plain; anything else names no table of yours (and never reaches the database)."""
    if not TABLE_ID.fullmatch(table_id):
        raise refusal(404, "not_seated", t("you have no seat at that table"))
    return table_id


def _registered(user: User) -> None:
    if user.username is None:
        raise refusal(409, "not_registered", t("guests cannot receive email: register first"))


@router.get("/api/me/email", response_model=EmailState, tags=["email"])
async def get_email(request: Request, db: DbDep, user: CurrentUser) -> EmailState:
    """Your address (only you see it), whether it is verified, and what you hear about."""
    return await _state(request, db, user)


@router.put("/api/me/email", response_model=EmailState, tags=["email"])
async def put_email(body: AddressSet, request: Request, db: DbDep, user: CurrentUser) -> EmailState:
    """Set your address (registered players only); an email with a verification link is sent to it."""
    _registered(user)
    if not configured(request.app.state.settings):
        raise refusal(409, "email_off", t("this server does not send email"))
    await service.set_address(db, user, body.address)
    await db.commit()
    return await _state(request, db, user)


@router.delete("/api/me/email", response_model=EmailState, tags=["email"])
async def delete_email(request: Request, db: DbDep, user: CurrentUser) -> EmailState:
    """Remove your address: it is deleted, and nothing more is sent to it."""
    await service.remove_address(db, user.id)
    await db.commit()
    return await _state(request, db, user)


@router.put("/api/me/email/preferences", response_model=EmailState, tags=["email"])
async def put_preferences(body: Choice, request: Request, db: DbDep, user: CurrentUser) -> EmailState:
    """Your default: email when it is your turn, when a game ends, when a friend invites you."""
    await service.set_preferences(db, user, body.model_dump(exclude_none=True))
    await db.commit()
    return await _state(request, db, user)


@router.put("/api/me/email/preferences/{table_id}", response_model=EmailState, tags=["email"])
async def put_table_preferences(table_id: str, body: Choice, request: Request, db: DbDep,
                                user: CurrentUser) -> EmailState:
    """One table's own choice (a table where you have a seat), which overrides your default there."""
    await service.set_preferences(db, user, body.model_dump(exclude_none=True), table_id=_table_id(table_id))
    await db.commit()
    return await _state(request, db, user)


@router.delete("/api/me/email/preferences/{table_id}", response_model=EmailState, tags=["email"])
async def delete_table_preferences(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> EmailState:
    """That table follows your default again."""
    await service.clear_table_preferences(db, user.id, _table_id(table_id))
    await db.commit()
    return await _state(request, db, user)


# ---- the links in emails ---------------------------------------------------------------------------------

def _page(request: Request, user: User | None, **context) -> HTMLResponse:  # noqa: ANN003
    return request.app.state.templates.TemplateResponse(request, "mail/link.html",
                                                        {"csrf": csrf_token(request), "user": user, **context})


@router.get("/mail/verify", response_class=HTMLResponse, include_in_schema=False)
async def verify_link(request: Request, db: DbDep, user: OptionalUser, token: str = "") -> HTMLResponse:
    data = tokens.read(request.app.state.keys, token, tokens.VERIFY, max_age=tokens.VERIFY_MAX_AGE_S)
    ok = data is not None and await service.verify(db, data["u"], str(data.get("a", "")))
    await db.commit()
    response = _page(request, user, outcome="verified" if ok else "bad_link")
    response.status_code = 200 if ok else 400
    return response


@router.get("/mail/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe_page(request: Request, user: OptionalUser, token: str = "") -> HTMLResponse:
    """The unsubscribe link shows one button (a mail scanner opening links must not unsubscribe anyone)."""
    ok = tokens.read(request.app.state.keys, token, tokens.UNSUBSCRIBE) is not None
    response = _page(request, user, outcome="confirm" if ok else "bad_link", token=token)
    response.status_code = 200 if ok else 400
    return response


@router.post("/mail/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe(request: Request, db: DbDep, user: OptionalUser, token: str = "") -> HTMLResponse:
    """The button, and mail programs' one-click unsubscribe (RFC 8058: List-Unsubscribe-Post)."""
    data = tokens.read(request.app.state.keys, token, tokens.UNSUBSCRIBE)
    if data is not None:
        await service.unsubscribe(db, data["u"])
        await db.commit()
    response = _page(request, user, outcome="unsubscribed" if data else "bad_link")
    response.status_code = 200 if data else 400
    return response


# ---- the account page's forms (CSRF checked in app.web) -------------------------------------------------

@router.post("/forms/email", include_in_schema=False)
async def form_email(request: Request, db: DbDep, user: OptionalUser,
                     address: Annotated[str, Form()] = "") -> RedirectResponse:
    if user is None:
        return RedirectResponse("/account", status_code=303)
    try:
        await put_email(AddressSet(address=address[:320]), request, db, user)
    except HTTPException as exc:
        code = exc.detail.get("code", "") if isinstance(exc.detail, dict) else ""
        return RedirectResponse(f"/account?error=email&why={code}#email", status_code=303)
    return RedirectResponse("/account?done=email_sent#email", status_code=303)


@router.post("/forms/email/remove", include_in_schema=False)
async def form_email_remove(request: Request, db: DbDep, user: OptionalUser) -> RedirectResponse:
    if user is not None:
        await delete_email(request, db, user)
    return RedirectResponse("/account?done=email_removed#email", status_code=303)


@router.post("/forms/email/preferences", include_in_schema=False)
async def form_preferences(request: Request, db: DbDep, user: OptionalUser) -> RedirectResponse:
    if user is None or user.username is None:
        return RedirectResponse("/account", status_code=303)
    form = await request.form()
    await put_preferences(Choice(**{k: k in form for k in service.KINDS}), request, db, user)
    return RedirectResponse("/account?done=email_preferences#email", status_code=303)


@router.post("/forms/email/table", include_in_schema=False)
async def form_table_preferences(request: Request, db: DbDep, user: OptionalUser) -> RedirectResponse:
    """One table's own choice from the account page, or (`default`) back to the default."""
    if user is None or user.username is None:
        return RedirectResponse("/account", status_code=303)
    form = await request.form()
    table_id = str(form.get("table", ""))
    try:
        if "default" in form:
            await delete_table_preferences(table_id, request, db, user)
        else:
            await put_table_preferences(table_id, Choice(turn="turn" in form, finished="finished" in form), request,
                                        db, user)
    except HTTPException:
        return RedirectResponse("/account?error=email#email", status_code=303)
    return RedirectResponse("/account?done=email_preferences#email-tables", status_code=303)


async def account_section(request: Request, db, user: User | None) -> dict:  # noqa: ANN001
    """What the account page shows of email (app/main.py hands it to the page)."""
    if user is None:
        return {}
    tables = await service.turn_based_tables(db, user.id) if user.username else []
    for table in tables:
        game = engine.get(table["game_id"])
        table["title"] = gettext(game.title) if game else table["game_id"]
    return {"email": await _state(request, db, user), "email_tables": tables}
