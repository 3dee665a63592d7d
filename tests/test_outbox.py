"""A socket's outbox (app/play/hub.Connection and the writer task in app/play/routes.py): frames go out at once
while the socket takes writes, queue in order behind a send that waits for a slow reader, and a reader too far
behind is closed with 4008.

The server's send here is a coroutine built like uvicorn's: it waits on an event the transport clears when its
buffer is full. Live sockets cannot be made to fill their buffers quickly, so the pause is driven by hand.
Each scenario runs on an event loop of its own in a worker thread (the browser tests' Playwright keeps one running
on the main thread).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from app import observability
from app.play.hub import Connection
from app.play.routes import _write
from app.play.wsprotocol import WRITE_TEXT


class SlowReader:
    """A websocket whose transport stops taking writes while `writable` is clear."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.written: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.scope = {observability.SERVER_SEND: self._send}

    async def _send(self, message: dict) -> None:
        await self.writable.wait()
        self.written.append(message["text"])

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


class SlowReaderWithSyncWrite(SlowReader):
    """The same, offering the synchronous write our websocket protocol offers (app/play/wsprotocol.py): it writes
    at once while the transport takes writes and refuses, writing nothing, while it does not."""

    def __init__(self) -> None:
        super().__init__()
        self.written_at_once: list[str] = []
        self.scope["extensions"] = {WRITE_TEXT: self._write_text}

    def _write_text(self, text: str) -> bool:
        if not self.writable.is_set():
            return False
        self.written.append(text)
        self.written_at_once.append(text)
        return True


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def writing() -> tuple[SlowReader, Connection, asyncio.Task]:
    """A socket whose writer task has started and waits for frames."""
    ws, conn = SlowReader(), Connection("t", 1)
    writer = asyncio.create_task(_write(ws, conn))
    await settle()
    return ws, conn, writer


def run(scenario):  # noqa: ANN001, ANN201
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(scenario(), 10)).result()


def test_frames_go_out_at_once_then_queue_in_order_behind_a_slow_reader():
    run(_frames_go_out_at_once_then_queue_in_order_behind_a_slow_reader)


def test_the_synchronous_write_keeps_the_same_order_and_refusals_go_the_waiting_way():
    ws = run(lambda: _frames_go_out_at_once_then_queue_in_order_behind_a_slow_reader(SlowReaderWithSyncWrite()))
    # Frames written while the reader kept up went without a coroutine; those behind the pause waited their turn.
    assert ws.written_at_once == ["a", "e"]


async def _frames_go_out_at_once_then_queue_in_order_behind_a_slow_reader(ws: SlowReader | None = None):
    ws, conn = ws or SlowReader(), Connection("t", 1)
    conn.send("queued before the writer ran")
    writer = asyncio.create_task(_write(ws, conn))
    await settle()
    assert ws.written == ["queued before the writer ran"]
    conn.send("a")
    assert ws.written[-1] == "a"  # written in the caller's own step: no task switch
    ws.writable.clear()  # the reader stops reading: the transport's buffer is full
    for frame in ("b", "c", "d"):
        conn.send(frame)
    await settle()
    assert ws.written[-1] == "a" and conn.busy
    ws.writable.set()
    await settle()
    assert ws.written == ["queued before the writer ran", "a", "b", "c", "d"]
    assert not conn.busy and conn.direct is not None
    conn.send("e")
    assert ws.written[-1] == "e"
    writer.cancel()
    return ws


def test_a_reader_too_far_behind_is_closed_to_resync():
    run(_a_reader_too_far_behind_is_closed_to_resync)


async def _a_reader_too_far_behind_is_closed_to_resync():
    ws, conn, writer = await writing()
    ws.writable.clear()
    for i in range(Connection.MAX_QUEUED + 5):
        conn.send(f"frame {i}")
    assert conn.overflow
    ws.writable.set()
    await asyncio.wait_for(writer, 5)
    assert ws.closed == (4008, "too far behind; reconnect to resync")
    assert ws.written == ["frame 0"]  # the send under way finishes; the backlog is dropped, the client resyncs


def test_ending_a_socket_closes_it_after_what_was_written_and_sends_nothing_more():
    run(_ending_a_socket_closes_it_after_what_was_written_and_sends_nothing_more)


async def _ending_a_socket_closes_it_after_what_was_written_and_sends_nothing_more():
    ws, conn, writer = await writing()
    conn.send("last")
    conn.end(4401, "signed out")
    conn.send("after the end")
    await asyncio.wait_for(writer, 5)
    assert ws.written == ["last"] and ws.closed == (4401, "signed out")
