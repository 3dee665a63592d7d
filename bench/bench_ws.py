"""Websocket round-trip benchmark: K concurrent tables of the `race` micro-game, closed or open loop.

Starts a real server (scripts/entrypoint.sh, SQLite file, durable commits) with BOARDHALL_BENCH_GAMES=1 and
opens K tables with two players each. Never fails on a timing.

Closed loop (the default): the player to move sends the next move as soon as the previous one's patch arrives.
Prints moves/s, act->patch latency percentiles, mean bytes per patch vs per snapshot, server CPU per move, the
reconnect snapshot after 5,000 moves and the server's RSS. `--profile FILE` records the server with py-spy during
the measured window and prints the per-move CPU budget by stage (bench/stages.py). Players ask for the ack inside
their move's patch (`ack_in_patch`, docs/protocol.md), as the site's table page does (static/js/table.js);
`--separate-acks` measures the default ack frame instead. `--deflate`: players offer permessage-deflate, as browsers
do (scripts/entrypoint.sh refuses it unless UVICORN_WS_DEFLATE=true).

Open loop (`--open-loop`): every table moves at a human pace, one move every `--interval` 2-5 s, whatever the
server's speed; the tables are added in steps (`--tables 500 1000 2000`) and each step is measured for
`--seconds`. Prints, per step, moves/s, act->patch p50/p99 and the server's RSS, then the most tables the process
held with p99 under 50 ms and the memory per table. `--speedup S` divides the pace by S so a short run loads the
server like S times as many tables at the human pace (memory is still per real table).

    .venv/bin/python bench/bench_ws.py --tables 50 --seconds 10
    .venv/bin/python bench/bench_ws.py --tables 50 --seconds 8 --profile /tmp/profile.txt
    .venv/bin/python bench/bench_ws.py --tables 50 --seconds 10 --reconnect-moves 0 --profile /tmp/p.txt --gil
    .venv/bin/python bench/bench_ws.py --open-loop --speedup 10 --tables 100 200 400 600 --seconds 8
    .venv/bin/python bench/bench_ws.py --url http://127.0.0.1:8000   # an already running server
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
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
from bench import stages  # noqa: E402

LATENCY_AIM_MS = 50.0


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def guest(client: httpx.AsyncClient, name: str) -> str:
    r = await client.post("/api/session", json={"nickname": name})
    r.raise_for_status()
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


def http_client(base: str) -> httpx.AsyncClient:
    # No kept-alive connections: on a busy machine the server closes an idle one (after 5 s) just as the client
    # reuses it, and the request fails with "Server disconnected".
    return httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_keepalive_connections=0))


async def make_table(base: str, i: int) -> tuple[str, list[str]]:
    async with http_client(base) as a, http_client(base) as b:
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
        self.server_cpu: float | None = None  # seconds, over the measured window only
        self.loop_cpu: float | None = None  # the same, of the event loop's process alone (not the move writer's)
        self.client_cpu = 0.0  # this process (the players), over the measured window
        self.switches: tuple[int, int, int] | None = None  # the event loop thread's, over the window: context_switches


NATIVE = [False]  # --native: py-spy shows compiled (Cython, C) frames too
ACK_IN_PATCH = [True]  # players ask for the ack inside their move's patch; --separate-acks turns it off
COMPRESSION: list[str | None] = [None]  # --deflate: players offer permessage-deflate, as browsers do


async def open_sockets(ws_base: str, tid: str, cookies: list[str]) -> list:
    return [await connect(f"{ws_base}/ws/tables/{tid}", additional_headers={"Cookie": c}, max_size=2**24,
                          compression=COMPRESSION[0]) for c in cookies]


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
        await socks[seat].send(json.dumps({"type": "act", "id": version, "version": version, "action": action,
                                              "ack_in_patch": ACK_IN_PATCH[0]}))

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


def family(pid: int) -> list[int]:
    """The server process and its children (the move writer's process, whichever of its threads started it)."""
    try:
        return [pid, *(int(child) for task in Path(f"/proc/{pid}/task").iterdir()
                       for child in (task / "children").read_text().split())]
    except FileNotFoundError:
        return [pid]


def rss_mb(pid: int) -> float:
    total = 0
    for member in family(pid):
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total / 1024


async def start_profile(pid: int | None, seconds: float, path: str | None, gil: bool = False):
    """py-spy on the server for the measured window (sampling at 100 Hz without pausing it, to disturb it little).
    `gil`: sample only the thread holding the GIL, i.e. the serial work that bounds one process's moves/s."""
    if not (path and pid):
        return None
    spy = shutil.which("py-spy") or str(ROOT / ".venv" / "bin" / "py-spy")
    return await asyncio.create_subprocess_exec(
        spy, "record", "-p", str(pid), "-r", "250" if gil else "100", *(["--gil"] if gil else []),
        *(["--native"] if NATIVE[0] else ["--nonblocking"]),  # py-spy pauses the process to read native stacks
        "-f", "raw", "-o", path,
        "-d", str(max(1, int(seconds))), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)


async def run(base: str, ws_base: str, tables: int, seconds: float, pid: int | None = None,
              profile: str | None = None, warmup: float = 0.0, gil: bool = False) -> Stats:
    """Closed loop over `tables` tables. With `warmup`, the tables play that long before the measured window of
    `seconds`; `stats.server_cpu` is then the server's CPU time over that window alone (with `pid`), and
    `stats.client_cpu` this process's (the client's, which shares the machine with the server)."""
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
    stop_at[0] = time.perf_counter() + warmup + seconds
    go.set()
    if warmup:
        await asyncio.sleep(warmup)
        # One event loop: nothing records a move between these lines, so the window starts clean.
        stats.latencies.clear()
        stats.moves = 0
    cpu0, client_cpu0 = cpu_seconds(pid) if pid else None, time.process_time()
    loop_cpu0 = cpu_seconds(pid, children=False) if pid else None
    switches0 = context_switches(pid) if pid else None
    start = time.perf_counter()
    spy = await start_profile(pid, seconds - 1, profile, gil)
    await asyncio.gather(*games)
    stats.elapsed = time.perf_counter() - start
    # Table creation and socket handshakes before the window are not moves' cost.
    stats.server_cpu = cpu_seconds(pid) - cpu0 if pid else None
    stats.loop_cpu = cpu_seconds(pid, children=False) - loop_cpu0 if pid else None
    if pid:
        stats.switches = tuple(after - before for before, after in zip(switches0, context_switches(pid)))
    stats.client_cpu = time.process_time() - client_cpu0
    if spy is not None:
        await spy.wait()
    return stats


# ---- open loop ------------------------------------------------------------------------------------------------

async def shared_players(base: str) -> tuple[httpx.AsyncClient, httpx.AsyncClient, list[str]]:
    """Two guests who sit at every open-loop table: tables cost three requests each to set up, not five."""
    a, b = http_client(base), http_client(base)
    return a, b, [await guest(a, "OpenA"), await guest(b, "OpenB")]


async def make_open_table(a: httpx.AsyncClient, b: httpx.AsyncClient) -> str:
    tid = (await a.post("/api/tables", json={"game": "race", "options": {"first_player": 0}})).json()["id"]
    (await b.post(f"/api/tables/{tid}/join", json={})).raise_for_status()
    (await a.post(f"/api/tables/{tid}/start")).raise_for_status()
    return tid


class OpenStats:
    def __init__(self) -> None:
        self.samples: list[tuple[float, float]] = []  # (when the patch arrived, act->patch seconds)
        self.errors = 0


async def paced_table(socks: list, interval: tuple[float, float], stats: OpenStats, stop: asyncio.Event,
                      ready: asyncio.Event) -> None:
    """One table whose players move at a pace of their own: seat `version % 2` moves every `interval` seconds.
    `ready` is set once both of its sockets have their state."""
    version = [None, None]
    sent_at: dict[int, float] = {}

    async def reader(seat: int) -> None:
        async for raw in socks[seat]:
            msg = json.loads(raw)
            if msg["type"] in ("snapshot", "patch"):
                version[seat] = msg["version"]
                if msg["type"] == "patch" and msg["version"] in sent_at and msg["version"] % 2 == 1 - seat:
                    now = time.perf_counter()
                    stats.samples.append((now, now - sent_at.pop(msg["version"])))
                if version[0] is not None and version[1] is not None:
                    ready.set()
            elif msg["type"] == "error":
                stats.errors += 1
                if stats.errors <= 3:
                    print("error:", msg, file=sys.stderr)

    readers = [asyncio.create_task(reader(s)) for s in (0, 1)]
    try:
        await ready.wait()
        await asyncio.sleep(random.uniform(*interval))  # tables start out of step, as people do
        while not stop.is_set():
            v = max(version)
            seat = v % 2  # race with first_player 0: seat 0 moves at even versions
            while version[seat] != v:  # the mover acts on what its own socket has seen (else: stale_version)
                await asyncio.sleep(0.005)
                v = max(version)
                seat = v % 2
            sent_at[v + 1] = time.perf_counter()
            await socks[seat].send(json.dumps({"type": "act", "id": v, "version": v, "ack_in_patch": ACK_IN_PATCH[0],
                                               "action": {"type": "mark", "cell": v % 64,
                                                          "label": f"Mark cell {v % 64}"}}))
            waited = 0.0
            while max(version) <= v and waited < 10:  # a person sees their move land before thinking of the next
                await asyncio.sleep(0.005)
                waited += 0.005
            await asyncio.sleep(random.uniform(*interval))
    finally:
        for t in readers:
            t.cancel()
        for ws in socks:
            await ws.close()


async def open_loop(base: str, ws_base: str, steps: list[int], seconds: float, interval: tuple[float, float],
                    speedup: float, pid: int | None) -> None:
    a, b, cookies = await shared_players(base)
    stats = OpenStats()
    stop = asyncio.Event()
    tasks: list[asyncio.Task] = []
    gate = asyncio.Semaphore(8)

    async def gated() -> str:
        async with gate:
            return await make_open_table(a, b)

    async def gated_sockets(tid: str) -> list:
        async with gate:
            return await open_sockets(ws_base, tid, cookies)

    base_rss = rss_mb(pid) if pid else None
    held, held_rss = 0, None
    print(f"open loop: one move per table every {interval[0]:g}-{interval[1]:g} s"
          + (f" (the human pace of 2-5 s sped up {speedup:g}x)" if speedup != 1 else ""))
    for target in steps:
        made = await asyncio.gather(*(gated() for _ in range(target - len(tasks))))
        # Sockets open a few at a time, as tables were made: hundreds of handshakes at once outlast the client's
        # opening timeout on a 2-core machine (a handshake reads the table, its seats and ratings).
        opened = await asyncio.gather(*(gated_sockets(tid) for tid in made))
        ready = [asyncio.Event() for _ in made]
        tasks += [asyncio.create_task(paced_table(socks, interval, stats, stop, up))
                  for socks, up in zip(opened, ready)]
        # The window opens once every new table's sockets have their snapshot (handshakes are not moves) and have
        # had time to make a first move.
        waiting = [asyncio.create_task(up.wait()) for up in ready]
        _, late = await asyncio.wait(waiting, timeout=120)
        failed = [t.exception() for t in tasks if t.done() and not t.cancelled() and t.exception()]
        if late or failed:
            print(f"tables={target:5d}: {len(late)} tables never got their state; "
                  f"{len(failed)} failed ({failed[0]!r} first)" if failed else "", file=sys.stderr)
            for t in late:
                t.cancel()
            break
        await asyncio.sleep(max(interval) + 1)
        cpu0, start = (cpu_seconds(pid) if pid else 0.0), time.perf_counter()
        await asyncio.sleep(seconds)
        end = time.perf_counter()
        lat = [x * 1000 for t, x in stats.samples if start <= t <= end]
        cpu = (cpu_seconds(pid) - cpu0) / (end - start) * 100 if pid else float("nan")
        rss = rss_mb(pid) if pid else float("nan")
        p99 = percentile(lat, .99)
        print(f"tables={target:5d} (human-pace equivalent {target * speedup:6.0f}) moves/s={len(lat) / (end - start):6.0f} "
              f"act->patch ms p50={percentile(lat, .5):6.2f} p99={p99:7.2f} server CPU={cpu:4.0f}% RSS={rss:6.1f} MB "
              f"errors={stats.errors}")
        if p99 < LATENCY_AIM_MS:
            held, held_rss = target, rss
        else:
            break
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await a.aclose()
    await b.aclose()
    if held:
        per_table = (held_rss - base_rss) / held * 1024 if base_rss is not None else float("nan")
        print(f"held with p99 act->patch < {LATENCY_AIM_MS:.0f} ms: {held} tables at this pace "
              f"({held * speedup:.0f} at the human pace); memory per table {per_table:.0f} KB "
              f"(RSS growth over {held} tables, two sockets each)")
    else:
        print(f"no step kept p99 act->patch under {LATENCY_AIM_MS:.0f} ms")


def context_switches(pid: int) -> tuple[int, int, int]:
    """The server's event loop thread so far: its voluntary context switches (it waited for work), involuntary ones
    (it had work and another process took its core), and the nanoseconds it spent runnable but waiting for a core."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    waited_ns = int(Path(f"/proc/{pid}/schedstat").read_text().split()[1])
    return int(fields["voluntary_ctxt_switches"]), int(fields["nonvoluntary_ctxt_switches"]), waited_ns


def cpu_seconds(pid: int, children: bool = True) -> float:
    """User + system CPU time of the server process (its threads included) and, unless `children` is false, of its
    children (the move writer's process), so a move's server CPU counts its commit wherever that runs."""
    ticks = 0
    for member in family(pid) if children else [pid]:
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def report(tables: int, stats: Stats) -> None:
    lat = [x * 1000 for x in stats.latencies]
    print(f"tables={tables:4d} moves={stats.moves:6d} moves/s={stats.moves / stats.elapsed:8.0f} "
          f"act->patch ms p50={percentile(lat, .5):6.2f} p95={percentile(lat, .95):6.2f} p99={percentile(lat, .99):6.2f} "
          f"patch bytes mean={statistics.mean(stats.patch_bytes):.0f} snapshot bytes mean={statistics.mean(stats.snapshot_bytes):.0f}")
    cpu = stats.server_cpu
    if cpu is not None:
        # CPU per move depends far less than moves/s on what else the machine is doing.
        per_move = 1e6 / max(1, stats.moves)
        print(f"tables={tables:4d} server CPU per move: {cpu * per_move:.0f} us "
              f"(the event loop's process {stats.loop_cpu * per_move:.0f}, the move writer's "
              f"{(cpu - stats.loop_cpu) * per_move:.0f}; "
              f"one core's worth: {stats.moves / max(cpu, 1e-9):.0f} moves/s); "
              f"client CPU per move: {stats.client_cpu / max(1, stats.moves) * 1e6:.0f} us")
        if stats.switches is not None:
            idle, preempted = (n / max(1, stats.moves) for n in stats.switches[:2])
            print(f"tables={tables:4d} the event loop's context switches per move: {idle:.2f} waiting for work, "
                  f"{preempted:.2f} preempted; runnable but waiting for a core "
                  f"{stats.switches[2] / 1e9 / stats.elapsed * 100:.0f}% of the window")


def start_server(database_url: str | None = None) -> Server:
    """A fresh server with the race game and the limits lifted, on `database_url` or else a new SQLite file (in
    `server.tmpdir`)."""
    tmp = tempfile.mkdtemp(prefix="boardhall-bench-")
    # Players here move far faster than people: lift the per-socket rate limit for the run.
    # The open loop seats the same two guests at every table: lift the sockets-per-user limit too.
    server = Server(database_url=database_url or f"sqlite:///{tmp}/bench.db", BOARDHALL_BENCH_GAMES="1",
                    RATE_PER_SECOND="100000",
                    RATE_BURST="100000", SOCKETS_PER_USER="1000000", MAX_CACHED_TABLES="100000")
    server.tmpdir = tmp
    server.start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--profile", help="closed loop: record the server with py-spy into this file (raw format)")
    parser.add_argument("--native", action="store_true", help="with --profile: py-spy --native (compiled frames)")
    parser.add_argument("--gil", action="store_true", help="with --profile: only the thread holding the GIL")
    parser.add_argument("--open-loop", action="store_true", help="tables move at a human pace; --tables are steps")
    parser.add_argument("--interval", type=float, nargs=2, default=[2.0, 5.0], help="open loop: seconds between moves")
    parser.add_argument("--speedup", type=float, default=1.0, help="open loop: divide --interval by this")
    parser.add_argument("--warmup", type=float, default=0, help="closed loop: seconds played before the window")
    parser.add_argument("--reconnect-moves", type=int, default=5000)
    parser.add_argument("--url", help="use a running server (started with BOARDHALL_BENCH_GAMES=1)")
    parser.add_argument("--pid", type=int, help="with --url: the server's process id, to report CPU per move")
    parser.add_argument("--separate-acks", action="store_true", help="acks in frames of their own (the default "
                        "protocol) instead of inside the mover's patch")
    parser.add_argument("--deflate", action="store_true", help="players offer permessage-deflate as browsers do "
                        "(the server accepts it unless started with --ws-per-message-deflate false)")
    args = parser.parse_args()
    ACK_IN_PATCH[0] = not args.separate_acks
    NATIVE[0] = args.native
    COMPRESSION[0] = "deflate" if args.deflate else None
    server = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        server = start_server()
        base = server.url
    ws_base = base.replace("http", "ws", 1)
    try:
        pid = server.proc.pid if server else args.pid
        print(f"boardhall websocket benchmark: race micro-game, {'open' if args.open_loop else 'closed'} loop, "
              f"SQLite (WAL, synchronous=NORMAL); load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        if args.open_loop:
            interval = (args.interval[0] / args.speedup, args.interval[1] / args.speedup)
            asyncio.run(open_loop(base, ws_base, args.tables, args.seconds, interval, args.speedup, pid))
            return
        for k in args.tables:
            stats = asyncio.run(run(base, ws_base, k, args.seconds, pid, args.profile, args.warmup, args.gil))
            report(k, stats)
            cpu = stats.loop_cpu  # py-spy records the event loop's process, not the move writer's
            if args.profile and pid:
                print(stages.table(stages.fold(args.profile), cpu / max(1, stats.moves) * 1e6 if cpu else None))
        if args.reconnect_moves > 0:  # 0 skips it (play_table's max_moves=0 would mean "no limit")
            size = asyncio.run(reconnect_snapshot(base, ws_base, args.reconnect_moves))
            print(f"reconnect snapshot after {args.reconnect_moves} moves: {size} bytes")
        if server:
            print(f"server RSS: {rss_mb(server.proc.pid):.1f} MB")
    finally:
        if server:
            server.stop()


if __name__ == "__main__":
    main()
