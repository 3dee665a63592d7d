"""The walk from seed and move log that replays stand on: undo rows, checkpoints, turns, and the open view."""

from __future__ import annotations

import pytest

from app import engine
from app.engine import Game, GameError, Prompt
from app.db.models import GameRecord, Move
from app.engine.playout import canonical, play_game, replay, states
from app.replays import service
from tests.support.tally import TALLY

REAL_GAMES = [g for g in engine.registry.GAME_PACKAGES if engine.get(g) is not None]


class Counting(Game):
    """Two players take turns adding 1 or 2 to their own count, as often as they like, then pass; four passes end
    it. Nothing random and nothing hidden: every add may be taken back within the turn (app/engine/undo.py's rules,
    when that module is present, agree)."""

    id = "counting-test"
    title = "Counting (test)"
    min_players = max_players = 2

    def setup(self, num_players, options, state):  # noqa: ANN001, ANN201
        state.update(count=[0, 0], turn=0, passes=0)

    def pending(self, state):  # noqa: ANN001, ANN201
        return {} if state["passes"] >= 4 else {state["turn"]: Prompt("Add or pass")}

    def legal(self, state, seat):  # noqa: ANN001, ANN201
        if seat not in self.pending(state):
            return []
        return [{"type": "add", "n": 1, "label": "Add 1"}, {"type": "add", "n": 2, "label": "Add 2"},
                {"type": "pass", "label": "Pass"}]

    def play(self, state, seat, action):  # noqa: ANN001, ANN201
        if action["type"] == "add":
            state["count"][seat] += action["n"]
        else:
            state["passes"] += 1
            state["turn"] = 1 - seat
        return [{"type": action["type"], "text": f"@{seat} {action['label'].lower()}s"}]

    def view(self, state, seat):  # noqa: ANN001, ANN201
        return {"count": list(state["count"]), "turn": state["turn"]}

    def result(self, state):  # noqa: ANN001, ANN201
        if state["passes"] < 4:
            return None
        best = max(state["count"])
        return {"scores": list(state["count"]), "winners": [s for s in (0, 1) if state["count"][s] == best], "text": ""}

    def undoable_move(self, state, seat, action):  # noqa: ANN001, ANN201
        return action["type"] == "add"


COUNTING = Counting()
ADD1, ADD2, PASS = ({"type": "add", "n": 1, "label": "Add 1"}, {"type": "add", "n": 2, "label": "Add 2"},
                    {"type": "pass", "label": "Pass"})
# Seat 0 adds 1 and 2, takes the 2 back, adds 1, passes; seat 1 adds 2 and passes; then both pass.
UNDONE_LOG = [(0, ADD1), (0, ADD2), (0, {"type": "undo", "to": 1}), (0, ADD1), (0, PASS), (1, ADD2), (1, PASS),
              (0, PASS), (1, PASS)]


def walk(log: list) -> list:  # noqa: ANN001
    return list(states(COUNTING, 2, {}, 1, log))


def test_an_undo_row_sets_the_state_back_to_its_version():
    walked = walk(UNDONE_LOG)
    assert [v for v, _, _ in walked] == list(range(len(UNDONE_LOG) + 1))
    assert canonical(walked[3][1]) == canonical(walked[1][1])
    assert walked[-1][1]["count"] == [2, 2] and COUNTING.result(walked[-1][1])["winners"] == [0, 1]
    assert canonical(replay(COUNTING, 2, {}, 1, UNDONE_LOG)) == canonical(walked[-1][1])


def test_an_undo_to_a_version_not_yet_reached_is_refused():
    with pytest.raises(GameError):
        walk([(0, ADD1), (0, ADD2), (0, {"type": "undo", "to": 3})])


def tally_log(seed: int = 3) -> tuple[list, object]:  # noqa: ANN001
    out = play_game(TALLY, 2, {"rounds": 2, "first_player": 0}, seed)
    return out.moves, out.state


def timeline_of(log: list, seed: int = 3, game: Game = TALLY) -> service.Timeline:  # noqa: ANN001
    options = {"rounds": 2, "first_player": 0} if game is TALLY else {}
    record = GameRecord(num_players=2, options=options, seed=seed, version=len(log),
                        opening_events=[{"type": "deal", "text": "dealt"}])
    rows = [Move(version=v, seat=seat, action=action, events=[{"type": "t", "text": str(v)}])
            for v, (seat, action) in enumerate(log, start=1)]
    return service.build(game, record, rows, set())


def test_any_version_rebuilt_from_its_checkpoint_equals_the_walk(monkeypatch):
    monkeypatch.setattr(service, "CHECKPOINT_EVERY", 2)  # the undo at version 3 reaches back past a checkpoint
    line = timeline_of(UNDONE_LOG, seed=1, game=COUNTING)
    walked = [canonical(s) for _, s, _ in walk(UNDONE_LOG)]
    assert sorted(line.checkpoints) == list(range(0, len(UNDONE_LOG) + 1, 2))
    assert [canonical(line.state_at(v)) for v in range(len(UNDONE_LOG) + 1)] == walked
    moves, _ = tally_log()
    tally = timeline_of(moves)
    assert [canonical(tally.state_at(v)) for v in range(len(moves) + 1)] == \
        [canonical(s) for _, s, _ in states(TALLY, 2, {"rounds": 2, "first_player": 0}, 3, moves)]


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
