"""The search bot (app/engine/search.py): it sees only what its seat may know, it is reproducible, and it plays better
than chance. Positions come from seeded games of the heuristic bots, for every game."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from app.engine import RandomBot, get, load_games
from app.engine.game import Game, State, action_key
from app.engine.playout import canonical
from app.engine.registry import GAME_PACKAGES
from app.engine.search import LEVELS, MIN_DEALS, Budget, _plain, choose, policy_bot, search

load_games()


def positions(game: Game, num_players: int, seed: int, every: int) -> Iterator[tuple[State, int]]:
    """(state, a pending seat with a real choice) every `every` moves of a seeded game of heuristic bots."""
    rng = random.Random(seed)
    bot = policy_bot(game)
    state = game.new_game(num_players, None, seed)
    moves = 0
    while game.result(state) is None:
        pending = sorted(game.pending(state))
        seat = rng.choice(pending)
        if moves >= every and len(game.legal(state, seat)) > 1:
            moves = 0
            yield state, seat
        state, _ = game.apply(state, seat, bot.choose(game.full_view(state, seat), rng))
        moves += 1


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_the_hidden_deal_depends_only_on_what_the_seat_knows(game_id):
    """scramble_hidden deals from what the seat knows: scrambling an already scrambled state with the same
    generator gives the very same state, so nothing of the true arrangement leaks into a search's playouts."""
    game = get(game_id)
    checked = 0
    for n in sorted({game.min_players, game.max_players}):
        for state, _ in positions(game, n, seed=11, every=9 * n):
            for seat in range(n):
                once = game.scramble_hidden(state, seat, random.Random(3))
                twice = game.scramble_hidden(game.scramble_hidden(state, seat, random.Random(8)), seat,
                                             random.Random(3))
                assert canonical(once) == canonical(twice), f"{game_id}: seat {seat} sees a difference"
                checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_the_search_chooses_the_same_move_whatever_it_cannot_see(game_id):
    """With its seed fixed, the search makes the same choice on the true state and on states where everything the
    seat cannot see was dealt anew: it never reads another hand, a deck's order or a face-down tile."""
    game = get(game_id)
    searched = 0
    for n in sorted({game.min_players, game.max_players}):
        found = 0
        for state, seat in positions(game, n, seed=4, every=17):
            legal = game.legal(state, seat)
            if len(legal) > 5:
                continue
            budget = Budget(iterations=MIN_DEALS * len(legal))  # enough deals to leave the heuristic's choice
            chosen = search(game, state, seat, budget, seed=9)
            for k in (1, 2):
                scrambled = game.scramble_hidden(state, seat, random.Random(100 + k))
                again = search(game, scrambled, seat, budget, seed=9)
                assert (again.action, again.stats) == (chosen.action, chosen.stats), (game_id, n, seat)
            searched += chosen.iterations > 0
            found += 1
            if found == (2 if n == 2 else 1):
                break
    assert searched >= 2


def test_the_search_is_reproducible_and_its_seed_matters():
    game = get("river")
    state, seat = next(positions(game, 3, seed=2, every=5))
    first = search(game, state, seat, Budget(iterations=30), seed=1)
    again = search(game, state, seat, Budget(iterations=30), seed=1)
    assert (first.action, first.stats) == (again.action, again.stats)
    deals = 30 // len(game.legal(state, seat))
    assert first.iterations == deals * len(game.legal(state, seat)) and set(first.stats.values()) != {(deals, 0.0)}
    assert search(game, state, seat, Budget(iterations=30), seed=2).stats != first.stats


def test_a_single_legal_move_is_played_without_searching():
    game = get("jambo")
    rng = random.Random(1)
    state = game.new_game(2, None, 1)
    bot = policy_bot(game)
    while True:
        seat = sorted(game.pending(state))[0]
        legal = game.legal(state, seat)
        if len(legal) == 1:
            break
        state, _ = game.apply(state, seat, bot.choose(game.full_view(state, seat), rng))
    result = search(game, state, seat, Budget(iterations=50), seed=0)
    assert result.action == legal[0] and result.iterations == 0


@pytest.mark.parametrize("game_id", GAME_PACKAGES)
def test_levels_grow_from_the_heuristic_to_a_longer_search(game_id):
    game = get(game_id)
    for n in range(game.min_players, game.max_players + 1):
        assert LEVELS["easy"].budget(game, n) is None
        medium, hard = LEVELS["medium"].budget(game, n), LEVELS["hard"].budget(game, n)
        assert medium.iterations <= hard.iterations and medium.seconds < hard.seconds
        assert hard.seconds < 2  # the deadline of a move: under 2 s for the hard level


def test_every_level_plays_a_legal_move_in_every_game():
    for game_id in GAME_PACKAGES:
        game = get(game_id)
        state, seat = next(positions(game, 2, seed=6, every=7))
        for level in LEVELS:
            assert choose(game, state, seat, level, seed=3) in game.legal(state, seat), (game_id, level)


def test_the_search_beats_random_play():
    """A small seeded match of The River: a short search wins most games against a random player."""
    game = get("river")
    wins = 0
    games = 4
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(2, None, seed)
        me = seed % 2
        while game.result(state) is None:
            seat = rng.choice(sorted(game.pending(state)))
            if seat == me:
                action = search(game, state, seat, Budget(iterations=24), seed=seed).action
            else:
                action = RandomBot().choose(game.full_view(state, seat), rng)
            state, _ = game.apply(state, seat, action)
        wins += me in game.result(state)["winners"]
    assert wins >= 3


def test_a_search_out_of_time_plays_the_heuristic_move():
    """Past its deadline the search stops, and with nothing looked at long enough it plays the heuristic's choice."""
    game = get("goldwest")
    for _, (state, seat) in zip(range(3), positions(game, 2, seed=3, every=11)):
        heuristic = policy_bot(game).choose(game.full_view(state, seat), random.Random(4))
        result = search(game, state, seat, Budget(iterations=50, seconds=0.0), seed=4)
        assert result.iterations == 0 and result.action == heuristic and not result.left_heuristic


def test_the_search_says_when_it_plays_another_move_than_the_heuristic():
    """bench_bots.py counts how often the search leaves the heuristic's choice: the flag says exactly that. With a
    random player as the heuristic, the search leaves its choice in the second of these positions."""
    game = get("river")
    found = list(zip(range(18), positions(game, 2, seed=5, every=2)))
    flags = []
    for state, seat in (found[0][1], found[17][1]):
        heuristic = RandomBot().choose(game.full_view(state, seat), random.Random(2))
        result = search(game, state, seat, Budget(iterations=120), seed=2, policy=RandomBot())
        assert result.left_heuristic == (action_key(_plain(result.action)) != action_key(_plain(heuristic)))
        flags.append(result.left_heuristic)
    assert flags == [False, True]


def test_a_long_game_is_judged_by_its_estimate_at_the_cut_off():
    """Istanbul's playouts stop after `search_cutoff` moves per seat and are judged by its estimate of each seat's
    chance to win: rubies above all, then what brings the next one nearer."""
    game = get("istanbul")
    state = game.new_game(2, None, 1)
    assert game.evaluate(state) == pytest.approx([0.5, 0.5], abs=0.1)
    state["players"][0]["rubies"] += 1
    assert game.evaluate(state)[0] > 0.8
    state["players"][1]["lira"] += 20
    state["players"][1]["goods"]["red"] += 3
    assert 0.5 < game.evaluate(state)[0] < 0.8
    budget = LEVELS["hard"].budget(game, 2)
    assert budget.cutoff == 2 * game.search_cutoff
    assert budget.iterations >= MIN_DEALS * 20  # enough deals to leave the heuristic's choice among 20 actions


def test_jambo_playouts_that_stall_are_cut_off_and_judged_by_gold():
    """A few Jambo playouts from dealt positions ran far longer than a game: the search stops a playout after
    `search_cutoff` moves per seat and judges it by the gold held."""
    game = get("jambo")
    state = game.new_game(2, None, 1)
    assert game.evaluate(state) == pytest.approx([0.5, 0.5])
    state["players"][1]["gold"] += 20
    assert game.evaluate(state)[1] > 0.85
    assert LEVELS["hard"].budget(game, 2).cutoff == 2 * game.search_cutoff
