"""Audit of Gold Rush against the spec (gold-rush.md), RULINGS.md and the Russian seed: one test per rule checked."""

from __future__ import annotations

from goldrush_helpers import act, check_invariants, frame, give, new, on_top, phase, start, take

from app.games.goldrush import GAME
from app.games.goldrush.data import CARD


def _only_in_deck(state: dict, k: str, keep: int) -> None:
    """Leave `keep` cards in deck k and put the rest on its discard pile."""
    deck = state["deck"][k]
    state["discard"][k].extend(deck[:-keep] if keep else deck)
    del deck[: len(deck) - keep]


def _nothing_to_claim(state: dict) -> None:
    """Basic game: put the face-up achievements and seat 0's secret in the box so the turn ends after the action."""
    state["box"] += state["row"] + [state["players"][0]["secret"]]
    state["row"], state["players"][0]["secret"] = [], None


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
    _nothing_to_claim(s)
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


# ---- options (issue): variant basic|full (default full), equal_turns (default off), first_player (default random)
def test_options_defaults():
    o = GAME.parse_options({})
    assert (o.variant, o.equal_turns, o.first_player) == ("full", False, None)
    firsts = {GAME.new_game(3, {}, seed)["first"] for seed in range(30)}
    assert firsts == {0, 1, 2}


# ---- basic upkeep (seed): 1 coin per 2 partnerships, rounded down
def test_basic_upkeep_one_coin_per_two_partnerships():
    from app.games.goldrush.state import owed
    s = new("basic", 2)
    dues = []
    for k in ("G17", "G18", "G19", "G20", "G21"):
        give(s, 1, k)
        dues.append((owed(s, 1, "upkeep"), owed(s, 1, "oblig")))
    assert dues == [(0, 1), (1, 2), (1, 3), (2, 4), (2, 5)]
    give(s, 1, "G15", 2)
    assert (owed(s, 1, "upkeep"), owed(s, 1, "oblig")) == (0, 3)


# ---- spec 2.2 / edge 14: the Gold Industrialist is outside the one-achievement-a-turn limit
def test_basic_gold_industrialist_does_not_use_the_achievement_claim():
    s = new("basic", 2)
    prospector = next(c for c in range(len(CARD)) if CARD[c]["key"] == "M07")
    s["row"].append(take(s, prospector))
    give(s, 0, "X01", 2)
    mine = on_top(s, "g", "X01")
    s["deck"]["g"].remove(mine)
    s["box"].append(s["market"][0])
    s["market"][0] = mine
    s["players"][0]["coins"] = 3
    s, _ = act(s, 0, "buy", card=mine)
    assert s["industrialist"] == 0 and not s["turn_flags"]["claimed"] and s["turn"] == 0
    s, _ = act(s, 0, "claim", card=prospector)  # the one achievement of the turn is still free
    assert s["turn"] == 1 and prospector in s["players"][0]["achievements"]
    check_invariants(s)


# ---- RULINGS: events affect only the active player unless the card says all players
def test_fair_pays_only_the_active_player_market_day_pays_all():
    s = new("full", 3)
    for seat in range(3):
        give(s, seat, "G02")
        s["players"][seat]["coins"] = 0
    on_top(s, "e", "V01")
    start(s, 1)
    assert [p["coins"] for p in s["players"]] == [0, 2, 0]
    on_top(s, "e", "V06")
    start(s, 2)
    assert [p["coins"] for p in s["players"]] == [1, 3, 1]


# ---- edge 13: a condition is only checked when claiming; the VP stays when the condition is later lost
def test_capitalist_kept_after_spending_the_coins():
    from app.games.goldrush.state import vp
    s = new("full", 2)
    cap = next(c for c in range(len(CARD)) if CARD[c]["key"] == "M06")
    if cap not in s["players"][0]["hand"]:
        s["players"][0]["hand"].append(take(s, cap))
    s["players"][0]["coins"] = 10
    s, _ = act(s, 0, "play", card=cap)
    before = vp(s, 0)
    s, _ = act(s, 0, "buy", card=s["market"][0])
    assert vp(s, 0) >= before and cap in s["players"][0]["achievements"]


# ---- spec 1: only the top card of a discard pile and its size are shown
def test_view_shows_only_discard_top_and_count():
    s = new("full", 2)
    s["discard"]["m"] = [s["deck"]["m"].pop() for _ in range(3)]
    v = GAME.view(s, 1)
    assert v["discards"]["m"] == {"count": 3, "top": s["discard"]["m"][-1]}
    assert "deck" not in v and "pool" not in v


# ---- full: several actions, each at most once; the hand limit checked at the end of the turn before the win
def test_full_hand_limit_then_win_at_end_of_turn():
    s = new("full", 2)
    give(s, 0, "G10", 3)
    give(s, 0, "X03", 3)
    give(s, 0, "M15", 3, where="hand")
    assert len(s["players"][0]["hand"]) > 4
    s, _ = act(s, 0, "end")
    assert phase(s) == "hand" and GAME.result(s) is None
    while GAME.result(s) is None:
        s, _ = GAME.apply(s, 0, GAME.legal(s, 0)[0])
    assert GAME.result(s)["winners"] == [0] and len(s["players"][0]["hand"]) == 4


# ---- set-up for every player count (spec 2.1, 3.1)
def test_setup_every_player_count():
    for n in range(2, 7):
        b = GAME.new_game(n, {"variant": "basic", "first_player": n - 1}, n)
        assert len(b["market"]) == 4 and len(b["row"]) == 14 - n and all(p["secret"] is not None for p in b["players"])
        assert len(b["deck"]["g"]) == 69 - 4 and not b["deck"]["x"] and not b["deck"]["m"] and not b["deck"]["e"]
        assert b["turn"] == n - 1 and b["players"][n - 1]["coins"] == 2 and all(p["coins"] == 0 for p in b["players"][: n - 1])
        assert all(not p["hand"] and not p["area"] for p in b["players"]) and b["industrialist"] is None
        check_invariants(b)
        f = GAME.new_game(n, {"variant": "full", "first_player": 0}, n)
        assert len(f["deck"]["x"]) == 26 and len(f["discard"]["e"]) == 1 and f["row"] == []
        assert [len(p["hand"]) for p in f["players"]] == [2] + [0] * (n - 1)
        bonus = 1 if CARD[f["event"]]["key"] == "V06" else 0  # the first event may be Market Day
        assert all(p["coins"] == 2 + bonus for p in f["players"][1:]) and all(p["secret"] is None for p in f["players"])
        check_invariants(f)
