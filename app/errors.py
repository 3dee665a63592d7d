"""One error type for everything the hall refuses, and the one handler that turns it into an HTTP answer.

Each domain raises its own subclass (LobbyError, AccountError, TournamentError, PlayError) with a stable machine
`code`, a `message` in words a player understands, and an HTTP `status`; routes let it propagate and
`handle` answers `{"detail": {"code", "message", "say"}}` (docs/protocol.md). The websocket path sends the same
code, message and say in an `error` frame.

The message is written as a Text (`app.engine.text.t`): `message` is its English sentence, as it always was, and
`say` the Text itself, which pages write in their reader's language from the site's catalogue.
"""

from __future__ import annotations

import math
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse

from app.engine.text import Text, english, is_text


class HallError(Exception):
    status = 400

    def __init__(self, code: str, message: str | Text, status: int | None = None, retry_after: float | None = None):
        self.say: Text | None = message if is_text(message) else None
        self.message = english(message) if self.say is not None else message
        super().__init__(self.message)
        self.code = code
        if status is not None:
            self.status = status
        # A refusal asking the client to wait says how long (whole seconds, at least 1): `retry_after` in the body
        # and a Retry-After header (docs/protocol.md).
        self.retry_after = None if retry_after is None else max(1, math.ceil(retry_after))

    def detail(self) -> dict[str, Any]:
        detail = refusal_detail(self.code, self.say or self.message)
        if self.retry_after is not None:
            detail["retry_after"] = self.retry_after
        return detail


def refusal_detail(code: str, message: str | Text) -> dict[str, Any]:
    """`{"code", "message"}` for a refusal, with `say` when the message is a Text (the page translates it)."""
    if is_text(message):
        return {"code": code, "message": english(message), "say": _encodable(message)}
    return {"code": code, "message": message}


def _encodable(value: Any) -> Any:
    """A Text whose arguments may quote hostile input: integers beyond 64 bits (a `version` of -2**63 - 1) become
    text, since the socket's JSON encoder (orjson) refuses them and the frame would never leave."""
    if type(value) is int and not -2**63 <= value < 2**64:
        return str(value)
    if isinstance(value, dict):
        return {key: _encodable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_encodable(item) for item in value]
    return value


def refusal(status: int, code: str, message: str | Text, headers: dict[str, str] | None = None) -> HTTPException:
    """An HTTPException answering `{"detail": {"code", "message", "say"}}`, for refusals raised in routes."""
    return HTTPException(status_code=status, detail=refusal_detail(code, message), headers=headers)


async def handle(request: Request, exc: HallError) -> JSONResponse:
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
    return JSONResponse({"detail": exc.detail()}, status_code=exc.status, headers=headers)
