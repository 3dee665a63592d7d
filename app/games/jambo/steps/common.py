"""What Jambo's steps share: the step base, the card rules registry, draws into a hand, and choice lists.

A card's whole rule is one `CardRule` (when it may be played or used, what it starts) next to the Steps of the
decisions it asks for, in the module of its family (utilities, people, animals). The turn's play step finds the
rule by the card's kind in `RULES`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from app.engine import Log, State, Step, one_per_design
from app.engine.steps import Frame

from .. import data as D
from ..state import fit_fee, pile
from ..turn import ask, discard_card


class JamboStep(Step):
    """A decision inside a turn. `title` (or `describe`) is the text the view shows, naming the active player @seat."""

    title: ClassVar[str] = ""

    def describe(self, game: Any, s: State, frame: Frame) -> str:
        return self.title

    def text(self, game: Any, s: State, frame: Frame, seat: int) -> str:
        # Prompt texts are shown as they are (only event and view texts name players as "@<seat>"): the
        # reacting player is asked about "your opponent".
        return self.describe(game, s, frame).replace(f"@{s['turn']}", "Your opponent")


class HandDiscard(JamboStep):
    """A card's decision "discard one card from your hand"; what follows is the card's own `resolve`."""

    def options(self, game: Any, s: State, frame: Frame, seat: int) -> list[dict]:
        return card_choices(s["players"][seat]["hand"], "Discard")


class CardRule:
    """The rule of one kind of card: when it may be played, and what playing (or using) it starts."""

    kind: ClassVar[str]
    first_step: ClassVar[str | None] = None  # the decision the card asks first, when that is all `start` does

    def playable(self, s: State, seat: int) -> bool:
        return True

    def start(self, s: State, seat: int, log: Log) -> None:
        """The card's effect for `seat`: asks its first decision, or has its whole effect and calls `done`."""
        assert self.first_step is not None, f"{self.kind} says neither its first step nor its effect"
        ask(s, self.first_step, seat)

    def only_asks(self) -> bool:
        """Whether playing or using the card just asks its first decision of its player: the play draws nothing
        and shows nobody anything, so it may be taken back (docs/rules/jambo.md, undo)."""
        return self.first_step is not None and type(self).start is CardRule.start


class UtilityRule(CardRule, ABC):
    """A utility is played in front of its owner (always possible) and then used once a turn for an action."""

    announce: ClassVar[bool] = True  # log "uses <name>" before the effect (the Well says what it does itself)
    price: ClassVar[int] = 0  # gold paid on using it, said in its label

    @abstractmethod
    def usable(self, s: State, seat: int) -> bool:
        """Whether using it now can have an effect."""


RULES: dict[str, CardRule] = {}


def card_rule(cls: type[CardRule]) -> type[CardRule]:
    """Class decorator: the one rule of the card kind `cls.kind`."""
    assert cls.kind in D.KINDS and cls.kind not in RULES, cls.kind
    RULES[cls.kind] = cls()
    return cls


def use_utility(s: State, seat: int, kind: str, log: Log) -> None:
    """Start the effect of a utility of this kind for `seat` (the action and the once-a-turn mark are the caller's)."""
    rule = RULES[kind]
    if isinstance(rule, UtilityRule) and rule.announce:
        log.add("use", f"@{seat} uses {D.KINDS[kind]['name']}")
    rule.start(s, seat, log)


def player(s: State, seat: int) -> dict:
    return s["players"][seat]


# ---- cards into hands --------------------------------------------------------------------------------------------

def draw_to_hand(s: State, seat: int, n: int, log: Log) -> int:
    got = pile(s).draw(n)
    s["players"][seat]["hand"] += got
    if got:
        log.add("draw", f"@{seat} draws {len(got)} card{'s' if len(got) > 1 else ''}")
        log.private(seat, "draw_private", f"@{seat} draws " + ", ".join(D.name(c) for c in got), cards=got)
    else:
        log.add("draw", f"@{seat} draws nothing: no cards left")
    return len(got)


def discard_from_hand(s: State, seat: int, card: int, log: Log) -> None:
    s["players"][seat]["hand"].remove(card)
    discard_card(s, card)
    log.add("discard", f"@{seat} discards {D.name(card)}", card=card)


# ---- choice lists ------------------------------------------------------------------------------------------------

def one_per_kind(cards: list[int]) -> list[int]:
    """Identical cards are interchangeable: offer the first of each kind."""
    return one_per_design(cards, D.kind)


def card_choices(cards: list[int], verb: str, type_: str = "pick") -> list[dict]:
    return [{"type": type_, "card": c, "label": f"{verb} {D.name(c)}"} for c in one_per_kind(cards)]


def ware_choices(types: list[int], verb: str, area: str, suffix: str = "", count: int = 1, **fields: int) -> list[dict]:
    """One action per ware type. Fields for the renderer: `area` is where the ware is picked ("mine", "theirs",
    "supply", "pool"), `count` how many of that type move; `price`, `gain` and `fee` (gold) when they apply."""
    return [{"type": "ware", "ware": t, "area": area, "count": count, **fields,
             "label": f"{verb} {D.WARES[t]}{suffix}"} for t in types]


def fee_of(P: dict, n: int) -> int:
    """The 6th-space fee for taking n wares by choice (0 when they fit on ordinary spaces)."""
    return fit_fee(P, n) or 0


def fee_note(P: dict, n: int) -> str:
    """Label suffix when taking n wares by choice puts one on the 6th space: every gold paid is said."""
    return fee_words(fit_fee(P, n) or 0)


def fee_words(fee: int) -> str:
    return f" (+{fee} gold for your 6th space)" if fee else ""


def paid_text(price: int, fee: int) -> str:
    """'3 gold', '3 gold + 2 for the 6th space', '2 gold for the 6th space': the full amount an event names."""
    if not fee:
        return f"{price} gold"
    if not price:
        return f"{fee} gold for the 6th space"
    return f"{price} gold + {fee} for the 6th space"


def fee_paid(fee: int) -> str:
    """Event suffix for a ware taken onto the 6th space without a price."""
    return f" and pays {paid_text(0, fee)}" if fee else ""
