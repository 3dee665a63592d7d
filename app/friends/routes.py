"""Friends over HTTP (docs/protocol.md, "Friends"), and the pages "waiting for you" and "friends"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from pydantic import BaseModel, Field, model_validator

from app.accounts.deps import CurrentUser, OptionalUser, csrf_token
from app.db.deps import DbDep
from app.engine.text import tn
from app.i18n import current_language, gettext
from app.lobby import texts
from app.lobby.routes import _games, _visible_table
from app.play.notices import FriendInvited
from app.play.people import waiting_for
from app.web import DB_INT_MAX, PathInt

from . import service

router = APIRouter()


class FriendAsk(BaseModel):
    """Who to ask: a registered player's nickname, or the id of a player met at a table."""

    nickname: str | None = Field(None, min_length=1, max_length=32)
    user_id: int | None = Field(None, ge=1, le=DB_INT_MAX)

    @model_validator(mode="after")
    def one_of_them(self) -> "FriendAsk":
        if (self.nickname is None) == (self.user_id is None):
            raise ValueError("give either a nickname or a user_id")
        return self


class TableInviteAsk(BaseModel):
    user_id: int = Field(ge=1, le=DB_INT_MAX)


def _too_fast(code: str, message, wait: float) -> service.FriendError:  # noqa: ANN001
    return service.FriendError(code, message, 429, retry_after=wait)


@router.get("/api/friends", tags=["friends"])
async def list_friends(db: DbDep, user: CurrentUser) -> dict[str, Any]:
    """Your friends (with who is online now), the requests to answer and those you sent, and registered players of
    your recent games, to add."""
    return await service.listing(db, user=user)


@router.post("/api/friends", tags=["friends"])
async def ask_friend(body: FriendAsk, request: Request, db: DbDep, user: CurrentUser) -> dict[str, Any]:
    """Ask a player to be friends. `status`: "asked", or "friends" when they had asked you already."""
    service.registered_only(user)
    other = await (service.find_player(db, nickname=body.nickname) if body.nickname is not None
                   else service.player(db, body.user_id))
    settings = request.app.state.settings
    if (wait := request.app.state.friend_window.hit(str(user.id))) > 0:
        raise _too_fast("friend_requests_too_fast", tn("at most {n} friend request an hour",
                                                       "at most {n} friend requests an hour",
                                                       settings.friend_requests_per_hour), wait)
    status = await service.ask(db, user=user, other=other, max_friends=settings.max_friends)
    await db.commit()
    request.app.state.people.nudge([other.id, user.id])
    return {"status": status, "user_id": other.id, "nickname": other.nickname}


@router.post("/api/friends/{user_id}/accept", tags=["friends"])
async def accept_friend(user_id: PathInt, request: Request, db: DbDep, user: CurrentUser) -> dict[str, Any]:
    await service.answer(db, user=user, other_id=user_id, accept=True)
    await db.commit()
    request.app.state.people.nudge([user_id, user.id])
    return {"status": "friends"}


@router.post("/api/friends/{user_id}/refuse", tags=["friends"])
async def refuse_friend(user_id: PathInt, request: Request, db: DbDep, user: CurrentUser) -> dict[str, Any]:
    await service.answer(db, user=user, other_id=user_id, accept=False)
    await db.commit()
    request.app.state.people.nudge([user.id])
    return {"status": "refused"}


@router.delete("/api/friends/{user_id}", tags=["friends"])
async def remove_friend(user_id: PathInt, request: Request, db: DbDep, user: CurrentUser) -> dict[str, Any]:
    """Remove a friend, or take back a request they have not answered."""
    await service.remove(db, user=user, other_id=user_id)
    await db.commit()
    request.app.state.people.nudge([user_id, user.id])
    return {"status": "removed"}


@router.post("/api/tables/{table_id}/invites", tags=["friends"])
async def invite_friend(table_id: str, body: TableInviteAsk, request: Request, db: DbDep,
                        user: CurrentUser) -> dict[str, Any]:
    """Invite a friend to an open table you are at: it is in their "waiting for you" list until they sit down or
    the table starts."""
    service.registered_only(user)
    table = await _visible_table(request, db, table_id, user, None)
    settings = request.app.state.settings
    if (wait := request.app.state.invite_window.hit(str(user.id))) > 0:
        raise _too_fast("invites_too_fast", tn("at most {n} invitation an hour", "at most {n} invitations an hour",
                                               settings.table_invites_per_hour), wait)
    new = await service.invite(db, user=user, table=table, friend_id=body.user_id)
    await db.commit()
    if new:
        request.app.state.people.nudge([body.user_id])
        request.app.state.hub.notices.tell(FriendInvited(table.id, user.id, body.user_id))
    return {"status": "invited"}


@router.delete("/api/tables/{table_id}/invites/mine", tags=["friends"])
async def dismiss_invite(table_id: str, request: Request, db: DbDep, user: CurrentUser) -> dict[str, Any]:
    """Say no to an invitation: it leaves your "waiting for you" list."""
    await service.dismiss(db, user=user, table_id=table_id)
    await db.commit()
    request.app.state.people.nudge([user.id])
    return {"status": "dismissed"}


# ---- pages -------------------------------------------------------------------------------------------------------------
def _render(request: Request, name: str, **context: Any) -> HTMLResponse:
    return request.app.state.templates.TemplateResponse(request, name, {"csrf": csrf_token(request), **context})


def _titles() -> dict[str, str]:
    return {g.id: g.title for g in texts.games(_games())}


@router.get("/waiting", response_class=HTMLResponse, include_in_schema=False)
async def waiting_page(request: Request, db: DbDep, user: OptionalUser) -> HTMLResponse:
    tables = await waiting_for(db, user.id) if user else []
    return _render(request, "friends/waiting.html", user=user, tables=tables, titles=_titles())


@router.get("/friends", response_class=HTMLResponse, include_in_schema=False)
async def friends_page(request: Request, db: DbDep, user: OptionalUser, table: str | None = None) -> HTMLResponse:
    found = await service.listing(db, user=user) if user and user.username else None
    chosen = table if found and any(t["id"] == table for t in found["tables"]) else None
    return _render(request, "friends/friends.html", user=user, found=found, chosen=chosen,
                   labels=_table_labels(found["tables"] if found else []))


def _table_labels(tables: list[dict[str, Any]]) -> dict[str, str]:
    """Each open table by its game's name, numbered when there are several of one game (newest first)."""
    titles, seen, labels = _titles(), {}, {}
    for table in tables:
        title = titles.get(table["game"], table["game"])
        seen[title] = seen.get(title, 0) + 1
        labels[table["id"]] = title
    numbered = {title for title, n in seen.items() if n > 1}
    counts: dict[str, int] = {}
    for table in tables:
        title = labels[table["id"]]
        if title in numbered:
            counts[title] = counts.get(title, 0) + 1
            labels[table["id"]] = f"{title} ({counts[title]})"
    return labels



# ---- the installable hall: manifest, service worker, offline page -----------------------------------------------------
ICON_SIZES = (48, 72, 96, 128, 144, 152, 180, 192, 256, 384, 512)
STATIC = Path(__file__).resolve().parent.parent.parent / "static"


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest() -> JSONResponse:
    """What a phone needs to add the hall to its home screen (in the reader's language)."""
    icons = [{"src": f"/static/icons/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any"}
             for n in ICON_SIZES]
    icons += [{"src": f"/static/icons/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "maskable"}
              for n in (192, 512)]
    body = {"name": "Boardhall", "short_name": "Boardhall", "lang": current_language.get(),
            "description": gettext("Board games with friends, at your own pace."),
            "start_url": "/", "scope": "/", "display": "standalone", "background_color": "#f5f1e8",
            "theme_color": "#2b2620", "icons": icons}
    return JSONResponse(body, media_type="application/manifest+json")


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    # Served from the root so its scope is the whole hall; never cached long, so a new version reaches browsers.
    return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@router.get("/offline", response_class=HTMLResponse, include_in_schema=False)
async def offline_page(request: Request) -> HTMLResponse:
    return _render(request, "friends/offline.html", user=None)
