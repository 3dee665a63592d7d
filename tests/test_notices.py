"""Live play's notices to the layers above it (app/play/notices.py): each listener of a kind hears each notice of
that kind, and one that fails neither stops the others nor reaches the mover (its move is committed already)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from app.play.notices import GameFinished, Notices


@dataclass(frozen=True)
class SomethingElse:
    table_id: str


def test_every_listener_of_a_kind_hears_it_and_no_other_kind():
    notices, heard = Notices(), []
    notices.subscribe(GameFinished, lambda n: heard.append(("first", n)))
    notices.subscribe(GameFinished, lambda n: heard.append(("second", n)))
    notices.subscribe(SomethingElse, lambda n: heard.append(("other", n)))
    notices.tell(GameFinished("t1"))
    assert heard == [("first", GameFinished("t1")), ("second", GameFinished("t1"))]


def test_a_failing_listener_is_logged_and_the_others_still_hear(caplog):
    notices, heard = Notices(), []

    def broken(_notice: GameFinished) -> None:
        raise RuntimeError("the history is away")

    notices.subscribe(GameFinished, broken)
    notices.subscribe(GameFinished, heard.append)
    with caplog.at_level(logging.ERROR):
        notices.tell(GameFinished("t2"))  # does not raise
    assert heard == [GameFinished("t2")]
    assert "GameFinished" in caplog.text and "the history is away" in caplog.text



def test_turns_changed_names_the_people_awaited_and_those_whose_turn_just_began():
    from app.play.notices import TurnsChanged

    seats = {0: 7, 1: None, 2: 9, 3: 11}  # seat 1 is a bot's
    moved = TurnsChanged.of("t3", seats, waiting=[1, 2, 3], before=[0, 3])
    assert moved == TurnsChanged("t3", players=(7, 9, 11), awaited=(9, 11), started=(9,))
    assert TurnsChanged.of("t3", seats, waiting=[], before=[2]).started == ()  # the game ended
    assert TurnsChanged.of("t3", seats, waiting=[0, 2], before=[]).started == (7, 9)  # a game starts
