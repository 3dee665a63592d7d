"""What the search bot deals for the hidden parts (scramble_hidden) keeps what the dealing seat saw: cards taken face
up into the other hand stay there, and the cards the seat's own Psychic put back stay on top of the deck in order,
while the other seat, which did not see them, gets them dealt anew (issue 31: samplers consistent with the log)."""

from __future__ import annotations

import random

from app.engine import RandomBot
from app.games.jambo import GAME
from app.games.jambo.turn import sub_step


def after(match, seeds=range(300)):
    """(before, state) around the first move `match` accepts in seeded games of random bots."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(2, None, seed)
        while GAME.result(state) is None:
            seat = sorted(GAME.pending(state))[0]
            action = RandomBot().choose(GAME.full_view(state, seat), rng)
            before = state
            state, _ = GAME.apply(state, seat, action)
            if GAME.result(state) is None and match(before, state):
                return before, state
    raise AssertionError("no such position in the seeded games")


def taken_face_up(before, state):
    """(seat, card) for a card that went from the discard pile into a hand (Drummer, Mask, Rain Maker)."""
    return next(((s, c) for s in (0, 1) for c in before["discard"]
                 if c not in state["discard"] and c in state["players"][s]["hand"]), None)


def test_a_card_taken_face_up_from_the_discard_pile_stays_in_the_takers_hand():
    before, state = after(lambda b, s: taken_face_up(b, s) is not None)
    holder, card = taken_face_up(before, state)
    hand = state["players"][holder]["hand"]
    changed = False
    for k in range(8):
        dealt = GAME.scramble_hidden(state, 1 - holder, random.Random(k))["players"][holder]["hand"]
        assert card in dealt and len(dealt) == len(hand)
        changed |= sorted(dealt) != sorted(hand)
    assert changed or len(hand) == 1  # the rest of the hand is dealt anew


def test_the_psychics_player_remembers_the_top_of_the_deck_and_the_other_does_not():
    def psychic(before, state):
        frame = sub_step(before)
        return frame is not None and frame["step"] == "psychic" and sub_step(state) is None and len(state["deck"]) > 6

    before, state = after(psychic)
    seer = sub_step(before)["seat"]
    back = len(sub_step(before)["cards"]) - 1
    top = state["deck"][-back:]
    others = set()
    for k in range(8):
        assert GAME.scramble_hidden(state, seer, random.Random(k))["deck"][-back:] == top
        others.add(tuple(GAME.scramble_hidden(state, 1 - seer, random.Random(k))["deck"][-back:]))
    assert len(others) > 1


def test_cards_taken_from_the_apes_face_up_pool_stay_in_their_hands():
    def ape_done(before, state):
        frame = sub_step(before)
        return frame is not None and frame["step"] == "ape" and sub_step(state) is None

    _, state = after(ape_done)
    for holder in (0, 1):
        hand = state["players"][holder]["hand"]
        for k in range(4):
            assert sorted(GAME.scramble_hidden(state, 1 - holder, random.Random(k))["players"][holder]["hand"]) == \
                sorted(hand)
