"""Throwaway PostgreSQL databases on the server TEST_POSTGRES_URL names (its role needs CREATEDB)."""

from __future__ import annotations

import contextlib
import secrets
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
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
