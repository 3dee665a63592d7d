"""Lobby JSON API and pages. Routes stay thin: validation in schemas, work in service, notices to the hub."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from app import engine
from app.accounts.deps import CurrentUser, OptionalUser, csrf_token
from app.db.deps import DbDep
from app.db.models import Table, User
from app.engine.text import t
from app.errors import refusal
from app.i18n import current_language, gettext

from . import rulebook, service, texts

from .schemas import BotRequest, GamePublic, JoinRequest, QuickPlay, SeatRequest, TableCreate, TableCreated, TablePublic

router = APIRouter()
STATIC = Path(__file__).resolve().parent.parent.parent / "static"


def _games() -> list[GamePublic]:
    """Every registered game as the lobby shows it; built once per set of games (the lobby's tables refresh every
    few seconds and would otherwise regenerate each options schema and look for each picture every time)."""
    return list(_games_of(tuple(g.id for g in engine.all_games())))  # read-only: nothing changes them


@lru_cache(maxsize=4)
def _games_of(game_ids: tuple[str, ...]) -> list[GamePublic]:  # noqa: ARG001 - the key: the games registered now
    return [GamePublic(id=g.id, title=g.title, min_players=g.min_players, max_players=g.max_players,
                       options=g.options_schema(), bots=list(g.bots), summary=g.summary,
                       minutes=list(g.minutes) if g.minutes else None,
                       picture=f"/static/games/img/{g.id}.svg" if (STATIC / "games" / "img" / f"{g.id}.svg").exists()
                       else None,
                       rules_url=f"/games/{g.id}/rules" if rulebook.rules_path(g.id) else None,
                       levels=list(service.BOT_LEVELS), bot_level=service.check_level(None))
            for g in engine.all_games()]


def _remember_invite(request: Request, table: Table, invite: str | None) -> None:
    if invite and invite == table.invite:
        known = request.session.get("invites", [])
        if table.id not in known:
            request.session["invites"] = (known + [table.id])[-50:]


async def _visible_table(request: Request, db, table_id: str, user: User | None, invite: str | None) -> Table:  # noqa: ANN001
    table = await service.get_table_or_raise(db, table_id=table_id)
    seats = await service.seats_of(db, table_id=table_id)
    if not service.may_see(table, seats, user, invite, request.session.get("invites", [])):
        raise refusal(403, "private_table", t("this table is private: you need the invite link"))
    _remember_invite(request, table, invite)
    return table


async def _notify(request: Request, db, table: Table, reload: bool = False) -> TablePublic:  # noqa: ANN001
    public = await service.public_table(db, table=table, with_invite=False)
    await request.app.state.hub.table_changed(table.id, public.model_dump(mode="json"), reload=reload)
    return public


@router.get("/api/games", response_model=list[GamePublic], tags=["lobby"])
async def list_games() -> list[GamePublic]:
    """Every game; the human texts (title, summary, option titles, descriptions and labels) in the request's
    language, the codes as they are."""
    return texts.games(_games())


@router.get("/api/games/{game_id}/catalogue", tags=["lobby"])
async def game_catalogue(game_id: str) -> dict:
    """Static public data a game's renderer needs (card texts, board layout)."""
    game = engine.get(game_id)
    if game is None:
        raise refusal(404, "unknown_game", t("no game {game}", game=repr(game_id)))
    return game.catalogue()


@router.get("/api/tables", tags=["lobby"])
async def list_tables(request: Request, db: DbDep, user: OptionalUser) -> dict[str, list[TablePublic]]:
    """Open public tables (a few per host, none stale) and your own, each marked with its lobby group."""
    return await _listed_tables(request, db, user)


async def _listed_tables(request: Request, db, user: User | None) -> dict[str, list[TablePublic]]:  # noqa: ANN001
    settings = request.app.state.settings
    found = await service.list_tables(db, user=user, per_host=settings.public_tables_per_host,
                                      abandoned_after=settings.abandoned_after_seconds,
                                      idle_after=settings.idle_listed_seconds,
                                      finished_after=settings.finished_listed_seconds)
    listed = {key: service.your_move_first(await service.public_tables(db, tables=list(tables)), user)
              for key, tables in found.items()}
    service.mark_groups(listed)
    return listed


@router.post("/api/tables", response_model=TableCreated, tags=["lobby"])
async def create_table(body: TableCreate, request: Request, db: DbDep, user: CurrentUser) -> TableCreated:
    """Open a table; refused with 429 `too_many_tables` or `tables_too_fast` past the host's limits."""
    settings = request.app.state.settings
    await service.check_table_limits(db, host=user, open_limit=settings.open_tables_per_user,
                                     per_minute=settings.tables_per_minute)
    table = await service.create_table(db, host=user, game_id=body.game, options=body.options,
                                       seats=body.seats, private=body.private,
                                       pace=body.pace.model_dump(exclude_none=True))
    await db.commit()
    return TableCreated(id=table.id, invite=table.invite, invite_url=f"/tables/{table.id}?invite={table.invite}")


@router.post("/api/tables/quick", response_model=TableCreated, tags=["lobby"])
async def quick_play(body: QuickPlay, request: Request, db: DbDep, user: CurrentUser) -> TableCreated:
    """"Play now against bots": a private table of `game` with its default options, the caller in seat 0, bots in
    the others (two seats where the game allows), started at once."""
    settings = request.app.state.settings
    await service.check_table_limits(db, host=user, open_limit=settings.open_tables_per_user,
                                     per_minute=settings.tables_per_minute)
    table = await service.quick_table(db, host=user, game_id=body.game, level=body.level)
    await db.commit()
    await _notify(request, db, table, reload=True)
    return TableCreated(id=table.id, invite=table.invite, invite_url=f"/tables/{table.id}?invite={table.invite}")


@router.get("/api/tables/{table_id}", response_model=TablePublic, tags=["lobby"])
async def get_table(table_id: str, request: Request, db: DbDep, user: OptionalUser,
                    invite: str | None = None) -> TablePublic:
    table = await _visible_table(request, db, table_id, user, invite)
    seats = await service.seats_of(db, table_id=table_id)
    return await service.public_table(db, table=table, with_invite=service.was_at(table, seats, user))


async def _seat_change(request: Request, db, table: Table, change, reload: bool = False) -> TablePublic:  # noqa: ANN001
    """Run one lobby change, commit it, and tell every socket at the table."""
    await change
    await db.commit()
    return await _notify(request, db, table, reload=reload)


@router.post("/api/tables/{table_id}/join", response_model=TablePublic, tags=["lobby"])
async def join_table(table_id: str, body: JoinRequest, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    table = await _visible_table(request, db, table_id, user, body.invite)
    return await _seat_change(request, db, table, service.join(db, table=table, user=user, seat=body.seat))


@router.post("/api/tables/{table_id}/bots", response_model=TablePublic, tags=["lobby"])
async def add_bot(table_id: str, body: BotRequest, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    """Host only: a bot of `level` takes an empty seat before the start, or takes over a player's seat during
    play; refused with 422 `bad_level` for a level the hall does not have."""
    table = await _visible_table(request, db, table_id, user, None)
    during_play = table.status == "playing"  # the live game must learn its new seat owner
    return await _seat_change(request, db, table, service.add_bot(db, table=table, user=user, seat=body.seat,
                                                                   level=body.level),
                              reload=during_play)


@router.post("/api/tables/{table_id}/leave", response_model=TablePublic, tags=["lobby"])
async def leave_table(table_id: str, request: Request, db: DbDep, user: CurrentUser,
                      body: SeatRequest | None = None) -> TablePublic:
    """Free your seat, or as host free seat `seat` (a bot or a player) before the start."""
    table = await _visible_table(request, db, table_id, user, None)
    seat = body.seat if body else None
    return await _seat_change(request, db, table, service.leave(db, table=table, user=user, seat=seat))


@router.post("/api/tables/{table_id}/start", response_model=TablePublic, tags=["lobby"])
async def start_table(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    table = await _visible_table(request, db, table_id, user, None)
    return await _seat_change(request, db, table, service.start(db, table=table, user=user), reload=True)


@router.post("/api/tables/{table_id}/close", response_model=TablePublic, tags=["lobby"])
async def close_table(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> TablePublic:
    """The host ends a table (an idle one, say): it leaves the lobby; an unfinished game has no result."""
    table = await _visible_table(request, db, table_id, user, None)
    return await _seat_change(request, db, table, service.close(db, table=table, user=user), reload=True)


@router.post("/api/tables/{table_id}/rematch", response_model=TableCreated, tags=["lobby"])
async def open_rematch(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> TableCreated:
    """Host only, after the end: a new table with the same game, options and bots; players are invited to it."""
    table = await _visible_table(request, db, table_id, user, None)
    new = await service.rematch(db, table=table, user=user)
    await db.commit()
    await _notify(request, db, table)
    return TableCreated(id=new.id, invite=new.invite, invite_url=f"/tables/{new.id}?invite={new.invite}")


# ---- pages ------------------------------------------------------------------------------------------------

def _option_words(game_id: str, options: dict) -> list[str]:
    """A table's non-default options in words (templates: the lobby's rows and the waiting room)."""
    info = next((g for g in _games() if g.id == game_id), None)
    return texts.option_words(texts.game(info).options, options or {}) if info else []


def _render(request: Request, name: str, **context) -> HTMLResponse:  # noqa: ANN003
    templates = request.app.state.templates
    return templates.TemplateResponse(request, name, {"csrf": csrf_token(request), "option_words": _option_words,
                                                      **context})


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def lobby_page(request: Request, db: DbDep, user: OptionalUser) -> HTMLResponse:
    games = texts.games(_games())
    return _render(request, "lobby/index.html", user=user, games=games, games_json=[g.model_dump() for g in games],
                   **await _groups_context(request, db, user, games))


@router.get("/lobby/tables", response_class=HTMLResponse, include_in_schema=False)
async def lobby_tables_fragment(request: Request, db: DbDep, user: OptionalUser) -> HTMLResponse:
    """The lobby's table groups alone, which the open page fetches every few seconds to stay current."""
    return _render(request, "lobby/_groups.html", user=user, **await _groups_context(request, db, user, _games()))


async def _groups_context(request: Request, db, user: User | None, games: list[GamePublic]) -> dict:  # noqa: ANN001
    return {"groups": service.grouped(await _listed_tables(request, db, user)), "group_titles": service.GROUPS,
            "pictures": {g.id: g.picture for g in games if g.picture}}


@router.get("/games/{game_id}/rules", response_class=HTMLResponse, include_in_schema=False)
async def rules_page(game_id: str, request: Request, user: OptionalUser) -> HTMLResponse:
    """The rules written for players (templates/rules/<id>.md), in the reader's language when it has been translated
    (templates/rules/<lang>/<id>.md); the game's renderer draws the pictures."""
    game = engine.get(game_id)
    book = rulebook.rulebook(game_id, current_language.get()) if game is not None else None
    if book is None:
        response = _render(request, "lobby/missing.html", user=user, message=gettext("There are no rules written for that game."))
        response.status_code = 404
        return response
    info = texts.game(next(g for g in _games() if g.id == game_id))
    has_css = (STATIC / "games" / f"{game_id}.css").exists()
    return _render(request, "lobby/rules.html", user=user, game=info, book=book, has_css=has_css)


@router.get("/account", response_class=HTMLResponse, include_in_schema=False)
async def account_page(request: Request, db: DbDep, user: OptionalUser, error: str | None = None,
                       why: str | None = None, done: str | None = None) -> HTMLResponse:
    # Layers above the lobby add their parts of the page (email: app/mail), registered in app/main.py.
    extra: dict = {}
    for section in getattr(request.app.state, "account_sections", ()):
        extra.update(await section(request, db, user))
    return _render(request, "lobby/account.html", user=user, error=error, why=why, done=done, **extra)


@router.get("/tables/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def table_page(table_id: str, request: Request, db: DbDep, user: OptionalUser,
                     invite: str | None = None) -> HTMLResponse:
    table = await service.get_table(db, table_id=table_id)
    if table is None:
        return _render(request, "lobby/missing.html", user=user, message=gettext("There is no such table."))
    seats = await service.seats_of(db, table_id=table_id)
    if not service.may_see(table, seats, user, invite, request.session.get("invites", [])):
        return _render(request, "lobby/missing.html", user=user,
                       message=gettext("This table is private. Ask the host for the invite link."))
    _remember_invite(request, table, invite)
    game = engine.get(table.game_id)
    has_css = (STATIC / "games" / f"{table.game_id}.css").exists()
    rules_url = f"/games/{table.game_id}/rules" if rulebook.rules_path(table.game_id) else None
    return _render(request, "table.html", user=user, table=table, game=game, invite=invite or "", has_css=has_css,
                   rules_url=rules_url)


@router.get("/tables/{table_id}/rematch", include_in_schema=False)
async def follow_rematch(table_id: str, db: DbDep, user: OptionalUser) -> RedirectResponse:
    """Players of a finished table follow its rematch link; they carry the new invite, private or not."""
    table = await service.get_table(db, table_id=table_id)
    if table is None or not table.rematch_id:
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    new = await service.get_table(db, table_id=table.rematch_id)
    if service.was_at(table, await service.seats_of(db, table_id=table_id), user):
        return RedirectResponse(f"/tables/{new.id}?invite={new.invite}", status_code=303)
    return RedirectResponse(f"/tables/{new.id}", status_code=303)


@router.get("/join/{invite}", include_in_schema=False)
async def join_by_code(invite: str, db: DbDep) -> RedirectResponse:
    """Short invite links: /join/<code> leads to the table with the invite attached."""
    table = await service.get_table_by_invite(db, invite=invite)
    if table is None:
        return RedirectResponse("/", status_code=303)
    return RedirectResponse(f"/tables/{table.id}?invite={invite}", status_code=303)
