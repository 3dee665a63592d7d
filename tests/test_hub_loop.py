"""The hub's own work around a move, done once per turn or per batch (issue 33, hubloop): each shortcut gives what
the longer way gave."""

from __future__ import annotations

import asyncio
import random

import orjson
import pytest
from prometheus_client import CollectorRegistry, Histogram

from app.play.notices import Notices, TurnsChanged
from app.play.turnstats import TurnHistogram
from app.play.writer import PendingMove, _json, decode_batch, encode_batch
from tests.support.loops import on_own_thread

BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5)


def samples(histogram: Histogram) -> dict:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for m in histogram.collect() for s in m.samples
            if not s.name.endswith("_created")}


def test_turn_histogram_counts_as_observe_does():
    registry = CollectorRegistry()
    plain = Histogram("plain", "x", buckets=BUCKETS, registry=registry)
    turned = Histogram("turned", "x", buckets=BUCKETS, registry=registry)
    values = [0.0, 0.001, 0.0015, 0.002, 5, 7.5, *[random.Random(3).random() ** 4 * 6 for _ in range(500)]]

    async def run() -> None:
        batched = TurnHistogram(turned)
        for i, value in enumerate(values):
            plain.observe(value)
            batched.observe(value)
            if i % 37 == 0:
                await asyncio.sleep(0)  # a turn of the loop ends: what gathered is added
        await asyncio.sleep(0)

    on_own_thread(lambda: asyncio.run(run()))
    one = {(n.replace("plain", ""), labels): v for (n, labels), v in samples(plain).items()}
    other = {(n.replace("turned", ""), labels): v for (n, labels), v in samples(turned).items()}
    assert one.pop(("_sum", ())) == pytest.approx(other.pop(("_sum", ())))  # added in another order
    assert one == other
    on_own_thread(lambda: TurnHistogram(turned).observe(0.5))  # no loop running: added at once
    assert samples(turned)[("turned_count", ())] == len(values) + 1


def test_batch_round_trip_keeps_the_stored_text():
    moves = [PendingMove("t1", 3, 0, {"type": "mark", "cell": 3, "label": "é \"x\""}, [{"kind": "x", "text": "ü"}],
                         b'{"a":1}', None, {"version": 3, "left_ms": {}, "waiting": [1], "strikes": {}}),
             PendingMove("t2", 4, 1, {"b": [1, 2]}, [], '{"bb":"é"}'.encode(), {"winners": [0]}, None)]
    decoded = decode_batch(encode_batch(moves))
    assert len(decoded) == len(moves)
    for sent, got in zip(moves, decoded):
        assert (got.table_id, got.version, got.seat, got.state_json, got.result, got.clock) == \
            (sent.table_id, sent.version, sent.seat, sent.state_json, sent.result, sent.clock)
        # What the writer stores is what it stored when it parsed and wrote the action and events again.
        for field in ("action", "events"):
            stored = _json(getattr(got, field))
            assert type(stored) is str and stored == orjson.dumps(getattr(sent, field)).decode()
    assert decode_batch(encode_batch([])) == []


def test_turns_changed_as_before():
    def old(table_id, seat_users, waiting, before):  # noqa: ANN001, ANN202 - the formula it replaced
        def people(seats):  # noqa: ANN001, ANN202
            return tuple(sorted({seat_users[s] for s in seats if seat_users.get(s) is not None}))
        awaited = people(waiting)
        return TurnsChanged(table_id, people(seat_users), awaited, tuple(u for u in awaited if u not in people(before)))

    rng = random.Random(7)
    for _ in range(500):
        seats = rng.randint(1, 5)
        users = {s: rng.choice([None, 10, 11, 12, 13, 14]) for s in range(seats)}
        waiting = sorted(rng.sample(range(seats + 1), rng.randint(0, seats)))
        before = sorted(rng.sample(range(seats + 1), rng.randint(0, seats)))
        assert TurnsChanged.of("t", users, waiting, before) == old("t", users, waiting, before)


def test_notices_hears_only_subscribed_kinds():
    notices = Notices()
    assert not notices.hears(TurnsChanged)
    notices.subscribe(TurnsChanged, lambda n: None)
    assert notices.hears(TurnsChanged)


def test_table_lock_is_asyncio_s_lock():
    from app.play.runtime import TableLock

    async def run() -> list:
        lock = TableLock()
        order: list = []

        async def hold(name: str, pause: int) -> None:
            async with lock:
                order.append((name, "in", lock.locked()))
                for _ in range(pause):
                    await asyncio.sleep(0)
                order.append((name, "out"))

        await asyncio.gather(hold("a", 3), hold("b", 0), hold("c", 1))
        async with lock:  # uncontended: taken at once
            order.append(("d", "in", lock.locked()))
        assert not lock.locked()
        try:
            async with lock:
                raise KeyError("x")  # an exception inside still releases it and goes on
        except KeyError:
            order.append(("e", "raised", lock.locked()))
        waiter = asyncio.ensure_future(hold("f", 0))
        async with lock:
            await asyncio.sleep(0)  # f waits for us
            order.append(("g", "in"))
        await waiter
        return order

    assert on_own_thread(lambda: asyncio.run(run())) == [
        ("a", "in", True), ("a", "out"), ("b", "in", True), ("b", "out"), ("c", "in", True), ("c", "out"),
        ("d", "in", True), ("e", "raised", False), ("g", "in"), ("f", "in", True), ("f", "out")]


def test_frames_splice_the_shared_events_into_the_same_bytes() -> None:
    """A move whose events are all public serialises them once for every audience: each frame is the very text the
    whole frame's `dumps` gave; a move with a private event gives each audience its own list, as before."""
    from app import engine
    from app.play.hub import Hub
    from app.play.patch import make_patches
    from app.play.runtime import dumps, seat_number

    old = {"0": {"game": {"n": 1, "cells": [0, 1]}, "waiting": [0]}, "1": {"game": {"n": 1}, "waiting": [0]},
           "spectator": {"game": {"n": 1}, "waiting": [0]}}
    new = {"0": {"game": {"n": 2, "cells": [0, 1, 2]}, "waiting": [1]}, "1": {"game": {"n": 2}, "waiting": [1]},
           "spectator": {"game": {"n": 2}, "waiting": [1]}}

    class Table:  # what `_frames` reads of a Runtime: each audience's view at the old version
        def view(self, key: str) -> dict:
            return old[key]

    public = [engine.event("mark", "@0 marked \u00e9 \"3\"", cell=3), engine.event("turn", "next", seat=1)]
    private = [*public, engine.event("draw", "you drew", seats=[1], card="x")]
    for events in ([], public, private):
        frames = Hub._frames(Table(), new, 7, events)
        ops = make_patches([(old[k], v) for k, v in new.items()])
        assert frames == {k: dumps({"type": "patch", "version": 7, "ops": o,
                                    "events": engine.filter_events(events, seat_number(k))})
                          for k, o in zip(new, ops)}
        for key, frame in frames.items():
            assert orjson.loads(frame)["events"] == engine.filter_events(events, seat_number(key))


def test_a_batch_sends_an_action_given_as_json_as_it_is() -> None:
    """The hub hands the writer the action's canonical JSON; the batch carries the same text a dict gave."""
    from app import engine

    action = {"type": "mark", "label": "Mark cell 3", "cell": 3}
    as_json = PendingMove("t", 1, 0, engine.action_key(action), [], b"{}", None)
    as_dict = PendingMove("t", 1, 0, orjson.loads(engine.action_key(action)), [], b"{}", None)
    assert encode_batch([as_json]) == encode_batch([as_dict])
    assert orjson.loads(str(decode_batch(encode_batch([as_json]))[0].action)) == action
