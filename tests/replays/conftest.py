"""One live server for the replay and history tests (its own SQLite file: the tests read the stored move log)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def replay_server(tmp_path_factory):
    from tests.support.servers import Server

    db = tmp_path_factory.mktemp("replays") / "hall.db"
    server = Server(database_url=f"sqlite:///{db}")
    server.start(timeout=180)  # a busy machine can take a minute to import and migrate
    yield server
    server.stop()
