"""What Jambo's steps share: the step base, the card rules registry, draws into a hand, and choice lists.

A card's whole rule is one `CardRule` (when it may be played or used, what it starts) next to the Steps of the
decisions it asks for, in the module of its family (utilities, people, animals). The turn's play step finds the
rule by the card's kind in `RULES`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar

from app.engine import Log, State, Step, Text, seat_ref, t, tn
from app.engine.steps import Frame
from app.engine.memo import Memo
from app.engine.move import labelled
from app.engine.steps import top

from .. import data as D
from ..state import fit_fee, pile
from ..turn import ask, discard_card


# Each legal action labelled once for all (`Jambo.label`): the actions a hand offers are mostly the same move after
# move (the same card at the same price). Nothing changes a legal action once made (the hub and `apply` only read
# it). Small: the chain's hits are the actions the previous move offered.
LABELLED = Memo(64)
# Offers asked on most moves (phases 1 and 2, an auction's bids) labelled once by what each action is made of
# (steps/phases.py): the same objects while those facts are the same, which the diff skips with `is`.
OFFERS = Memo(64)


def kept(key: tuple, make: Callable[..., list[dict]], *args: Any) -> tuple:
    """The labelled actions `make(*args)` makes, kept under `key` (OFFERS), which must hold everything they are made
    of: a tuple, never changed. (`make` and its arguments rather than a closure: none is made on a hit.)"""
    found = OFFERS.get(key)
    if found is None:
        found = OFFERS.keep(key, tuple(labelled(action) for action in make(*args)))
    return found


def one_per_kind(cards: list[int]) -> list[int]:
    """Identical cards are interchangeable: offer the first of each kind (`kit.one_per_design` by kind, written out
    here: kit.py is not compiled, and every phase 2 offer asks it)."""
    seen = set()
    out = []
    for card in cards:
        kind = D.CARD_KIND[card]
        if kind not in seen:
            seen.add(kind)
            out.append(card)
    return out



class JamboStep(Step):
    """A decision inside a turn. `title` (or `describe`) is the Text the view shows, naming the active player
    as a "@<seat>" argument; the prompt (`text`) is the same unless a step asks the reacting player about
    "your opponent" in its own words."""

    title: ClassVar[Text]

    def describe(self, game: Any, s: State, frame: Frame) -> Text:
        return dict(self.title)  # a copy: the class's Text is shared by every game

    def text(self, game: Any, s: State, frame: Frame, seat: int) -> Text:
        return self.describe(game, s, frame)

    def prompt_key(self, s: State, frame: Frame) -> tuple | None:
        """A small key of all the prompt (`text`, `data`, kind) reads, for the view to keep its JSON by (view._prompt),
        or None: then it is kept by the JSON of the text itself. Only the steps asked on most moves say one."""
        return None


class HandDiscard(JamboStep):
    """A card's decision "discard one card from your hand"; what follows is the card's own `resolve`."""

    def options(self, game: Any, s: State, frame: Frame, seat: int) -> list[dict]:
        return card_choices(s["players"][seat]["hand"], lambda card: t("Discard {card}", card=card))


class CardRule:
    """The rule of one kind of card: when it may be played, and what playing (or using) it starts."""

    kind: ClassVar[str]
    first_step: ClassVar[str | None] = None  # the decision the card asks first, when that is all `start` does
    # How many wares its effect puts on its player's stands by their choice: playing or using it then commits to
    # any 6th-space fee, which its label says (issue #27, item 11).
    takes: ClassVar[int] = 0

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


def commit_label(s: State, seat: int, kind: str, label: Text) -> tuple[Text, int]:
    """The label of playing or using a card of this kind, with the 6th-space fee its effect will cost; and the fee."""
    n = RULES[kind].takes
    fee = fee_of(s["players"][seat], n) if n else 0
    return with_fee(label, fee), fee


def use_utility(s: State, seat: int, kind: str, log: Log) -> None:
    """Start the effect of a utility of this kind for `seat` (the action and the once-a-turn mark are the caller's)."""
    rule = RULES[kind]
    if D.KINDS[kind]["type"] == "utility" and rule.announce:  # a UtilityRule (tested): no ABC isinstance check
        log.add("use", t("{player} uses {card}", player=seat_ref(seat), card=D.KINDS[kind]["name"]))
    rule.start(s, seat, log)


def player(s: State, seat: int) -> dict:
    return s["players"][seat]


# ---- cards into hands --------------------------------------------------------------------------------------------

def draw_to_hand(s: State, seat: int, n: int, log: Log) -> int:
    got = pile(s).draw(n)
    s["players"][seat]["hand"] += got
    if got:
        log.add("draw", tn("{player} draws {n} card", "{player} draws {n} cards", len(got), player=seat_ref(seat)))
        log.private(seat, "draw_private", t("{player} draws {cards}", player=seat_ref(seat), cards=D.cards_say(got)),
                    cards=got)
    else:
        log.add("draw", t("{player} draws nothing: no cards left", player=seat_ref(seat)))
    return len(got)


def discard_from_hand(s: State, seat: int, card: int, log: Log) -> None:
    s["players"][seat]["hand"].remove(card)
    discard_card(s, card)
    log.add("discard", t("{player} discards {card}", player=seat_ref(seat), card=D.card_say(card)), card=card)


# ---- choice lists ------------------------------------------------------------------------------------------------



def card_choices(cards: list[int], label: Callable[[Any], Text], type_: str = "pick") -> list[dict]:
    """One action per kind of card; `label` makes its Text from the card's name argument."""
    return [{"type": type_, "card": c, "label": label(D.card_say(c))} for c in one_per_kind(cards)]


def ware_choices(types: list[int], label: Callable[[str], Text], area: str, fee: int | None = None, count: int = 1,
                 **fields: int) -> list[dict]:
    """One action per ware type; `label` makes its Text from the ware's name. Fields for the renderer: `area` is
    where the ware is picked ("mine", "theirs", "supply", "pool"), `count` how many of that type move; `price`,
    `gain` and `fee` (gold) when they apply. A `fee` is said in the label (`with_fee`)."""
    extra = {} if fee is None else {"fee": fee}
    return [{"type": "ware", "ware": w, "area": area, "count": count, **fields, **extra,
             "label": with_fee(label(D.WARES[w]), fee or 0)} for w in types]


def fee_of(P: dict, n: int) -> int:
    """The 6th-space fee for taking n wares by choice (0 when they fit on ordinary spaces)."""
    return fit_fee(P, n) or 0


def with_fee(label: Text, fee: int) -> Text:
    """A label that also says the 6th-space fee taking the wares would cost: every gold paid is said."""
    return t("{action} (+{fee} for your 6th space)", action=label, fee=D.gold(fee)) if fee else label


def paid_text(price: int, fee: int) -> Text:
    """'3 gold', '3 gold + 2 for the 6th space', '2 gold for the 6th space': the full amount an event names."""
    if not fee:
        return D.gold(price)
    if not price:
        return t("{fee} for the 6th space", fee=D.gold(fee))
    return t("{gold} + {fee} for the 6th space", gold=D.gold(price), fee=fee)


def fee_paid(event: Text, fee: int) -> Text:
    """An event of a ware taken onto the 6th space without a price, and the fee paid for it."""
    return t("{event} and pays {paid}", event=event, paid=paid_text(0, fee)) if fee else event
