"""Tournament seating: solve time and repeat meetings per round, for fields of 8 to 36 players over 5 rounds.

Prints one line per field: sizes, per-round repeats and whether the search proved them minimal, and the solve time.
docs/tournaments.md compares these with the CP-SAT model this search replaced.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.tournaments.seating import seat_round, table_sizes  # noqa: E402


def main() -> None:
    for players in (8, 13, 16, 20, 24, 30, 36):
        sizes = table_sizes(players)
        history: list[list[list[int]]] = []
        repeats, proven, seconds = [], [], []
        for round_ in range(5):
            started = time.perf_counter()
            seating = seat_round(list(range(players)), sizes, history, seed=round_, time_limit=10)
            seconds.append(time.perf_counter() - started)
            repeats.append(seating.repeats)
            proven.append("p" if seating.proven else "?")
            history.append(seating.tables)
        print(f"{players:3d} players, tables {sizes}: repeats per round {repeats} "
              f"({''.join(proven)}: p = proven minimal), solve s per round "
              f"{[round(s, 2) for s in seconds]}, max {max(seconds):.2f} s")


if __name__ == "__main__":
    main()
