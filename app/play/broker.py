"""Fan-out of table messages to every instance: in-process by default, Redis pub/sub when REDIS_URL is set.

A message is a JSON-able dict with a "table" key. Every instance (the publisher included) receives every
message through its handler, so the same code path feeds local sockets whatever the broker.

Redis is a convenience, not the truth (the database is): when it is away, an instance keeps serving its own
sockets by handing its own messages straight to its handler, retries the connection with a growing pause, and once
it is back calls `on_reconnect`, where the hub rereads its tables and sends a snapshot to every socket that may have
missed another instance's moves meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Awaitable, Callable

from prometheus_client import Counter

from app import observability

log = logging.getLogger(__name__)

REDIS_ERRORS = Counter("boardhall_redis_errors", "Redis operations that failed", ["op"],
                       registry=observability.REGISTRY)
Handler = Callable[[dict[str, Any]], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]


class MemoryBroker:
    connected = True
    # Every message goes to this instance's own handler and nowhere else: the hub hands its moves to its own fan-out
    # directly (app/play/hub.py), a step and a coroutine fewer a move.
    local = True

    def __init__(self) -> None:
        self._handler: Handler | None = None

    async def start(self, handler: Handler, on_reconnect: Reconnected | None = None) -> None:
        self._handler = handler

    async def publish(self, message: dict[str, Any]) -> None:
        if self._handler is not None:
            await self._handler(message)

    async def close(self) -> None:
        self._handler = None


class RedisBroker:
    CHANNEL = "boardhall:tables"
    local = False  # other instances hear what is published: everything goes through Redis
    FIRST_PAUSE, LONGEST_PAUSE = 0.2, 5.0  # seconds between reconnection attempts, doubling

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # Publishing happens under a table's lock: it must fail fast when Redis is away. One immediate retry
        # replaces a pooled connection that a Redis restart broke.
        self._redis = redis.from_url(url, socket_connect_timeout=1, socket_timeout=2, retry=Retry(NoBackoff(), 1))
        self.channel = channel
        self._pubsub = None
        self._task: asyncio.Task | None = None
        self._handler: Handler | None = None
        self.connected = False

    async def start(self, handler: Handler, on_reconnect: Reconnected | None = None) -> None:
        self._handler = handler
        try:
            await self._subscribe()
        except Exception as exc:  # start anyway: the listener keeps trying, local sockets are served meanwhile
            REDIS_ERRORS.labels("subscribe").inc()
            log.warning("redis not reachable at startup (%s); retrying in the background", type(exc).__name__)
        self._task = asyncio.create_task(self._listen(on_reconnect))

    async def _subscribe(self) -> None:
        if self._pubsub is not None:
            try:
                await self._pubsub.aclose()
            except Exception:  # its connection is already broken: nothing to close cleanly
                pass
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(self.channel)
        self.connected = True

    async def _listen(self, on_reconnect: Reconnected | None) -> None:
        pause = self.FIRST_PAUSE
        while True:
            try:
                if not self.connected:
                    await self._subscribe()
                    log.info("redis is back: resynchronising this instance's sockets")
                    pause = self.FIRST_PAUSE
                    if on_reconnect is not None:
                        await on_reconnect()
                async for raw in self._pubsub.listen():
                    if raw.get("type") == "message":
                        await self._deliver(json.loads(raw["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # keep serving our own sockets; try again after a pause
                if self.connected:
                    log.warning("redis connection lost (%s); serving local sockets only", type(exc).__name__)
                REDIS_ERRORS.labels("subscribe").inc()
                self.connected = False
                await asyncio.sleep(pause)
                pause = min(self.LONGEST_PAUSE, pause * 2)

    async def _deliver(self, message: dict[str, Any]) -> None:
        try:
            await self._handler(message)
        except Exception:  # one bad message must not stop the listener (and look like a Redis failure)
            log.exception("handling a %s message failed", message.get("kind"))

    async def publish(self, message: dict[str, Any]) -> None:
        if self.connected:
            try:
                await self._redis.publish(self.channel, json.dumps(message, separators=(",", ":")))
                return
            except Exception as exc:  # the listener notices a lost connection too, and reconnects with back-off
                REDIS_ERRORS.labels("publish").inc()
                log.warning("redis publish failed (%s); delivering locally", type(exc).__name__)
        # Redis is away: this instance's own sockets still get the message; other instances resync later.
        await self._deliver(message)

    async def close(self) -> None:
        if self._task:
            self._task.cancel()
        for closable in (self._pubsub, self._redis):
            if closable is not None:
                try:
                    await closable.aclose()
                except Exception:  # Redis is away: nothing left to close cleanly, and shutdown must go on
                    pass


def make_broker(redis_url: str | None, channel: str = RedisBroker.CHANNEL) -> MemoryBroker | RedisBroker:
    """`channel`: the Redis channel; the tables' messages by default, another for another kind (app/play/people.py)."""
    return RedisBroker(redis_url, channel) if redis_url else MemoryBroker()
