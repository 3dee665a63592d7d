"""A real SMTP server for the email tests (aiosmtpd, on a free port in a thread of the test process): it keeps
every message it accepts, parsed, for the tests to read."""

from __future__ import annotations

import re
import threading
import time
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller

from tests.support.servers import free_port


class Inbox:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived: list[float] = []  # time.monotonic() of each message's arrival
        self.refusals: list[str] = []  # answers to give the next messages instead of taking them ("451 ...")
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: ANN001, ANN201, N802 - aiosmtpd's hook
        with self._lock:
            if self.refusals:
                return self.refusals.pop(0)
            message = message_from_bytes(envelope.original_content, policy=policy.default)
            message.raw = envelope.original_content  # as it came over the wire, headers unparsed
            self.messages.append(message)
            self.arrived.append(time.monotonic())
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for m in self.messages if m["To"] == address]

    def arrival(self, message: EmailMessage) -> float:
        with self._lock:
            return self.arrived[next(i for i, m in enumerate(self.messages) if m is message)]

    def wait(self, address: str, count: int = 1, timeout: float = 15) -> list[EmailMessage]:
        """The messages to `address` once there are at least `count` of them."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.to(address)
            if len(got) >= count:
                return got
            time.sleep(0.05)
        raise AssertionError(f"{len(self.to(address))} messages to {address}, expected {count}")


class SmtpServer:
    def __init__(self) -> None:
        self.inbox = Inbox()
        self.port = free_port()
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)

    def start(self) -> "SmtpServer":
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def env(self) -> dict[str, str]:
        """The settings that point a hall at this server."""
        return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(self.port), "SMTP_SECURITY": "none",
                "MAIL_FROM": "Boardhall <hall@example.test>"}


def body(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content()


def links(message: EmailMessage) -> list[str]:
    return re.findall(r"https?://\S+", body(message))
