"""Client -> server websocket messages: one parser turns the type tag into a typed message or an error.

Measured against a pydantic discriminated union (bench/bench_parse.py), msgspec's tagged Structs decoded straight
from the text were the cheapest by far, so a well-formed message takes that path alone. msgspec's own refusals are
worded for programmers, so a message it refuses is parsed again with orjson and checked field by field, which
words the refusal the way docs/protocol.md documents (`malformed_json`, `unknown_type`, `bad_message` with
"<field>: <what is wrong>"). Both paths keep JSON's types strict: a `version` of `4.0`, `"4"` or `true` is refused
rather than coerced, and lone surrogates and numbers beyond the double range are refused as malformed JSON.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Union

import msgspec
import orjson

MAX_CHAT = 500
_STRICT = {"tag_field": "type", "forbid_unknown_fields": True}


class Act(msgspec.Struct, tag="act", **_STRICT):
    version: int  # required: the compare-and-set that refuses a stale or repeated act
    action: dict[str, Any]
    id: str | int | None = None
    ack_in_patch: bool = False  # the ack rides in this move's patch to the socket instead of a frame of its own


class Undo(msgspec.Struct, tag="undo", **_STRICT):
    version: int  # the version the player sees: taking back is refused once the game has moved on
    id: str | int | None = None
    ack_in_patch: bool = False


class Sync(msgspec.Struct, tag="sync", **_STRICT):
    id: str | int | None = None


class Chat(msgspec.Struct, tag="chat", **_STRICT):
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT)]
    id: str | int | None = None


class Ping(msgspec.Struct, tag="ping", **_STRICT):
    id: str | int | None = None


_decoder = msgspec.json.Decoder(Union[Act, Undo, Sync, Chat, Ping])


class BadMessage(Exception):
    def __init__(self, code: str, message: str, msg_id: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.msg_id = msg_id


# The fields each type must carry besides "type" and "id", and those it may.
_FIELDS = {"act": ("version", "action"), "undo": ("version",), "sync": (), "chat": ("text",), "ping": ()}
_OPTIONAL = {"act": ("ack_in_patch",), "undo": ("ack_in_patch",)}
_JSON_TYPE = {dict: "an object", list: "an array", str: "a string", int: "an integer", float: "a number",
              bool: "true or false", type(None): "null"}


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is a subclass of int; JSON's true is not a number


def _refuse(where: str, what: str, msg_id: Any) -> BadMessage:
    return BadMessage("bad_message", f"{where}: {what}", msg_id)


def _got(value: Any) -> str:
    return _JSON_TYPE.get(type(value), "something else")


def parse(text: str | bytes) -> Act | Undo | Sync | Chat | Ping:
    try:
        return _decoder.decode(text)
    except msgspec.DecodeError:  # also its ValidationError: say what is wrong in our words
        return _checked(text)


def _checked(text: str | bytes) -> Act | Undo | Sync | Chat | Ping:
    """The slow path: parse with orjson and check each field, raising BadMessage with a message for people.

    It returns a message only for input msgspec refused on a limit of its own (an integer beyond 64 bits).
    """
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise BadMessage("malformed_json", "the message is not valid JSON") from None
    if type(data) is not dict:
        raise BadMessage("bad_message", "a message must be a JSON object")
    msg_id = data.get("id")
    kind = data.get("type")
    fields = _FIELDS.get(kind) if type(kind) is str else None
    if fields is None:
        raise BadMessage("unknown_type", f"unknown message type {str(kind)[:40]!r}",
                         msg_id if type(msg_id) is str or _is_int(msg_id) else None)
    if msg_id is not None and type(msg_id) is not str and not _is_int(msg_id):
        raise _refuse("id", f"must be a string, an integer or null, not {_got(msg_id)}", None)
    optional = _OPTIONAL.get(kind, ())
    for key in data:
        if key != "type" and key != "id" and key not in fields and key not in optional:
            raise _refuse(str(key)[:40], "unknown field", msg_id)
    for key in fields:
        if key not in data:
            raise _refuse(key, "required field missing", msg_id)
    if "version" in fields and not _is_int(data["version"]):
        raise _refuse("version", f"must be an integer, not {_got(data['version'])}", msg_id)
    ack_in_patch = data.get("ack_in_patch", False)
    if type(ack_in_patch) is not bool:
        raise _refuse("ack_in_patch", f"must be true or false, not {_got(ack_in_patch)}", msg_id)
    if kind == "undo":
        return Undo(version=data["version"], id=msg_id, ack_in_patch=ack_in_patch)
    if kind == "act":
        version, action = data["version"], data["action"]
        if type(action) is not dict:
            raise _refuse("action", f"must be an object, not {_got(action)}", msg_id)
        return Act(version=version, action=action, id=msg_id, ack_in_patch=ack_in_patch)
    if kind == "ping":
        return Ping(id=msg_id)
    if kind == "sync":
        return Sync(id=msg_id)
    text_ = data["text"]
    if type(text_) is not str:
        raise _refuse("text", f"must be a string, not {_got(text_)}", msg_id)
    if not 1 <= len(text_) <= MAX_CHAT:
        raise _refuse("text", f"must be 1-{MAX_CHAT} characters, not {len(text_)}", msg_id)
    return Chat(text=text_, id=msg_id)


HEAD_CHARS = 256
_head_decoder = json.JSONDecoder()
_SCALAR_START = set('"-0123456789tfn')


def head_id(text: str) -> str | int | None:
    """The message's `id` when it is among the top-level keys at the head of the frame, before any object or array
    value, read without parsing the rest: refusals of frames too large to parse (`too_large`) or refused before
    parsing (`rate_limited`) still name the message they refuse. None when it is not there, or not a string or an
    integer."""
    head = text[:HEAD_CHARS]
    at = _skip(head, 0)
    if head[at:at + 1] != "{":
        return None
    at += 1
    try:
        while True:
            at = _skip(head, at)
            key, at = _head_decoder.raw_decode(head, at)
            at = _skip(head, at)
            if type(key) is not str or head[at:at + 1] != ":":
                return None
            at = _skip(head, at + 1)
            if head[at:at + 1] not in _SCALAR_START:
                return None  # an object or array: reading on would mean parsing it
            value, at = _head_decoder.raw_decode(head, at)
            if key == "id":
                return value if _sendable_id(value) else None
            at = _skip(head, at)
            if head[at:at + 1] != ",":
                return None
            at += 1
    except (ValueError, RecursionError):  # the head ends inside a value, or is not JSON
        return None


def _sendable_id(value: Any) -> bool:
    """An id the refusal can quote: a string without lone surrogates, or an integer of at most 64 bits."""
    if type(value) is str:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    return _is_int(value) and -2**63 <= value < 2**64


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\n\r":
        at += 1
    return at
