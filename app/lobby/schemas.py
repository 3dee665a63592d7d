"""Lobby request and response shapes; a response never carries a game's seed or state."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class GamePublic(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    bots: list[str]


class TableCreate(BaseModel):
    game: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int | None = Field(default=None, ge=1, le=8)
    private: bool = False


class TableCreated(BaseModel):
    id: str
    invite: str
    invite_url: str


class JoinRequest(BaseModel):
    seat: int | None = Field(default=None, ge=0, le=7)
    invite: str | None = Field(default=None, max_length=64)


class SeatRequest(BaseModel):
    seat: int | None = Field(default=None, ge=0, le=7)


class SeatPublic(BaseModel):
    index: int
    user_id: int | None
    name: str | None
    bot: str | None


class TablePublic(BaseModel):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    host_id: int
    host: str
    private: bool
    status: Literal["open", "playing", "finished"]
    seats: list[SeatPublic]
    result: dict[str, Any] | None = None
    invite: str | None = None  # only for people already at the table or holding the invite
    rematch_id: str | None = None  # set once the host opens a rematch; /tables/{id}/rematch leads there
