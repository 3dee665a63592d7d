"""Client -> server websocket messages: one parser turns the type tag into a typed message or an error."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Act(_Msg):
    type: Literal["act"]
    id: str | int | None = None
    version: int  # required: the compare-and-set that refuses a stale or repeated act
    action: dict[str, Any]


class Undo(_Msg):
    type: Literal["undo"]
    id: str | int | None = None
    version: int  # the version the player sees: taking back is refused once the game has moved on


class Sync(_Msg):
    type: Literal["sync"]
    id: str | int | None = None


class Chat(_Msg):
    type: Literal["chat"]
    id: str | int | None = None
    text: str = Field(min_length=1, max_length=500)


class Ping(_Msg):
    type: Literal["ping"]
    id: str | int | None = None


ClientMessage = Annotated[Union[Act, Undo, Sync, Chat, Ping], Field(discriminator="type")]
_adapter = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    def __init__(self, code: str, message: str, msg_id: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg_id = msg_id


def parse(text: str) -> Act | Undo | Sync | Chat | Ping:
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise BadMessage("malformed_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("bad_message", "a message must be a JSON object")
    msg_id = data.get("id") if isinstance(data.get("id"), (str, int)) else None
    if data.get("type") not in ("act", "undo", "sync", "chat", "ping"):
        raise BadMessage("unknown_type", f"unknown message type {str(data.get('type'))[:40]!r}", msg_id)
    try:
        return _adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise BadMessage("bad_message", f"{where}: {first['msg']}", msg_id) from None
