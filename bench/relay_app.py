"""The transport alone: an ASGI app that speaks just enough of Boardhall's table protocol for bench_ws.py's players.

No rules, views, diffs, database or bookkeeping: a table is a version number and its two sockets. Each `act`
bumps the version and sends both sockets a small `patch` (the mover's with its `ack`), as the real server does for
the race micro-game. Served by uvicorn with the entrypoint's options, it measures what uvicorn, FastAPI's
websockets and our players cost with nothing else in the way: the ceiling any move path on this stack stays under
(bench_ceiling.py).
"""

from __future__ import annotations

import orjson
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

app = FastAPI()
tables: dict[str, dict] = {}


def patch_frame(version: int, turn: int, ack: object = None) -> str:
    frame = {"type": "patch", "version": version, "ops": [{"op": "replace", "path": "/game/turn", "value": turn}],
             "events": []}
    if ack is not None:
        frame["ack"] = ack
    return orjson.dumps(frame).decode()


@app.websocket("/ws/relay/{table_id}/{seat}")
async def relay(websocket: WebSocket, table_id: str, seat: int) -> None:
    await websocket.accept()
    table = tables.setdefault(table_id, {"version": 0, "sockets": {}})
    table["sockets"][seat] = websocket
    legal = [{"type": "mark", "cell": 0, "label": "Mark cell 0"}]
    await websocket.send_text(orjson.dumps({"type": "snapshot", "version": 0,
                                            "view": {"game": {"turn": 0}, "legal": legal}}).decode())
    try:
        while True:
            msg = orjson.loads(await websocket.receive_text())
            if msg.get("type") != "act" or msg.get("version") != table["version"]:
                await websocket.send_text(orjson.dumps({"type": "error", "id": msg.get("id"),
                                                        "code": "stale_version"}).decode())
                continue
            table["version"] += 1
            version, turn = table["version"], table["version"] % 2
            for other, sock in list(table["sockets"].items()):
                await sock.send_text(patch_frame(version, turn, msg.get("id") if other == seat else None))
    except WebSocketDisconnect:
        table["sockets"].pop(seat, None)
