"""The server's websocket protocol (app/play/wsprotocol.py) behaves as uvicorn's own, frame for frame.

Each test runs against both: uvicorn's stock sans-I/O protocol and ours, each serving tests/support/ws_echo.py in a
real uvicorn process with the entrypoint's options. Frames are written by hand on a raw socket, so a test can split
a frame across reads, batch several in one, fragment a message, or send what a hostile client would.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.support.loops import on_own_thread
from tests.support.servers import free_port

ROOT = Path(__file__).resolve().parent.parent
STOCK = "websockets-sansio"
OURS = "app.play.wsprotocol:FastFramesProtocol"
MAX_SIZE = 65536  # scripts/entrypoint.sh's --ws-max-size
KINDS: dict[int, str] = {}  # port -> the protocol serving it


@pytest.fixture(scope="module", params=[STOCK, OURS], ids=["stock", "ours"])
def echo_port(request):
    port = free_port()
    log = open(Path(os.environ.get("TMPDIR", "/tmp")) / f"ws-echo-{port}.log", "ab")
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "tests.support.ws_echo:app", "--host", "127.0.0.1", "--port", str(port),
         "--loop", "uvloop", "--http", "httptools", "--ws", request.param, "--ws-max-size", str(MAX_SIZE),
         "--ws-per-message-deflate", "false", "--log-level", "warning"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None and time.monotonic() < deadline, "the echo server did not start"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    KINDS[port] = request.param
    yield port
    proc.terminate()
    proc.wait(timeout=10)


def frame(opcode: int, payload: bytes, fin: bool = True, masked: bool = True, rsv: int = 0) -> bytes:
    first = (0x80 if fin else 0) | rsv | opcode
    n = len(payload)
    mask_bit = 0x80 if masked else 0
    if n < 126:
        head = struct.pack("!BB", first, mask_bit | n)
    elif n < 65536:
        head = struct.pack("!BBH", first, mask_bit | 126, n)
    else:
        head = struct.pack("!BBQ", first, mask_bit | 127, n)
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def text(s: str, **kw) -> bytes:
    return frame(0x1, s.encode(), **kw)


class Raw:
    """A websocket client on a bare socket: the handshake, then frames as given."""

    def __init__(self, port: int, extra: bytes = b""):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
        self.sock.sendall(request + extra)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = self.sock.recv(65536)
            assert chunk, "closed during the handshake"
            received += chunk
        head, _, rest = received.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buf = bytearray(rest)

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _need(self, n: int) -> bytes:
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise EOFError
            self.buf += chunk
        out = bytes(self.buf[:n])
        del self.buf[:n]
        return out

    def read(self) -> tuple[int, bytes]:
        """The next frame the server sent, but its keepalive pings: (opcode, payload)."""
        while True:
            opcode, payload = self._read()
            if opcode != 0x9:
                return opcode, payload

    def _read(self) -> tuple[int, bytes]:
        # Server frames are never masked nor, here, fragmented.
        first, second = self._need(2)
        assert not second & 0x80, "a server frame was masked"
        assert first & 0x80, "a server frame was fragmented"
        n = second & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._need(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._need(8))[0]
        return first & 0x0F, self._need(n)

    def read_text(self) -> str:
        opcode, payload = self.read()
        assert opcode == 0x1, (opcode, payload)
        return payload.decode()

    def read_close(self) -> int:
        opcode, payload = self.read()
        while opcode == 0x1:  # replies still on their way
            opcode, payload = self.read()
        assert opcode == 0x8, (opcode, payload)
        return struct.unpack("!H", payload[:2])[0]

    def close(self) -> None:
        self.sock.close()


def test_text_frames_whole_batched_split_and_long(echo_port):
    raw = Raw(echo_port)
    raw.send(text("one") + text("two") + text("three"))  # three frames in one read
    assert [raw.read_text() for _ in range(3)] == ["text:one", "text:two", "text:three"]
    split = text("split across reads")
    for i in range(len(split)):  # one byte a read
        raw.send(split[i:i + 1])
        time.sleep(0.002)
    assert raw.read_text() == "text:split across reads"
    medium, long_ = "m" * 300, "l" * 60000  # 16-bit lengths
    long_frame = text(long_)
    raw.send(text(medium) + long_frame[:1000])
    raw.send(long_frame[1000:] + text("é✓ unicode"))
    assert raw.read_text() == "text:" + medium
    assert raw.read_text() == "text:" + long_
    assert raw.read_text() == "text:é✓ unicode"
    raw.send(text("") + text("after"))
    assert raw.read_text() == "text:"
    assert raw.read_text() == "text:after"
    raw.close()


def test_a_message_of_exactly_the_maximum_size_passes_and_later_frames_still_do(echo_port):
    raw = Raw(echo_port)
    raw.send(text("x" * MAX_SIZE))  # needs the 64-bit length form
    assert raw.read_text() == "text:" + "x" * MAX_SIZE
    raw.send(text("small"))
    assert raw.read_text() == "text:small"
    raw.close()


def test_binary_and_fragmented_messages_reach_the_app_whole(echo_port):
    raw = Raw(echo_port)
    raw.send(frame(0x2, b"\x00\x01\x02"))
    assert raw.read_text() == "bytes:3"
    raw.send(frame(0x1, b"frag", fin=False) + frame(0x0, b"men", fin=False))
    raw.send(frame(0x9, b"mid") + frame(0x0, b"ted"))  # a ping between a message's fragments is allowed
    assert raw.read() == (0xA, b"mid")
    assert raw.read_text() == "text:fragmented"
    raw.send(text("then whole"))
    assert raw.read_text() == "text:then whole"
    raw.close()


def test_a_ping_is_answered_and_messages_go_on(echo_port):
    raw = Raw(echo_port)
    raw.send(text("before") + frame(0x9, b"are you there") + text("after"))
    # The pong is written as the ping is read; the replies when the app gets to the messages.
    got = [raw.read() for _ in range(3)]
    assert (0xA, b"are you there") in got
    assert [payload for opcode, payload in got if opcode == 0x1] == [b"text:before", b"text:after"]
    raw.send(frame(0xA, b"unasked pong") + text("still"))  # an unsolicited pong is ignored
    assert raw.read_text() == "text:still"
    raw.close()


@pytest.mark.parametrize("bad, code", [
    (frame(0x1, b"\xff\xfe not utf-8"), 1007),
    (text("unmasked", masked=False), 1002),
    (text("reserved bit", rsv=0x40), 1002),
    (frame(0x9, b"p" * 126), 1002),  # a control frame over 125 bytes
    (frame(0x0, b"nothing to continue"), 1002),
    (frame(0x3, b"unknown opcode"), 1002),
], ids=["invalid-utf8", "unmasked", "rsv", "long-ping", "stray-continuation", "bad-opcode"])
def test_protocol_errors_close_the_socket_with_the_right_code(echo_port, bad, code):
    raw = Raw(echo_port)
    raw.send(text("fine") + bad + text("never read"))
    assert raw.read_close() == code  # at once: the reply to "fine" may or may not have been written before
    raw.close()


def test_an_oversized_frame_is_refused_from_its_header_alone(echo_port):
    raw = Raw(echo_port)
    # Only the header of a 70,000-byte frame: the server must not wait for its payload.
    raw.send(struct.pack("!BBQ", 0x81, 0x80 | 127, MAX_SIZE + 4464) + b"\x00\x00\x00\x00")
    assert raw.read_close() == 1009
    raw.close()


def test_the_closing_handshake_is_echoed_and_the_app_told(echo_port):
    raw = Raw(echo_port)
    raw.send(text("hello"))
    assert raw.read_text() == "text:hello"
    raw.send(frame(0x8, struct.pack("!H", 4321) + b"bye"))
    assert raw.read_close() == 4321
    raw.close()
    probe = Raw(echo_port)
    probe.send(text("last"))
    for _ in range(50):
        answer = probe.read_text()
        if answer == "last:4321":
            break
        time.sleep(0.05)
        probe.send(text("last"))
    assert answer == "last:4321"
    probe.close()


def test_a_frame_sent_before_the_handshake_is_answered_is_dropped_and_the_socket_goes_on(echo_port):
    # A client may not send before the server's 101 (RFC 6455, 4.1): uvicorn's own protocol drops such a frame.
    raw = Raw(echo_port, extra=text("too early"))
    raw.send(text("in time"))
    assert raw.read_text() == "text:in time"
    raw.send(text("and later"))
    assert raw.read_text() == "text:and later"
    raw.close()


def test_replies_of_every_length_arrive_intact_to_a_standard_client(echo_port):
    with connect(f"ws://127.0.0.1:{echo_port}/ws", max_size=None, compression=None) as ws:
        ws.send("sync?")
        offered = ws.recv()
        for n in (0, 125, 126, 65535, 65536, 200_000):
            ws.send(f"big:{n}")
            assert ws.recv() == "b" * n
    # Ours offers the app its synchronous write; the stock protocol does not.
    assert offered == ("sync:True" if KINDS[echo_port] == OURS else "sync:False")


def test_a_reader_too_slow_for_the_writes_gets_every_frame_in_order(echo_port):
    raw = Raw(echo_port)
    raw.send(text("flood:800:20000"))  # 16 MB unread: the server's transport pauses, and writes wait for it
    time.sleep(1)
    for i in range(800):
        assert raw.read_text() == f"{i}:" + "f" * 20000
    refused = int(raw.read_text().removeprefix("refused:"))
    if KINDS[echo_port] == OURS:  # the synchronous write said no while paused, and the frames waited their turn
        assert refused > 0
    raw.send(text("done"))
    assert raw.read_text() == "text:done"
    raw.close()


def test_the_message_queue_survives_a_reader_cancelled_while_waiting():
    from app.play.wsprotocol import MessageQueue

    async def scenario() -> list:
        queue = MessageQueue()
        first = asyncio.ensure_future(queue.get())
        second = asyncio.ensure_future(queue.get())
        await asyncio.sleep(0)
        queue.put_nowait("a")  # wakes the first reader...
        first.cancel()  # ...which is cancelled before it runs: the wake-up passes to the second
        got = [await asyncio.wait_for(second, 1)]
        third = asyncio.ensure_future(queue.get())
        await asyncio.sleep(0)
        third.cancel()  # cancelled while nothing came: no item is lost, no waiter is left behind
        await asyncio.gather(third, return_exceptions=True)
        queue.put_nowait("b")
        got.append(await asyncio.wait_for(queue.get(), 1))
        return [first.cancelled(), *got, len(queue.waiters)]

    assert on_own_thread(lambda: asyncio.run(scenario())) == [True, "a", "b", 0]
