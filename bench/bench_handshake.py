"""What a socket's arrival costs the server: open, table + chat + snapshot frames, close, one after another.

A restart or a SIGTERM drain sends every client of an instance to reconnect at once, so this cost, not a move's,
decides how fast an instance takes a crowd back. Starts a real server (a SQLite file, or with `--postgres URL` a
throwaway database on that PostgreSQL server) and prints server CPU and wall time per open+close, over `--tables`
started tables with two seated players each, for `--rounds` passes.

    .venv/bin/python bench/bench_handshake.py --tables 20 --rounds 3 [--profile /tmp/handshake.txt]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from websockets.asyncio.client import connect  # noqa: E402

from bench.bench_ws import cpu_seconds, make_table, start_profile, start_server  # noqa: E402
from tests.support.pg import temp_database  # noqa: E402


async def one_pass(ws_base: str, made: list[tuple[str, list[str]]]) -> int:
    count = 0
    for tid, cookies in made:
        for cookie in cookies:
            async with connect(f"{ws_base}/ws/tables/{tid}", additional_headers={"Cookie": cookie}) as ws:
                while json.loads(await ws.recv())["type"] != "snapshot":
                    pass
            count += 1
    return count


async def run(tables: int, rounds: int, profile: str | None = None, postgres: str | None = None) -> None:
    if postgres:  # a database of its own on that server, dropped afterwards
        with temp_database(postgres) as url:
            await _measure(start_server(url), tables, rounds, profile)
    else:
        await _measure(start_server(), tables, rounds, profile)


async def _measure(server, tables: int, rounds: int, profile: str | None) -> None:  # noqa: ANN001
    try:
        ws_base = server.url.replace("http", "ws", 1)
        made = [await make_table(server.url, i) for i in range(tables)]
        for r in range(rounds):
            cpu0, wall0 = cpu_seconds(server.proc.pid), time.perf_counter()
            # The last pass is profiled (py-spy on the thread holding the GIL: the serial work of a handshake).
            spy = await start_profile(server.proc.pid, 2, profile if r == rounds - 1 else None, gil=True)
            count = await one_pass(ws_base, made)
            if spy is not None:
                await spy.wait()
            await asyncio.sleep(0.5)  # the last close's presence note
            cpu = cpu_seconds(server.proc.pid) - cpu0
            wall = time.perf_counter() - wall0 - 0.5
            print(f"pass {r + 1}: {count} sockets opened and closed; server CPU {cpu / count * 1000:.1f} ms and "
                  f"wall {wall / count * 1000:.1f} ms per socket")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", help="record the last pass with py-spy into this file (raw format)")
    parser.add_argument("--postgres", help="a PostgreSQL URL to create a throwaway database on (default: SQLite)")
    args = parser.parse_args()
    print(f"boardhall handshake benchmark, {'PostgreSQL' if args.postgres else 'SQLite'}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    asyncio.run(run(args.tables, args.rounds, args.profile, args.postgres))


if __name__ == "__main__":
    main()
