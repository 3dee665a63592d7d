"""Two app instances on one database and one Redis: clients on either see the same moves in the same order."""

from __future__ import annotations

import pytest

from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server


@pytest.mark.redis
@pytest.mark.postgres
def test_two_instances_share_moves_through_redis(postgres_url, redis_url):
    with temp_database(postgres_url) as url:
        one = Server(database_url=url, REDIS_URL=redis_url)
        one.start()
        two = Server(database_url=url, REDIS_URL=redis_url)
        two.start()
        try:
            host = Person(one, "OnOne")
            tid = host.open_table(seats=2, options={"rounds": 2, "first_player": 0})["id"]
            guest = Person(two, "OnTwo")
            guest.post(f"/api/tables/{tid}/join", {})
            waiting = host.socket(tid)
            assert waiting.until("table")["table"]["status"] == "open"
            host.post(f"/api/tables/{tid}/start")
            a = host.socket(tid)
            b = guest.socket(tid)
            a.until("snapshot")
            b.until("snapshot")
            assert waiting.until("table")["table"]["status"] == "playing"  # lobby notices cross instances too
            a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
            b.sync_to(1)  # instance two got the patch through Redis
            b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
            a.sync_to(2)  # and instance one got instance two's move
            a.act_ok({"type": "attack", "seat": 1, "label": "Attack seat 2"})
            b.sync_to(3)
            assert a.view["game"] == {**b.view["game"], "my_card": a.view["game"]["my_card"],
                                      "picks": a.view["game"]["picks"]}
            a_versions = [m["version"] for m in a.seen if m["type"] == "patch"]
            b_versions = [m["version"] for m in b.seen if m["type"] == "patch"]
            assert a_versions == b_versions == [1, 2, 3]
            # A stale move on the other instance is refused, never a second diverging state.
            r = b.until_reply(b.act({"type": "pick", "n": 3, "label": "Pick 3"}, version=1))
            assert r["code"] in ("stale_version", "illegal_action")
            # A move asking for its ack inside its patch: through Redis the patch may come after the move's reply
            # is due, so the ack comes in the patch or on its own, exactly once either way.
            mover = next(sock for sock in (a, b) if sock.view["legal"])
            mover.send({"type": "act", "id": "inline", "version": mover.version, "ack_in_patch": True,
                        "action": mover.view["legal"][0]})
            mover.sync_to(4)
            for _ in range(3):  # a separate ack, if any, is right behind
                mover.send({"type": "ping", "id": "p"})
                mover.until("pong")
            acks = [m for m in mover.seen if m.get("ack") == "inline" or m.get("id") == "inline"]
            assert len(acks) == 1 and acks[0]["version"] == 4, acks
            b.send({"type": "chat", "text": "hello from two"})
            assert a.until("chat")["text"] == "hello from two"
        finally:
            one.stop()
            two.stop()
