"""Websocket round-trip benchmark: K concurrent tables of the `race` micro-game, closed loop.

Starts a real server (scripts/entrypoint.sh, SQLite file, durable commits) with BOARDHALL_BENCH_GAMES=1,
opens K tables with two guests each, and has the player to move send the next move as soon as the
previous one is acknowledged. Prints moves/s, act->patch latency percentiles, mean bytes per patch vs
per snapshot, the reconnect snapshot after 5,000 moves, and the server's RSS. Never fails on a timing.

    .venv/bin/python bench/bench_ws.py --tables 50 --seconds 10
    .venv/bin/python bench/bench_ws.py --url http://127.0.0.1:8000   # an already running server
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.servers import Server  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def guest(client: httpx.AsyncClient, name: str) -> str:
    r = await client.post("/api/session", json={"nickname": name})
    r.raise_for_status()
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


async def make_table(base: str, i: int) -> tuple[str, list[str]]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as a, httpx.AsyncClient(base_url=base, timeout=60) as b:
        ca, cb = await guest(a, f"A{i}"), await guest(b, f"B{i}")
        tid = (await a.post("/api/tables", json={"game": "race", "options": {"first_player": 0}})).json()["id"]
        (await b.post(f"/api/tables/{tid}/join", json={})).raise_for_status()
        (await a.post(f"/api/tables/{tid}/start")).raise_for_status()
        return tid, [ca, cb]


class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.patch_bytes: list[int] = []
        self.snapshot_bytes: list[int] = []
        self.moves = 0


async def open_sockets(ws_base: str, tid: str, cookies: list[str]) -> list:
    return [await connect(f"{ws_base}/ws/tables/{tid}", additional_headers={"Cookie": c}, max_size=2**24,
                          compression=None) for c in cookies]


async def play_table(socks: list, stop_at: list[float], stats: Stats, max_moves: int | None, go: asyncio.Event):
    versions = [None, None]
    snapshots = [None, None]
    sent_at: dict[int, float] = {}
    done = asyncio.Event()

    async def reader(seat: int):
        ws = socks[seat]
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "snapshot":
                versions[seat] = msg["version"]
                stats.snapshot_bytes.append(len(raw))
                snapshots[seat] = msg
                if all(snapshots):  # both players see the game: whoever is to move starts the loop
                    await go.wait()
                    first = snapshots[0]["view"]["game"]["turn"]
                    await send_move(first, snapshots[first]["view"]["legal"][0], snapshots[first]["version"])
            elif kind == "patch":
                versions[seat] = msg["version"]
                stats.patch_bytes.append(len(raw))
                if seat == mover[0] and msg["version"] == pending_version[0]:
                    stats.latencies.append(time.perf_counter() - sent_at.pop(msg["version"]))
                    stats.moves += 1
                    nxt = 1 - seat
                    if time.perf_counter() >= stop_at[0] or (max_moves and stats.moves >= max_moves):
                        done.set()
                        return
                    # Closed loop: the other player moves as soon as this move is acknowledged.
                    await send_move(nxt, {"type": "mark", "cell": msg["version"] % 64,
                                          "label": f"Mark cell {msg['version'] % 64}"}, msg["version"])
            elif kind == "error":
                print("error:", msg, file=sys.stderr)
                done.set()
                return

    mover = [0]
    pending_version = [0]

    async def send_move(seat: int, action: dict, version: int):
        mover[0] = seat
        pending_version[0] = version + 1
        sent_at[version + 1] = time.perf_counter()
        await socks[seat].send(json.dumps({"type": "act", "id": version, "version": version, "action": action}))

    readers = [asyncio.create_task(reader(s)) for s in (0, 1)]
    await done.wait()
    for t in readers:
        t.cancel()
    for ws in socks:
        await ws.close()


async def reconnect_snapshot(base: str, ws_base: str, moves: int) -> int:
    """Play `moves` moves on one table, then measure the snapshot a reconnecting client gets."""
    tid, cookies = await make_table(base, 999_999)
    stats = Stats()
    go = asyncio.Event()
    go.set()
    await play_table(await open_sockets(ws_base, tid, cookies), [time.perf_counter() + 600], stats, moves, go)
    async with connect(f"{ws_base}/ws/tables/{tid}", additional_headers={"Cookie": cookies[0]}, max_size=2**24) as ws:
        while True:
            raw = await ws.recv()
            if json.loads(raw)["type"] == "snapshot":
                return len(raw)


def rss_mb(pid: int) -> float:
    total = 0
    for child in [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]:
        try:
            for line in Path(f"/proc/{child}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


async def run(base: str, ws_base: str, tables: int, seconds: float) -> Stats:
    gate = asyncio.Semaphore(8)

    async def gated(i: int):
        async with gate:
            return await make_table(base, i)

    made = await asyncio.gather(*(gated(i) for i in range(tables)))
    sockets = [await open_sockets(ws_base, tid, cookies) for tid, cookies in made]
    stats = Stats()
    go = asyncio.Event()
    stop_at = [0.0]
    games = [asyncio.create_task(play_table(socks, stop_at, stats, None, go)) for socks in sockets]
    await asyncio.sleep(0.5)  # let every socket take its snapshot before the clock starts
    start = time.perf_counter()
    stop_at[0] = start + seconds
    go.set()
    await asyncio.gather(*games)
    stats.elapsed = time.perf_counter() - start
    return stats


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the server process (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(tables: int, stats: Stats, cpu: float | None = None) -> None:
    lat = [x * 1000 for x in stats.latencies]
    print(f"tables={tables:4d} moves={stats.moves:6d} moves/s={stats.moves / stats.elapsed:8.0f} "
          f"act->patch ms p50={percentile(lat, .5):6.2f} p95={percentile(lat, .95):6.2f} p99={percentile(lat, .99):6.2f} "
          f"patch bytes mean={statistics.mean(stats.patch_bytes):.0f} snapshot bytes mean={statistics.mean(stats.snapshot_bytes):.0f}")
    if cpu is not None:
        # CPU per move depends far less than moves/s on what else the machine is doing.
        print(f"tables={tables:4d} server CPU per move: {cpu / max(1, stats.moves) * 1e6:.0f} us "
              f"(one core's worth: {stats.moves / max(cpu, 1e-9):.0f} moves/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--reconnect-moves", type=int, default=5000)
    parser.add_argument("--url", help="use a running server (started with BOARDHALL_BENCH_GAMES=1)")
    parser.add_argument("--pid", type=int, help="with --url: the server's process id, to report CPU per move")
    args = parser.parse_args()
    server = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        tmp = tempfile.mkdtemp(prefix="boardhall-bench-")
        # Players here move far faster than people: lift the per-socket rate limit for the run.
        server = Server(database_url=f"sqlite:///{tmp}/bench.db", BOARDHALL_BENCH_GAMES="1", RATE_PER_SECOND="100000",
                        RATE_BURST="100000")
        server.start()
        base = server.url
    ws_base = base.replace("http", "ws", 1)
    try:
        print("boardhall websocket benchmark: race micro-game, closed loop, SQLite (WAL, synchronous=NORMAL)")
        pid = server.proc.pid if server else args.pid
        for k in args.tables:
            before = cpu_seconds(pid) if pid else None
            stats = asyncio.run(run(base, ws_base, k, args.seconds))
            report(k, stats, cpu_seconds(pid) - before if pid else None)
        size = asyncio.run(reconnect_snapshot(base, ws_base, args.reconnect_moves))
        print(f"reconnect snapshot after {args.reconnect_moves} moves: {size} bytes")
        if server:
            print(f"server RSS: {rss_mb(server.proc.pid):.1f} MB")
    finally:
        if server:
            server.stop()


if __name__ == "__main__":
    main()
