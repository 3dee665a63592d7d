"""The replay API and page: `GET /api/tables/{id}/replay?seat=&v=` and `/tables/{id}/replay` (docs/protocol.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app import engine
from app.accounts.deps import OptionalUser, csrf_token
from app.db.deps import DbDep
from app.db.models import Table, User
from app.engine.text import t
from app.i18n import gettext, write
from app.lobby import service as lobby_service

from . import service
from .service import ReplayError

router = APIRouter()
STATIC = Path(__file__).resolve().parent.parent.parent / "static"


async def _watchable(request: Request, db, table_id: str, user: User | None, invite: str | None) -> Table:  # noqa: ANN001
    table = await lobby_service.get_table(db, table_id=table_id)
    if table is None:
        raise ReplayError("no_table", t("there is no table {table}", table=repr(table_id)), 404)
    seats = await lobby_service.seats_of(db, table_id=table_id)
    if not await service.may_watch(db, table, seats, user, invite, request.session.get("invites", [])):
        raise ReplayError("private_table", t("this table is private: its replay is for its players and invite "
                                             "holders"), 403)
    return table


def _version(v: str | None, last: int) -> int:
    if v in (None, "", "last"):
        return last
    if not (v.isascii() and v.isdigit() and len(v) <= 9):
        raise ReplayError("bad_version", t("the version must be a number from 0 to {last}, not {version}", last=last,
                                          version=repr(v)), 400)
    return int(v)


@router.get("/api/tables/{table_id}/replay", tags=["replays"])
async def replay(table_id: str, request: Request, db: DbDep, user: OptionalUser, seat: str | None = None,
                 v: str | None = None, invite: str | None = None) -> dict[str, Any]:
    """One version of a finished game from one seat's point of view ("spectator", a seat from 0, or "open")."""
    table = await _watchable(request, db, table_id, user, invite)
    line = await service.timeline(db, table)
    audience = service.parse_audience(seat, line.num_players)
    public = await lobby_service.public_table(db, table=table, with_invite=False)
    return {"table_id": table.id, "game": table.game_id,
            "players": [{"seat": s.index, "name": s.name, "bot": s.bot, "level": s.level, "user_id": s.user_id}
                        for s in public.seats],
            **service.frame(line, audience, _version(v, line.last_version))}


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(table_id: str, request: Request, db: DbDep, user: OptionalUser,
                      invite: str | None = None) -> HTMLResponse:
    templates = request.app.state.templates

    def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, {"csrf": csrf_token(request), "user": user, **context},
                                          status_code=status)

    try:
        table = await _watchable(request, db, table_id, user, invite)
        line = await service.timeline(db, table)
    except ReplayError as exc:
        return page("lobby/missing.html", status=exc.status, message={
            "no_table": gettext("There is no such table."),
            "private_table": gettext("This table is private: its replay is for its players and those with the invite "
                                     "link."),
            "not_finished": gettext("This game is still being played. Its replay opens once it is over."),
        }.get(exc.code) or write(exc.say or exc.message))
    game = engine.get(table.game_id)
    return page("replays/replay.html", table=table, game=game, invite=invite or "", last_version=line.last_version,
                has_css=(STATIC / "games" / f"{table.game_id}.css").exists())
