"""Tournament JSON API and pages. Work is in service; every change may complete a round, so it advances after."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, PlainTextResponse

from app import engine
from app.accounts.deps import CurrentUser, OptionalUser, client_address, csrf_token
from app.db.deps import DbDep
from app.db.models import Tournament, User
from app.engine import text  # text.t, not t: `t` is the tournament throughout this module
from app.errors import refusal
from app.i18n import gettext, write
from app.lobby import texts as lobby_texts
from app.web import PathInt

from . import service
from .schemas import BotsBody, CloseTableBody, InviteBody, TournamentCreate, TournamentCreated
from .standings import csv_text, standings

router = APIRouter()


async def _visible(request: Request, db, tournament_id: str, user: User | None,  # noqa: ANN001
                   invite: str | None = None) -> Tournament:
    t = await service.get_or_raise(db, tournament_id=tournament_id)
    known = request.session.get("tournament_invites", [])
    entrants = await service.entrants_of(db, tournament_id=t.id)
    if not service.may_see(t, user, entrants, invite or (t.invite if t.id in known else None)):
        raise refusal(403, "private_tournament", text.t("this tournament is private: you need its invite link"))
    if invite and invite == t.invite and t.id not in known:
        request.session["tournament_invites"] = (known + [t.id])[-50:]
    return t


async def _describe(db, t: Tournament, user: User | None) -> dict:  # noqa: ANN001
    entrants = await service.entrants_of(db, tournament_id=t.id)
    insider = user is not None and (user.id == t.organiser_id or any(e.user_id == user.id for e in entrants))
    return await service.describe(db, t=t, with_invite=insider)


async def _change(request: Request, db, t: Tournament, user: User | None, change) -> dict:  # noqa: ANN001
    try:
        await change
        await service.commit(db, t)
        await service.advance(db, t, request.app.state.hub)
    except service.TournamentError:
        await db.rollback()
        raise
    return await _describe(db, t, user)



def _sentence(message: str | dict) -> str:
    """A refusal shown on a page: in the reader's language, capitalised, ending in a full stop."""
    words = write(message)
    words = words[:1].upper() + words[1:]
    return words if words.endswith(".") else words + "."


@router.get("/api/tournaments", tags=["tournaments"])
async def list_tournaments(db: DbDep, user: OptionalUser) -> list[dict]:
    return [await service.describe(db, t=t, with_invite=False)
            for t in await service.list_tournaments(db, user=user)]


@router.post("/api/tournaments", response_model=TournamentCreated, tags=["tournaments"])
async def create_tournament(body: TournamentCreate, request: Request, db: DbDep,
                            user: CurrentUser) -> TournamentCreated:
    """Refused with 429 `too_many_tournaments` or `tournaments_too_fast` past the organiser's and address's limits."""
    settings = request.app.state.settings
    await service.check_limits(db, organiser=user, open_limit=settings.open_tournaments_per_user)
    wait = request.app.state.tournament_window.hit(client_address(request))
    if wait > 0:
        raise service.TournamentError("tournaments_too_fast", text.tn(
            "at most {n} new tournament an hour from one address",
            "at most {n} new tournaments an hour from one address", settings.tournaments_per_address_per_hour), 429,
            retry_after=wait)
    t = await service.create(db, organiser=user, name=body.name, game_id=body.game, options=body.options,
                             rounds=body.rounds, min_size=body.min_size, max_size=body.max_size,
                             private=body.private, registration_closes_at=body.registration_closes_at,
                             pace=body.pace.model_dump() if body.pace else None)
    await db.commit()
    return TournamentCreated(id=t.id, invite=t.invite, url=f"/tournaments/{t.id}?invite={t.invite}")


@router.get("/api/tournaments/{tournament_id}", tags=["tournaments"])
async def get_tournament(tournament_id: str, request: Request, db: DbDep, user: OptionalUser,
                         invite: str | None = None) -> dict:
    t = await _visible(request, db, tournament_id, user, invite)
    await service.advance(db, t, request.app.state.hub)
    return await _describe(db, t, user)


@router.post("/api/tournaments/{tournament_id}/register", tags=["tournaments"])
async def register(tournament_id: str, body: InviteBody, request: Request, db: DbDep, user: CurrentUser) -> dict:
    t = await _visible(request, db, tournament_id, user, body.invite)
    return await _change(request, db, t, user, service.register(db, t=t, user=user))


@router.post("/api/tournaments/{tournament_id}/unregister", tags=["tournaments"])
async def unregister(tournament_id: str, request: Request, db: DbDep, user: CurrentUser) -> dict:
    t = await _visible(request, db, tournament_id, user)
    return await _change(request, db, t, user, service.unregister(db, t=t, user=user))


@router.post("/api/tournaments/{tournament_id}/bots", tags=["tournaments"])
async def add_bots(tournament_id: str, body: BotsBody, request: Request, db: DbDep, user: CurrentUser) -> dict:
    t = await _visible(request, db, tournament_id, user)
    return await _change(request, db, t, user, service.add_bots(db, t=t, user=user, count=body.count))


@router.post("/api/tournaments/{tournament_id}/close_registration", tags=["tournaments"])
async def close_registration(tournament_id: str, request: Request, db: DbDep, user: CurrentUser) -> dict:
    t = await _visible(request, db, tournament_id, user)
    return await _change(request, db, t, user, service.close_registration(db, t=t, user=user))


@router.post("/api/tournaments/{tournament_id}/start", tags=["tournaments"])
async def start(tournament_id: str, request: Request, db: DbDep, user: CurrentUser) -> dict:
    t = await _visible(request, db, tournament_id, user)
    return await _change(request, db, t, user, service.start(db, t=t, user=user, hub=request.app.state.hub))


@router.post("/api/tournaments/{tournament_id}/rounds/{round_}/tables/{index}/close", tags=["tournaments"])
async def close_table(tournament_id: str, round_: PathInt, index: PathInt, request: Request, db: DbDep,
                      user: CurrentUser, body: CloseTableBody | None = None) -> dict:
    t = await _visible(request, db, tournament_id, user)
    points = body.points if body else None
    return await _change(request, db, t, user, service.close_table(db, t=t, user=user, round_=round_, index=index,
                                                                   points=points, hub=request.app.state.hub))


@router.post("/api/tournaments/{tournament_id}/entrants/{entrant_id}/drop", tags=["tournaments"])
async def drop(tournament_id: str, entrant_id: PathInt, request: Request, db: DbDep, user: CurrentUser) -> dict:
    t = await _visible(request, db, tournament_id, user)
    return await _change(request, db, t, user, service.drop(db, t=t, user=user, entrant_id=entrant_id,
                                                            hub=request.app.state.hub))


@router.get("/api/tournaments/{tournament_id}/standings.csv", response_class=PlainTextResponse, tags=["tournaments"])
async def standings_csv(tournament_id: str, request: Request, db: DbDep, user: OptionalUser) -> PlainTextResponse:
    t = await _visible(request, db, tournament_id, user)
    entrants = await service.entrants_of(db, tournament_id=t.id)
    rows = standings([(e.id, e.name, e.dropped) for e in entrants],
                     service._results(await service.tables_of(db, tournament_id=t.id)), t.rounds)
    return PlainTextResponse(csv_text(rows, t.rounds), media_type="text/csv",
                             headers={"Content-Disposition": f'attachment; filename="tournament-{t.id}.csv"'})


# ---- pages -----------------------------------------------------------------------------------------------------

def _render(request: Request, name: str, **context) -> HTMLResponse:  # noqa: ANN003
    return request.app.state.templates.TemplateResponse(request, name, {"csrf": csrf_token(request), **context})


@router.get("/tournaments", response_class=HTMLResponse, include_in_schema=False)
async def tournaments_page(request: Request, db: DbDep, user: OptionalUser) -> HTMLResponse:
    listed = [await service.describe(db, t=t, with_invite=False)
              for t in await service.list_tournaments(db, user=user)]
    games = [{"id": g.id, "title": lobby_texts.text(g.title), "min_players": g.min_players,
              "max_players": g.max_players, "options": lobby_texts.schema(g.options_schema())}
             for g in engine.all_games() if g.max_players >= 3]
    return _render(request, "tournaments/index.html", user=user, tournaments=listed, games=games)


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse, include_in_schema=False)
async def tournament_page(tournament_id: str, request: Request, db: DbDep, user: OptionalUser,
                          invite: str | None = None) -> HTMLResponse:
    try:
        t = await _visible(request, db, tournament_id, user, invite)
    except service.TournamentError as exc:
        return _render(request, "lobby/missing.html", user=user, message=_sentence(exc.say or exc.message))
    except HTTPException as exc:
        detail = exc.detail if isinstance(exc.detail, dict) else {}
        message = detail.get("say") or detail.get("message") or gettext("There is no such tournament.")
        return _render(request, "lobby/missing.html", user=user, message=_sentence(message))
    return _render(request, "tournaments/detail.html", user=user, t=await _describe(db, t, user),
                   invite=invite or "")


@router.get("/tournaments/{tournament_id}/rounds/{round_}/sheet", response_class=HTMLResponse,
            include_in_schema=False)
async def round_sheet(tournament_id: str, round_: PathInt, request: Request, db: DbDep,
                      user: OptionalUser) -> HTMLResponse:
    """A printable sheet of one round: who sits at which table, and a box for each player's points."""
    t = await _visible(request, db, tournament_id, user)
    data = await _describe(db, t, user)
    seating = next((r for r in data["seating"] if r["round"] == round_), None)
    if seating is None:
        return _render(request, "lobby/missing.html", user=user, message=gettext("That round has not been seated yet."))
    return _render(request, "tournaments/sheet.html", user=user, t=data, seating=seating)
