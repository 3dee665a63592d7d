"""A clock as plain data: each seat's time left, whose time runs, the deadline, and the pure arithmetic of a move.

A table's pace (chosen at creation) is `relaxed` (no clock), `realtime` (a bank per player that runs only while
that player is awaited, plus an increment per decision) or `turn_based` (a fresh deadline for every decision).
Low enough for the lobby (it starts a table's clock and shows who is away) and live play (app/play/clocks.py fires
the deadlines) alike; nothing here reads the database or knows about sockets.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from app.db.models import Clock

RELAXED, REALTIME, TURN_BASED = "relaxed", "realtime", "turn_based"
ZOMBIE_AFTER = 2  # timeouts in a row before a bot takes the seat
RECLAIM_FLOOR_MS = 15_000  # a player taking a realtime seat back gets at least this long for their next decision


def now_ms() -> int:
    return int(time.time() * 1000)


def is_timed(pace: dict[str, Any] | None) -> bool:
    return bool(pace) and pace.get("mode") in (REALTIME, TURN_BASED)


def _fresh_ms(pace: dict[str, Any]) -> int:
    """The time a seat starts with: the whole bank (realtime), or one decision's deadline (turn-based)."""
    if pace["mode"] == REALTIME:
        return pace["bank_s"] * 1000
    return pace["deadline_h"] * 3600 * 1000


@dataclass
class ClockState:
    """One table's clock at one game version; `left_ms` is each seat's time at `started_ms`."""

    version: int
    started_ms: int
    left_ms: dict[int, int]
    waiting: list[int]
    strikes: dict[int, int] = field(default_factory=dict)
    deadline_ms: int | None = None

    def running(self, humans: set[int]) -> list[int]:
        """Awaited seats whose clocks run: bots take no time."""
        return [s for s in self.waiting if s in humans]

    def left_now(self, seat: int, at_ms: int, humans: set[int]) -> int:
        left = self.left_ms.get(seat, 0)
        return max(0, left - (at_ms - self.started_ms)) if seat in self.running(humans) else left

    def with_deadline(self, pace: dict[str, Any] | None, humans: set[int]) -> "ClockState":
        running = self.running(humans)
        self.deadline_ms = (min(self.started_ms + self.left_ms.get(s, 0) for s in running)
                            if is_timed(pace) and running else None)
        return self

    def row(self) -> dict[str, Any]:
        """Column values for the clocks row (JSON keys are strings)."""
        return {"version": self.version, "started_ms": self.started_ms, "deadline_ms": self.deadline_ms,
                "left_ms": {str(k): v for k, v in self.left_ms.items()}, "waiting": list(self.waiting),
                "strikes": {str(k): v for k, v in self.strikes.items() if v}}

    @classmethod
    def from_row(cls, row: Clock) -> "ClockState":
        return cls(version=row.version, started_ms=row.started_ms, waiting=list(row.waiting or []),
                   left_ms={int(k): v for k, v in (row.left_ms or {}).items()},
                   strikes={int(k): v for k, v in (row.strikes or {}).items()}, deadline_ms=row.deadline_ms)


def start_clock(pace: dict[str, Any] | None, num_players: int, waiting: list[int], humans: set[int],
                at_ms: int) -> ClockState:
    """The clock at version 0: every seat starts with its full time."""
    left = {s: _fresh_ms(pace) for s in range(num_players)} if is_timed(pace) else {}
    return ClockState(version=0, started_ms=at_ms, left_ms=left, waiting=sorted(waiting)).with_deadline(pace, humans)


def after_move(pace: dict[str, Any] | None, clock: ClockState, *, mover: int, timed_out: bool, version: int,
               waiting: list[int], humans: set[int], at_ms: int) -> ClockState:
    """The clock once `mover` has decided (or been decided for, when `timed_out`) and `version` is committed."""
    if not is_timed(pace):  # an untimed table (every move of one comes here): who is awaited and the strikes only
        strikes = dict(clock.strikes)
        strikes[mover] = strikes.get(mover, 0) + 1 if timed_out else 0
        return ClockState(version=version, started_ms=at_ms, left_ms=dict(clock.left_ms), waiting=sorted(waiting),
                          strikes=strikes)  # deadline_ms None, as `with_deadline` sets it for an untimed pace
    left = dict(clock.left_ms)
    if is_timed(pace):
        for seat in clock.running(humans):
            left[seat] = clock.left_now(seat, at_ms, humans)
        if pace["mode"] == REALTIME:
            left[mover] = left.get(mover, 0) + pace.get("increment_s", 0) * 1000
        else:  # turn-based: every new decision gets the whole deadline; one still awaited keeps counting down
            for seat in waiting:
                if seat == mover or seat not in clock.waiting:
                    left[seat] = _fresh_ms(pace)
    strikes = dict(clock.strikes)
    strikes[mover] = strikes.get(mover, 0) + 1 if timed_out else 0
    return ClockState(version=version, started_ms=at_ms, left_ms=left, waiting=sorted(waiting),
                      strikes=strikes).with_deadline(pace, humans)


def rebased(pace: dict[str, Any] | None, clock: ClockState, humans_before: set[int], humans: set[int],
            at_ms: int, reclaimed: int | None = None) -> ClockState:
    """The same version's clock when who plays a seat changed (a bot took over, a player came back)."""
    left = dict(clock.left_ms)
    for seat in clock.running(humans_before):
        left[seat] = clock.left_now(seat, at_ms, humans_before)
    strikes = dict(clock.strikes)
    if reclaimed is not None:
        strikes.pop(reclaimed, None)
        if is_timed(pace) and pace["mode"] == REALTIME:
            floor = max(RECLAIM_FLOOR_MS, pace.get("increment_s", 0) * 1000)
            left[reclaimed] = min(max(left.get(reclaimed, 0), floor), max(floor, _fresh_ms(pace)))
    return ClockState(version=clock.version, started_ms=at_ms, left_ms=left, waiting=list(clock.waiting),
                      strikes=strikes).with_deadline(pace, humans)


def envelope_fields(pace: dict[str, Any] | None, clock: ClockState | None, humans: set[int]) -> dict[str, Any]:
    """What every view of a timed table carries: each seat's time and whether it is running (docs/protocol.md)."""
    if not is_timed(pace) or clock is None:
        return {}
    running = set(clock.running(humans))
    return {"clocks": {str(s): {"left_ms": left, "running": s in running} for s, left in sorted(clock.left_ms.items())},
            "clock_at": clock.started_ms}


def with_resignations(result: dict[str, Any] | None, resigned: set[int]) -> dict[str, Any] | None:
    """A result that records who resigned; a player who resigned cannot win (a forfeit loses)."""
    if result is None or not resigned:
        return result
    out = dict(result, resigned=sorted(resigned))
    winners = [s for s in result.get("winners", []) if s not in resigned]
    scores = result.get("scores") or []
    if not winners and scores:
        standing = [s for s in range(len(scores)) if s not in resigned]
        if standing:
            best = max(scores[s] for s in standing)
            winners = [s for s in standing if scores[s] == best]
    out["winners"] = winners
    return out


def new_row(table_id: str, clock: ClockState) -> Clock:
    return Clock(table_id=table_id, claims=0, **clock.row())


# ---- presence: who has a socket open ---------------------------------------------------------------------------
STALE_BEATS = 3  # heartbeats an instance may miss (it died) before its players count as gone


def stale_ms(settings: Any) -> int:
    return int(settings.presence_beat_s * STALE_BEATS * 1000)


def absent_since(seen_ms: int | None, at_ms: int, settings: Any) -> int | None:
    """When a seated player went away (epoch ms), or None while connected; 0 for one never seen at the table."""
    if seen_ms is None:
        return 0
    gone_at = seen_ms + stale_ms(settings)
    return gone_at if gone_at <= at_ms else None
