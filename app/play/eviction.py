"""Idle eviction: how many tables an instance keeps in memory, forgetting one, and closing a table of bots that
nobody watches. A part of `Hub` (app/play/hub.py), working on the state it sets up.
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import select

from app.db.models import Seat, Table

log = logging.getLogger(__name__)


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

    # ---- tables of bots nobody watches ----------------------------------------------------------------------
    def _watched(self, table_id: str) -> bool:
        return table_id in self.connections or bool(self.wanted_audiences(table_id))

    async def close_if_unwatched(self, table_id: str) -> bool:
        """A game in play at which no person holds a seat (nor may take one back) is closed once nobody has watched
        it for `unwatched_close_s`: its bots stop and the table is finished where it stands, so it leaves the list
        of games in play. True when this call closed it. The moves so far stay; nothing is scored."""
        await asyncio.sleep(self.settings.unwatched_close_s)  # a page reloading comes back within this
        rt = self.runtimes.get(table_id)
        if self._closing or rt is None or rt.finished or rt.closed or self._watched(table_id):
            return False
        async with self.sessionmaker() as db, db.begin():
            seats = (await db.execute(select(Seat).where(Seat.table_id == table_id))).scalars().all()
            if any(s.user_id is not None or s.away_user_id is not None or s.resigned_user_id is not None
                   for s in seats):
                return False
            table = await db.get(Table, table_id, with_for_update=True)
            if table is None or table.status != "playing":
                return False
            table.status = "finished"
        rt.closed = True  # its bot task stops before the next move
        log.info("closed table %s: bots only and nobody watching", table_id)
        return True
