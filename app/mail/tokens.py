"""Signed links in emails: verify an address, unsubscribe. Signed with the session cookie keys (app/accounts/keys.py),
so every instance verifies what another signed, and a purpose inside the payload keeps one kind of token (or a
session cookie) from passing as another."""

from __future__ import annotations

import base64

import orjson
from itsdangerous import BadSignature

from app.accounts.keys import Keys

VERIFY, UNSUBSCRIBE = "verify-email", "unsubscribe"
VERIFY_MAX_AGE_S = 3 * 24 * 3600  # a verification link works for three days


def sign(keys: Keys, purpose: str, user_id: int, **extra: str) -> str:
    payload = base64.urlsafe_b64encode(orjson.dumps({"p": purpose, "u": user_id, **extra})).rstrip(b"=")
    return keys.sign(payload).decode()


def read(keys: Keys, token: str, purpose: str, max_age: int | None = None) -> dict | None:
    """The payload of a token signed for `purpose`; None when it is forged, expired, or for something else."""
    try:
        payload = keys.unsign(token.encode(), max_age=max_age)
        data = orjson.loads(base64.urlsafe_b64decode(payload + b"=" * (-len(payload) % 4)))
    except (BadSignature, ValueError, UnicodeError):
        return None
    if not isinstance(data, dict) or data.get("p") != purpose or not isinstance(data.get("u"), int):
        return None
    return data
