"""Tournament standings from the recorded tables: points per round, the total, and the rank.

Ties on the total are broken, in order, by: total coins at the ends of the games, games won, then head to
head (the points each tied player scored minus the points of the other tied players, summed over the
tables where they met); players still equal share the place. The seed (Gold Rush's tournament rules) only
says that the highest total wins; this order is the product owner's (issue: tournaments), recorded in
docs/tournaments.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable


@dataclass
class TableResult:
    round: int
    entrants: list[int]  # entrant ids in seat order
    points: list[int] | None  # None until recorded
    coins: list[int] | None = None
    winners: list[int] = field(default_factory=list)  # seats


@dataclass
class Row:
    entrant: int
    name: str
    dropped: bool
    rounds: list[int | None]  # points per round; None when the player did not play that round (yet)
    total: int = 0
    coins: int = 0
    wins: int = 0
    head_to_head: int = 0
    rank: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"entrant": self.entrant, "name": self.name, "dropped": self.dropped, "rounds": self.rounds,
                "total": self.total, "coins": self.coins, "wins": self.wins, "head_to_head": self.head_to_head,
                "rank": self.rank}


def standings(entrants: Iterable[tuple[int, str, bool]], tables: list[TableResult], rounds: int) -> list[Row]:
    """Rows best first. `entrants` are (id, name, dropped)."""
    rows = {eid: Row(eid, name, dropped, [None] * rounds) for eid, name, dropped in entrants}
    recorded = [t for t in tables if t.points is not None]
    for t in recorded:
        for seat, eid in enumerate(t.entrants):
            row = rows.get(eid)
            if row is None:
                continue
            row.rounds[t.round - 1] = t.points[seat]
            row.total += t.points[seat]
            row.coins += t.coins[seat] if t.coins else 0
            row.wins += 1 if seat in t.winners else 0

    def key(row: Row) -> tuple[int, int, int]:
        return (row.total, row.coins, row.wins)

    groups: dict[tuple[int, int, int], list[Row]] = {}
    for row in rows.values():
        groups.setdefault(key(row), []).append(row)
    for group in groups.values():
        if len(group) > 1:
            tied = {r.entrant for r in group}
            for t in recorded:
                at_table = [(seat, eid) for seat, eid in enumerate(t.entrants) if eid in tied]
                for seat, eid in at_table:
                    rows[eid].head_to_head += sum(t.points[seat] - t.points[other] for other, _ in at_table
                                                  if other != seat)

    ordered = sorted(rows.values(), key=lambda r: (*key(r), r.head_to_head), reverse=True)
    for i, row in enumerate(ordered):
        prev = ordered[i - 1] if i else None
        same = prev is not None and (*key(prev), prev.head_to_head) == (*key(row), row.head_to_head)
        row.rank = prev.rank if same else i + 1
    return ordered


def _inert(cell: str) -> str:
    """A text cell a spreadsheet will not run: one starting with = + - @ (or a tab or carriage return) gets a leading
    apostrophe, as OWASP's CSV-injection advice says; a nickname like `=HYPERLINK(...)` was written as a formula."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


def csv_text(rows: list[Row], rounds: int) -> str:
    """The standings as CSV, one line per player, a column per round."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", *[f"round {r + 1}" for r in range(rounds)], "total", "coins", "wins",
                     "head to head", "dropped"])
    for row in rows:
        writer.writerow([row.rank, _inert(row.name), *["" if p is None else p for p in row.rounds], row.total,
                         row.coins, row.wins, row.head_to_head, "yes" if row.dropped else ""])
    return out.getvalue()
