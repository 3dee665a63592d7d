"""Request and response shapes for accounts (one per direction)."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

NICKNAME = Field(min_length=1, max_length=32)


def _clean(value: str) -> str:
    value = " ".join(value.split())
    if not value:
        raise ValueError("must not be blank")
    return value


class SessionCreate(BaseModel):
    nickname: str = NICKNAME

    @field_validator("nickname")
    @classmethod
    def _tidy_nickname(cls, value: str) -> str:
        return _clean(value)


class RegisterCreate(BaseModel):
    username: str = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=256)
    nickname: str | None = Field(default=None, min_length=1, max_length=32)


class LoginCreate(BaseModel):
    username: str = Field(min_length=1, max_length=32)
    password: str = Field(min_length=1, max_length=256)


class UserPublic(BaseModel):
    id: int
    nickname: str
    registered: bool = False


class UserEnvelope(BaseModel):
    user: UserPublic
