"""The language of each request, set before any route runs, and the browser's copy of the catalogues."""

from __future__ import annotations

from http.cookies import SimpleCookie
from urllib.parse import parse_qs

import orjson
from fastapi import APIRouter, Response
from jinja2 import Environment
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.engine.text import t
from app.errors import refusal

from . import (COOKIE, LANGUAGES, NAMES, browser_messages, choose, current_language, game_ids, gettext, ngettext,
               player_name, valid, write)

COOKIE_MAX_AGE = 365 * 24 * 3600
router = APIRouter()


def cookie_header(lang: str) -> tuple[bytes, bytes]:
    return b"set-cookie", f"{COOKIE}={lang}; Max-Age={COOKIE_MAX_AGE}; Path=/; SameSite=Lax".encode()


class LanguageMiddleware:
    """Chooses the request's language (`?lang=`, the `lang` cookie, Accept-Language) and keeps a `?lang=` choice
    in the cookie. Routes may change it after signing someone in (`remember`), through the scope's state."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        asked = valid((parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang") or [None])[0])
        cookie = None
        if "cookie" in headers:
            jar = SimpleCookie()
            try:
                jar.load(headers["cookie"])
            except Exception:  # noqa: BLE001 - a malformed cookie header only loses the language
                jar = SimpleCookie()
            cookie = jar[COOKIE].value if COOKIE in jar else None
        lang = choose(asked, cookie, headers.get("accept-language"))
        state = scope.setdefault("state", {})
        state["lang"] = lang
        state["lang_asked"] = asked
        state["lang_cookie"] = valid(cookie)
        token = current_language.set(lang)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                keep = state.get("lang_remembered") or asked
                if keep and keep != state["lang_cookie"]:
                    message = {**message, "headers": [*message.get("headers", []), cookie_header(keep)]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_cookie)
        finally:
            current_language.reset(token)


def use_language(scope_state: dict, lang: str) -> None:
    """Switch the rest of this request to `lang` and keep it in the cookie (an account's remembered language)."""
    scope_state["lang"] = lang
    scope_state["lang_remembered"] = lang
    current_language.set(lang)


def language_url(request, lang: str) -> str:  # noqa: ANN001 - a Starlette Request
    """This page's own address (path and query, no host: right behind any proxy) in another language."""
    url = request.url.include_query_params(lang=lang)
    return f"{url.path}?{url.query}"


def install(env: Environment) -> None:
    """Jinja2 templates translate with `_()`/`ngettext()` in the request's language."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals["current_language"] = current_language.get
    env.globals["language_names"] = NAMES
    env.globals["languages"] = LANGUAGES
    env.globals["language_url"] = language_url
    env.globals["player_name"] = player_name
    env.globals["write"] = write  # a Text (a refusal, a note) in the page's language


@router.get("/i18n/{lang}.json", include_in_schema=False)
async def messages_for_browser(lang: str) -> Response:
    """The catalogue of one language for static/js/i18n.js: {"<English id>": "<text>" | ["<plural forms>"...]}."""
    if valid(lang) is None:
        raise refusal(404, "unknown_language", t("no language {lang}", lang=repr(lang)))
    return Response(orjson.dumps(browser_messages(lang)), media_type="application/json",
                    headers={"Cache-Control": "no-cache"})


@router.get("/i18n/{lang}/{game_id}.json", include_in_schema=False)
async def game_messages_for_browser(lang: str, game_id: str) -> Response:
    """One game's catalogue for its table and replay pages (card names, prompts, log lines, the renderer's words)."""
    if valid(lang) is None or game_id not in game_ids():
        raise refusal(404, "unknown_catalogue", t("no catalogue {lang}/{game}", lang=lang, game=game_id))
    return Response(orjson.dumps(browser_messages(lang, game_id)), media_type="application/json",
                    headers={"Cache-Control": "no-cache"})
