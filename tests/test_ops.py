"""Running several instances: the proxy in front of them, bots that move once, Redis outages, graceful shutdown,
metrics and logs. Every part is real: two servers started by scripts/entrypoint.sh on one PostgreSQL database, a
redis-server this module starts (so it can stop it), and Debian's nginx running deploy/nginx.conf."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import json
import os
import re
import signal
import sqlite3
import time

import httpx
import jsonpatch
import psycopg
import pytest
from websockets.sync.client import connect

from tests.support.clients import Person, TableSocket, play_one_round_of_tally
from tests.support.fleet import Proxy, RedisProcess, nginx_path
from tests.support.pg import temp_database
from tests.support.servers import Server

pytestmark = [pytest.mark.postgres]


@pytest.fixture(scope="module")
def pair(postgres_url, tmp_path_factory):
    """Two instances on one PostgreSQL database and this module's own Redis."""
    redis = RedisProcess(tmp_path_factory.mktemp("redis"))
    redis.start()
    with temp_database(postgres_url) as url:
        env = {"REDIS_URL": redis.url, "BOT_DELAY": "0.05", "BOT_LEASE_S": "2"}
        one, two = Server(database_url=url, **env), Server(database_url=url, **env)
        try:
            one.start()
            two.start()
            yield one, two, redis, url
        finally:
            one.stop()
            two.stop()
            redis.stop()


def nginx_or_skip() -> str:
    nginx = nginx_path()
    if nginx:
        return nginx
    message = "nginx not available: apt-get install nginx (.ci/run installs it)"
    if os.environ.get("BOARDHALL_REQUIRE_SERVICES") == "1":
        pytest.fail(message)
    pytest.skip(message)


def metric(server: Server, name: str, **labels: str) -> float:
    """One sample of the instance's /metrics (0 when the series does not exist yet)."""
    text = httpx.get(server.url + "/metrics", timeout=5).text
    want = name + ("{" + ",".join(f'{k}="{v}"' for k, v in labels.items()) + "}" if labels else "")
    for line in text.splitlines():
        if line.startswith(want + " "):
            return float(line.split()[-1])
    return 0.0


def logged_with(request_id: str, *servers: Server) -> list[dict]:
    """The JSON log lines that carry `request_id` (an instance writes its request line just after answering)."""
    for _ in range(100):
        found = [json.loads(line) for server in servers for line in server.log_path.read_text().splitlines()
                 if line.startswith("{") and request_id in line]
        if found:
            return found
        time.sleep(0.1)
    return []


def socket_via(person: Person, address, table_id: str) -> TableSocket:  # noqa: ANN001
    """A table socket through `address`, with the Origin header a browser sends (the app checks it against Host)."""
    cookie = "; ".join(f"{k}={v}" for k, v in person.http.cookies.items())
    ws = connect(f"{address.ws_url}/ws/tables/{table_id}", additional_headers={"Cookie": cookie,
                                                                               "Origin": address.url}, legacy=True)
    return TableSocket(ws)


def test_a_game_through_the_proxy_on_two_instances_with_metrics_and_json_logs(pair, tmp_path):
    one, two, _, _ = pair
    proxy = Proxy(tmp_path, [one, two])
    proxy.start(nginx_or_skip())
    try:
        moves_before = metric(one, "boardhall_moves_total") + metric(two, "boardhall_moves_total")
        host, guest = Person(proxy, "ViaProxyA"), Person(proxy, "ViaProxyB")
        tid = host.open_table(options={"rounds": 1, "first_player": 0})["id"]
        guest.post(f"/api/tables/{tid}/join", {})
        host.post(f"/api/tables/{tid}/start")
        # No sticky sessions: keep opening sockets until both instances serve some (nginx takes turns).
        sockets = []
        while len(sockets) < 8 and not (metric(one, "boardhall_sockets") and metric(two, "boardhall_sockets")):
            sockets.append(socket_via(host if len(sockets) % 2 == 0 else guest, proxy, tid))
            sockets[-1].until("snapshot")
        assert metric(one, "boardhall_sockets") >= 1 and metric(two, "boardhall_sockets") >= 1
        a, b = sockets[0], sockets[1]
        play_one_round_of_tally(a, b)
        for s in sockets:
            s.sync_to(4)
            assert [m["version"] for m in s.seen if m["type"] == "patch"][-1] == 4
        assert b.view["result"]["scores"] == [3, 0]
        assert metric(one, "boardhall_moves_total") + metric(two, "boardhall_moves_total") == moves_before + 4
        assert metric(one, "boardhall_act_seconds_count") + metric(two, "boardhall_act_seconds_count") >= 4

        # The public address hides /metrics; a request's id (set by nginx) is in the JSON log line it wrote.
        assert httpx.get(proxy.url + "/metrics").status_code == 404
        r = host.http.get(f"/api/tables/{tid}")
        request_id = r.headers["x-request-id"]
        assert re.fullmatch(r"[0-9a-f]{32}", request_id)
        assert any(entry.get("table_id") == tid and entry.get("status") == 200
                   for entry in logged_with(request_id, one, two)), request_id
        for s in sockets:
            s.close()
    finally:
        proxy.stop()


class Refusing:
    """An upstream that answers every request 500, as uvicorn answers a socket handshake caught by its shutdown."""

    def __init__(self):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        import threading

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                self.send_response(500)
                self.send_header("Content-Length", "0")
                self.end_headers()
                Refusing.hits += 1

            def log_message(self, *args):  # noqa: ANN002
                pass

        Refusing.hits = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


def test_a_socket_handshake_answered_500_by_a_stopping_instance_is_retried_on_the_next(pair, tmp_path):
    one, _, _, _ = pair
    stopping = Refusing()
    proxy = Proxy(tmp_path, [stopping, one])
    proxy.start(nginx_or_skip())
    try:
        person = Person(one, "Retried")  # straight to the instance: only the sockets go through the proxy
        tid = person.open_table()["id"]
        for _ in range(4):  # nginx takes turns: some handshakes reach the refusing upstream first
            s = socket_via(person, proxy, tid)
            s.until("snapshot")
            s.close()
        assert Refusing.hits >= 1
        # Other requests are not repeated on a 500: it may be the answer. (The refusing upstream is skipped for
        # fail_timeout after its 500s to the handshakes: wait that out.)
        time.sleep(2.5)
        before = Refusing.hits
        codes: set[int] = set()
        deadline = time.monotonic() + 20  # under load nginx may keep it marked down a little longer: ask again
        while 500 not in codes and time.monotonic() < deadline:
            codes.add(httpx.get(proxy.url + "/healthz").status_code)
            time.sleep(0.2)
        assert 500 in codes and Refusing.hits > before
    finally:
        proxy.stop()
        stopping.httpd.shutdown()


def test_a_bot_moves_once_per_turn_however_many_instances_wake_it(pair):
    one, two, _, url = pair
    host, watcher = Person(one, "BotHost"), Person(two, "BotWatcher")
    tid = host.open_table(seats=3, options={"rounds": 3, "first_player": 1})["id"]
    host.post(f"/api/tables/{tid}/bots", {"seat": 1})
    host.post(f"/api/tables/{tid}/bots", {"seat": 2})
    made = {s: metric(s, "boardhall_bot_moves_total", outcome="made") for s in (one, two)}
    stale = {s: metric(s, "boardhall_bot_moves_total", outcome="stale") for s in (one, two)}
    host.post(f"/api/tables/{tid}/start")
    mine = host.socket(tid)
    spectator = watcher.socket(tid)  # on the other instance: it has the table loaded too
    mine.until("snapshot")
    spectator.until("snapshot")
    while mine.view["result"] is None:
        msg = mine.recv(timeout=15)
        if msg["type"] == "patch" and spectator.version is not None:
            # Asking for a snapshot makes the other instance look at the table and wake its bots as well.
            spectator.send({"type": "sync"})
        # The person moves only when no bot is awaited, so no move of theirs races a bot's.
        if msg["type"] in ("patch", "snapshot") and mine.view["waiting"] == [0] and mine.view["legal"]:
            mine.act(mine.view["legal"][0])
    with psycopg.connect(url) as con:
        rows = con.execute("SELECT version, seat FROM moves WHERE table_id = %s ORDER BY version", (tid,)).fetchall()
    assert [v for v, _ in rows] == list(range(1, len(rows) + 1))
    bot_moves = sum(1 for _, seat in rows if seat in (1, 2))
    assert bot_moves >= 6
    # Every bot move was tried by exactly one instance: the attempts that counted equal the moves in the log,
    # and no instance computed a move that another had already made (a stale bot move).
    assert sum(metric(s, "boardhall_bot_moves_total", outcome="made") - made[s] for s in (one, two)) == bot_moves
    assert sum(metric(s, "boardhall_bot_moves_total", outcome="stale") - stale[s] for s in (one, two)) == 0
    mine.close()
    spectator.close()


def test_when_redis_stops_instances_serve_their_own_sockets_and_resync_when_it_returns(pair):
    one, two, redis, _ = pair
    host, guest = Person(one, "RedisA"), Person(two, "RedisB")
    tid = host.open_table(options={"rounds": 2, "first_player": 0})["id"]
    guest.post(f"/api/tables/{tid}/join", {})
    host.post(f"/api/tables/{tid}/start")
    a, b = host.socket(tid), guest.socket(tid)
    a.until("snapshot")
    b.until("snapshot")
    a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
    b.sync_to(1)
    redis.stop()
    try:
        # Instance two still serves its own socket: b's move is acknowledged and b sees it.
        b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
        assert b.version == 2
    finally:
        redis.start()
    # Once Redis is back (the instances retry with back-off), a, which missed version 2, gets a fresh snapshot.
    snapshot = a.until("snapshot", timeout=30)
    assert snapshot["version"] == 2
    a.act_ok({"type": "attack", "seat": 1, "label": "Attack seat 2"})
    b.sync_to(3, timeout=10)  # and patches cross instances again
    assert a.view["game"]["round"] == b.view["game"]["round"] and a.version == b.version == 3
    assert metric(one, "boardhall_redis_errors_total", op="subscribe") >= 1
    assert metric(one, "boardhall_redis_connected") == 1
    a.close()
    b.close()


async def _play_until_closed(ws_url: str, table_id: str, cookie: str, acked: list[int], codes: list[int]) -> None:
    """One player: move whenever the view offers a move, note every acknowledged version, and the close code."""
    from websockets.asyncio.client import connect as connect_async
    from websockets.exceptions import ConnectionClosed

    ws = await connect_async(f"{ws_url}/ws/tables/{table_id}", additional_headers={"Cookie": cookie})
    view, version = None, None
    try:
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "snapshot":
                view, version = msg["view"], msg["version"]
            elif msg["type"] == "patch" and version is not None and msg["version"] == version + 1:
                view, version = jsonpatch.apply_patch(view, msg["ops"]), msg["version"]
            elif msg["type"] == "ack":
                acked.append(msg["version"])
                continue
            else:
                continue
            if view["legal"]:
                await ws.send(json.dumps({"type": "act", "id": version, "version": version,
                                          "action": view["legal"][0]}))
    except ConnectionClosed:
        pass
    codes.append(ws.close_code)


def test_sigterm_tells_sockets_to_reconnect_and_loses_no_acknowledged_move(tmp_path):
    db = tmp_path / "hall.db"
    server = Server(database_url=f"sqlite:///{db}", BOARDHALL_BENCH_GAMES="1")
    server.start()
    tables = []
    for i in range(6):
        a, b = Person(server, f"Drain{i}A"), Person(server, f"Drain{i}B")
        tid = a.open_table(game="race", options={"first_player": 0})["id"]
        b.post(f"/api/tables/{tid}/join", {})
        a.post(f"/api/tables/{tid}/start")
        tables.append((tid, [p.http.cookies for p in (a, b)]))
    acked: dict[str, list[int]] = {tid: [] for tid, _ in tables}
    codes: list[int] = []
    sigterm_ms: list[int] = []

    async def scenario() -> float:
        players = [asyncio.create_task(_play_until_closed(server.ws_url, tid, "; ".join(f"{k}={v}" for k, v in
                                                                                         jar.items()),
                                                          acked[tid], codes))
                   for tid, jars in tables for jar in jars]
        # Moves in flight on every table: each has had some acknowledged (a busy machine may start one late).
        while sum(map(len, acked.values())) < 200 or not all(acked.values()):
            await asyncio.sleep(0.05)
        os.killpg(server.proc.pid, signal.SIGTERM)
        sent = time.monotonic()
        sigterm_ms.append(int(time.time() * 1000))
        await asyncio.gather(*players)
        await asyncio.get_running_loop().run_in_executor(None, server.proc.wait, 15)
        return time.monotonic() - sent

    try:
        # Its own thread: a browser test earlier in the session may hold an event loop in this one (Playwright's sync API).
        with ThreadPoolExecutor(1) as pool:
            took = pool.submit(asyncio.run, asyncio.wait_for(scenario(), 60)).result()
    finally:
        server.kill()
    assert took < 10, f"the server took {took:.1f} s to exit"
    # uvicorn re-raises the signal once its shutdown is done; the log shows the shutdown ran to its end.
    assert server.proc.returncode in (0, -signal.SIGTERM)
    assert "Application shutdown complete" in server.log_path.read_text().split("draining queued moves")[-1]
    assert codes == [1012] * 12  # every socket was told to reconnect (1012 service restart)
    with sqlite3.connect(db) as con:
        for tid, versions in acked.items():
            stored = [v for (v,) in con.execute("SELECT version FROM moves WHERE table_id = ? ORDER BY version",
                                                (tid,))]
            assert stored == list(range(1, len(stored) + 1))
            assert versions and max(versions) <= len(stored), (tid, max(versions), len(stored))
            game_version = con.execute("SELECT version FROM games WHERE table_id = ?", (tid,)).fetchone()[0]
            assert game_version == len(stored)
        # Told to reconnect is not gone: no player was marked away by the drain (a socket that leaves for good
        # backdates its player's last-seen time by the 30 s after which a player counts as away).
        seen = [ms for (ms,) in con.execute("SELECT seen_ms FROM seats")]
        assert len(seen) == 12 and all(sigterm_ms[0] - ms < 25_000 for ms in seen), (sigterm_ms, seen)
