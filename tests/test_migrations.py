"""Alembic migrations run up and down on SQLite and PostgreSQL, and leave exactly the models' schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.db.models import Base
from tests.support.pg import temp_database

ROOT = Path(__file__).resolve().parent.parent


def alembic(url: str, *args: str) -> str:
    out = subprocess.run([sys.executable, "-m", "alembic", "-x", f"url={url}", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout + out.stderr


def tables(url: str) -> set[str]:
    import sqlalchemy as sa

    sync_url = url.replace("postgresql://", "postgresql+psycopg://")
    engine = sa.create_engine(sync_url)
    try:
        return set(sa.inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def roundtrip(url: str) -> None:
    alembic(url, "upgrade", "head")
    assert tables(url) == set(Base.metadata.tables)  # every model has its table
    assert "No new upgrade operations detected" in alembic(url, "check")  # models and migrations agree
    alembic(url, "downgrade", "base")
    assert tables(url) == set()
    alembic(url, "upgrade", "head")
    assert tables(url) == set(Base.metadata.tables)


def test_migrations_up_and_down_on_sqlite(tmp_path):
    roundtrip(f"sqlite:///{tmp_path / 'm.db'}")


@pytest.mark.postgres
def test_migrations_up_and_down_on_postgres(postgres_url):
    with temp_database(postgres_url) as url:
        roundtrip(url)
