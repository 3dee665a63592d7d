"""Throwaway PostgreSQL databases on the server TEST_POSTGRES_URL names (its role needs CREATEDB), and throwaway
PostgreSQL servers for tests that stop the database."""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import subprocess
import time
from typing import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg


@contextlib.contextmanager
def temp_database(base_url: str) -> Iterator[str]:
    parts = urlsplit(base_url)
    name = "bh_test_" + secrets.token_hex(4)
    admin = psycopg.connect(base_url, autocommit=True)
    try:
        admin.execute(f'CREATE DATABASE "{name}"')
        yield urlunsplit(parts._replace(path="/" + name))
    finally:
        try:
            _drop(admin, name)
        finally:
            admin.close()


def _drop(admin: psycopg.Connection, name: str) -> None:
    """DROP ... WITH (FORCE) ends the other sessions on the database, but refuses when one of them is still logging
    in (its role is not known yet, so ours may not end it): a server just stopped can leave such a connection for a
    moment. Try again for a few seconds."""
    for attempt in range(50):
        try:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except (psycopg.errors.InsufficientPrivilege, psycopg.errors.ObjectInUse):
            if attempt == 49:
                raise
            time.sleep(0.2)


@contextlib.contextmanager
def throwaway_cluster(base: str) -> Iterator["Cluster"]:
    """A PostgreSQL server of our own (initdb in a temporary folder, a free port), which a test may stop and start
    at will without touching the shared server on 5432 (RECIPES: "A throwaway server for one test run")."""
    cluster = Cluster(base)
    cluster.init()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        subprocess.run(["rm", "-rf", cluster.data], check=False)


class Cluster:
    def __init__(self, base: str):
        import socket

        self.data = base
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.bin = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))[-1]

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, command: str) -> None:
        prefix = [] if os.geteuid() != 0 else ["su", "postgres", "-c"]
        args = prefix + [command] if prefix else ["sh", "-c", command]
        out = subprocess.run(args, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr + out.stdout

    def init(self) -> None:
        os.makedirs(self.data, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres")
        self._as_postgres(f"{self.bin}/initdb -D {self.data}/db -U postgres --auth=trust >/dev/null")

    def start(self) -> None:
        self._as_postgres(f"{self.bin}/pg_ctl -D {self.data}/db -o '-p {self.port} -k {self.data} "
                          f"-c listen_addresses=127.0.0.1 -c fsync=off' -l {self.data}/log -w start >/dev/null")

    def stop(self) -> None:
        try:
            self._as_postgres(f"{self.bin}/pg_ctl -D {self.data}/db -m fast -w stop >/dev/null")
        except AssertionError:
            pass  # already stopped
