"""uvicorn's websocket protocol (websockets' sans-I/O implementation) with a short path for the frames a table's
traffic is made of: whole, unfragmented text frames of at most `--ws-max-size` bytes, each way.

Why: websockets parses every incoming frame with a chain of generators and builds a `Frame` object for every frame
in and out; on the race micro-game that framing, with uvicorn's pause and resume of reading after every message, was
about a sixth of the event loop's time per move (bench/README.md, issue 33's fifth round). Here a frame of that
kind is read and written in a few byte operations. Everything else (the handshake, pings and pongs, the closing
handshake, fragmented or binary messages, oversized or malformed frames, invalid UTF-8) still goes through
websockets, which is never handed anything but whole frames, so its parser is always at a frame's start.

Started by scripts/entrypoint.sh (`--ws app.play.wsprotocol:FastFramesProtocol`); UVICORN_WS=websockets-sansio runs
the stock protocol. uvicorn and websockets are pinned exactly in pyproject.toml because this subclass leans on their
attributes (`conn`, `queue`, `close_sent`, `writable`, ...); tests/test_wsprotocol.py exercises each path.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections import deque
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import apply_mask
from websockets.protocol import OPEN

_TEXT_FIN = 0x81  # FIN, no extension bits, opcode 1 (text)
_DATA_OPCODES = (0x0, 0x1, 0x2)  # continuation, text, binary: a message's frames
_HEADER_16 = struct.Struct("!BBH")
_HEADER_64 = struct.Struct("!BBQ")
_LENGTH_16 = struct.Struct("!H")
_LENGTH_64 = struct.Struct("!Q")
# Messages read but not yet taken by the app before reading from the socket pauses (uvicorn pauses after every
# message, which costs two changes of the event loop's watch list per message). Then at most this many messages of
# `--ws-max-size` bytes wait per socket, with the rest of the read that filled the queue (as with uvicorn's).
_QUEUED_BEFORE_PAUSE = 4


# The ASGI extension (scope["extensions"]) through which the app writes a text frame without a coroutine.
WRITE_TEXT = "boardhall.write_text"


class MessageQueue:
    """The part of asyncio.Queue that uvicorn's protocol uses (put_nowait, get, empty, qsize), without its bounded
    size and task accounting, which cost a move several Python calls for nothing here."""

    def __init__(self) -> None:
        self.items: deque[Any] = deque()
        self.waiters: deque[asyncio.Future[None]] = deque()

    def put_nowait(self, item: Any) -> None:
        self.items.append(item)
        self.wake_one()

    def wake_one(self) -> None:
        waiters = self.waiters
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    def empty(self) -> bool:
        return not self.items

    def qsize(self) -> int:
        return len(self.items)

    async def get(self) -> Any:
        items = self.items
        while not items:
            waiter = asyncio.get_running_loop().create_future()
            self.waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                waiter.cancel()
                with contextlib.suppress(ValueError):  # already taken off by `wake_one`
                    self.waiters.remove(waiter)
                if items and not waiter.cancelled():  # woken, then cancelled: pass the wake-up on
                    self.wake_one()
                raise
        return items.popleft()


class FastFramesProtocol(WebSocketsSansIOProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = MessageQueue()  # type: ignore[assignment]
        # Whether the short path reads this connection's frames. It starts only at a known frame boundary (the
        # handshake's request ended a read exactly) and stops for good at the first data frame it does not take.
        self.fast_in = False
        self.pending = b""  # the start of a frame not yet whole
        self.max_message = self.conn.max_message_size

    # -- in ------------------------------------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if self.fast_in:
            if self.conn.state is OPEN:
                self.read_frames(self.pending + data if self.pending else data)
                return
            self.leave_fast_path(data)
            return
        if self.handshake_initiated:  # bytes after the request, before or after the app accepted: stock path
            super().data_received(data)
            return
        super().data_received(data)
        # The request was parsed from this read and nothing followed it: websockets' parser now waits at the start
        # of the first frame, so the short path may read from here on.
        if self.handshake_initiated and not self.close_sent and data.endswith(b"\r\n\r\n") \
                and data.count(b"\r\n\r\n") == 1 and not self.conn.reader.buffer:
            self.fast_in = True

    def read_frames(self, data: bytes) -> None:
        """Take every whole frame at the head of `data`, keep the rest for the next read."""
        at, end = 0, len(data)
        while end - at >= 2:
            first, second = data[at], data[at + 1]
            length = second & 0x7F
            head = at + 2
            if length == 126:
                if end - head < 2:
                    break
                length = _LENGTH_16.unpack_from(data, head)[0]
                head += 2
            elif length == 127:
                if end - head < 8:
                    break
                length = _LENGTH_64.unpack_from(data, head)[0]
                head += 8
            if self.max_message is not None and length > self.max_message:
                # websockets refuses it (1009) from its header alone: don't wait for (or keep) its payload.
                self.leave_fast_path(data[at:])
                return
            if not second & 0x80:  # a client's frames are masked; websockets closes the socket (1002)
                self.leave_fast_path(data[at:])
                return
            stop = head + 4 + length
            if stop > end:
                break
            if first == _TEXT_FIN:
                try:
                    text = apply_mask(data[head + 4:stop], data[head:head + 4]).decode()
                except UnicodeDecodeError:  # websockets closes the socket (1007)
                    self.leave_fast_path(data[at:])
                    return
                self.deliver(text)
            elif first & 0x0F in _DATA_OPCODES:  # binary, fragmented, or with extension bits
                self.leave_fast_path(data[at:])
                return
            else:  # a control frame (ping, pong, close), whole: websockets answers it
                self.slow_frames(data[at:stop])
                if self.conn.state is not OPEN or self.transport.is_closing():
                    self.leave_fast_path(data[stop:])
                    return
            at = stop
        self.pending = data[at:] if at < end else b""

    def deliver(self, text: str) -> None:
        if self.close_sent:  # past the app's close: dropped, as uvicorn does
            return
        queue = self.queue
        queue.put_nowait({"type": "websocket.receive", "text": text})
        if not self.read_paused and queue.qsize() >= _QUEUED_BEFORE_PAUSE:
            self.read_paused = True
            self.transport.pause_reading()

    def slow_frames(self, data: bytes) -> None:
        if data:
            WebSocketsSansIOProtocol.data_received(self, data)

    def leave_fast_path(self, data: bytes) -> None:
        """Hand this connection to websockets for good, starting with `data` (which begins at a frame's start)."""
        self.fast_in = False
        self.pending = b""
        self.slow_frames(data)

    async def receive(self) -> Any:
        queue = self.queue
        message = queue.items.popleft() if queue.items else await queue.get()
        if self.read_paused and not queue.items:
            self.read_paused = False
            self.transport.resume_reading()
        return message

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if not self.close_sent:  # the request became a websocket scope: offer the app the synchronous write
            self.scope["extensions"][WRITE_TEXT] = self.write_text

    # -- out -----------------------------------------------------------------------------------------------------

    def write_text(self, text: str) -> bool:
        """Write `text` as one frame now, if the connection is open and its transport takes writes (not paused by a
        slow reader); False, having written nothing, otherwise: the caller then sends it the ASGI way."""
        if not self.writable.is_set() or self.disconnected or self.close_sent or not self.handshake_complete \
                or self.initial_response is not None or self.conn.state is not OPEN \
                or self.conn.expect_continuation_frame:
            return False
        payload = text.encode()
        length = len(payload)
        if length < 126:
            header = bytes((_TEXT_FIN, length))
        elif length < 65536:
            header = _HEADER_16.pack(_TEXT_FIN, 126, length)
        else:
            header = _HEADER_64.pack(_TEXT_FIN, 127, length)
        self.transport.write(header + payload)
        return True

    async def send(self, message: Any) -> None:
        if message["type"] == "websocket.send":
            text = message.get("text")
            if text is not None and self.write_text(text):
                return
        await super().send(message)
