"""Decks and discard piles: a deck that runs out takes its shuffled discard pile at once (the seed), and only the
top card and the size of a discard pile are shown."""

from __future__ import annotations

from goldrush_helpers import act, check_invariants, frame, give, new, nothing_to_claim, on_top, phase, start

from app.games.goldrush import GAME
from app.games.goldrush.data import CARD


def _only_in_deck(state: dict, k: str, keep: int) -> None:
    """Leave `keep` cards in deck k and put the rest on its discard pile."""
    deck = state["deck"][k]
    state["discard"][k].extend(deck[:-keep] if keep else deck)
    del deck[: len(deck) - keep]


# ---- seed: "Если колода закончилась, ее колода сброса перемешивается и становится новой игровой колодой"
def test_reshuffle_as_soon_as_the_events_deck_runs_out():
    s = new("full", 2)
    _only_in_deck(s, "e", 1)
    start(s, 1)  # reveals the last event: the deck has run out, so the 23 discarded events form a new deck at once
    assert len(s["deck"]["e"]) == 23
    assert s["discard"]["e"] == [s["event"]]  # only this turn's event lies on the new discard pile
    check_invariants(s)


def test_reshuffle_as_soon_as_the_guild_deck_runs_out_basic():
    s = new("basic", 2)
    nothing_to_claim(s)
    _only_in_deck(s, "g", 1)
    n_disc = len(s["discard"]["g"])
    s["players"][0]["coins"] = 5
    s, _ = act(s, 0, "explore")  # the blind draw takes the last Guild card
    assert len(s["deck"]["g"]) == n_disc and not s["discard"]["g"]  # the discard pile became the new deck at once
    check_invariants(s)


def test_reshuffle_as_soon_as_the_exploration_deck_runs_out_full():
    s = new("full", 2)
    _only_in_deck(s, "x", 0)
    on_top(s, "x", "X03")
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "explore")
    assert len(s["deck"]["x"]) == 25 and not s["discard"]["x"]
    assert CARD[s["players"][0]["area"][-1]]["key"] == "X03"
    check_invariants(s)


def test_reshuffle_keeps_the_survey_working_on_an_empty_exploration_deck():
    s = new("full", 2)
    pile = list(s["deck"]["x"])
    s["deck"]["x"] = []
    s["discard"]["x"] = pile  # cards discarded after the deck ran out with an empty pile
    survey = give(s, 0, "M24", where="hand")[0]
    s, _ = act(s, 0, "play", card=survey)
    assert phase(s) == "survey" and len(frame(s)["cards"]) == 3
    s, _ = GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert len(s["deck"]["x"]) == 26 and not s["discard"]["x"]
    check_invariants(s)


# ---- spec 1: only the top card of a discard pile and its size are shown
def test_view_shows_only_discard_top_and_count():
    s = new("full", 2)
    s["discard"]["m"] = [s["deck"]["m"].pop() for _ in range(3)]
    v = GAME.view(s, 1)
    assert v["discards"]["m"] == {"count": 3, "top": s["discard"]["m"][-1]}
    assert "deck" not in v and "pool" not in v
