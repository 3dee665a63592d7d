"""Email's request and response shapes, one per direction: the address reaches only its owner's own answer."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Choice(BaseModel):
    """What to hear about by email; a field left out keeps its value."""

    model_config = ConfigDict(extra="forbid")
    turn: bool | None = Field(default=None, strict=True)
    finished: bool | None = Field(default=None, strict=True)
    invite: bool | None = Field(default=None, strict=True)


class AddressSet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=320)


class Kinds(BaseModel):
    turn: bool
    finished: bool
    invite: bool


class EmailState(BaseModel):
    """`GET /api/me/email`, and the answer to every change: the asker's own address and choices."""

    sending: bool  # this server has SMTP set up
    registered: bool
    address: str | None
    verified: bool
    preferences: Kinds  # the default
    tables: dict[str, Kinds]  # tables with a choice of their own
    every_minutes: float
