"""Parsing a socket message: pydantic (what we had), msgspec, orjson with hand-written checks, and what we keep.

Each contender turns the same text into a typed message or a refusal; the figures are microseconds per message
for a typical `act`, a `ping`, and an `act` missing its version (the error path). The pydantic union is written
here only to be measured; the others are app/play/messages.py's: msgspec's tagged Structs alone, the orjson path
with checks by hand alone, and `parse`, which tries msgspec and words its refusals with the hand-checked path.

    .venv/bin/python bench/bench_parse.py
"""

from __future__ import annotations

import sys
import timeit
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from app.play import messages  # noqa: E402

ACT = '{"type":"act","id":17,"version":4211,"action":{"type":"mark","cell":51,"label":"Mark cell 51"}}'
PING = '{"type":"ping","id":"probe-3"}'
BAD = '{"type":"act","id":18,"action":{"type":"mark","cell":52,"label":"Mark cell 52"}}'


# ---- pydantic: a discriminated union of models, as app/play/messages.py had before --------------------------------
class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PAct(_Model):
    type: Literal["act"]
    id: str | int | None = None
    version: int
    action: dict[str, Any]


class PSync(_Model):
    type: Literal["sync"]
    id: str | int | None = None


class PChat(_Model):
    type: Literal["chat"]
    id: str | int | None = None
    text: str = Field(min_length=1, max_length=500)


class PPing(_Model):
    type: Literal["ping"]
    id: str | int | None = None


_pydantic = TypeAdapter(Annotated[Union[PAct, PSync, PChat, PPing], Field(discriminator="type")])


def parse_pydantic(text: str) -> Any:
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise messages.BadMessage("malformed_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise messages.BadMessage("bad_message", "a message must be a JSON object")
    try:
        return _pydantic.validate_python(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        raise messages.BadMessage("bad_message", f"{'.'.join(map(str, first['loc'][1:]))}: {first['msg']}") from None


def per_message_us(parse, text: str, number: int = 2_000) -> float:  # noqa: ANN001
    def once() -> None:
        try:
            parse(text)
        except (messages.BadMessage, ValueError):  # msgspec's own DecodeError is a ValueError
            pass

    # The best of many short runs: on a shared machine the minimum is the figure least disturbed by others.
    return min(timeit.repeat(once, number=number, repeat=40)) / number * 1e6


def main() -> None:
    contenders = [("pydantic TypeAdapter", parse_pydantic), ("msgspec Struct union", messages._decoder.decode),
                  ("orjson + hand checks", messages._checked), ("kept: msgspec, then checks", messages.parse)]
    print(f"{'parser':28s} {'act us':>8s} {'ping us':>8s} {'bad act us':>10s}")
    for name, parse in contenders:
        print(f"{name:28s} {per_message_us(parse, ACT):8.2f} {per_message_us(parse, PING):8.2f} "
              f"{per_message_us(parse, BAD):10.2f}")
    for name, parse in contenders:
        try:
            parse(BAD)
        except messages.BadMessage as exc:
            print(f"{name}: bad act -> {exc.code}: {exc.message}")
        except ValueError as exc:
            print(f"{name}: bad act -> {exc}")


if __name__ == "__main__":
    main()
