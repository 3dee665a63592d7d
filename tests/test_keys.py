"""Session cookie keys kept in the database (app/accounts/keys.py): no setting needed, the same key on every
instance and after every restart, rotation that signs nobody out, and SECRET_KEY as an override."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from app.accounts import keys
from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server

ROOT = Path(__file__).resolve().parent.parent
STORED = {"SECRET_KEY": ""}  # no override: the instances use the stored keys


def signed_in(server: Server, cookie: str) -> bool:
    status = httpx.get(server.url + "/api/me", cookies={"boardhall": cookie}, timeout=10).status_code
    assert status in (200, 401), status
    return status == 200


def rotate(database_url: str, *args: str) -> str:
    out = subprocess.run([sys.executable, "-m", "app.accounts.keys", "rotate", *args], cwd=ROOT, timeout=60,
                         capture_output=True, text=True, env={**os.environ, "DATABASE_URL": database_url})
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.postgres
def test_instances_without_a_secret_key_share_one_stored_key_and_restarts_sign_nobody_out(postgres_url):
    with temp_database(postgres_url) as url:
        one, two = Server(database_url=url, **STORED), Server(database_url=url, **STORED)
        one.start()
        two.start()
        try:
            cookie = Person(one, "Ines").http.cookies["boardhall"]
            assert signed_in(two, cookie)  # the other instance knows the key with nothing configured
            one.stop()
            two.stop()
            one.start()
            assert signed_in(one, cookie)
        finally:
            one.stop()
            two.stop()


def test_a_rotation_signs_nobody_out_and_forgetting_the_previous_keys_signs_everyone_out(tmp_path):
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    server = Server(database_url=url, KEY_REFRESH_S="0.3", **STORED)
    server.start()
    try:
        person = Person(server, "Olga")
        before = person.http.cookies["boardhall"]
        assert "Added a key" in rotate(url)
        time.sleep(1.5)  # the new key signs after two refresh periods
        answer = person.http.get("/api/me")
        assert answer.status_code == 200
        after = person.http.cookies["boardhall"]
        assert after != before  # signed again with the new key on the first request after the rotation
        assert signed_in(server, before)  # the previous key still verifies
        assert signed_in(server, after)
        rotate(url, "--forget-previous")
        time.sleep(1)
        assert not signed_in(server, before) and not signed_in(server, after)
        assert person.http.post("/api/session", json={"nickname": "Olga"}).status_code == 200
    finally:
        server.stop()


def test_secret_key_overrides_the_stored_keys_and_the_keys_it_replaced_still_verify(tmp_path):
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    server = Server(database_url=url, SECRET_KEY="first-key")
    server.start()
    try:
        cookie = Person(server, "Ugo").http.cookies["boardhall"]
    finally:
        server.stop()
    for env, still_in in [({"SECRET_KEY": "second-key", "SECRET_KEY_PREVIOUS": "first-key"}, True),
                          ({"SECRET_KEY": "second-key"}, False), (STORED, False)]:
        server = Server(database_url=url, **env)
        server.start()
        try:
            assert signed_in(server, cookie) is still_in, env
        finally:
            server.stop()


def test_the_key_file_of_earlier_versions_becomes_the_first_stored_key(tmp_path, monkeypatch):
    """`make run` kept its key in data/secret_key: the upgrade takes it over, so nobody is signed out."""
    from sqlalchemy import create_engine

    from app.db.models import Base
    from app.db.session import make_engine, make_sessionmaker

    url = f"sqlite:///{tmp_path / 'hall.db'}"
    Base.metadata.create_all(create_engine(url))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "secret_key").write_text("the-old-key\n")

    async def first_two_reads() -> list:
        engine = make_engine(url)
        try:
            reads = []
            for _ in range(2):
                async with make_sessionmaker(engine)() as db:
                    reads.append(await keys.stored_keys(db))
            return reads
        finally:
            await engine.dispose()

    # On a thread of its own: the suite's browser tests leave an event loop on the main thread.
    with ThreadPoolExecutor(1) as pool:
        first, again = pool.submit(asyncio.run, first_two_reads()).result()
    assert [secret for secret, _ in first] == ["the-old-key"] and again == first


def test_a_replaced_key_verifies_until_the_grace_after_its_successor_started_signing():
    rows = [("old", 0.0), ("new", 1000.0)]
    ring = lambda now: keys.key_ring(rows, now=now, activation_s=60, grace_s=3600)  # noqa: E731
    assert ring(1030) == ["new", "old"]  # too young to sign: it only verifies
    assert ring(1060) == ["old", "new"]  # signs; the old one still verifies
    assert ring(1060 + 3599) == ["old", "new"]
    assert ring(1060 + 3600) == ["new"]
    assert keys.key_ring([("only", 5.0)], now=5.0, activation_s=60, grace_s=3600) == ["only"]
