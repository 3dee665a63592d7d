"""What nobody may know in Gold West: the faces of face-down mining tokens (which hex holds which face), those left in
the box, and the faces a player looked at with investment 4 (seen by that player alone)."""

from __future__ import annotations

import random

from app.engine.playout import play_game
from app.games.goldwest import GAME
from app.games.goldwest.bot import GoldWestBot
from goldwest_helpers import act, at_step, fresh, hexes_of


def face_down_shown(view: dict, seat: int | None, state: dict) -> list[int]:
    """Face-down hexes whose token the view names although this audience has not looked at them."""
    seen = set(state["players"][seat]["peeked"]) if seat is not None else set()
    return [h["id"] for h in view["map"] if h.get("face_up") is False and h["token"] is not None and h["id"] not in seen]


def test_no_view_names_a_face_down_token_and_scrambling_them_changes_no_view():
    rng = random.Random(3)
    for n in (2, 4):
        out = play_game(GAME, n, None, n, bots=[GoldWestBot() for _ in range(n)])
        state = GAME.new_game(n, None, n)
        for index, (seat, action) in enumerate(out.moves):
            state, _ = GAME.apply(state, seat, action)
            if index % 9:
                continue
            for audience in [None, *range(n)]:
                view = GAME.full_view(state, audience)
                assert face_down_shown(view["game"], audience, state) == []
                scrambled = GAME.scramble_hidden(state, audience, rng)
                assert GAME.full_view(scrambled, audience) == view


def test_a_looked_at_token_is_shown_to_its_viewer_only_and_stays_hidden_from_the_others():
    state = fresh(3)
    state["investments"] = [4] + [c for c in state["investments"] if c != 4][:7]
    state = at_step(state, "metals", held={"gold": 2, "silver": 2})
    state, _ = act(state, type="invest", card=4)
    spot = hexes_of(state, face_up=False)[0]
    state, _ = act(state, type="peek", hex=spot)
    rng = random.Random(1)
    for audience in (None, 0, 1, 2):
        view = GAME.full_view(state, audience)
        shown = {h["id"]: h["token"] for h in view["game"]["map"]}
        assert shown[spot] == (state["map"][spot]["token"] if audience == 0 else None)
        for _ in range(5):
            assert GAME.full_view(GAME.scramble_hidden(state, audience, rng), audience) == view
    assert GAME.view(state, 1)["players"][0]["peeked"] == [spot]  # that a token was looked at is public


def test_the_setup_log_and_the_catalogue_tell_nothing_about_face_down_tokens():
    a, b = GAME.start(4, {"first_player": 0}, 11), GAME.start(4, {"first_player": 0}, 11)
    rng = random.Random(2)
    scrambled = GAME.scramble_hidden(a[0], None, rng)
    assert GAME.view(scrambled, None) == GAME.view(b[0], None)
    assert all("seats" not in e for e in a[1]) and "token" not in str(GAME.catalogue()["hexes"])
