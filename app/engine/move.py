# cython: annotation_typing=False
"""The generic part of every move: the checks of `Game.apply`, the envelope of `Game.full_views`, matching an
action to the listed ones, labels written in English.

It lives apart from game.py so that the optional accelerator (docs/accel.md) compiles it: game.py defines pydantic
models, which refuse Cython's function objects. `Game`'s methods call these functions; games never call them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from .errors import GameOver, IllegalAction, NotYourTurn
from .text import english, english_of, is_text, said_of, t

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


_FRESH: Any = object()  # Prompt's `data` left out: a new empty dict, as `field(default_factory=dict)` gave


@dataclass(frozen=True)
class Prompt:
    """What a pending seat is asked, in words, plus a short machine kind for renderers.

    Defined here rather than in game.py (which imports it from here, as every game does from app.engine) so that
    the accelerator compiles its `__init__`: every move builds its prompts."""

    text: Any  # str or a Text (app/engine/text.py): a Text is sent as its English `text` plus `say`
    kind: str = "choose"
    secret: bool = False  # the choice stays hidden from others until resolved (simultaneous moves)
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, text: Any, kind: str = "choose", secret: bool = False,
                 data: dict[str, Any] | None = _FRESH) -> None:
        # One write of each field into the instance's dict instead of the frozen dataclass's object.__setattr__ for
        # each (a third of a Prompt's cost). The dataclass still gives eq, repr and the frozen fields.
        fields = self.__dict__
        fields["text"] = text
        fields["kind"] = kind
        fields["secret"] = secret
        fields["data"] = {} if data is _FRESH else data

    def to_json(self) -> dict[str, Any]:
        return prompt_json(self)


def apply(game: Any, state: State, seat: int, action: Action, encoded: bytes | None = None,
          legal: list[Action] | None = None) -> tuple[State, list[Event]]:
    """`Game.apply`, bound as it is: check and play one action; returns a new state and the events. `state` is
    untouched. `encoded`: `state` as JSON, when the caller has it at hand (the hub keeps what it stored), so that
    copying it is one parse. `legal`: `game.legal(state, seat)`, when the caller has it at hand (the hub keeps it in
    the mover's view), so that it is not worked out twice. An action found in that list needs no `pending` check:
    `full_views` lists legal actions only for a pending seat, so the list proves it (and `pending` builds every
    prompt's text). Any other outcome takes the full checks in their order, so a refusal says why as it always did.
    """
    if game.result(state) is not None:
        raise GameOver(t("the game is over"))
    # An action found in the listed legal ones needs no `pending` check: `full_views` lists legal actions only for a
    # pending seat (and `pending` builds every prompt's text). Anything else takes the full checks in their order.
    listed = match_action(action, legal) if legal else None
    if listed is None:
        if seat not in game.pending(state):
            raise NotYourTurn(t("seat {seat} has nothing to decide now", seat=seat))
        if legal is None:
            listed = match_action(action, game.legal(state, seat))
        if listed is None:
            raise IllegalAction(t("{action} is not a legal action now", action=_quote(action)))
    if encoded is None:
        new_state = copy_state(state)
    else:  # compiled, a walk that shares the leaves is cheaper than parsing the JSON again; as Python it is not
        new_state = _copied(state) if _COMPILED else None
        if new_state is None:
            new_state = orjson.loads(encoded)
    # Play the server's own copy of the action: the client's may differ in ways equality would forgive.
    events = game.play(new_state, seat, _own_copy(listed))
    if game.move_cap is not None:
        events += game._count_move(new_state)
    return new_state, events


def full_views(game: Any, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """`Game.full_views`, bound as it is: `full_view` for several audiences, asking `pending` and `result` once."""
    pending = game.pending(state)
    # One `waiting` list for every audience, as `result` is: nothing changes a view once made (the hub sets only
    # top-level keys), and a part every view holds is diffed once a move (app/play/patch.py), not once per audience.
    waiting = sorted(pending)
    result = game.result(state)
    views = []
    for seat, game_view in zip(seats, game.views(state, seats)):
        prompt = pending.get(seat) if seat is not None else None
        views.append({
            "seat": seat,
            "waiting": waiting,
            "prompt": prompt_json(prompt) if prompt else None,
            "legal": game.legal(state, seat) if prompt else [],
            "result": result,
            "game": game_view,
        })
    return views


def views(game: Any, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """`view` for several audiences at once, what every move asks for: `Game.views` as a game inherits it (here so
    that it compiles). A game whose views share a costly public part (scores worked out, a board laid out) computes
    that part once in its own `views`; the generic tests require the result to equal `view` for each audience. The
    views may share the public part's objects: nothing changes a view once made."""
    return [game.view(state, seat) for seat in seats]


def prompt_json(prompt: Any) -> dict[str, Any]:
    """`Prompt.to_json`: written out by hand (dataclasses.asdict showed in move-path profiles); defaults left out."""
    text = prompt.text
    # Most prompts are plain English: `said_of` would give {"text": text}, here without its two calls and a copy.
    out: dict[str, Any] = {"text": text, "kind": prompt.kind} if type(text) is str else {**said_of(text),
                                                                                          "kind": prompt.kind}
    if prompt.secret:
        out["secret"] = True
    if prompt.data:
        out["data"] = prompt.data
    return out


def action_key(action: Any) -> bytes:
    """Canonical JSON bytes of an action: equal keys equal the same JSON, with the same types.

    Python's `==` treats 4.0 as 4 and true as 1; a game given such an action would store it and could
    fail on it later, so actions are compared by their canonical JSON instead (docs/protocol.md).
    """
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


def match_action(action: Any, legal: list[Action]) -> Action | None:
    """The listed legal action that is exactly `action` (same keys, values and JSON types), or None.

    `say` (the label for other languages) is for people: a client may send it back or leave it out.
    """
    if not isinstance(action, dict):
        return None
    # Equal canonical JSON implies Python's ==, so == finds the candidates (in C: no candidate serialised or
    # copied) and the canonical bytes decide among them, as they alone did before.
    bare = _without_say(action)
    size = len(bare)
    key = None
    for candidate in legal:
        if len(candidate) - ("say" in candidate) != size:
            continue
        # `bare.items() <= candidate.items()` (each key there, its value the same object or ==) in one loop without
        # the views and their pairs, which also finds out whether every value is of one exact type on both sides:
        # values of one type each (floats aside: -0.0 == 0.0) that are == write the same JSON, no bytes needed.
        exact = True
        for name, value in bare.items():
            other = candidate.get(name, _ABSENT)
            if other is not value:
                if other is _ABSENT or not (other == value):
                    break
                if exact and (type(value) not in _EXACT or type(value) is not type(other)):
                    exact = False
            elif exact and type(value) not in _EXACT:
                exact = False
        else:
            if exact:
                return candidate
            if key is None:
                try:
                    key = action_key(bare)
                except (TypeError, orjson.JSONEncodeError):
                    return None
            if action_key(_without_say(candidate)) == key:
                return candidate
    return None


_ABSENT: Any = object()  # a key the candidate lacks (None is a value an action may hold)

# Types whose == between two values of the same type means the same JSON (not float: -0.0 == 0.0, nan != nan).
_EXACT = frozenset((str, int, bool, type(None)))


def _own_copy(listed: Action) -> Action:
    """A copy of a listed action without `say`, for `play` to keep: a new dict when every value is a str, int, bool
    or None (what it holds cannot change), else a deep copy as JSON."""
    plain = {k: v for k, v in listed.items() if k != "say"} if "say" in listed else dict(listed)
    for value in plain.values():
        if type(value) not in _EXACT:
            return copy_state(plain)
    return plain


def _without_say(action: Action) -> Action:
    return {k: v for k, v in action.items() if k != "say"} if "say" in action else action


def labelled(action: Action) -> Action:
    """An action whose `label` is a Text, as clients get it: the English `label` plus `say`."""
    label = action.get("label")
    if type(label) is dict and "msg" in label:
        return {**action, "label": english_of(label), "say": label}
    if is_text(label):  # a dict of another type
        return {**action, "label": english(label), "say": label}
    return action


def copy_state(state: State) -> State:
    """A deep copy of JSON data; a round trip through orjson is several times faster than copy.deepcopy."""
    return orjson.loads(orjson.dumps(state))


# Whether this module runs compiled (docs/accel.md): `apply` then copies the state by `_copied`, which is the faster of
# the two only in C. Either way the copy is the same (tests/test_engine_copy.py checks `_copied` both ways).
_COMPILED = not __file__.endswith(".py")


def _copied(value: Any) -> Any:
    """What `orjson.loads(orjson.dumps(value))` gives for a dict or list that orjson wrote (`apply`'s `encoded`): new
    dicts and lists, their str, int, bool, None and finite float leaves shared (nothing changes those). None when it
    holds anything else, which the round trip might change (a tuple becomes a list, nan null, a subclass its base):
    the caller parses the JSON then. Relies on `value` having been written by orjson: an int out of its range would
    have been refused there, so none is looked for here. Each container is copied whole at once (a dict's table, a
    list's items), then its containers replaced by their copies."""
    if type(value) is dict:
        out = value.copy()
        for key, item in value.items():
            if type(key) is not str:
                return None
            if item is None or type(item) is str or type(item) is int or type(item) is bool:
                continue
            if type(item) is dict or type(item) is list:
                item = _copied(item)
                if item is None:
                    return None
                out[key] = item
            elif type(item) is not float or item - item != 0.0:  # finite floats stay: nan, infinities are written null
                return None
        return out
    if type(value) is list:
        items = list(value)
        i = 0
        for item in items:
            if not (item is None or type(item) is int or type(item) is str or type(item) is bool):
                if type(item) is dict or type(item) is list:
                    item = _copied(item)
                    if item is None:
                        return None
                    items[i] = item
                elif type(item) is not float or item - item != 0.0:
                    return None
            i += 1
        return items
    return None


def filter_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events an audience may see: public ones, and private ones addressed to this seat."""
    return [e for e in events if "seats" not in e or (seat is not None and seat in e["seats"])]


def _quote(action: Any) -> str:
    text = repr(action)
    return text if len(text) <= 200 else text[:197] + "..."
