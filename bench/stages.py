"""Fold a py-spy raw profile of the server into the stages of one move, to publish a per-move CPU budget.

`bench_ws.py --profile FILE` records the server with py-spy during the measured window only (not while tables are
set up) and prints this table; it can also be run on a saved file:

    .venv/bin/python bench/stages.py /tmp/profile.txt --cpu-us 420

Each sample goes to the most specific stage whose frame appears in its stack (the first rule that matches, in the
order below). Samples of idle threads (a worker waiting for work) are left out. With `--cpu-us` (the server CPU per
move that bench_ws printed) every share is also given in microseconds per move. `--sides` folds the same samples
into fewer, coarser parts instead: the hub's move, the socket's side of it (frames in, the receive loop, frames out,
the event loop) and the commit's hand-off, to set against the relay's whole move (bench/relay_app.py).

With `--gil` a sample is the thread holding the GIL, whether or not it is on a core: a write that wakes another
process (a player's socket, the move writer's pipe) also counts the time this process waits for the core back when
the woken one preempts it (bench/README.md, "The socket side of a move").
"""

from __future__ import annotations

import argparse
from collections import Counter

# (stage, substrings of a frame "function (file:line)"); the first rule any frame of a sample matches wins.
RULES: list[tuple[str, tuple[str, ...]]] = [
    ("commit: hand-off to the writer's process", ("_write_batch (", "MoveWriter._write (", "MoveWriter._run (")),
    ("parse + validate the message", ("app/play/messages.py",)),
    ("diff views (JSON Patch)", ("app/play/patch.py", "jsonpatch/")),
    ("build views", ("full_views (", "full_view (", "Hub._views (", "Hub._view_of (")),
    ("rules: check + apply (state copy)", ("Game.apply (",)),
    ("background: presence beat, deadlines, tournaments", ("ClockKeeper", "app/play/absence.py", "app/tournaments")),
    ("clocks + envelope", ("app/play/clocks.py", "app/lobby/timing.py", "Runtime.envelope (")),
    ("bots: who is pending", ("Hub._schedule_bots (", "Bots._schedule_bots (")),
    ("serialise frames + fan-out to sockets", ("Hub._on_move (", "Hub.on_message (", "Hub._frames (",
                                               "Fanout._on_move (", "Fanout._on_move_now (", "Fanout._on_move_rest (",
                                               "Fanout._send_patch (", "Fanout.on_message (",
                                               "MemoryBroker.publish (", "Connection.send (")),
    ("act: state JSON, queue the commit, bookkeeping", ("Hub.act (", "MoveWriter.commit (", "_resolve (app/play/store")),
    ("socket write (ASGI send, framing)", ("_write (app/play/routes.py", "WebSocket.send")),
    ("socket read (ASGI receive, route loop, ack)", ("table_socket (", "WebSocket.receive", "_handle (")),
    ("websocket protocol (uvicorn)", ("uvicorn/protocols/websockets",)),
    ("HTTP requests", ("uvicorn/protocols/http",)),
    ("database reads (SQLAlchemy, aiosqlite threads)", ("sqlalchemy/", "aiosqlite/")),
    ("event loop, sockets, C code", ("Runner.run (",)),
]
IDLE = ("aiosqlite/core.py:59)", "MoveWriter._wait (", "_worker (concurrent/futures/thread.py:81)", "Condition.wait (", "Thread.join (")


# Coarser parts for `--sides`, tried in this order on the whole stack.
SIDES: list[tuple[str, tuple[str, ...]]] = [
    ("socket: frames out (uvicorn's send, the write)",
     ("Connection.send (app/play/sockets", "_write (app/play/routes")),
    ("commit: hand-off to the writer's process and its answer", ("MoveWriter._send (", "_Link.data_received (")),
    ("hub: the move (rules, views, diffs, frames, clocks, bookkeeping)", ("Hub.act (", "Hub._record (")),
    ("socket: frames in (uvicorn's websocket parser)", ("WebSocketsSansIOProtocol.data_received (",)),
    ("socket: receive loop, parse, route", ("table_socket (", "_handle (app/play/routes")),
    ("background: presence, deadlines, database reads", ("ClockKeeper", "app/play/absence.py", "app/play/people.py",
                                                         "sqlalchemy/", "aiosqlite/")),
]


def side_of(frames: list[str]) -> str:
    stack = ";".join(frames)
    for side, needles in SIDES:
        if any(needle in stack for needle in needles):
            return side
    return "event loop, other"


def stage_of(frames: list[str]) -> str:
    for stage, needles in RULES:
        if any(needle in frame for frame in frames for needle in needles):
            return stage
    return "other"


def fold(path: str, by=None) -> Counter[str]:  # noqa: ANN001
    by = by or stage_of
    stages: Counter[str] = Counter()
    with open(path) as raw:
        for line in raw:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            frames = stack.split(";")
            if not frames or any(mark in frames[-1] for mark in IDLE):
                continue
            stages[by(frames)] += int(count)
    return stages


def table(stages: Counter[str], cpu_us: float | None) -> str:
    total = sum(stages.values()) or 1
    width = max([50, *map(len, stages)])
    lines = [f"{'stage':{width}s} {'share':>6s}" + (f" {'us/move':>8s}" if cpu_us else "")]
    for stage, n in stages.most_common():
        line = f"{stage:{width}s} {n / total * 100:5.1f}%"
        if cpu_us:
            line += f" {cpu_us * n / total:8.0f}"
        lines.append(line)
    lines.append(f"({total} samples)")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", help="py-spy record -f raw output")
    parser.add_argument("--cpu-us", type=float, help="server CPU per move, to express shares in microseconds")
    parser.add_argument("--sides", action="store_true", help="the hub, the socket's side and the commit's hand-off")
    args = parser.parse_args()
    print(table(fold(args.profile, side_of if args.sides else None), args.cpu_us))


if __name__ == "__main__":
    main()
