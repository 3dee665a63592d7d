"""What an operator sees of a running instance: Prometheus metrics at /metrics and one JSON object per log line.

Metrics live in one registry per process (one process is one instance). Each is registered in the module that
measures it (the move writer's store, the hub, the bots, the broker; the gauges read from the live hub when
Prometheus scrapes are in app/play/gauges.py); the ones several layers count are here. Log lines carry the request
id and table id of the request or socket they come from, taken from context variables that `RequestContext` sets
for each HTTP request and websocket.
"""

from __future__ import annotations

import contextvars
import functools
import json
import logging
import secrets
import time
from typing import Any, Awaitable, Callable

from prometheus_client import CollectorRegistry, Counter, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

DATABASE_ERRORS = Counter("boardhall_database_errors", "Database operations that failed", ["where"],
                          registry=REGISTRY)


def timed(histogram: Histogram):  # noqa: ANN201
    """Observe how long each call of the decorated coroutine takes, raising or not."""
    def wrap(fn: Callable[..., Awaitable[Any]]):  # noqa: ANN202
        @functools.wraps(fn)
        async def timed_call(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                histogram.observe(time.perf_counter() - started)
        return timed_call
    return wrap


# ---- logs ------------------------------------------------------------------------------------------------------
request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
table_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("table_id", default=None)

_PLAIN = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request and table ids, extras, and the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        for key, var in (("request_id", request_id), ("table_id", table_id)):
            value = getattr(record, key, None) or var.get()
            if value:
                line[key] = value
        line.update({k: v for k, v in vars(record).items() if k not in _PLAIN and k not in line})
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, separators=(",", ":"))


def configure_logging(fmt: str) -> None:
    """Send every log line (ours and uvicorn's) to stderr in `fmt` ("json" or "text"). uvicorn's access log is
    replaced by `RequestContext`'s, which knows the request id."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else
                         logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    logging.getLogger("uvicorn.access").disabled = True


access_log = logging.getLogger("boardhall.access")


def _table_of(path: str) -> str | None:
    parts = path.split("/")
    # /ws/tables/<id>, /api/tables/<id>/..., /tables/<id>
    for i, part in enumerate(parts[:-1]):
        if part == "tables" and parts[i + 1]:
            return parts[i + 1]
    return None


SERVER_SEND = "boardhall.server_send"  # scope key: the ASGI server's send callable of a websocket


class RequestContext:
    """ASGI middleware: give each request and websocket a request id (the proxy's X-Request-ID, else a new one)
    and the table id its path names, for every log line written while serving it; log each HTTP request."""

    def __init__(self, app):  # noqa: ANN001
        self.app = app

    async def __call__(self, scope, receive, send):  # noqa: ANN001
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        if scope["type"] == "websocket":
            # The server's own send, for the socket's frames: the middlewares inside this one only look at HTTP
            # responses, and passing each frame through their wrappers was a measurable part of a move.
            scope[SERVER_SEND] = send
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")[:64]
        rid = given or secrets.token_hex(8)
        tokens = (request_id.set(rid), table_id.set(_table_of(scope.get("path", ""))))
        started = time.perf_counter()
        status = [0]

        async def send_with_id(message):  # noqa: ANN001, ANN202
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                message = {**message, "headers": [*message.get("headers", []), (b"x-request-id", rid.encode())]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id if scope["type"] == "http" else send)
        finally:
            if scope["type"] == "http" and scope.get("path") != "/metrics":
                access_log.info("%s %s %s", scope.get("method"), scope.get("path"), status[0],
                                extra={"status": status[0], "ms": round((time.perf_counter() - started) * 1000, 1)})
            table_id.reset(tokens[1])
            request_id.reset(tokens[0])
