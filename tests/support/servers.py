"""Start Boardhall exactly as production does (scripts/entrypoint.sh) in a subprocess, for tests and benches."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent.parent
TEST_SECRET = "test-secret-key-not-for-production"
# Every test client comes from 127.0.0.1, so the per-address limits would meet each other across tests: test servers
# start with roomy limits, and the tests of the limits themselves pass the values they check (as env overrides).
# The tests speak for many addresses through X-Forwarded-For, so test servers trust it from 127.0.0.1 (the default
# trusts no proxy; tests/test_security.py checks that).
ROOMY_LIMITS = {"FORWARDED_ALLOW_IPS": "127.0.0.1", "GUESTS_PER_ADDRESS_PER_HOUR": "100000",
                "TABLES_PER_MINUTE": "100000", "OPEN_TABLES_PER_USER": "100000", "SOCKETS_PER_ADDRESS": "100000",
                "LOGIN_FREE_FAILURES": "1000",
                "OPEN_TOURNAMENTS_PER_USER": "100000", "TOURNAMENTS_PER_ADDRESS_PER_HOUR": "100000"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, database_url: str, port: int | None = None, **env: str):
        self.database_url = database_url
        self.port = port or free_port()
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"boardhall-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90) -> None:
        # Generous: on a shared 2-core machine the migrations alone took over 30 s under load; a healthy start
        # returns as soon as /healthz answers, so only a broken start waits this long.

        env = {**os.environ, "DATABASE_URL": self.database_url, "HOST": "127.0.0.1", "PORT": str(self.port),
               "PYTHON": sys.executable,  # the interpreter running the tests (CI runs a subset on 3.13 too)
               "SECRET_KEY": TEST_SECRET, "BOT_DELAY": "0",
               # Bots the tests add without a level play the heuristic (easy): only the tests of levels search.
               "BOT_LEVEL": "easy",
               "BOARDHALL_EXTRA_GAMES": "tests.support.tally:TALLY", **ROOMY_LIMITS, **self.env}
        env.pop("REDIS_URL", None) if "REDIS_URL" not in self.env else None
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen([str(ROOT / "scripts" / "entrypoint.sh")], cwd=ROOT, env=env,
                                     stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}: {self.log_path.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not become healthy: {self.log_path.read_text()[-3000:]}")

    def kill(self) -> None:
        """kill -9: no shutdown handlers, no flushing."""
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:  # it died on its own meanwhile (a fault test's self-kill): already done
                pass
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def instances(database_url: str, count: int = 2, **env: str):  # noqa: ANN201
    """`count` servers on one database (and, with REDIS_URL in `env`, one Redis), stopped when the block ends."""
    servers = [Server(database_url=database_url, **env) for _ in range(count)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()
