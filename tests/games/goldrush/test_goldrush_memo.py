"""Gold Rush's move-path memos (issue 33): a position's decision (options, prompt, legal list) kept by the bytes of
what it reads, and view parts kept by what they show. A memo may only save work: over seeded playouts of both
variants, what comes out of a warm memo equals what is worked out afresh, and asking again for an unchanged input
hands back the very same object (so the diff skips it with `is`)."""

from __future__ import annotations

import random

import orjson
import pytest

from app.engine import steps
from app.engine.game import labelled
from app.games.goldrush import GAME
from app.games.goldrush.data import ACHIEVEMENT_IDS, CARD
from app.games.goldrush import state as gstate
from app.games.goldrush import steps as gsteps
from app.games.goldrush import view as gview

from goldrush_helpers import new


def clear_memos() -> None:
    for memo in (gsteps._decisions, gsteps._labelled, gview._rows, gview._row_lists, gview._parts, gstate._answers):
        memo.clear()


def playout_states(variant: str, players: int, seed: int, moves: int = 400) -> list[dict]:
    """The states of a random game, each a copy of its own (later moves do not change it)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, {"variant": variant, "first_player": 0}, seed)
    out = [orjson.loads(orjson.dumps(state))]
    while len(out) < moves and GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        out.append(orjson.loads(orjson.dumps(state)))
    return out


def fresh_decision(state: dict) -> tuple[list, object] | None:
    """The top step's legal list and prompt text worked out from scratch, no memo involved."""
    frame = steps.top(state)
    if frame is None or state.get("over"):
        return None
    step = GAME.step_for(frame)
    seat = state["turn"]
    options = step.fresh_options(GAME, state, frame, seat)
    return [labelled(a) for a in options], step.fresh_text(GAME, state, frame, seat, options)


def everything(state: dict) -> object:
    n = state["num_players"]
    audiences = [*range(n), None]
    return orjson.dumps([GAME.full_views(state, audiences), GAME.views(state, audiences),
                         [(s, p.to_json()) for s, p in GAME.pending(state).items()],
                         [GAME.legal(state, s) for s in range(n)]])


@pytest.mark.parametrize("variant,players,seed", [("full", 4, 7), ("full", 2, 11), ("basic", 3, 5), ("basic", 4, 9)])
def test_memoised_equals_fresh_over_a_playout(variant, players, seed):
    states = playout_states(variant, players, seed)
    clear_memos()
    warm = [everything(s) for s in states]  # each memo filled by the positions before it
    for state, seen in zip(states, warm):
        clear_memos()
        assert everything(state) == seen  # afresh, with every memo empty
        fresh = fresh_decision(state)
        if fresh is not None:
            legal, text = fresh
            seat = state["turn"]
            assert GAME.legal(state, seat) == legal
            assert GAME.pending(state)[seat].text == text


@pytest.mark.parametrize("variant,seed", [("full", 2), ("basic", 6)])
def test_kept_answers_equal_the_rules(variant, seed):
    clear_memos()
    for state in playout_states(variant, 3, seed, moves=200):
        for seat, player in enumerate(state["players"]):
            assert gstate.market_prices(state, seat) == [gstate.price(state, seat, c) for c in state["market"]]
            for card in ACHIEVEMENT_IDS:  # meets reads a table of each condition's cards (CONDITIONS)
                assert gstate.meets(player, card) == all(gstate.metric(player, what, selector) >= need
                                                          for what, selector, need in CARD[card]["fx"]["cond"])


@pytest.mark.parametrize("variant", ["full", "basic"])
def test_an_unchanged_input_gives_the_same_object(variant):
    for state in playout_states(variant, 4, 3, moves=60):
        if GAME.result(state) is not None:
            continue
        seat = state["turn"]
        again = orjson.loads(orjson.dumps(state))  # what the next move's check sees: an equal, fresh copy
        assert GAME.legal(again, seat) is GAME.legal(state, seat)
        assert GAME.pending(again)[seat].to_json() is GAME.pending(state)[seat].to_json()
        first, second = GAME.views(state, [0, None]), GAME.views(again, [0, None])
        for part in ("players", "market", "prices", "decks", "discards", "turn_flags", "row"):
            assert second[1][part] is first[1][part], part
        assert second[0]["hand"] is first[0]["hand"]


def test_a_state_changed_in_place_after_its_view_leaves_the_view_alone():
    """Parts hold their own copies of the state's lists: bots' playouts and tests change states in place."""
    clear_memos()
    state = new("full", n=2, seed=4)
    before = GAME.view(state, 0)
    area, hand, market = list(before["players"][0]["area"]), list(before["hand"]), list(before["market"])
    card = state["deck"]["g"].pop()
    state["players"][0]["area"].append(card)
    state["players"][0]["hand"].append(state["deck"]["m"].pop())
    state["market"].pop()
    assert (before["players"][0]["area"], before["hand"], before["market"]) == (area, hand, market)
    after = GAME.view(state, 0)
    assert after["players"][0]["area"] == area + [card]
    assert after == gview.views(orjson.loads(orjson.dumps(state)), [0])[0]


def test_the_memos_stay_bounded():
    clear_memos()
    for seed in range(3):
        for state in playout_states("full", 4, seed, moves=300):
            everything(state)
    # two generations of at most SIZE entries each (state.Memo)
    assert len(gsteps._decisions) <= 2 * gsteps.DECISION_MEMO_SIZE
    assert len(gsteps._labelled) <= 2 * gsteps.LABEL_MEMO_SIZE
    for memo in (gview._rows, gview._row_lists, gview._parts):
        assert len(memo) <= 2 * gview.PART_MEMO_SIZE
    assert len(gstate._answers) <= 2 * gstate.ANSWER_MEMO_SIZE


@pytest.mark.parametrize("variant,players,seed", [("full", 4, 7), ("basic", 3, 5)])
def test_full_views_equal_the_engines(variant, players, seed):
    """Gold Rush's `full_views` (the decision looked up once) gives what the engine's generic one gives, byte for
    byte, and the mover's prompt and legal list are the ones `pending` and `legal` give."""
    from app.engine.game import Game
    audiences = [*range(players), None]
    for state in playout_states(variant, players, seed, moves=250):
        ours = GAME.full_views(state, audiences)
        assert orjson.dumps(ours) == orjson.dumps(Game.full_views(GAME, state, audiences))
        for view in ours:
            if view["prompt"] is not None:
                assert view["legal"] is GAME.legal(state, view["seat"])
                assert view["prompt"] is GAME.pending(state)[view["seat"]].to_json()
