"""Metrics observed once per turn of the event loop instead of once per move.

A Prometheus histogram's `observe` takes a lock for its sum and walks its buckets in Python, a few microseconds a
call; a move observed it once, and so did every move of a busy turn. `TurnHistogram` counts each value into its
bucket (one `bisect`) and hands the turn's counts to the histogram in one go after the turn (`call_soon`), so a
scrape sees exactly what per-value observations would have given, at most one turn late.
"""

from __future__ import annotations

import asyncio
from bisect import bisect_left

from prometheus_client import Histogram


class TurnHistogram:
    """A label-less histogram's observations, gathered during a turn of the loop and added to it after the turn."""

    def __init__(self, histogram: Histogram):
        self.histogram = histogram
        self.bounds = list(histogram._upper_bounds)  # ends with +Inf, so every value has a bucket
        self.counts = [0] * len(self.bounds)
        self.total = 0.0
        self.pending = False

    def observe(self, value: float) -> None:
        # `Histogram.observe` puts a value in the first bucket whose bound is >= it: bisect_left's index.
        self.counts[bisect_left(self.bounds, value)] += 1
        self.total += value
        if not self.pending:
            self.pending = True
            try:
                asyncio.get_running_loop().call_soon(self.flush)
            except RuntimeError:  # no loop running (a test's direct call): add it now
                self.flush()

    def flush(self) -> None:
        self.pending = False
        counts, self.counts = self.counts, [0] * len(self.bounds)
        total, self.total = self.total, 0.0
        buckets = self.histogram._buckets
        for i, n in enumerate(counts):
            if n:
                buckets[i].inc(n)
        self.histogram._sum.inc(total)
