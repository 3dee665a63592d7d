"""The heuristic bot never stalls a game: it is the search's rollout policy, and a playout that runs on costs the hard
bot seconds of CPU on one move (issue 31).

The stall that was found: Supplies (pay 1 gold, reveal cards until a ware card) used whatever the hand held, so the
bots kept pulling ware cards into hands they could not use; once every ware card was in a hand, with both stands full
of wares nobody could sell, Supplies revealed the whole pile for nothing each turn and the end-of-turn bonus paid
the gold back: the same turn forever."""

from __future__ import annotations

import random

from jambo_helpers import give_util, new, set_hand, to_phase2

from app.engine.game import copy_state
from app.engine.search import determinize, policy_bot
from app.games.jambo import GAME
from app.games.jambo.bot import HAND_FULL, JamboBot


def _supplies_position(hand_size: int):
    s = new()
    to_phase2(s)
    give_util(s, 0, "supplies")
    set_hand(s, 0, *["W01", "W02", "W03", "W04", "W05", "W06", "W07", "W08", "W09"][:hand_size])
    s["players"][0]["gold"] = 8  # enough for Supplies, short of a speculative buy
    return s


def _uses_supplies(s) -> bool:
    action = JamboBot().choose(GAME.full_view(s, 0), random.Random(0))
    return action["type"] == "use" and "Supplies" in action["label"]


def test_the_heuristic_uses_supplies_for_a_short_hand_only():
    assert _uses_supplies(_supplies_position(2))
    assert not _uses_supplies(_supplies_position(HAND_FULL))


def test_a_playout_that_ran_on_now_ends():
    """Seed 7's deal as the search deals it for seat 0 (its third determinization), seat 0 ending its first turn at
    once, then the heuristic on both seats: before the fix this reached the Supplies loop and ran past 30,000 moves."""
    state = GAME.new_game(2, None, 7)
    seat = sorted(GAME.pending(state))[0]
    rng = random.Random(7 * 1000 + 2)
    det = determinize(GAME, state, seat, rng)
    play = random.Random(rng.getrandbits(64))
    s = copy_state(det)
    GAME.play(s, seat, next(a for a in GAME.legal(s, seat) if a["type"] == "end"))
    bot, moves = policy_bot(GAME), 1
    while GAME.result(s) is None and moves < 1500:
        pending = sorted(GAME.pending(s))
        mover = pending[0] if len(pending) == 1 else play.choice(pending)
        GAME.play(s, mover, bot.choose(GAME.full_view(s, mover), play))
        moves += 1
    assert GAME.result(s) is not None, f"no result after {moves} moves"
    assert moves < 600  # a whole game of heuristic bots takes about 250
