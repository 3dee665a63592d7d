"""Idle eviction: how many tables an instance keeps in memory, and forgetting one. A part of `Hub`
(app/play/hub.py), working on the state it sets up.
"""

from __future__ import annotations


class Eviction:
    """The hub's memory of loaded tables, kept within bounds."""

    def forget(self, table_id: str) -> None:
        self.runtimes.pop(table_id, None)

    def _evict_idle(self) -> None:
        """Keep at most `max_cached_tables` in memory: drop the oldest loaded tables nobody is connected to.

        Dropping loses nothing (the database has every move); a reconnect then gets a snapshot instead of patches.
        """
        excess = len(self.runtimes) - self.settings.max_cached_tables
        if excess <= 0:
            return
        for table_id in [t for t in self.runtimes if t not in self.connections][:excess]:
            self.runtimes.pop(table_id, None)
            self.history.pop(table_id, None)
            self.recent_events.pop(table_id, None)
            self._load_locks.pop(table_id, None)
