"""Texts that every language can write: a message id (the English text with named holes) and its arguments.

Games used to send finished English sentences. A `Text` keeps the sentence's parts apart instead, so each
browser writes it in its reader's language from the same catalogue the site uses (docs/i18n.md):

    t("{player} buys {wares} for {price}", player=seat_ref(0), wares=words(["tea", "silk"]),
      price=tn("{n} gold", "{n} gold", 4))

is `{"msg": "{player} buys {wares} for {price}", "args": {...}}`. An argument is
- a number, written as it is;
- a string: a name the catalogue may translate (a card, a ware, a place), or a seat as `@<seat>`, which the
  browser turns into the player's name;
- `words([...], join)`: a list written "a, b and c" (or "a, b or c", or "a, b, c") in the reader's language;
- `verbatim(s)`: a string written as it is in every language (a person's nickname, which must not be looked up);
- another Text, written first (plurals among them: `tn(one, many, n)` has `["one", "many"]` as its message
  and the count as its argument `n`).

The English sentence is still sent as `text` beside it (`english`), so clients that read only English, the
bots' logs and the tests keep working unchanged. Rules code builds Texts; it never translates them.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Literal

from orjson import JSONEncodeError, dumps

Text = dict[str, Any]
Join = Literal["and", "or", ","]
HOLE = re.compile(r"\{(\w+)\}")


def N_(name: str) -> str:  # noqa: N802 - gettext's own name, which the extraction looks for
    """Mark a name (a card, a ware, a place) for the game's catalogue where it is defined; returns it unchanged."""
    return name


def t(msg: str, **args: Any) -> Text:
    """A sentence with named holes, e.g. t("{player} draws {card}", player="@0", card="Lion")."""
    return {"msg": msg, "args": args} if args else {"msg": msg}


def tn(one: str, many: str, n: int, **args: Any) -> Text:
    """A sentence that depends on a count `n`: tn("{n} coin", "{n} coins", 3). Languages have their own forms."""
    return {"msg": [one, many], "args": {"n": n, **args}}


def words(items: Iterable[Any], join: Join = "and") -> dict[str, Any]:
    """A list argument: its items (names, seats, Texts) written with the reader's "and"/"or" or commas."""
    return {"list": list(items), "join": join}


def verbatim(value: str) -> dict[str, str]:
    """A string argument written as it is in every language: a nickname that happens to be a catalogue word (a
    player called "Lion") stays their name."""
    return {"verbatim": value}


def is_text(value: Any) -> bool:
    return isinstance(value, dict) and "msg" in value


class _Holes(dict):
    """Arguments for str.format_map: a hole without its argument stays as it is written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def english(value: Any) -> str:
    """The English sentence of a Text (or of any argument).

    On the move path (every legal action's label, for every view), so holes are filled by str.format_map; a message
    that is no format string (a stray brace) is filled hole by hole instead.
    """
    kind = type(value)
    if kind is str:
        return value
    if kind is dict:
        msg = value.get("msg")
        if msg is not None:
            args = value.get("args")
            if type(msg) is list:
                msg = msg[0] if args and args.get("n") == 1 else msg[1]
            if not args:
                return msg
            filled = _Holes({k: v if type(v) is str else english(v) for k, v in args.items()})
            try:
                return msg.format_map(filled)
            except (ValueError, IndexError, AttributeError, KeyError):
                return HOLE.sub(lambda hole: filled[hole.group(1)], msg)
        if "list" in value:
            return _join([english(item) for item in value["list"]], value.get("join", "and"))
        if "verbatim" in value:
            return str(value["verbatim"])
    if kind is bool:
        return str(value).lower()
    if kind is int or kind is float:
        return str(value)
    if kind is list:
        return _join([english(item) for item in value], "and")
    raise TypeError(f"not a text: {value!r}")


# English sentences already written, by the Text's JSON: the labels of legal actions and the prompts are written for
# every view of every move, and most are the ones of the move before. Bounded: cleared when full.
_WRITTEN: dict[bytes, str] = {}
_WRITTEN_MAX = 4096


def english_of(value: Text) -> str:
    """`english(value)` for a Text, remembered by its JSON (the same Text content always writes the same sentence)."""
    try:
        key = dumps(value)
    except (TypeError, JSONEncodeError):
        return english(value)
    written = _WRITTEN.get(key)
    if written is None:
        written = english(value)
        if len(_WRITTEN) >= _WRITTEN_MAX:
            _WRITTEN.clear()
        _WRITTEN[key] = written
    return written


def _join(items: list[str], join: str) -> str:
    if join == ",":
        return ", ".join(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {join} {items[-1]}"


def said(value: str | Text) -> dict[str, Any]:
    """`{"text": <English>}`, with `"say": <Text>` when there is one: the two fields every shown text carries."""
    if is_text(value):
        return {"text": english(value), "say": value}
    return {"text": value}


def said_of(value: str | Text) -> dict[str, Any]:
    """`said(value)`, with the English remembered (`english_of`): for prompts, written for every view of every move."""
    if type(value) is dict and "msg" in value:
        return {"text": english_of(value), "say": value}
    return said(value)


def _parts(value: Any) -> Iterable[tuple[str, Any]]:
    """("msg", message id) and ("name", string argument) for everything inside a Text, depth first."""
    if isinstance(value, str):
        yield "name", value
    elif isinstance(value, dict):
        if "msg" in value:
            msg = value["msg"]
            yield "msg", tuple(msg) if isinstance(msg, list) else msg
            children = (value.get("args") or {}).values()
        else:  # a list's items; a verbatim string has nothing to translate
            children = value.get("list", ())
        for child in children:
            yield from _parts(child)
    elif isinstance(value, list):
        for child in value:
            yield from _parts(child)


def messages_in(value: Any) -> Iterable[str | tuple[str, str]]:
    """Every message id inside a Text and its arguments (what the catalogues must translate)."""
    return (part for kind, part in _parts(value) if kind == "msg")


def names_in(value: Any) -> Iterable[str]:
    """Every string argument inside a Text that is not a seat: the names the catalogues should translate."""
    return (part for kind, part in _parts(value) if kind == "name" and not part.startswith("@"))
