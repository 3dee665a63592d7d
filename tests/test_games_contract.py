"""The contract every registered game gets for free: invariants along playouts, secrecy, strict refusals.

A game declares `invariants(state)` and `scramble_hidden(state, audience, rng)`; this module plays seeded
random games of every registered game (the registry is iterated, so games added later are covered) and
checks, at many points of each game:
- the game's invariants hold after every move;
- views do not change when what an audience may not know is scrambled (a changed view is a leak);
- every legal action mutated in its JSON types or keys (4 -> 4.0, 4 -> true, "a" -> 1, a key added or
  removed, a nested value changed) is refused with `illegal_action`, and the state is unchanged.
"""

from __future__ import annotations

import random

import jsonpatch
import orjson
import pytest

from app import engine
from app.engine import IllegalAction
from app.engine.playout import canonical
from app.play.patch import make_patch, make_patches

GAMES = sorted(engine.all_games(), key=lambda g: g.id)


def mutations(action: dict, rng: random.Random) -> list[dict]:
    """Near misses of a legal action: same meaning to Python's ==, or one key off."""
    out: list[dict] = []
    for key, value in action.items():
        if key == "say":
            continue  # the label in other languages: a client may change it or leave it out (match_action)
        if isinstance(value, bool):
            out.append({**action, key: int(value)})
        elif isinstance(value, int):
            out.append({**action, key: float(value)})
            if value in (0, 1):
                out.append({**action, key: bool(value)})
            out.append({**action, key: str(value)})
        elif isinstance(value, str):
            out.append({**action, key: 1})
            out.append({**action, key: value + " "})
        elif isinstance(value, list):
            out.append({**action, key: [*value, value[0]] if value else [0]})
            out.append({**action, key: [float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                                        for v in value]})
        elif isinstance(value, dict):
            out.append({**action, key: {**value, "extra": 1}})
        elif value is None:
            out.append({**action, key: 0})
        if key != "type":
            out.append({k: v for k, v in action.items() if k != key})
    out.append({**action, "extra": rng.randrange(100)})
    out.append({**action, "type": str(action.get("type", "")) + "x"})
    return out


def _seats(game, n):
    return [*range(n), None]


def _playout(game, n, seed, visit):
    """A random game; `visit(state, step)` runs before every move."""
    rng = random.Random(seed)
    state = game.new_game(n, {}, seed)
    step = 0
    while game.result(state) is None:
        assert step < game.max_moves, f"{game.id}: no result after {step} moves (seed {seed})"
        visit(state, step)
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(game.legal(state, seat))
        state, _ = game.apply(state, seat, action)
        game.invariants(state)
        step += 1
    visit(state, step)
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("seed", range(4))
def test_mistyped_and_near_miss_actions_are_refused_and_change_nothing(game, seed):
    n = game.max_players if seed % 2 else game.min_players
    rng = random.Random(1000 + seed)
    refused = 0

    def visit(state, step):
        nonlocal refused
        if step % 5:
            return
        before = canonical(state)
        for seat in sorted(game.pending(state)):
            legal = game.legal(state, seat)
            keys = {engine.action_key(a) for a in legal}
            for action in rng.sample(legal, min(3, len(legal))):
                for bad in mutations(action, rng):
                    if engine.action_key(bad) in keys:
                        continue  # the mutation happens to be another legal action
                    with pytest.raises(IllegalAction) as err:
                        game.apply(state, seat, bad)
                    assert err.value.code == "illegal_action", bad
                    refused += 1
        assert canonical(state) == before

    _playout(game, n, seed, visit)
    assert refused > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("seed", range(3))
def test_views_do_not_change_when_hidden_things_are_scrambled(game, seed):
    """Only for games that say what is hidden; every game in GAME_PACKAGES must (next test)."""
    n = game.max_players
    rng = random.Random(seed)
    compared = 0

    def visit(state, step):
        nonlocal compared
        if step % 3:
            return
        for audience in _seats(game, n):
            scrambled = game.scramble_hidden(state, audience, rng)
            if scrambled is None:
                return
            assert game.full_view(scrambled, audience) == game.full_view(state, audience), (
                f"{game.id}: the view of {audience} shows something hidden (seed {seed}, move {step})")
            compared += 1

    _playout(game, n, seed, visit)
    if game.id in engine.registry.GAME_PACKAGES:
        assert compared > 0, f"{game.id} must declare scramble_hidden"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_views_asked_together_are_each_audiences_own_view(game):
    """Every move asks the views of all watched audiences in one call (`Game.views`, where a game may work out what
    they share once): each must be exactly what that audience alone is shown, in any order and any subset."""
    n = game.max_players
    rng = random.Random(7)
    compared = 0

    def visit(state, step):
        nonlocal compared
        if step % 4:
            return
        audiences = _seats(game, n)
        rng.shuffle(audiences)
        audiences = audiences[:rng.randint(1, len(audiences))]
        for audience, view in zip(audiences, game.full_views(state, audiences), strict=True):
            assert canonical(view) == canonical(game.full_view(state, audience)), (
                f"{game.id}: {audience}'s view differs when asked with {audiences} (move {step})")
            compared += 1

    for seed in range(2):
        _playout(game, n, 100 + seed, visit)
    assert compared > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_invariants_hold_in_playouts(game):
    for seed in range(6):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = _playout(game, n, 50 + seed, lambda s, i: None)
        game.invariants(state)
        result = game.result(state)
        assert len(result["scores"]) == n and result["winners"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_audience_patched_from_the_shared_views_gets_its_own_full_view(game):
    """A move patches every watching audience at once (`make_patches`, which diffs the parts their views share
    once): each audience's old view with its patch applied must be its own new full view, with the very ops a
    patch of that audience alone has."""
    n = game.max_players
    rng = random.Random(11)
    audiences = _seats(game, n)
    old_views: list = []
    patched = 0

    def visit(state, step):
        nonlocal old_views, patched
        new_views = game.full_views(state, audiences)
        if old_views:
            patches = make_patches(list(zip(old_views, new_views)))
            for audience, old, new, ops in zip(audiences, old_views, new_views, patches, strict=True):
                assert ops == make_patch(old, new), f"{game.id}: {audience}'s ops differ (move {step})"
                # The client's copy is parsed JSON, sharing no objects (deepcopy would keep a game's shared ones).
                assert jsonpatch.apply_patch(orjson.loads(orjson.dumps(old)), ops) == game.full_view(state, audience), (
                    f"{game.id}: {audience}'s patched view is not its full view (move {step})")
                patched += 1
        old_views = new_views

    _playout(game, n, 200 + rng.randrange(100), visit)
    assert patched > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_apply_matches_against_the_legal_list_its_caller_already_has(game):
    """The hub hands `apply` the mover's legal actions from its view at that version: every listed action is played
    exactly as without the list, and an action missing from the list is refused with the state unchanged."""
    n = game.min_players
    rng = random.Random(3)

    def visit(state, step):
        if step % 5 or game.result(state) is not None:
            return
        seat = sorted(game.pending(state))[0]
        legal = game.full_view(state, seat)["legal"]
        action = rng.choice(legal)
        assert canonical(game.apply(state, seat, action, legal=legal)) == canonical(game.apply(state, seat, action))
        before = canonical(state)
        with pytest.raises(IllegalAction):
            game.apply(state, seat, action, legal=[a for a in legal if a is not action])
        assert canonical(state) == before

    _playout(game, n, 300, visit)
