"""Bots in live play: their levels at the table (lobby API), and the thinking pool that keeps search out of the
event loop (app/play/thinking.py): deadlines, load, a dead worker, a short clock.

No test here fails on a tight figure: a search's budget is made long where a test needs a bot to be thinking, and
the bounds asserted are a fraction of it (the behaviour: "answered while the bot was still thinking")."""

from __future__ import annotations

import os
import signal
import statistics
import time
from pathlib import Path

import httpx
import pytest

from tests.support.clients import Person
from tests.test_lobby import postgres_server, server  # noqa: F401 - the lobby's fixtures: both databases

SEARCH_SCALE = 20  # the slow server's factor on every search budget: a hard move may think 18 s


def _server(tmp_path_factory, name: str, **env: str):
    from tests.support.servers import Server

    db = tmp_path_factory.mktemp(name) / "hall.db"
    # One worker, as on a 2-core machine; bots-only tables stay open while the test watches them.
    return Server(database_url=f"sqlite:///{db}", BOT_WORKERS="1", UNWATCHED_CLOSE_S="600", **env)


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory):
    """Levels' real budgets (a hard move thinks at most 0.9 s)."""
    server = _server(tmp_path_factory, "fast")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    """Every search budget SEARCH_SCALE times the level's: a bot is thinking for long enough to look at it."""
    server = _server(tmp_path_factory, "slow", BOT_BUDGET_SCALE=str(SEARCH_SCALE))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory):
    """A long pause before each bot move (6 s, for watchers) and long searches."""
    server = _server(tmp_path_factory, "paced", BOT_DELAY="6", BOT_BUDGET_SCALE=str(SEARCH_SCALE))
    server.start()
    yield server
    server.stop()


def seats(person: Person, tid: str) -> list[dict]:
    return person.http.get(f"/api/tables/{tid}").json()["seats"]


def thinking(server) -> dict[str, float]:  # noqa: ANN001
    """The thinking pool's counters from /metrics: {"searched": n, "failed": n, ..., "busy": moves in the pool}."""
    out: dict[str, float] = {}
    for line in httpx.get(server.url + "/metrics").text.splitlines():
        if line.startswith("boardhall_bot_thinking_total{"):
            out[line.split('"')[1]] = float(line.rsplit(" ", 1)[1])
        elif line.startswith("boardhall_bot_thinking_busy "):
            out["busy"] = float(line.rsplit(" ", 1)[1])
    return out


def watch(host: Person, tid: str):  # noqa: ANN201
    """A socket watching the table (a watched bots-only table stays open), past its snapshot."""
    watcher = host.socket(tid)
    watcher.until("snapshot", timeout=10)
    return watcher


def bots_table(host: Person, game: str = "river", level: str = "hard", pace: dict | None = None) -> str:
    """A 2-seat table where bots of `level` play both seats (the host hands theirs over after the start)."""
    body = {"game": game, "seats": 2, "options": {}, "private": False}
    if pace:
        body["pace"] = pace
    tid = host.post("/api/tables", body).json()["id"]
    host.post(f"/api/tables/{tid}/bots", {"seat": 1, "level": level})
    host.post(f"/api/tables/{tid}/start")
    host.post(f"/api/tables/{tid}/bots", {"seat": 0, "level": level})
    return tid


# ---- levels in the lobby ------------------------------------------------------------------------------------------
def test_the_host_chooses_each_bots_level_and_every_seat_shows_it(server):
    host = Person(server, "Lena")
    games = host.http.get("/api/games").json()
    assert all(g["levels"] == ["easy", "medium", "hard"] for g in games)
    tid = host.open_table(seats=3)["id"]
    host.post(f"/api/tables/{tid}/bots", {"seat": 1, "level": "hard"})
    host.post(f"/api/tables/{tid}/bots", {"seat": 2})  # no level: the hall's default (easy on test servers)
    shown = seats(host, tid)
    assert [(s["bot"] is not None, s["level"]) for s in shown] == [(False, None), (True, "hard"), (True, "easy")]
    host.post(f"/api/tables/{tid}/leave", {"seat": 1})  # a freed seat forgets its bot's level
    assert seats(host, tid)[1]["level"] is None
    host.post(f"/api/tables/{tid}/bots", {"seat": 1, "level": "medium"})
    assert seats(host, tid)[1]["level"] == "medium"


def test_a_level_the_hall_does_not_have_is_refused_and_changes_nothing(server):
    host = Person(server, "Mira")
    tid = host.open_table(seats=2)["id"]
    before = seats(host, tid)
    for bad in ("expert", "", "HARD", 3):
        r = host.post(f"/api/tables/{tid}/bots", {"seat": 1, "level": bad}, ok=False)
        assert r.status_code == 422, r.text
        if isinstance(bad, str):
            assert r.json()["detail"]["code"] == "bad_level"
            assert "easy, medium, hard" in r.json()["detail"]["message"]
    assert seats(host, tid) == before
    mine = len(host.http.get("/api/tables").json()["mine"])
    r = host.post("/api/tables/quick", {"game": "tally", "level": "grandmaster"}, ok=False)
    assert r.status_code == 422 and r.json()["detail"]["code"] == "bad_level"
    assert len(host.http.get("/api/tables").json()["mine"]) == mine, "a refused quick play opened no table"


def test_quick_play_and_the_rematch_keep_the_bots_levels(server):
    host = Person(server, "Nils")
    quick = host.post("/api/tables/quick", {"game": "tally", "level": "medium"}).json()["id"]
    assert [s["level"] for s in seats(host, quick)] == [None, "medium"]
    tid = host.open_table(options={"rounds": 1}, seats=3)["id"]
    host.post(f"/api/tables/{tid}/bots", {"seat": 1, "level": "hard"})
    host.post(f"/api/tables/{tid}/bots", {"seat": 2, "level": "easy"})
    host.post(f"/api/tables/{tid}/start")
    host.post(f"/api/tables/{tid}/bots", {"seat": 0, "level": "medium"})
    deadline = time.monotonic() + 60
    while host.http.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish a one-round game"
        time.sleep(0.2)
    again = host.post(f"/api/tables/{tid}/rematch").json()["id"]
    assert [s["level"] for s in seats(host, again)] == [None, "hard", "easy"]


# ---- the thinking pool ----------------------------------------------------------------------------------------
def test_hard_bots_search_in_the_pool_and_move_within_their_deadline(fast_server):
    host = Person(fast_server, "Olga")
    before = thinking(fast_server)
    tid = bots_table(host)
    watcher = watch(host, tid)
    start = watcher.version
    began = time.monotonic()
    watcher.sync_to(start + 6, timeout=60)
    after = thinking(fast_server)
    assert after.get("searched", 0) - before.get("searched", 0) >= 6, after
    # A move that overran its deadline (0.9 s, plus a second's grace) would count as "timeout".
    assert after.get("timeout", 0) == before.get("timeout", 0) and after.get("failed", 0) == before.get("failed", 0)
    assert time.monotonic() - began < 6 * (0.9 + 1.0) + 20  # generous: the pause is 0 here, the machine shared
    host.post(f"/api/tables/{tid}/close")
    watcher.close()


def test_the_server_answers_at_once_while_four_hard_bots_think(slow_server):
    """Four tables of hard bots keep the one worker busy (each move may think 18 s); the event loop is free."""
    host = Person(slow_server, "Pia")
    tables = [bots_table(host) for _ in range(4)]
    deadline = time.monotonic() + 30
    while thinking(slow_server).get("busy", 0) < 4:
        assert time.monotonic() < deadline, "the bots never started thinking"
        time.sleep(0.2)
    waits = []
    for _ in range(10):
        began = time.monotonic()
        assert httpx.get(slow_server.url + "/healthz", timeout=30).status_code == 200
        assert host.http.get(f"/api/tables/{tables[0]}").status_code == 200
        waits.append(time.monotonic() - began)
        time.sleep(0.1)
    assert thinking(slow_server)["busy"] >= 1, "the answers came while bots were still thinking"
    # Thinking in the loop would hold each answer until a move's search ends (seconds at this budget).
    assert statistics.median(waits) < 1.0, waits
    for tid in tables:
        host.post(f"/api/tables/{tid}/close")


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def _workers(server) -> list[int]:  # noqa: ANN001
    """The pool's worker processes: the children of the server's forkserver."""
    for child in _children(server.proc.pid):
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"forkserver" in cmdline:
            return _children(child)
    return []


def test_a_dead_worker_costs_the_bot_its_search_not_its_move(slow_server):
    host = Person(slow_server, "Quentin")
    before = thinking(slow_server)
    tid = bots_table(host)
    watcher = watch(host, tid)
    deadline = time.monotonic() + 30
    while not (thinking(slow_server).get("busy", 0) >= 1 and _workers(slow_server)):
        assert time.monotonic() < deadline, "the bot never started thinking"
        time.sleep(0.2)
    version = watcher.version
    killed = _workers(slow_server)
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    began = time.monotonic()
    watcher.sync_to(version + 1, timeout=60)
    # Its search had up to 18 s left: the heuristic moved instead as soon as the pool broke.
    assert time.monotonic() - began < SEARCH_SCALE * 0.9 / 2, "the bot waited for its deadline"
    assert thinking(slow_server).get("failed", 0) > before.get("failed", 0)
    deadline = time.monotonic() + 30
    while not (set(_workers(slow_server)) - set(killed)):  # the next move starts a fresh pool
        assert time.monotonic() < deadline, "the pool was not started again"
        time.sleep(0.2)
    host.post(f"/api/tables/{tid}/close")
    watcher.close()


def test_a_bot_on_a_short_clock_thinks_no_longer_than_its_clock_allows(slow_server):
    """Realtime, 3 s a seat and no increment: a hard bot that could think 18 s moves within its 3 s, every move."""
    host = Person(slow_server, "Rosa")
    tid = bots_table(host, pace={"mode": "realtime", "bank_s": 3, "increment_s": 0})
    watcher = watch(host, tid)
    start, began = watcher.version, time.monotonic()
    watcher.sync_to(start + 3, timeout=60)
    assert time.monotonic() - began < 3 * SEARCH_SCALE * 0.9 / 3, "the clock did not cut the thinking short"
    events = [e for m in watcher.seen for e in m.get("events", [])]
    assert not any(e.get("type") == "timeout" for e in events), "a bot ran out of time"
    assert all(c["left_ms"] > 0 for c in watcher.view["clocks"].values())
    host.post(f"/api/tables/{tid}/close")
    watcher.close()


def test_the_pause_for_watchers_runs_while_the_bot_thinks(paced_server):
    """A 6 s pause and a search held to 6 s by a 7 s clock: the move comes after about 6 s, not 12."""
    host = Person(paced_server, "Sasha")
    tid = bots_table(host, pace={"mode": "realtime", "bank_s": 7, "increment_s": 0})
    began = time.monotonic()  # the bot's pause and thinking began when the host handed seat 0 over, just before
    watcher = watch(host, tid)
    watcher.sync_to(1, timeout=60)
    took = time.monotonic() - began
    assert took < 10, f"the first bot move took {took:.1f} s: the pause and the thinking were added up"
    assert thinking(paced_server).get("searched", 0) >= 1, "the move was searched, for its whole deadline"
    host.post(f"/api/tables/{tid}/close")
    watcher.close()


# ---- the rule under load (app/play/thinking.py Thinking.plan, no server) --------------------------------------
def test_a_longer_queue_shrinks_each_moves_budget_before_it_would_delay_it():
    from app.engine import get
    from app.engine.search import LEVELS
    from app.play.thinking import MIN_THINK_S, Thinking

    river = get("river")
    pool = Thinking(workers=2)
    hard = LEVELS["hard"].budget(river, 2)
    alone = pool.plan(river, 2, "hard")
    assert (alone.budget.iterations, alone.budget.seconds, alone.deadline_s) == (hard.iterations, hard.seconds,
                                                                                 hard.seconds)
    pool.busy = 1  # a free worker is left: nothing changes
    assert pool.plan(river, 2, "hard").budget == alone.budget
    pool.busy = 7  # 8 moves on 2 workers: a quarter of the budget each, the same deadline
    crowded = pool.plan(river, 2, "hard")
    assert crowded.deadline_s == alone.deadline_s
    assert crowded.budget.seconds == alone.budget.seconds / 4
    assert crowded.budget.iterations == round(hard.iterations / 4)
    pool.busy = 2 * int(hard.seconds / MIN_THINK_S) + 2  # so long a queue that a move would hardly think
    swamped = pool.plan(river, 2, "hard")
    assert swamped.budget is None and swamped.outcome == "busy"
    assert pool.plan(river, 2, "easy").budget is None


def test_a_seats_clock_caps_its_bots_deadline():
    from app.engine import get
    from app.play.thinking import CLOCK_MARGIN_S, Thinking

    river, pool = get("river"), Thinking(workers=1, budget_scale=20)
    assert pool.plan(river, 2, "hard").deadline_s == 18.0
    capped = pool.plan(river, 2, "hard", clock_left_s=3.0)
    assert capped.deadline_s == 3.0 - CLOCK_MARGIN_S and capped.budget.seconds <= capped.deadline_s
    short = pool.plan(river, 2, "hard", clock_left_s=CLOCK_MARGIN_S)
    assert short.budget is None and short.outcome == "clock"
