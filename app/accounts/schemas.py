"""Request and response shapes for accounts (one per direction), and the nickname rules."""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel, Field, field_validator

NICKNAME_MAX = 24
# Bots are named "Ada (bot)", and pages show the mark in the reader's language ("Ada (бот)"): no person wears it.
BOT_MARK = re.compile(r"\(\s*(bot|бот)\s*\)$", re.IGNORECASE)


def clean_nickname(value: str) -> str:
    """Remove control and format characters (NUL, zero-width joiners, right-to-left overrides), lone surrogates
    and unassigned code points; fold runs of spaces; then 1-24 characters must remain, not ending in a bot's mark."""
    value = unicodedata.normalize("NFC", "".join(
        ch for ch in value if not unicodedata.category(ch).startswith("C") or ch in "\t\n\r"))
    value = " ".join(value.split())
    if not value:
        raise ValueError("a nickname needs at least one visible character")
    if len(value) > NICKNAME_MAX:
        raise ValueError(f"a nickname has at most {NICKNAME_MAX} characters")
    if BOT_MARK.search(value):
        raise ValueError('a nickname may not end in "(bot)": that mark is for bots')
    return value


# Checked after cleaning; the raw limit only keeps absurd inputs out.
RAW_NICKNAME = Field(min_length=1, max_length=200)


class SessionCreate(BaseModel):
    nickname: str = RAW_NICKNAME

    @field_validator("nickname")
    @classmethod
    def _tidy_nickname(cls, value: str) -> str:
        return clean_nickname(value)


class RegisterCreate(BaseModel):
    username: str = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=1, max_length=256)  # length and commonness: app.accounts.passwords
    nickname: str | None = Field(default=None, min_length=1, max_length=200)

    @field_validator("nickname")
    @classmethod
    def _tidy_nickname(cls, value: str | None) -> str | None:
        return None if value is None else clean_nickname(value)


class LoginCreate(BaseModel):
    username: str = Field(min_length=1, max_length=32)
    password: str = Field(min_length=1, max_length=256)


class PasswordChange(BaseModel):
    password: str = Field(min_length=1, max_length=256)
    new_password: str = Field(min_length=1, max_length=256)


class UserPublic(BaseModel):
    id: int
    nickname: str
    registered: bool = False


class UserEnvelope(BaseModel):
    user: UserPublic
