"""Scale-out benchmark: the same load on one instance and on two, each time behind one nginx address.

Every run is real: a fresh PostgreSQL database (TEST_POSTGRES_URL), a redis-server of its own, app instances started
by scripts/entrypoint.sh, and Debian's nginx running deploy/nginx.conf in front of them. K tables of the `race`
micro-game play closed loop through the proxy (each player sends the next move as soon as the previous one's patch
arrives). A few tables also have one watcher socket straight on each instance: the gap between the moments a patch
reaches the two watchers is the fan-out delay between instances (with one instance both watchers sit on it, which
gives the same-process baseline). Prints moves/s, act->patch p50/p99 and the fan-out delay. Never fails on a time.

    .venv/bin/python bench/bench_scaleout.py --tables 20 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.fleet import Proxy, RedisProcess, nginx_path  # noqa: E402
from tests.support.pg import temp_database  # noqa: E402
from tests.support.servers import Server  # noqa: E402


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def seated_table(base: str, n: int) -> tuple[str, list[str]]:
    """A started race table with two guests; returns its id and each guest's cookie header."""
    cookies = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as a, httpx.AsyncClient(base_url=base, timeout=60) as b:
        for client, name in ((a, f"P{n}a"), (b, f"P{n}b")):
            (await client.post("/api/session", json={"nickname": name})).raise_for_status()
            cookies.append("; ".join(f"{k}={v}" for k, v in client.cookies.items()))
        tid = (await a.post("/api/tables", json={"game": "race", "options": {"first_player": 0}})).json()["id"]
        (await b.post(f"/api/tables/{tid}/join", json={})).raise_for_status()
        (await a.post(f"/api/tables/{tid}/start")).raise_for_status()
    return tid, cookies


class Load:
    def __init__(self, seconds: float):
        self.seconds = seconds
        self.latencies: list[float] = []
        self.arrivals: dict[tuple[str, int], list[float]] = {}  # (table, version) -> watcher arrival times
        self.started = 0.0
        self.stop = asyncio.Event()
        self.errors: list[str] = []
        self.ready = 0  # player sockets that have their snapshot


async def play(address: str, tid: str, cookies: list[str], load: Load, go: asyncio.Event) -> None:
    """Both players of one table, closed loop: the player to move acts as soon as the previous patch arrives."""
    socks = [await connect(f"{address}/ws/tables/{tid}", additional_headers={"Cookie": c}, compression=None)
             for c in cookies]
    sent: dict[int, float] = {}

    async def move(seat: int, version: int) -> None:
        sent[version + 1] = time.perf_counter()
        cell = version % 64
        await socks[seat].send(json.dumps({"type": "act", "id": version, "version": version,
                                           "action": {"type": "mark", "cell": cell, "label": f"Mark cell {cell}"}}))

    async def reader(seat: int) -> None:
        async for raw in socks[seat]:
            msg = json.loads(raw)
            if msg["type"] == "snapshot":
                load.ready += 1
                if seat == 0:
                    await go.wait()
                    await move(0, msg["version"])
            elif msg["type"] == "patch":
                version = msg["version"]
                mover = (version - 1) % 2  # seat 0 makes the odd versions
                if seat == mover and version in sent:
                    load.latencies.append(time.perf_counter() - sent.pop(version))
                    if load.stop.is_set():
                        return
                    await move(1 - seat, version)
                elif seat != mover and load.stop.is_set():
                    return
            elif msg["type"] == "error":
                load.errors.append(msg["code"])

    await asyncio.gather(*(reader(s) for s in (0, 1)))
    for ws in socks:
        await ws.close()


async def watch(address: str, tid: str, load: Load) -> None:
    """A spectator straight on one instance, noting when each patch of this table reaches it."""
    async with connect(f"{address}/ws/tables/{tid}", compression=None) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "patch":
                load.arrivals.setdefault((tid, msg["version"]), []).append(time.perf_counter())
            if load.stop.is_set():
                return


async def run_load(proxy: Proxy, instances: list[Server], tables: int, watched: int, seconds: float) -> Load:
    load = Load(seconds)
    made = []
    for start in range(0, tables, 8):  # a few at a time: sign-ups hash nothing, but the machine is small
        made += await asyncio.gather(*(seated_table(proxy.url, n) for n in range(start, min(tables, start + 8))))
    go = asyncio.Event()
    # With one instance both watchers sit on it; with two, one on each.
    watch_on = [instances[0], instances[-1]]
    watchers = [asyncio.create_task(watch(s.ws_url, tid, load)) for tid, _ in made[:watched] for s in watch_on]
    players = [asyncio.create_task(play(proxy.ws_url, tid, cookies, load, go)) for tid, cookies in made]
    for _ in range(600):  # every player socket has its snapshot before the clock starts
        if load.ready >= 2 * len(made):
            break
        await asyncio.sleep(0.1)
    load.latencies.clear()
    load.started = time.perf_counter()
    go.set()
    await asyncio.sleep(seconds)
    load.stop.set()
    elapsed = time.perf_counter() - load.started
    await asyncio.wait(players, timeout=10)
    for task in watchers:
        task.cancel()
    load.seconds = elapsed
    return load


def report(label: str, load: Load) -> None:
    lat = [x * 1000 for x in load.latencies]
    gaps = [abs(t[1] - t[0]) * 1000 for t in load.arrivals.values() if len(t) == 2]
    print(f"{label:<14} {len(lat) / load.seconds:8.0f} moves/s   act->patch p50 {quantile(lat, 0.5):6.1f} ms"
          f"  p99 {quantile(lat, 0.99):6.1f} ms   fan-out gap between watchers p50 {quantile(gaps, 0.5):5.1f} ms"
          f"  p99 {quantile(gaps, 0.99):5.1f} ms  ({len(gaps)} patches)"
          + (f"  errors: {dict(Counter(load.errors))}" if load.errors else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--watched", type=int, default=5, help="tables with a watcher on each instance")
    parser.add_argument("--seconds", type=float, default=5)
    args = parser.parse_args()
    postgres = os.environ.get("TEST_POSTGRES_URL")
    nginx = nginx_path()
    if not postgres or not nginx:
        sys.exit("needs TEST_POSTGRES_URL (a PostgreSQL role with CREATEDB) and nginx (apt-get install nginx)")
    print(f"{args.tables} race tables closed loop for {args.seconds:g} s, through nginx; PostgreSQL + Redis; "
          f"client on the same machine")
    with tempfile.TemporaryDirectory() as tmp:
        redis = RedisProcess(Path(tmp))
        redis.start()
        try:
            for count in (1, 2):
                with temp_database(postgres) as url:
                    instances = [Server(database_url=url, REDIS_URL=redis.url, BOARDHALL_BENCH_GAMES="1",
                                        LOG_FORMAT="text") for _ in range(count)]
                    proxy_dir = Path(tmp) / f"proxy{count}"
                    proxy_dir.mkdir()
                    proxy = Proxy(proxy_dir, instances)
                    try:
                        for server in instances:
                            server.start(timeout=120)
                        proxy.start(nginx)
                        load = asyncio.run(run_load(proxy, instances, args.tables, args.watched, args.seconds))
                        report(f"{count} instance{'s' if count > 1 else ''}", load)
                    finally:
                        proxy.stop()
                        for server in instances:
                            server.stop()
        finally:
            redis.stop()


if __name__ == "__main__":
    main()
