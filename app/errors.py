"""One error type for everything the hall refuses, and the one handler that turns it into an HTTP answer.

Each domain raises its own subclass (LobbyError, AccountError, TournamentError, PlayError) with a stable machine
`code`, a `message` in words a player understands, and an HTTP `status`; routes let it propagate and
`handle` answers `{"detail": {"code", "message"}}` (docs/protocol.md). The websocket path sends the same code
and message in an `error` frame.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse


class HallError(Exception):
    status = 400

    def __init__(self, code: str, message: str, status: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status


async def handle(request: Request, exc: HallError) -> JSONResponse:
    return JSONResponse({"detail": {"code": exc.code, "message": exc.message}}, status_code=exc.status)
