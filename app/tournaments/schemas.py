"""Tournament request shapes (responses are the plain dicts of service.describe)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from app.lobby.schemas import Pace


class TournamentCreate(BaseModel):
    name: str = Field(default="", max_length=64)
    game: str = Field(default="goldrush", max_length=32)
    options: dict[str, Any] = Field(default_factory=lambda: {"variant": "full"})
    rounds: int = Field(default=3, ge=1, le=10)
    min_size: int = Field(default=3, ge=2, le=8)
    max_size: int = Field(default=6, ge=2, le=8)
    private: bool = False
    registration_closes_at: datetime | None = None
    pace: Pace | None = None  # the pace of every table of the tournament (app/play/clocks.py)


class TournamentCreated(BaseModel):
    id: str
    invite: str
    url: str


class InviteBody(BaseModel):
    invite: str | None = Field(default=None, max_length=64)


class BotsBody(BaseModel):
    count: int = Field(default=1, ge=1, le=64)


class CloseTableBody(BaseModel):
    points: list[int] | None = Field(default=None, max_length=8)
