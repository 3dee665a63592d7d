"""What production runs, checked without a Docker engine: the compose file, the Dockerfile, and the shared
entrypoint itself serving a real game on PostgreSQL."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.clients import Person, play_one_round_of_tally
from tests.support.pg import temp_database
from tests.support.servers import Server

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def test_compose_file_is_valid_and_wires_app_db_redis():
    env = {**os.environ, "SECRET_KEY": "check"}
    out = subprocess.run([str(BIN / "docker-compose"), "-f", "docker-compose.yml", "config"], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "postgresql://boardhall:" in out.stdout and "redis://redis:6379/0" in out.stdout
    assert "pg_isready" in out.stdout and "pgdata" in out.stdout
    # `--scale app=3` works: only the proxy publishes a port, and it is given deploy/nginx.conf.
    out = subprocess.run([str(BIN / "docker-compose"), "-f", "docker-compose.yml", "config", "--format", "json"],
                         cwd=ROOT, capture_output=True, text=True, env=env, timeout=60)
    services = json.loads(out.stdout)["services"]
    assert not services["app"].get("ports") and services["proxy"]["ports"][0]["target"] == 80
    assert services["proxy"]["image"].startswith("nginx:")
    assert any(v["target"] == "/etc/nginx/nginx.conf" for v in services["proxy"]["volumes"])


def test_dockerfile_passes_hadolint_and_uses_the_shared_entrypoint():
    out = subprocess.run([str(BIN / "hadolint"), "Dockerfile"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    text = (ROOT / "Dockerfile").read_text()
    # Multi-stage, any Python 3.11-3.13: the final stage is slim and takes only the built virtualenv.
    stages = re.findall(r"^FROM (\S+)", text, re.M)
    assert stages == ["python:${PYTHON_VERSION}", "python:${PYTHON_VERSION}-slim"], stages
    assert "ARG PYTHON_VERSION=3.11" in text and "COPY --from=builder /opt/venv /opt/venv" in text
    assert 'ENTRYPOINT ["./scripts/entrypoint.sh"]' in text
    assert re.search(r"^USER \d+", text, re.M) and "HEALTHCHECK" in text
    # Everything the entrypoint needs is copied into the image.
    for path in ("alembic.ini", "migrations", "app", "templates", "static", "scripts"):
        assert f"COPY {path}" in text, path
    assert "entrypoint.sh" in (ROOT / "Makefile").read_text()


@pytest.mark.postgres
def test_entrypoint_migrates_and_serves_a_game_on_postgres(postgres_url):
    with temp_database(postgres_url) as url:
        server = Server(database_url=url)
        server.start()
        try:
            host, guest = Person(server, "Pat"), Person(server, "Sam")
            tid = host.open_table(options={"rounds": 1, "first_player": 0})["id"]
            guest.post(f"/api/tables/{tid}/join", {})
            host.post(f"/api/tables/{tid}/start")
            a, b = host.socket(tid), guest.socket(tid)
            a.until("snapshot")
            b.until("snapshot")
            play_one_round_of_tally(a, b)
            assert b.view["result"]["scores"] == [3, 0]
        finally:
            server.stop()
