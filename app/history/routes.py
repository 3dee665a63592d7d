"""Each player's page: finished games with their results and replay links, ratings per game, and (on one's own
page) whether to see ratings next to names. `/users/{id}` and `GET /api/users/{id}/history` (docs/protocol.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict

from app.accounts.deps import CurrentUser, OptionalUser, csrf_token
from app.db.deps import DbDep
from app.db.models import User
from app.engine.text import t
from app.errors import HallError
from app.i18n import gettext
from app.web import PathInt, fits_db_int

from . import service

router = APIRouter()


class HistoryError(HallError):
    status = 404


class Preferences(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "no" or 0 is not a yes-or-no answer
    show_ratings: bool


async def _user(db, user_id: int) -> User:  # noqa: ANN001
    found = await db.get(User, user_id)
    if found is None:
        raise HistoryError("no_user", t("there is no player {user}", user=user_id))
    return found


@router.get("/api/users/{user_id}/history", tags=["history"])
async def history(user_id: PathInt, request: Request, db: DbDep, viewer: OptionalUser) -> dict[str, Any]:
    """A player's finished games (newest first) and ratings. Private tables are listed only to their players."""
    await service.settle_missing(request.app.state.sessionmaker, user_id)  # before this session's first read
    person = await _user(db, user_id)
    games = await service.games_of(db, user_id, viewer)
    return {"user": {"id": person.id, "nickname": person.nickname, "registered": person.username is not None},
            "games": [g.to_json() for g in games], "ratings": await service.ratings_of(db, user_id)}


@router.post("/api/me/preferences", tags=["history"])
async def set_preferences(body: Preferences, db: DbDep, user: CurrentUser) -> dict[str, Any]:
    user.show_ratings = body.show_ratings
    await db.commit()
    return {"show_ratings": user.show_ratings}


@router.post("/forms/preferences", include_in_schema=False)
async def form_preferences(db: DbDep, user: OptionalUser,
                           show_ratings: Annotated[str | None, Form()] = None) -> RedirectResponse:
    if user is None:
        return RedirectResponse("/account", status_code=303)
    user.show_ratings = show_ratings == "on"
    await db.commit()
    return RedirectResponse(f"/users/{user.id}", status_code=303)


@router.get("/users/{user_id}", response_class=HTMLResponse, include_in_schema=False)
async def user_page(user_id: int, request: Request, db: DbDep, viewer: OptionalUser) -> HTMLResponse:
    templates = request.app.state.templates
    # An id beyond the database's integers names nobody (the driver would raise OverflowError on it).
    if fits_db_int(user_id):
        await service.settle_missing(request.app.state.sessionmaker, user_id)  # before this session's first read
    person = await db.get(User, user_id) if fits_db_int(user_id) else None
    if person is None:
        return templates.TemplateResponse(request, "lobby/missing.html", {"user": viewer, "csrf": csrf_token(request),
                                                                          "message": gettext("There is no such player.")},
                                          status_code=404)
    games = await service.games_of(db, user_id, viewer)
    return templates.TemplateResponse(request, "history/user.html", {
        "user": viewer, "csrf": csrf_token(request), "person": person, "games": games,
        "ratings": await service.ratings_of(db, user_id), "own": viewer is not None and viewer.id == person.id})
