"""Boardhall against boardgame.io 0.50, side by side on one machine (issue 17).

Each round runs both sides one after the other, each against a fresh server, with the same table count and
window: Boardhall's closed loop from bench_ws.py (race micro-game, every move committed to SQLite) and
bench/bgio/client.js against `node bench/bgio/server.js` (the same game in boardgame.io, in-memory storage). The
side that goes first alternates from round to round, so a machine that gets busier or quieter over the run
weighs on both. Server CPU time per move is taken over the measured window only, after a warm-up.
Prints per round moves/s, act->update p50/p99 and CPU per move for each side, then the medians over the rounds of
the ratios Boardhall/boardgame.io. Never fails on a timing. With `--ceiling`, each round also runs the same players
against bench/relay_app.py (uvicorn with no game behind it, between the two sides): the most any move path on
this stack and machine could carry at that moment.

    .venv/bin/python bench/bench_vs_bgio.py --rounds 3 --tables 50 --seconds 6
    .venv/bin/python bench/bench_vs_bgio.py --rounds 6 --tables 50 --seconds 6 --ceiling

Needs node and `cd bench/bgio && npm ci` (boardgame.io 0.50.2, pinned in package-lock.json).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.bench_ceiling import relay_side, stop  # noqa: E402
from bench.bench_ws import percentile, run, start_server  # noqa: E402
from tests.support.servers import free_port  # noqa: E402

BGIO = ROOT / "bench" / "bgio"


def check_node() -> str:
    node = shutil.which("node")
    if node is None or not (BGIO / "node_modules" / "boardgame.io" / "package.json").exists():
        missing = "node" if node is None else "boardgame.io in bench/bgio/node_modules"
        print(f"missing: {missing}. To install:\n"
              "  apt-get install -y nodejs npm     # Debian's node (v18 or later)\n"
              "  cd bench/bgio && npm ci           # boardgame.io 0.50.2 as pinned in package-lock.json",
              file=sys.stderr)
        sys.exit(2)
    return node


def boardhall_side(tables: int, seconds: float, warmup: float, node: str | None = None) -> dict:
    """With `node`, the players are bench/bgio/boardhall.js (Node, as client.js is for boardgame.io); else
    bench_ws.py's Python players."""
    server = start_server()
    try:
        base = server.url
        if node:
            return node_players(node, "boardhall.js", base, server.proc.pid, tables, seconds, warmup, os.environ)
        stats = asyncio.run(run(base, base.replace("http", "ws", 1), tables, seconds, server.proc.pid, warmup=warmup))
    finally:
        server.stop()
        shutil.rmtree(server.tmpdir, ignore_errors=True)
    lat = [x * 1000 for x in stats.latencies]
    return {"moves": stats.moves, "moves_per_s": stats.moves / stats.elapsed, "p50_ms": percentile(lat, .5),
            "p99_ms": percentile(lat, .99), "cpu_us_per_move": stats.server_cpu / max(1, stats.moves) * 1e6,
            "client_us_per_move": stats.client_cpu / max(1, stats.moves) * 1e6}


def bgio_side(node: str, tables: int, seconds: float, warmup: float, delta_state: bool = False) -> dict:
    port = free_port()
    # Production mode, as a deployment runs it: boardgame.io skips its development checks and logging.
    env = {**os.environ, "NODE_ENV": "production"}
    log = open(Path(os.environ.get("TMPDIR", "/tmp")) / f"bgio-{port}.log", "wb")
    server = subprocess.Popen([node, str(BGIO / "server.js"), "--port", str(port), *(["--delta-state"] * delta_state)],
                              cwd=BGIO, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"boardgame.io server did not start (see {log.name})")
            try:
                if httpx.get(url + "/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        res = node_players(node, "client.js", url, server.pid, tables, seconds, warmup, env)
    finally:
        stop(server)
        log.close()
    Path(log.name).unlink()  # kept only when the run failed, to read
    return res


def node_players(node: str, script: str, url: str, pid: int, tables: int, seconds: float, warmup: float,
                 env) -> dict:
    """Runs one of bench/bgio's closed-loop clients against the server at `url` and reads its JSON line."""
    out = subprocess.run([node, str(BGIO / script), "--tables", str(tables), "--seconds", str(seconds),
                          "--warmup", str(warmup), "--url", url, "--pid", str(pid)],
                         cwd=BGIO, env=env, capture_output=True, text=True, timeout=seconds + warmup + 300)
    if out.returncode != 0:
        raise RuntimeError(f"{script} exited with {out.returncode}: {out.stderr[-2000:]}")
    if out.stderr.strip():
        print(f"{script}: {out.stderr.strip()[-1000:]}", file=sys.stderr)
    res = json.loads(out.stdout.strip().splitlines()[-1])
    res["cpu_us_per_move"] = res["server_cpu_ticks"] / os.sysconf("SC_CLK_TCK") / max(1, res["moves"]) * 1e6
    res["client_us_per_move"] = res["client_cpu_s"] / max(1, res["moves"]) * 1e6
    return res


def num(x) -> float:
    return float("nan") if x is None else float(x)  # a side that made no move has no percentiles


def fmt(side: dict) -> str:
    return (f"{num(side['moves_per_s']):8.0f} {num(side['p50_ms']):7.1f} {num(side['p99_ms']):7.1f} "
            f"{num(side['cpu_us_per_move']):11.0f} {num(side['client_us_per_move']):11.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--warmup", type=float, default=1, help="seconds of play before each measured window")
    parser.add_argument("--ceiling", action="store_true",
                        help="also run bench/relay_app.py (uvicorn and our players with no game behind them) each "
                        "round; its players are Python ones even with --node")
    parser.add_argument("--node", action="store_true",
                        help="Boardhall's players are Node too (bench/bgio/boardhall.js), as boardgame.io's are")
    parser.add_argument("--delta-state", action="store_true",
                        help="boardgame.io sends JSON Patch diffs (its deltaState option) instead of whole states")
    args = parser.parse_args()
    node = check_node()
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"Boardhall (SQLite, durable) vs boardgame.io 0.50.2 (in memory, node {version}): race micro-game, "
          f"{'deltaState, ' if args.delta_state else ''}{'Node players on both sides, ' if args.node else ''}"
          f"{args.tables} tables, closed loop, "
          f"{args.warmup:g} s warm-up + {args.seconds:g} s measured, "
          f"{os.cpu_count()} cores; load average at start {os.getloadavg()[0]:.2f}")
    rows = []
    for r in range(args.rounds):
        order = ["boardhall", "bgio"] if r % 2 == 0 else ["bgio", "boardhall"]
        if args.ceiling:
            order.insert(1, "relay")
        got = {}
        for side in order:
            if side == "boardhall":
                got[side] = boardhall_side(args.tables, args.seconds, args.warmup, node if args.node else None)
            elif side == "relay":
                got[side] = relay_side(args.tables, args.seconds, args.warmup)
            else:
                got[side] = bgio_side(node, args.tables, args.seconds, args.warmup, args.delta_state)
        got["load"] = os.getloadavg()[0]
        if got["bgio"].get("updates_skipped") or got["bgio"].get("unfinished_tables"):
            print(f"round {r + 1}: boardgame.io clients skipped {got['bgio']['updates_skipped']} updates, "
                  f"{got['bgio']['unfinished_tables']} tables did not finish")
        ours = got["boardhall"]
        if "views_checked" in ours:  # Node players: each patched view was compared with a fresh snapshot
            print(f"round {r + 1}: boardhall.js: {ours['errors']} errors, {ours['version_gaps']} version gaps, "
                  f"{ours['unfinished_tables']} tables unfinished, {ours['views_differing']} of "
                  f"{ours['views_checked']} patched views differing from the server's snapshot")
        rows.append(got)

    print()
    print("round  side          moves/s  p50 ms  p99 ms  server CPU  client CPU  load")
    print("                                               us/move     us/move")
    for r, got in enumerate(rows, 1):
        print(f"{r:5d}  Boardhall    {fmt(got['boardhall'])}  {got['load']:5.2f}")
        print(f"{r:5d}  boardgame.io {fmt(got['bgio'])}")
        if "relay" in got:
            print(f"{r:5d}  relay        {fmt(got['relay'])}")
    def ratio_of(side: str, against: str, key: str = "moves_per_s") -> list[float]:
        return [num(g[side][key]) / num(g[against][key]) if num(g[against][key]) else float("nan") for g in rows]

    def ratio(key: str) -> list[float]:
        return ratio_of("boardhall", "bgio", key)

    speed, tail, cpu = ratio("moves_per_s"), ratio("p99_ms"), ratio("cpu_us_per_move")
    print()
    print(f"Boardhall/boardgame.io, median over {len(rows)} rounds: moves/s {statistics.median(speed):.2f}x "
          f"(aim 1.5x), p99 {statistics.median(tail):.2f}x (aim 0.33x), CPU per move {statistics.median(cpu):.2f}x")
    print("per round: moves/s " + ", ".join(f"{x:.2f}x" for x in speed)
          + "; p99 " + ", ".join(f"{x:.2f}x" for x in tail))
    if args.ceiling:
        ceiling = ratio_of("relay", "bgio")
        share = ratio_of("boardhall", "relay")
        print(f"the relay (no game) / boardgame.io: moves/s {statistics.median(ceiling):.2f}x; "
              f"Boardhall / the relay: moves/s {statistics.median(share):.2f}x")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
