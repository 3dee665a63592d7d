# cython: annotation_typing=False
"""The plain part of kit.py (which see, and which re-exports every name here): the log, words, piles, ranking.

Apart from kit.py so that the optional accelerator (docs/accel.md) compiles it: every game's move writes its log
with `Log`/`event` and draws from a `Pile`, while kit.py's `BaseOptions` is a pydantic model, which refuses Cython's
function objects. Games keep importing these names from app.engine or app.engine.kit. `annotation_typing=False`:
compiled, an annotation such as `deck: list` would otherwise refuse a list subclass (the .py is the truth).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Literal, Sequence, TypeVar

import orjson
from pydantic import BaseModel

from .rng import Rng
from .text import Text, english, said, t, words

T = TypeVar("T")
Event = dict[str, Any]


# ---- the log ---------------------------------------------------------------------------------------------------

def event(type_: str, text: str | Text, seats: Iterable[int] | None = None, **data: Any) -> Event:
    """One log entry. `seats` limits it to those seats (spectators never see it); `data` is for animations.

    `text` is best a Text (app/engine/text.py): the event then carries `say` for other languages beside the
    English `text`.
    """
    out: Event = {"type": type_, **said(text)}
    if seats is not None:
        out["seats"] = sorted(set(seats))
    out.update(data)
    return out


class Log:
    """The events of one move, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, type_: str, text: str | Text, seats: Iterable[int] | None = None, **data: Any) -> Event:
        entry = event(type_, text, seats, **data)
        self.events.append(entry)
        return entry

    def private(self, seat: int, type_: str, text: str | Text, **data: Any) -> Event:
        """Seen by `seat` alone (a card drawn, a secret choice)."""
        return self.add(type_, text, [seat], **data)

    def extend(self, events: Iterable[Event]) -> None:
        self.events.extend(events)


def seat_ref(seat: int) -> str:
    return f"@{seat}"


def plural(count: int, one: str, many: str | None = None) -> str:
    """'1 coin', '3 coins', '0 coins'; irregular plurals are given: plural(2, 'die', 'dice')."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def join_words(words: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def seat_list(seats: Iterable[int]) -> str:
    """'@0 and @2': players as the browser names them (English only; in a Text use `seat_words`)."""
    return join_words([seat_ref(s) for s in seats])


def seat_words(seats: Iterable[int], join: str = "and") -> dict[str, Any]:
    """Players as a list argument of a Text, written in the reader's language."""
    return words([seat_ref(s) for s in seats], join)  # type: ignore[arg-type]


# ---- piles -----------------------------------------------------------------------------------------------------

Reshuffle = Literal["on_draw", "at_once", "never"]


class Pile:
    """A draw pile (top = last element) and its discard pile, two lists inside the state.

    The reshuffle policy is explicit because the games differ and the moment is visible to players:
    - "on_draw": the discard pile becomes the new deck when a draw finds the deck empty;
    - "at_once": as soon as the deck's last card is taken, so the next top card can be shown at once;
    - "never": an empty deck stays empty (draw returns fewer cards).
    `reshuffles` counts how often it happened during this Pile's life, so the caller can log it.
    """

    def __init__(self, rng: Rng, deck: list, discard: list | None = None, reshuffle: Reshuffle = "on_draw"):
        if reshuffle != "never" and discard is None:
            raise ValueError("a pile that reshuffles needs a discard pile")
        self.rng = rng
        self.deck = deck
        self.discard_pile = discard
        self.policy = reshuffle
        self.reshuffles = 0

    def __len__(self) -> int:
        return len(self.deck)

    def available(self) -> int:
        """Cards that can still be drawn, counting a discard pile that would be reshuffled."""
        if self.policy == "never" or self.discard_pile is None:
            return len(self.deck)
        return len(self.deck) + len(self.discard_pile)

    def reshuffle(self) -> bool:
        """Shuffle the discard pile into the deck (under what is left of it). False when there is nothing to add."""
        if not self.discard_pile:
            return False
        cards = list(self.discard_pile)
        self.discard_pile.clear()
        self.rng.shuffle(cards)
        self.deck[:0] = cards
        self.reshuffles += 1
        return True

    def draw_one(self) -> Any | None:
        if not self.deck and self.policy == "on_draw":
            self.reshuffle()
        if not self.deck:
            return None
        card = self.deck.pop()
        if not self.deck and self.policy == "at_once":
            self.reshuffle()
        return card

    def draw(self, count: int) -> list:
        """Up to `count` cards from the top, reshuffling as the policy says."""
        out = []
        for _ in range(count):
            card = self.draw_one()
            if card is None:
                break
            out.append(card)
        return out

    def peek(self) -> Any | None:
        return self.deck[-1] if self.deck else None

    def discard(self, *cards: Any) -> None:
        assert self.discard_pile is not None, "this pile has no discard pile"
        self.discard_pile.extend(cards)


def unseen_shuffle(items: Iterable[T], rng: Any) -> list[T]:
    """The unseen items in a random order that depends only on which items they are (and `rng`), never on their
    order now: what `scramble_hidden` deals from, so a scrambled state and the true one give the same deal and a
    search that starts from either sees the same game (app/engine/search.py)."""
    out = sorted(items, key=lambda item: orjson.dumps(item, option=orjson.OPT_SORT_KEYS))
    rng.shuffle(out)
    return out


def deal(pile: Pile, hands: list[list], count: int) -> None:
    """`count` cards to each hand, one at a time around the table as at a real table."""
    for _ in range(count):
        for hand in hands:
            card = pile.draw_one()
            if card is not None:
                hand.append(card)


def one_per_design(cards: Iterable[T], design: Callable[[T], Hashable]) -> list[T]:
    """The first card of each design, in order: choices among identical cards are offered once."""
    seen: set = set()
    out = []
    for card in cards:
        key = design(card)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


# ---- ranking ---------------------------------------------------------------------------------------------------

def standings(keys: Sequence[Sequence[Any]]) -> list[int]:
    """Place per seat (1 = best) for sort keys where higher is better; equal keys share a place.

    A game puts its documented tie-breaks in the key: (victory points, coins) means coins break ties.
    Places skip after a tie, as in sport: 1, 1, 3.
    """
    places = []
    for seat, key in enumerate(keys):
        places.append(1 + sum(1 for other, k in enumerate(keys) if other != seat and tuple(k) > tuple(key)))
    return places


def winners(keys: Sequence[Sequence[Any]]) -> list[int]:
    """The seats in first place (several on a full tie)."""
    return [seat for seat, place in enumerate(standings(keys)) if place == 1]


def result_of(scores: Sequence[int], keys: Sequence[Sequence[Any]], text: str | Text, **extra: Any) -> dict[str, Any]:
    """The result dict every game returns: scores per seat, winners, places, a sentence (and its `say`), extras."""
    return {"scores": list(scores), "winners": winners(keys), "places": standings(keys), **said(text), **extra}


def winners_text(seats: Sequence[int]) -> str:
    """'@1 wins' / '@0 and @2 share the win' (English only; in a Text use `winners_say`)."""
    return english(winners_say(seats))


def winners_say(seats: Sequence[int]) -> Text:
    """'@1 wins' / '@0 and @2 share the win', as a Text."""
    if len(seats) == 1:
        return t("{player} wins", player=seat_ref(seats[0]))
    return t("{players} share the win", players=seat_words(seats))


def first_seat(options: BaseModel, num_players: int, rng: Rng) -> int:
    """The host's first player, else one drawn from the game's own generator."""
    chosen = getattr(options, "first_player", None)
    return chosen if chosen is not None else rng.below(num_players)


def seats_from(first: int, num_players: int) -> list[int]:
    """Every seat in clockwise order starting at `first`."""
    return [(first + i) % num_players for i in range(num_players)]
