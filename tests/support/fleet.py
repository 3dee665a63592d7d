"""The parts of a scaled-out deployment that tests and bench/bench_scaleout.py start around app servers: a
redis-server of their own (on a free port, so it can be stopped mid-game) and Debian's nginx running
deploy/nginx.conf in front of several instances."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import httpx

from tests.support.servers import ROOT, Server, free_port


def nginx_path() -> str | None:
    return shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


class RedisProcess:
    """A redis-server of this test module's own, on a free port, that a test may stop and start again."""

    def __init__(self, tmp: Path):
        self.port = free_port()
        self.tmp = tmp
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
                                      "--appendonly", "no", "--dir", str(self.tmp)], stdout=subprocess.DEVNULL)
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


class Proxy:
    """deploy/nginx.conf with the app servers, port and file paths of this test; everything else as shipped."""

    def __init__(self, tmp: Path, upstreams: list[Server]):
        self.port = free_port()
        self.tmp = tmp
        conf = (ROOT / "deploy" / "nginx.conf").read_text()
        # The shipped server line, with each test instance's address instead of the name Docker resolves.
        line = re.search(r"server app:8000 resolve( [^;]*)?;", conf)
        assert line, "deploy/nginx.conf no longer has `server app:8000 resolve ...;`: update this test"
        servers = "".join(f"server 127.0.0.1:{s.port}{line.group(1) or ''};\n" for s in upstreams)
        for old, new in ((line.group(0), servers), ("listen 80;", f"listen 127.0.0.1:{self.port};"),
                         ("pid /tmp/nginx.pid;", f"pid {tmp}/nginx.pid;"),
                         ("error_log /dev/stderr warn;", f"error_log {tmp}/error.log warn;"),
                         ("http {", f"http {{\n    client_body_temp_path {tmp}/body;\n    proxy_temp_path {tmp}/proxy;")):
            assert conf.count(old) == 1, f"deploy/nginx.conf no longer has {old!r}: update this test"
            conf = conf.replace(old, new)
        self.conf = tmp / "nginx.conf"
        self.conf.write_text(conf)
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, nginx: str) -> None:
        self.proc = subprocess.Popen([nginx, "-p", str(self.tmp), "-c", str(self.conf), "-g", "daemon off;"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode())
            time.sleep(0.05)
        raise RuntimeError("nginx did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
