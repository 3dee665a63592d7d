"""Nothing acknowledged is lost: kill -9 the server between moves; after a restart every table resumes
at its last acknowledged move, and the stored game replays from its seed and move log."""

from __future__ import annotations

import json
import sqlite3

from app.engine.playout import canonical, replay
from tests.support.clients import Person
from tests.support.servers import Server
from tests.support.tally import TALLY


def test_kill_9_between_moves_loses_nothing_acknowledged(tmp_path):
    db = tmp_path / "durable.db"
    server = Server(database_url=f"sqlite:///{db}")
    server.start()
    acked = {}
    try:
        tables = []
        for i in range(3):
            host, guest = Person(server, f"H{i}"), Person(server, f"G{i}")
            tid = host.open_table(options={"rounds": 5, "first_player": 0})["id"]
            guest.post(f"/api/tables/{tid}/join", {})
            host.post(f"/api/tables/{tid}/start")
            tables.append((tid, host, guest))
        for tid, host, guest in tables:
            a, b = host.socket(tid), guest.socket(tid)
            a.until("snapshot")
            b.until("snapshot")
            a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
            b.sync_to(1)
            ack = b.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
            acked[tid] = ack["version"]
        server.kill()
        server.start()
        for tid, host, guest in tables:
            s = host.socket(tid)
            s.until("snapshot")
            assert s.version == acked[tid] == 2
            assert s.view["game"]["picks"] == [2, 3]
            s.act_ok({"type": "bank", "label": "Bank"})  # play goes on after the restart
    finally:
        server.stop()
    con = sqlite3.connect(db)
    for tid in acked:
        seed, options, n, version, state = con.execute(
            "SELECT seed, options, num_players, version, state FROM games WHERE table_id = ?", (tid,)).fetchone()
        moves = [(seat, json.loads(action)) for seat, action in con.execute(
            "SELECT seat, action FROM moves WHERE table_id = ? ORDER BY version", (tid,))]
        assert version == len(moves) == 3
        assert canonical(replay(TALLY, n, json.loads(options), seed, moves)) == canonical(json.loads(state))
