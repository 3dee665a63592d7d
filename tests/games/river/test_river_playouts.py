"""The River: random full-game playouts with invariants, replay, hidden information, apply rejections, bots."""

from __future__ import annotations

import json
import random

import pytest

from app.engine import IllegalAction, NotYourTurn, RandomBot
from app.engine.playout import canonical, play_game, replay
from app.games.river import GAME
from app.games.river import data as C
from app.games.river.bot import RiverBot
from river_helpers import act, fresh, player

def check(state: dict) -> None:
    """The game's own invariants, plus what every position offers: distinct labels, secrecy only in the choice."""
    GAME.invariants(state)
    n = len(state["players"])
    pending = GAME.pending(state)
    for seat, prompt in pending.items():
        labels = [a["label"] for a in GAME.legal(state, seat)]
        assert labels and len(set(labels)) == len(labels), "every pending seat has options told apart by label"
        assert prompt.secret == (state["phase"] == "choose")
    for seat in set(range(n)) - set(pending):
        assert GAME.legal(state, seat) == []
    res = GAME.result(state)
    if res is not None:
        for s, p in enumerate(state["players"]):
            expect = sum(C.VALUE[c] for c in p["article"])
            expect += 2 if state["bay"] and state["bay"][0] == s else 0
            expect -= 0 if len(p["replaced"]) == 4 else 2
            assert res["scores"][s] == expect
        best = max(res["scores"])
        assert all(res["scores"][w] == best for w in res["winners"])
        assert sorted(x for grp in res["ranking"] for x in grp) == list(range(n))


def _playouts(n: int, count: int, start: int = 0) -> None:
    for seed in range(start, start + count):
        out = play_game(GAME, n, None, seed, check=check)
        assert len(out.moves) <= GAME.max_moves
        assert GAME.result(out.state) is not None


@pytest.mark.parametrize("n", [2, 3, 4])
def test_river_random_playouts(n):
    _playouts(n, 100)


@pytest.mark.long
@pytest.mark.parametrize("n", [2, 3, 4])
def test_river_random_playouts_long(n):
    _playouts(n, 500, start=10_000)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_river_heuristic_playouts_end_in_the_bay(n):
    for seed in range(20):
        out = play_game(GAME, n, None, seed, bots=[RiverBot() for _ in range(n)], check=check)
        assert out.state["bay"], "good play always reaches the Bay before the round cap"


@pytest.mark.parametrize("n", [2, 4])
def test_river_replay_reproduces_final_state(n):
    for seed in (3, 4):
        out = play_game(GAME, n, {"first_player": 1}, seed)
        again = replay(GAME, n, {"first_player": 1}, seed, out.moves)
        assert canonical(again) == canonical(out.state)


def test_river_views_hide_backs_choices_and_rng():
    """Every audience after every move of 12 games: scrambling what it may not know leaves its view unchanged."""
    rnd = random.Random(5)
    checked = 0
    for seed in range(12):
        n = 2 + seed % 3
        out = play_game(GAME, n, None, seed)
        state = GAME.new_game(n, None, seed)
        for seat, action in out.moves:
            state, _ = GAME.apply(state, seat, action)
            for viewer in [None] + list(range(n)):
                v = GAME.full_view(state, viewer)
                assert str(state["rng"]) not in json.dumps(v)
                assert GAME.full_view(GAME.scramble_hidden(state, viewer, rnd), viewer) == v
                checked += 1
    assert checked > 1000


def test_river_face_down_ids_never_in_view():
    state = fresh(3)
    for viewer in (None, 0, 1, 2):
        v = GAME.view(state, viewer)
        assert v["deck_count"] == 56 and v["deck_top"] == C.FRONT[state["deck"][-1]]
        text = json.dumps(v)
        assert "deck" not in v or isinstance(v.get("deck"), int)
        for key in ("players",):
            for p in v[key]:
                assert p["article"] == [] and p["replaced"] == []
        assert str(state["deck"][-1]) not in json.dumps(v["aside"])
        assert len(text) < 4000


def test_river_spectator_sees_who_chose_not_what():
    s = fresh(2)
    s, _ = act(s, 0, token=4)
    v = GAME.full_view(s, None)
    assert v["game"]["players"][0]["chosen"] and not v["game"]["players"][1]["chosen"]
    assert v["waiting"] == [1] and v["legal"] == [] and v["game"]["my_choice"] is None
    assert "4" not in json.dumps([p.get("token") for p in v["game"]["players"]])
    mine = GAME.full_view(s, 0)
    assert mine["game"]["my_choice"] == 4 and mine["prompt"] is None


def test_river_apply_rejects_illegal_and_out_of_turn_without_change():
    s = GAME.new_game(2, None, 9)
    before = canonical(s)
    with pytest.raises(NotYourTurn) as e1:
        GAME.apply(s, 0, GAME.legal(s, 1)[0])
    assert e1.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as e2:
        GAME.apply(s, 1, {"type": "draft", "equip": 9, "label": "Take a rocket"})
    assert e2.value.code == "illegal_action"
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, {"type": "draft", "equip": 0})  # label missing: not verbatim
    assert canonical(s) == before
    s = player(fresh(2), 0, used=[3], hand=[0, 1, 2, 4, 5])
    before = canonical(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "token", "token": 3, "label": "Play token 3"})
    assert canonical(s) == before


def test_river_every_action_has_label_and_json_state():
    out = play_game(GAME, 3, None, 11)
    for _, action in out.moves:
        assert isinstance(action.get("label"), str) and action["label"]
    json.loads(canonical(out.state))


def test_river_heuristic_beats_random_70_percent():
    wins = 0
    for seed in range(200):
        h = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[h] = RiverBot()
        out = play_game(GAME, 2, None, seed, bots=bots)
        res = GAME.result(out.state)
        wins += res["winners"] == [h]
    assert wins >= 140, wins


def test_river_is_registered_with_its_bots_and_options():
    from app.engine import get, load_games

    load_games()
    game = get("river")
    assert game is not None and game.title == "The River"
    assert (game.min_players, game.max_players) == (2, 4)
    assert list(game.bots) == ["random", "heuristic"]
    assert game.parse_options({}).first_player is None
    assert "first_player" in json.dumps(game.options_schema())
    cat = game.catalogue()
    assert len(cat["cards"]) == 56 and len(cat["fronts"]) == 7
