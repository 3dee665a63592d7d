"""Every real game played to its end on a live server by bots, watched through the websocket: the patches a
spectator applies must rebuild exactly the view a fresh snapshot gives."""

from __future__ import annotations

import pytest

from app import engine
from tests.support.clients import Person

REAL_GAMES = [g for g in engine.registry.GAME_PACKAGES if engine.get(g) is not None]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_bots_finish_a_game_and_patches_rebuild_every_view(sqlite_server, game_id):
    game = engine.get(game_id)
    host = Person(sqlite_server, "Host")
    tid = host.open_table(game=game_id, seats=game.min_players, options={"first_player": 0})["id"]
    host.post(f"/api/tables/{tid}/leave", {})  # the host watches; bots take every seat
    for seat in range(game.min_players):
        host.post(f"/api/tables/{tid}/bots", {"seat": seat})
    spectator = host.socket(tid)
    spectator.until("snapshot")
    host.post(f"/api/tables/{tid}/start")
    assert spectator.until("table")["table"]["status"] == "playing"
    spectator.send({"type": "sync"})
    spectator.until("snapshot")
    while spectator.view["result"] is None:
        spectator.recv(timeout=30)  # patches applied (and version gaps caught) by the client helper
    final_version = spectator.version
    fresh = host.socket(tid)
    fresh.until("snapshot")
    assert fresh.version == final_version
    assert fresh.view == spectator.view
    assert host.http.get(f"/api/tables/{tid}").json()["status"] == "finished"
    assert len(fresh.view["result"]["scores"]) == game.min_players
