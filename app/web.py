"""HTTP guards shared by every route: body size cap, cross-site request refusal, form CSRF tokens, strict JSON
bodies, and a validation-error answer that never echoes the input."""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import parse_qs, urlsplit

import orjson
from fastapi import Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.engine.text import Text, t
from app.errors import refusal_detail

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
# Ids and indexes in URLs are bounded by the database's 32-bit INTEGER: a larger one reached the driver and came back
# as an OverflowError (500); bounded here it is refused with 422 before any query (issue 28).
DB_INT_MAX = 2**31 - 1
PathInt = Annotated[int, Path(ge=0, le=DB_INT_MAX)]


def fits_db_int(value: int) -> bool:
    return 0 <= value <= DB_INT_MAX


class GuardMiddleware:
    """Refuse oversized bodies (413), cross-site writes (403) and HTML forms without the session's CSRF token.

    JSON API calls are protected by the SameSite=Lax session cookie plus the Origin check: a browser
    always sends Origin on a cross-site POST. Forms additionally carry the double-submit token.
    """

    def __init__(self, app: ASGIApp, max_body: int = 65536):
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in UNSAFE:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin and urlsplit(origin).netloc != headers.get("host"):  # "null" (sandboxed pages) too
            await _reply(send, 403, "cross_site", t("cross-site requests are refused"))
            return
        if int(headers.get("content-length") or 0) > self.max_body:
            await _reply(send, 413, "too_large", t("request bodies are limited to {n} bytes", n=self.max_body))
            return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                await _reply(send, 413, "too_large", t("request bodies are limited to {n} bytes", n=self.max_body))
                return
        if scope["path"].startswith("/forms/") and not _form_token_ok(scope, headers, body):
            await _reply(send, 403, "csrf", t("the form expired; reload the page and try again"))
            return
        if scope["path"].startswith("/api/") and body.strip() and not _strict_json(body):
            # Python's json module accepts lone surrogates ("\ud800") and 1e400 (infinity); both then failed deep
            # inside (the database driver, the error handler) as 500s. orjson refuses them, as RFC 8259 asks.
            await _reply(send, 400, "malformed_json",
                         t("the body is not strict JSON (lone surrogates and numbers beyond 1e308 are refused)"))
            return

        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class HostGuard:
    """With ALLOWED_HOSTS set, only requests naming one of those hosts (or the machine itself: localhost, 127.0.0.1,
    ::1) in their Host header are served: a page on another site whose name an attacker points at a private
    instance's address (DNS rebinding) is refused, as its requests carry the attacker's host name."""

    LOCAL = {"localhost", "127.0.0.1", "::1"}

    def __init__(self, app: ASGIApp, allowed: str):
        self.app = app
        self.allowed = {h.strip().lower() for h in allowed.split(",") if h.strip()} | self.LOCAL

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self._host(scope) in self.allowed:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":  # refused before the upgrade: the client sees an HTTP 403
            await send({"type": "websocket.close", "code": 4403, "reason": "unknown host"})
            return
        await _reply(send, 400, "bad_host", t("this server does not answer to that host name"))

    @staticmethod
    def _host(scope: Scope) -> str:
        raw = next((v for k, v in scope["headers"] if k == b"host"), b"").decode("latin-1").strip().lower()
        if raw.startswith("["):  # [::1]:8000
            return raw[1:raw.find("]")] if "]" in raw else raw
        return raw.rsplit(":", 1)[0] if raw.count(":") == 1 else raw


def _strict_json(body: bytes) -> bool:
    try:
        orjson.loads(body)
    except orjson.JSONDecodeError:
        return False
    return True


async def validation_failed(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 with where and what, but not the offending input: echoing it back made the handler itself fail on
    values JSON cannot encode, and a long input made a long answer."""
    problems = [{"loc": [_printable(part) for part in error.get("loc", ())], "msg": _printable(error.get("msg", "")),
                 "type": _printable(error.get("type", ""))} for error in exc.errors()[:20]]
    first = problems[0] if problems else {"loc": [], "msg": "invalid request"}
    where = ".".join(str(p) for p in first["loc"][1:]) or "request"
    return JSONResponse(status_code=422, content={"detail": problems, "code": "invalid",
                                                  "message": f"{where}: {first['msg']}"[:300]})


async def database_unavailable(request: Request, exc: Exception) -> JSONResponse:
    """The database did not answer (locked, restarting, unreachable): 503 `try_again`, not a 500 with a traceback."""
    return JSONResponse(status_code=503, headers={"Retry-After": "2"},
                        content={"detail": {**refusal_detail("try_again", t(
                                            "the database is not answering just now; try again shortly")),
                                            "retry_after": 2}})


def _printable(value: Any) -> str | int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")[:200]


def _form_token_ok(scope: Scope, headers: dict[str, str], body: bytes) -> bool:
    fields = parse_qs(body.decode("utf-8", "replace"))
    token = (fields.get("csrf") or [""])[0]
    session = scope.get("session") or {}
    return bool(token) and token == session.get("csrf")


async def _reply(send: Send, status: int, code: str, message: Text) -> None:
    payload = json.dumps({"detail": refusal_detail(code, message)}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})
