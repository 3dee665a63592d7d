"""Shared fixtures: real servers started through the real entrypoint, and clients that speak the protocol.

Services: TEST_POSTGRES_URL, TEST_REDIS_URL and CHROMIUM_PATH name the real PostgreSQL, Redis and Chromium
(.ci/run starts them). Without one, its tests are skipped with the reason shown in the summary;
with BOARDHALL_REQUIRE_SERVICES=1 (CI) a missing service fails instead.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import engine  # noqa: E402
from tests.support.tally import TALLY  # noqa: E402

engine.load_games()
engine.register(TALLY)


def _service(env: str, what: str) -> str:
    value = os.environ.get(env)
    if not value:
        message = f"{what} not available: set {env} (.ci/run starts it)"
        if os.environ.get("BOARDHALL_REQUIRE_SERVICES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return value


@pytest.fixture(scope="session")
def postgres_url() -> str:
    return _service("TEST_POSTGRES_URL", "PostgreSQL")


@pytest.fixture(scope="session")
def redis_url() -> str:
    return _service("TEST_REDIS_URL", "Redis")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = os.environ.get("CHROMIUM_PATH") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else "")
    if not path:
        return _service("CHROMIUM_PATH", "Chromium")
    return path


@pytest.fixture(scope="session")
def sqlite_server(tmp_path_factory):
    """One server for the API and websocket tests, on its own SQLite file, bots without delay."""
    from tests.support.servers import Server

    db = tmp_path_factory.mktemp("db") / "hall.db"
    server = Server(database_url=f"sqlite:///{db}")
    server.start()
    yield server
    server.stop()
@pytest.fixture(scope="session")
def browser(chromium_path):
    """Headless Chromium (Debian's build) driven by Playwright; one browser per test session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, headless=True, args=["--disable-gpu", "--disable-quic"])
        yield b
        b.close()


def pytest_collection_modifyitems(config, items):  # noqa: ANN001, ARG001 - pytest's hook signature
    """A test that drives Chromium gets one more try when it fails (pytest-rerunfailures).

    Such a test waits on a real page in a real browser that shares two CPU cores with the server and the rest of
    the suite; under CI's load a wait can run out where a person would just have waited a little longer. The
    second try is reported in the summary ("R" and "rerun"), so a flaky test stays visible, and a test that fails
    twice fails the run. Nothing else is retried: a rules, protocol or database test fails at once.
    """
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ANN001, ARG001 - pytest's hook signature
    """Each retried test with why its first try failed: the last lines of its error, so a flaky test seen in CI's
    output can be looked into without reproducing it (the retry's own pass hides the first failure otherwise)."""
    reruns = terminalreporter.stats.get("rerun", [])
    if not reruns:
        return
    terminalreporter.section("first tries that failed and were retried")
    for report in reruns:
        lines = [line for line in report.longreprtext.splitlines() if line.startswith("E ")] \
            or report.longreprtext.splitlines()[-5:]
        terminalreporter.write_line(f"{report.nodeid}:")
        for line in lines[:12]:
            terminalreporter.write_line(f"    {line[:300]}")
