"""Logins must not hold up play: password hashing (argon2, tens of milliseconds of CPU each) runs off the event loop.

Timings are never asserted (bench/bench_logins.py prints the latency figures). What is asserted: the event loop
keeps turning while hashes are computed, and a real server acknowledges every move while a storm of logins runs.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from app.accounts.passwords import PasswordHashing
from bench.bench_logins import with_login_storm
from tests.support.servers import Server


def test_the_event_loop_keeps_turning_while_passwords_are_hashed():
    async def hashing_while_counting_loop_turns() -> tuple[int, list[bool]]:
        hashing = PasswordHashing(workers=1, queue_limit=64)
        try:
            await hashing.start()
            stored = await hashing.hash("correct horse battery staple")
            turns = 0
            hashing_done = asyncio.Event()

            async def count_turns() -> None:
                nonlocal turns
                while not hashing_done.is_set():
                    turns += 1
                    await asyncio.sleep(0)

            counter = asyncio.create_task(count_turns())
            results = await asyncio.gather(*(hashing.verify(stored, f"wrong {i}") for i in range(8)))
            hashing_done.set()
            await counter
            return turns, [ok for ok, _ in results]
        finally:
            hashing.close()

    # Its own thread: a browser test earlier in the session may hold an event loop in this one (Playwright's sync API).
    with ThreadPoolExecutor(1) as pool:
        turns, matches = pool.submit(asyncio.run, hashing_while_counting_loop_turns()).result()
    assert matches == [False] * 8
    # Eight hashes run one after another in the pool; had they run on the loop, the counter could only have turned
    # between them (at most 9 times). Off the loop it turns freely the whole time.
    assert turns > 50, turns


def test_every_move_is_acknowledged_during_a_storm_of_logins(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'load.db'}", BOARDHALL_BENCH_GAMES="1")
    server.start()
    try:
        latencies, answered = with_login_storm(server, logins=16, acts=100)  # asserts an ack for every move
    finally:
        server.stop()
    assert len(latencies) == 100
    assert answered >= 16  # the logins really ran alongside the moves
