"""The hub's move path in one process, without sockets: what our own code costs a move, steadier than bench_ws.py.

bench_ws.py measures the whole server with its players on the same two cores, and its figures move by a fifth from
one minute to the next on these machines. This one keeps what is ours and drops the rest: a real `Hub` (rules,
views, patches, clocks, the group commit through the move writer's process into SQLite, the fan-out) serving
`--tables` race tables, each with a stand-in socket per seat whose send writes nothing. The tables are set up
through a real server first (the same HTTP calls bench_ws.py makes), which is then stopped. Each round plays
`--moves` moves at every table at once; the CPU time of this process (the event loop's side) and of the move writer's
are read per round, and the best and median rounds printed. Never fails on a timing.

    .venv/bin/python bench/bench_hub.py --tables 50 --moves 200 --rounds 7
    .venv/bin/python bench/bench_hub.py --profile /tmp/hub.txt   # py-spy of the rounds, folded by bench/stages.py
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("BOARDHALL_BENCH_GAMES", "1")
from bench.bench_ws import cpu_seconds, make_table  # noqa: E402
from tests.support.servers import Server  # noqa: E402


async def made_tables(database_url: str, tables: int) -> list[str]:
    server = Server(database_url, BOARDHALL_BENCH_GAMES="1")
    server.start()
    try:
        return [(await make_table(server.url, i))[0] for i in range(tables)]
    finally:
        server.stop()


async def measure(args: argparse.Namespace) -> None:
    database_url = f"sqlite:///{tempfile.mkdtemp(prefix='bench-hub-')}/hub.db"
    table_ids = await made_tables(database_url, args.tables)
    os.environ["DATABASE_URL"] = database_url
    from app.config import Settings
    from app.db.session import make_engine, make_sessionmaker
    from app.engine.registry import load_games
    from app.play.broker import MemoryBroker
    from app.play.hub import Connection, Hub

    load_games()
    settings = Settings()
    hub = Hub(make_sessionmaker(make_engine(settings.database_url)), MemoryBroker(), settings)
    await hub.start()
    frames = [0]

    async def send(message: dict) -> None:  # a socket that takes every frame at once
        frames[0] += 1

    players: dict[str, dict[int, int | None]] = {}
    for table_id in table_ids:
        rt = await hub.runtime(table_id)
        players[table_id] = dict(rt.seat_users)
        for seat, user_id in rt.seat_users.items():
            conn = Connection(table_id, user_id)
            conn.seat, conn.version, conn.direct = seat, rt.version, send
            hub.register(conn)

    async def play(table_id: str, moves: int) -> None:
        for _ in range(moves):
            rt = hub.runtimes[table_id]
            cell = rt.state["count"] % 64
            await hub.act(table_id, user_id=players[table_id][rt.state["turn"]], version=rt.version,
                          action={"type": "mark", "cell": cell, "label": f"Mark cell {cell}"})

    await asyncio.gather(*(play(t, 20) for t in table_ids))  # warm-up: caches, the writer's connection
    spy = None
    if args.profile:
        spy = await asyncio.create_subprocess_exec(
            str(ROOT / ".venv" / "bin" / "py-spy"), "record", "-p", str(os.getpid()), "-r", "250", "--nonblocking",
            "-f", "raw", "-o", args.profile, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        await asyncio.sleep(1)
    loop_us, writer_us, rates = [], [], []
    pid = os.getpid()
    for _ in range(args.rounds):
        loop0, all0, wall0 = cpu_seconds(pid, children=False), cpu_seconds(pid), time.perf_counter()
        await asyncio.gather(*(play(t, args.moves) for t in table_ids))
        loop1, all1, wall1 = cpu_seconds(pid, children=False), cpu_seconds(pid), time.perf_counter()
        moves = args.tables * args.moves
        loop_us.append((loop1 - loop0) / moves * 1e6)
        writer_us.append(((all1 - all0) - (loop1 - loop0)) / moves * 1e6)
        rates.append(moves / (wall1 - wall0))
    if spy is not None:
        spy.send_signal(2)  # py-spy writes its file on SIGINT
        await spy.wait()
    await hub.close()
    print(f"tables={args.tables} moves a round={args.tables * args.moves} rounds={args.rounds} frames={frames[0]}")
    print(f"event loop's process CPU a move: best {min(loop_us):.0f} us, median {statistics.median(loop_us):.0f} us")
    print(f"move writer's process CPU a move: best {min(writer_us):.0f} us, median {statistics.median(writer_us):.0f} us")
    print(f"moves/s (one process, no sockets): best {max(rates):.0f}, median {statistics.median(rates):.0f}")
    if args.profile:
        from bench import stages

        print(stages.table(stages.fold(args.profile), statistics.median(loop_us)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=200, help="moves a table plays in each round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--profile", help="record the rounds with py-spy into this file (raw format)")
    asyncio.run(measure(parser.parse_args()))


if __name__ == "__main__":
    main()
