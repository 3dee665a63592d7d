"""Protocol clients for tests: a person with a cookie jar (HTTP) and their table sockets."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


class Person:
    def __init__(self, server, nickname: str | None = None):  # noqa: ANN001
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10)
        self.user: dict | None = None
        if nickname:
            r = self.http.post("/api/session", json={"nickname": nickname})
            r.raise_for_status()
            self.user = r.json()["user"]

    @property
    def id(self) -> int:
        return self.user["id"]

    def post(self, path: str, body: dict | None = None, ok: bool = True) -> httpx.Response:
        r = self.http.post(path, json=body if body is not None else {})
        if ok:
            assert r.status_code == 200, r.text
        return r

    def open_table(self, game: str = "tally", seats: int = 2, options: dict | None = None, private: bool = False) -> dict:
        return self.post("/api/tables", {"game": game, "seats": seats, "options": options or {}, "private": private}).json()

    def socket(self, table_id: str, query: str = "") -> "TableSocket":
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = f"{self.server.ws_url}/ws/tables/{table_id}" + (f"?{query}" if query else "")
        # No bound on the frames queued unread: a test reads what a socket got when it chooses, and a bounded queue
        # stops the client reading, pongs included, so an idle socket that got 17 chat lines died of its own
        # keepalive after 40 s (the long websocket fuzz).
        ws: ClientConnection = connect(url, additional_headers={"Cookie": cookie} if cookie else {}, max_size=2**22,
                                       max_queue=None, legacy=True)
        return TableSocket(ws)


class TableSocket:
    def __init__(self, ws):  # noqa: ANN001
        self.ws = ws
        self.version: int | None = None
        self.view: dict | None = None
        self.seen: list[dict] = []
        self._next = 1

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 5) -> dict:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(msg)
        if msg["type"] == "snapshot":
            self.version, self.view = msg["version"], msg["view"]
        elif msg["type"] == "patch":
            import jsonpatch
            assert msg["version"] == self.version + 1, f"gap: at {self.version}, got {msg['version']}"
            self.view = jsonpatch.apply_patch(self.view, msg["ops"])
            self.version = msg["version"]
        return msg

    def until(self, kind: str, timeout: float = 5, **match: Any) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(timeout=max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind and all(msg.get(k) == v for k, v in match.items()):
                return msg

    def act(self, action: dict, version: int | None = None) -> int:
        msg_id = self._next
        self._next += 1
        self.send({"type": "act", "id": msg_id, "version": self.version if version is None else version, "action": action})
        return msg_id

    def act_ok(self, action: dict) -> dict:
        """Act and wait for the ack and our own patch; returns the ack."""
        msg_id = self.act(action)
        ack = self.until_reply(msg_id)
        assert ack["type"] == "ack", ack
        while self.version < ack["version"]:
            self.recv()
        return ack

    def until_reply(self, msg_id: int, timeout: float = 5) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(timeout=max(0.01, deadline - time.monotonic()))
            if msg["type"] in ("ack", "error") and msg.get("id") == msg_id:
                return msg

    def play_to_the_end(self, timeout: float = 15) -> None:
        """Make this seat's first legal move whenever it has one, until the game is over."""
        deadline = time.monotonic() + timeout
        while self.view["result"] is None:
            if self.view["legal"]:
                self.act_ok(self.view["legal"][0])
            else:
                self.recv(timeout=max(0.01, deadline - time.monotonic()))

    def sync_to(self, version: int, timeout: float = 5) -> None:
        deadline = time.monotonic() + timeout
        while self.version is None or self.version < version:
            self.recv(timeout=max(0.01, deadline - time.monotonic()))

    def close(self) -> None:
        self.ws.close()


def play_one_round_of_tally(a: TableSocket, b: TableSocket) -> None:
    """The shortest whole game of a 1-round Tally with seat 0 first: 3 and 1 picked, seat 0 banks, seat 1 passes
    (final scores [3, 0]); `a` is seat 0's socket, `b` seat 1's, each possibly on another instance."""
    a.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    b.sync_to(1)
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    a.sync_to(2)
    a.act_ok({"type": "bank", "label": "Bank"})
    b.sync_to(3)
    b.act_ok({"type": "pass", "label": "Pass"})
