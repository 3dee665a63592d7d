"""Counting what one person or address does, in memory: failed-login back-off and sliding-window limits.

Each instance keeps its own counts (they are not shared through the database or Redis): with N instances behind a
balancer an attacker gets at most N times the budget, which still turns thousands of guesses into a handful.
Entries expire on their own, so memory stays bounded by the number of recently active keys.
"""

from __future__ import annotations

import time
from collections import deque


class Backoff:
    """Failures per key: `free` are allowed, then each further one doubles the wait before the next attempt."""

    def __init__(self, free: int, max_wait: float, window: float, clock=time.monotonic):  # noqa: ANN001
        self.free, self.max_wait, self.window, self.clock = free, max_wait, window, clock
        self._failures: dict[str, tuple[int, float]] = {}

    def wait(self, key: str) -> float:
        """Seconds until `key` may try again (0: now)."""
        count, last = self._failures.get(key, (0, 0.0))
        now = self.clock()
        if count <= self.free or now - last > self.window:
            return 0.0
        return max(0.0, min(self.max_wait, 2.0 ** (count - self.free - 1)) - (now - last))

    def fail(self, key: str) -> None:
        now = self.clock()
        count, last = self._failures.get(key, (0, 0.0))
        if now - last > self.window:
            count = 0
        self._failures[key] = (count + 1, now)
        if len(self._failures) > 50_000:
            self._prune(now)

    def succeed(self, key: str) -> None:
        self._failures.pop(key, None)

    def _prune(self, now: float) -> None:
        for key in [k for k, (_, last) in self._failures.items() if now - last > self.window]:
            del self._failures[key]


class Window:
    """At most `limit` events per key within `seconds`; `hit` records one if allowed and says how long to wait if not."""

    def __init__(self, limit: int, seconds: float, clock=time.monotonic):  # noqa: ANN001
        self.limit, self.seconds, self.clock = limit, seconds, clock
        self._events: dict[str, deque[float]] = {}

    def hit(self, key: str) -> float:
        now = self.clock()
        events = self._events.setdefault(key, deque())
        while events and now - events[0] > self.seconds:
            events.popleft()
        if len(events) >= self.limit:
            return self.seconds - (now - events[0])
        events.append(now)
        if len(self._events) > 50_000:
            for k in [k for k, ev in self._events.items() if not ev or now - ev[-1] > self.seconds]:
                del self._events[k]
        return 0.0
