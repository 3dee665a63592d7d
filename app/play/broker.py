"""Fan-out of table messages to every instance: in-process by default, Redis pub/sub when REDIS_URL is set.

A message is a JSON-able dict with a "table" key. Every instance (the publisher included) receives every
message through its handler, so the same code path feeds local sockets whatever the broker.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger(__name__)
Handler = Callable[[dict[str, Any]], Awaitable[None]]


class MemoryBroker:
    def __init__(self) -> None:
        self._handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        self._handler = handler

    async def publish(self, message: dict[str, Any]) -> None:
        if self._handler is not None:
            await self._handler(message)

    async def close(self) -> None:
        self._handler = None


class RedisBroker:
    CHANNEL = "boardhall:tables"

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(url)
        self._pubsub = self._redis.pubsub()
        self._task: asyncio.Task | None = None

    async def start(self, handler: Handler) -> None:
        await self._pubsub.subscribe(self.CHANNEL)
        self._task = asyncio.create_task(self._listen(handler))

    async def _listen(self, handler: Handler) -> None:
        while True:
            try:
                async for raw in self._pubsub.listen():
                    if raw.get("type") == "message":
                        await handler(json.loads(raw["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:  # keep serving: a lost connection is retried, clients resync on gaps
                log.exception("redis listener failed; retrying")
                await asyncio.sleep(0.5)

    async def publish(self, message: dict[str, Any]) -> None:
        await self._redis.publish(self.CHANNEL, json.dumps(message, separators=(",", ":")))

    async def close(self) -> None:
        if self._task:
            self._task.cancel()
        await self._pubsub.aclose()
        await self._redis.aclose()


def make_broker(redis_url: str | None) -> MemoryBroker | RedisBroker:
    return RedisBroker(redis_url) if redis_url else MemoryBroker()
