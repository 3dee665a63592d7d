"""HTTP guards shared by every route: body size cap, cross-site request refusal, form CSRF tokens."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


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
            await _reply(send, 403, "cross_site", "cross-site requests are refused")
            return
        if int(headers.get("content-length") or 0) > self.max_body:
            await _reply(send, 413, "too_large", f"request bodies are limited to {self.max_body} bytes")
            return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                await _reply(send, 413, "too_large", f"request bodies are limited to {self.max_body} bytes")
                return
        if scope["path"].startswith("/forms/") and not _form_token_ok(scope, headers, body):
            await _reply(send, 403, "csrf", "the form expired; reload the page and try again")
            return

        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _form_token_ok(scope: Scope, headers: dict[str, str], body: bytes) -> bool:
    fields = parse_qs(body.decode("utf-8", "replace"))
    token = (fields.get("csrf") or [""])[0]
    session = scope.get("session") or {}
    return bool(token) and token == session.get("csrf")


async def _reply(send: Send, status: int, code: str, message: str) -> None:
    payload = json.dumps({"detail": {"code": code, "message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
    await send({"type": "http.response.body", "body": payload})
