"""The walk from seed and move log that replays stand on: undo rows, checkpoints, turns, and the open view."""

from __future__ import annotations

import pytest

from app import engine
from app.db.models import GameRecord, Move
from app.engine.playout import canonical, play_game, replay, states
from app.replays import service
from tests.support.tally import TALLY

REAL_GAMES = [g for g in engine.registry.GAME_PACKAGES if engine.get(g) is not None]


def tally_log(seed: int = 3) -> tuple[list, object]:  # noqa: ANN001
    out = play_game(TALLY, 2, {"rounds": 2, "first_player": 0}, seed)
    return out.moves, out.state


def test_an_undo_row_sets_the_state_back_to_its_version():
    moves, final = tally_log()
    # Moves 1-3, then back to version 1, then the game as it was played from there.
    log = moves[:3] + [(moves[2][0], {"type": "undo", "to": 1})] + moves[1:]
    walked = list(states(TALLY, 2, {"rounds": 2, "first_player": 0}, 3, log))
    assert [v for v, _, _ in walked] == list(range(len(log) + 1))
    assert canonical(walked[4][1]) == canonical(walked[1][1])
    assert walked[4][2] == []
    assert canonical(walked[-1][1]) == canonical(final)
    assert canonical(replay(TALLY, 2, {"rounds": 2, "first_player": 0}, 3, log)) == canonical(final)


def test_an_undo_to_a_version_not_yet_reached_is_refused():
    moves, _ = tally_log()
    with pytest.raises(ValueError, match="cannot reach"):
        list(states(TALLY, 2, {"rounds": 2, "first_player": 0}, 3, moves[:2] + [(0, {"type": "undo", "to": 3})]))


def timeline_of(log: list, seed: int = 3) -> service.Timeline:
    record = GameRecord(num_players=2, options={"rounds": 2, "first_player": 0}, seed=seed, version=len(log),
                        opening_events=[{"type": "deal", "text": "dealt"}])
    rows = [Move(version=v, seat=seat, action=action, events=[{"type": "t", "text": str(v)}])
            for v, (seat, action) in enumerate(log, start=1)]
    return service.build(TALLY, record, rows, set())


def test_any_version_rebuilt_from_its_checkpoint_equals_the_walk(monkeypatch):
    monkeypatch.setattr(service, "CHECKPOINT_EVERY", 4)
    moves, _ = tally_log()
    log = moves[:6] + [(moves[5][0], {"type": "undo", "to": 2})] + moves[2:]
    line = timeline_of(log)
    walked = [canonical(s) for _, s, _ in states(TALLY, 2, {"rounds": 2, "first_player": 0}, 3, log)]
    assert sorted(line.checkpoints) == list(range(0, len(log) + 1, 4))
    assert [canonical(line.state_at(v)) for v in range(len(log) + 1)] == walked


def test_turns_start_where_someone_new_must_decide():
    moves, _ = tally_log()
    line = timeline_of(moves)
    # Version 0: both pick in secret; 1: one has picked (the same turn); 2: seat 0 banks or attacks (a new turn).
    assert line.turns[:2] == [0, 2]
    for v in line.turns[1:]:
        assert set(TALLY.pending(line.state_at(v))) - set(TALLY.pending(line.state_at(v - 1)))


def test_frames_filter_private_events_and_refuse_versions_out_of_range():
    moves, _ = tally_log()
    line = timeline_of(moves)
    line.events[1] = [{"type": "secret", "text": "for seat 1", "seats": [1]}, {"type": "pub", "text": "all"}]
    assert [e["text"] for e in service.frame(line, 0, 1)["events"]] == ["all"]
    assert [e["text"] for e in service.frame(line, 1, 1)["events"]] == ["for seat 1", "all"]
    assert [e["text"] for e in service.frame(line, None, 1)["log"]] == ["dealt", "all"]
    assert len(service.frame(line, "open", 1)["log"]) == 3
    with pytest.raises(service.ReplayError) as refused:
        service.frame(line, None, len(moves) + 1)
    assert refused.value.code == "bad_version"
    with pytest.raises(service.ReplayError):
        service.parse_audience("2", 2)
    assert service.parse_audience("spectator", 2) is None and service.parse_audience("1", 2) == 1


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_the_open_view_of_a_finished_game_shows_every_seat_its_own_cards(game_id):
    game = engine.get(game_id)
    out = play_game(game, game.min_players, {}, 11)
    views = game.open_views(out.state, game.min_players)
    assert [v["seat"] for v in views] == list(range(game.min_players))
    for seat, view in enumerate(views):
        assert view == game.full_view(out.state, seat)  # each seat's private parts, exactly as it saw them


def test_the_open_view_of_jambo_holds_both_hands():
    game = engine.get("jambo")
    out = play_game(game, 2, {}, 5)
    views = game.open_views(out.state, 2)
    for seat in (0, 1):
        assert views[seat]["game"]["players"][seat]["hand"] == out.state["players"][seat]["hand"]
    assert "hand" not in game.full_view(out.state, None)["game"]["players"][0]  # a spectator never had it
