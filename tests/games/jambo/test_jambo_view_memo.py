"""Jambo's views (app/games/jambo/view.py): the public part is made once for every audience, and a player's row
and each audience's list of rows are kept by a content key, handed back as the very same object while unchanged.
They must never change a view."""

from __future__ import annotations

import random

import orjson
import pytest

from app.games.jambo import GAME
from app.games.jambo import view as jambo_view

AUDIENCES = [0, 1, None]


def clear_memos() -> None:
    jambo_view._ROWS.clear()
    jambo_view._PLAYERS.clear()
    jambo_view._STAGES.clear()


def playout(seed: int, moves: int = 600) -> list[dict]:
    rng = random.Random(seed)
    state = GAME.new_game(2, {}, seed)
    states = [state]
    while len(states) < moves and GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 4, 17])
def test_memoised_views_equal_fresh_ones_over_a_playout(seed):
    states = playout(seed)
    clear_memos()
    warm = [GAME.full_views(state, AUDIENCES) for state in states]  # the memos fill along the game, as on a server
    for state, seen in zip(states, warm):
        clear_memos()
        assert GAME.full_views(state, AUDIENCES) == seen
        assert [GAME.full_view(state, a) for a in AUDIENCES] == seen


def test_an_unchanged_part_is_the_same_object_and_a_hand_stays_its_players():
    state = playout(6, moves=40)[-1]
    again = orjson.loads(orjson.dumps(state))  # every move's state is a fresh copy
    first, second = jambo_view.views(GAME, state, AUDIENCES), jambo_view.views(GAME, again, AUDIENCES)
    for a, b in zip(first, second):
        assert b["players"] is a["players"]
    mine, theirs, watcher = second
    assert mine["players"][0]["hand"] == state["players"][0]["hand"] and "hand" not in mine["players"][1]
    assert theirs["players"][1]["hand"] == state["players"][1]["hand"] and "hand" not in theirs["players"][0]
    assert all("hand" not in row for row in watcher["players"])
    assert mine["players"][1] is watcher["players"][1]  # the opponent's public row, shared


def test_a_used_utility_makes_a_new_row():
    state = playout(2, moves=200)[-1]
    owner = next((i for i, P in enumerate(state["players"]) if P["utilities"]), None)
    assert owner is not None, "the seeded game must have a utility in play by then (pick another seed if it changes)"
    before = jambo_view.views(GAME, state, [None])[0]
    changed = orjson.loads(orjson.dumps(state))
    changed["used_utilities"] = [*changed["used_utilities"], changed["players"][owner]["utilities"][0]]
    after = jambo_view.views(GAME, changed, [None])[0]
    assert after["players"][owner]["utils"][0]["used"] is True
    clear_memos()
    assert jambo_view.views(GAME, changed, [None])[0] == after


@pytest.mark.parametrize("seed", [2, 9])
def test_legal_actions_labelled_once_equal_fresh_ones_over_a_playout(seed):
    """`Jambo.label` keeps each labelled action (steps/common.py `LABELLED`); the engine's own `label` is the fresh one."""
    from app.engine import StepGame
    from app.games.jambo.steps import common, phases

    class Fresh(type(GAME)):
        label = StepGame.label
        legal = StepGame.legal

    fresh = Fresh()
    states = playout(seed)
    common.LABELLED.clear()
    common.OFFERS.clear()
    warm = [[GAME.legal(state, seat) for seat in (0, 1)] for state in states]
    for state, seen in zip(states, warm):
        assert [fresh.legal(state, seat) for seat in (0, 1)] == seen
    state = next(s for s in states if GAME.pending(s))
    seat = min(GAME.pending(state))
    again = GAME.legal(orjson.loads(orjson.dumps(state)), seat)
    assert again and all(a is b for a, b in zip(again, GAME.legal(state, seat)))


@pytest.mark.parametrize("seed", [3, 11])
def test_full_views_equal_the_engines_over_a_playout(seed):
    """Jambo's own `full_views` (view.full_views: the top step looked up once, prompts kept by content, offers kept by
    their facts) gives the engine's envelope exactly, memos warm or emptied at random."""
    from app.engine import move
    from app.engine import StepGame
    from app.games.jambo.steps import common, phases

    class Fresh(type(GAME)):
        label = StepGame.label
        legal = StepGame.legal

    fresh = Fresh()
    rng = random.Random(seed)
    for state in playout(seed):
        if rng.random() < 0.2:
            clear_memos()
            common.LABELLED.clear()
            common.OFFERS.clear()
            jambo_view._PROMPTS.clear()
        for audiences in (AUDIENCES, [0, 1], [None], [1]):
            assert GAME.full_views(state, audiences) == move.full_views(fresh, state, audiences)


def test_an_unchanged_prompt_and_offer_are_the_same_objects():
    states = [s for s in playout(5, moves=300) if GAME.pending(s)]
    for state in states[::25]:
        again = orjson.loads(orjson.dumps(state))
        first, second = GAME.full_views(state, AUDIENCES), GAME.full_views(again, AUDIENCES)
        for a, b in zip(first, second):
            assert b["prompt"] is a["prompt"] and b["waiting"] is a["waiting"]
            if a["legal"]:
                kind = state["steps"][-1]["step"]
                if kind in ("play", "draw"):
                    assert all(x is y for x, y in zip(a["legal"], b["legal"]))


def test_offers_equal_fresh_ones_over_a_playout():
    """Every step's `labelled_options` (phases 1 and 2, keep and the auction keep each action labelled by what it is
    made of: steps/common.py OFFERS) equals the step's own options labelled afresh, with the memo warm, emptied or
    tiny."""
    from app.engine.move import labelled
    from app.engine.memo import Memo
    from app.games.jambo.steps import common

    kinds = set()
    for seed in (8, 21, 40):
        rng = random.Random(seed)
        for state in playout(seed):
            frame = state["steps"][-1]
            kinds.add(frame["step"])
            if rng.random() < 0.1:
                common.OFFERS = Memo(rng.choice([1, 2, 64]))
            step = GAME.step_for(frame)
            seat = frame["seat"]
            fresh = [labelled(a) for a in step.options(GAME, state, frame, seat)]
            assert step.labelled_options(GAME, state, frame, seat) == fresh
    common.OFFERS = Memo(64)
    assert {"play", "draw", "keep", "auction"} <= kinds


def test_ware_facts_written_out_equal_card_facts():
    """The play phase's written-out facts of a ware card (`ware_facts`) are `card_facts`' (can_buy, can_sell, fees),
    for every ware card, in positions of seeded playouts with Wise Men and 6th spaces varied."""
    from app.games.jambo.state import free_plain, supply
    from app.games.jambo.steps import phases

    rng = random.Random(4)
    for state in playout(13)[::3] + playout(29)[::3]:
        state = orjson.loads(orjson.dumps(state))
        state["wise_men"] = rng.choice([0, 0, 1, 2])
        seat = rng.choice([0, 1])
        P = state["players"][seat]
        if rng.random() < 0.3:
            P["gold"] = rng.choice([0, 1, 2, 3, 5, 8])
        left = supply(state)
        for card, data in phases._WARE_CARDS.items():
            assert phases.ware_facts(data, left, P, free_plain(P), state["wise_men"]) == \
                phases.card_facts(state, seat, card, left), card


def test_utility_cards_are_exactly_the_utility_rules():
    """phases.card_facts and common.use_utility tell a utility by its card type, not by `isinstance(rule, UtilityRule)`
    (an ABC check, slow): the two must agree for every card kind."""
    from app.games.jambo import data as D
    from app.games.jambo.steps.common import RULES, UtilityRule

    for kind, rule in RULES.items():
        assert (D.KINDS[kind]["type"] == "utility") == isinstance(rule, UtilityRule), kind
    assert all(kind in RULES for kind, k in D.KINDS.items() if k["type"] == "utility")


@pytest.mark.parametrize("seed", [5, 23])
def test_play_with_jambo_log_gives_the_engines_events_and_state(seed):
    """`Jambo.play` (turn.play, with turn.JamboLog) makes the same events and state as the engine's StepGame.play."""
    from app.engine import StepGame
    from app.engine.game import copy_state

    rng = random.Random(seed)
    state = GAME.new_game(2, {}, seed)
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.pending(state)))
        action = {k: v for k, v in rng.choice(GAME.legal(state, seat)).items() if k != "say"}
        mine, theirs = copy_state(state), copy_state(state)
        events = GAME.play(mine, seat, copy_state(action))
        assert events == StepGame.play(GAME, theirs, seat, copy_state(action))
        assert mine == theirs
        state = mine


def test_placement_after_a_bid_equals_winning_placement():
    """The auction's bid menu works out the room and fee of winning without copying the player (`placement_after`)."""
    from app.games.jambo.steps.auction import placement_after, winning_placement

    for state in playout(31)[::4] + playout(37)[::4]:
        for P in state["players"]:
            for n in (1, 2, 3):
                for amount in range(0, P["gold"] + 1):
                    assert placement_after(P, n, amount) == winning_placement(P, [0] * n, amount), (P, n, amount)


def test_a_prompt_key_holds_all_its_prompt_reads():
    """A step's `prompt_key` (phases 1 and 2, keep) stands for its prompt in the view's memo: over playouts, two
    positions with the same key have the same prompt JSON, made afresh."""
    from app.engine.move import prompt_json

    seen = {}
    for seed in (2, 19):
        for state in playout(seed):
            frame = state["steps"][-1]
            step = GAME.step_for(frame)
            key = step.prompt_key(state, frame)
            if key is None or GAME.result(state) is not None:
                continue
            made = prompt_json(GAME.pending(state)[frame["seat"]])
            assert seen.setdefault(key, made) == made, key
    assert len(seen) >= 8


def test_one_per_kind_written_out_equals_one_per_design():
    from app.engine import one_per_design
    from app.games.jambo import data as D
    from app.games.jambo.steps.common import one_per_kind

    rng = random.Random(3)
    for _ in range(300):
        cards = rng.sample(range(D.NUM_CARDS), rng.randint(0, 12))
        assert one_per_kind(cards) == one_per_design(cards, D.kind)
