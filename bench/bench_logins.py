"""Does a storm of logins slow down play? Act->ack latency on one table while N threads send wrong-password logins.

argon2 runs in a thread pool (app/accounts/passwords.py), so the event loop goes on serving moves while passwords
are hashed. Before, with hashing on the event loop, 16 parallel logins pushed a ping to 1.6 s. Prints the latency
percentiles with and without the login storm. Never fails on a timing (tests/test_login_load.py uses the same storm
and asserts only that every move is acknowledged, and that the event loop keeps turning while hashes run).

    .venv/bin/python bench/bench_logins.py --logins 16 --acts 200
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.clients import Person  # noqa: E402
from tests.support.servers import Server  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def act_latencies(server: Server, acts: int) -> list[float]:
    """Seconds from sending each act to its ack, on a fresh table of the `race` micro-game."""
    a, b = Person(server, "Racer A"), Person(server, "Racer B")
    tid = a.open_table(game="race", options={"first_player": 0})["id"]
    b.post(f"/api/tables/{tid}/join", {})
    a.post(f"/api/tables/{tid}/start")
    sockets = [a.socket(tid), b.socket(tid)]
    for s in sockets:
        s.until("snapshot")
    latencies = []
    for _ in range(acts):
        mover = next(s for s in sockets if s.view["legal"])
        started = time.perf_counter()
        reply = mover.until_reply(mover.act(mover.view["legal"][0]), timeout=30)
        latencies.append(time.perf_counter() - started)
        assert reply["type"] == "ack", reply
        for s in sockets:
            s.sync_to(reply["version"], timeout=30)
    for s in sockets:
        s.close()
    return latencies


def with_login_storm(server: Server, logins: int, acts: int) -> tuple[list[float], int]:
    """Act latencies while `logins` threads send wrong-password logins; also how many logins were answered."""
    stop = threading.Event()
    answered = [0]

    def storm(i: int) -> None:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            while not stop.is_set():
                client.post("/api/login", json={"username": f"storm{i}", "password": "not the password"},
                            headers={"x-forwarded-for": f"10.66.{i}.{answered[0] % 250}"})
                answered[0] += 1

    threads = [threading.Thread(target=storm, args=(i,), daemon=True) for i in range(logins)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # the storm is under way
    try:
        latencies = act_latencies(server, acts)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
    return latencies, answered[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logins", type=int, default=16)
    parser.add_argument("--acts", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        # A fast client exceeds the per-socket message budget meant for people: lift it for the measurement.
        server = Server(database_url=f"sqlite:///{tmp}/bench.db", BOARDHALL_BENCH_GAMES="1",
                        RATE_PER_SECOND="10000", RATE_BURST="10000")
        server.start()
        try:
            quiet = act_latencies(server, args.acts)
            busy, answered = with_login_storm(server, args.logins, args.acts)
        finally:
            server.stop()
    for name, values in (("quiet", quiet), (f"{args.logins} parallel logins", busy)):
        print(f"act->ack {name}: p50 {percentile(values, 0.5) * 1000:.1f} ms, "
              f"p99 {percentile(values, 0.99) * 1000:.1f} ms over {len(values)} acts")
    print(f"logins answered during the storm: {answered}")


if __name__ == "__main__":
    main()
