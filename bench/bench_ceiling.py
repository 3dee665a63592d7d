"""The ceiling of one uvicorn process for the race micro-game's traffic: bench_ws.py's closed loop, same players,
against bench/relay_app.py (the transport alone: no rules, views, diffs or database) served with the entrypoint's
options (uvloop, httptools), with uvicorn's own websocket protocol (websockets-sansio): the stock transport issue 33
measures against. Whatever Boardhall's move path does on that transport, it cannot carry more moves a second than
this on the same machine; bench_vs_bgio.py --ceiling runs it beside both servers in every round. `--ws` serves the
relay with another protocol, such as the one Boardhall runs (app.play.wsprotocol:FastFramesProtocol), to see what
that protocol alone gives.
Prints moves/s, act->patch p50/p99 and server and client CPU per move. Never fails on a timing.

    .venv/bin/python bench/bench_ceiling.py --tables 50 --seconds 6
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.bench_ws import Stats, cpu_seconds, percentile, play_table  # noqa: E402
from tests.support.servers import free_port  # noqa: E402


STOCK_WS = "websockets-sansio"


def start_relay(ws: str = STOCK_WS) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "bench.relay_app:app", "--host", "127.0.0.1", "--port", str(port),
         "--loop", "uvloop", "--http", "httptools", "--ws", ws, "--ws-max-size", "65536",
         "--log-level", "warning"], cwd=ROOT)
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the relay server did not start")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port
        except OSError:
            time.sleep(0.1)


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL after 10 s: a benchmark's server never outlives its round."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


async def closed_loop(port: int, pid: int, tables: int, seconds: float, warmup: float) -> Stats:
    """bench_ws.run's closed loop, with the relay's tables (no lobby: a table is its address)."""
    socks = [[await connect(f"ws://127.0.0.1:{port}/ws/relay/t{i}/{seat}", compression=None) for seat in (0, 1)]
             for i in range(tables)]
    stats, go, stop_at = Stats(), asyncio.Event(), [0.0]
    games = [asyncio.create_task(play_table(pair, stop_at, stats, None, go)) for pair in socks]
    await asyncio.sleep(0.5)
    stop_at[0] = time.perf_counter() + warmup + seconds
    go.set()
    await asyncio.sleep(warmup)
    stats.latencies.clear()
    stats.moves = 0
    cpu0, client0, start = cpu_seconds(pid), time.process_time(), time.perf_counter()
    await asyncio.gather(*games)
    stats.elapsed = time.perf_counter() - start
    stats.server_cpu = cpu_seconds(pid) - cpu0
    stats.client_cpu = time.process_time() - client0
    return stats


def relay_side(tables: int, seconds: float, warmup: float, ws: str = STOCK_WS) -> dict:
    proc, port = start_relay(ws)
    try:
        stats = asyncio.run(closed_loop(port, proc.pid, tables, seconds, warmup))
    finally:
        stop(proc)
    lat = [x * 1000 for x in stats.latencies]
    return {"moves": stats.moves, "moves_per_s": stats.moves / stats.elapsed, "p50_ms": percentile(lat, .5),
            "p99_ms": percentile(lat, .99), "cpu_us_per_move": stats.server_cpu / max(1, stats.moves) * 1e6,
            "client_us_per_move": stats.client_cpu / max(1, stats.moves) * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--warmup", type=float, default=1)
    parser.add_argument("--ws", default=STOCK_WS, help="uvicorn's --ws for the relay (default: uvicorn's own)")
    args = parser.parse_args()
    print(f"relay (uvicorn, no game, --ws {args.ws}): {args.tables} tables, closed loop, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    r = relay_side(args.tables, args.seconds, args.warmup, args.ws)
    print(f"moves/s={r['moves_per_s']:.0f} p50={r['p50_ms']:.1f} ms p99={r['p99_ms']:.1f} ms "
          f"server CPU per move {r['cpu_us_per_move']:.0f} us, client CPU per move {r['client_us_per_move']:.0f} us")


if __name__ == "__main__":
    main()
