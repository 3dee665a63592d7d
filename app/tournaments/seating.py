"""Seating a tournament round: table sizes as even as possible, and no pair of players meeting twice when possible.

Sizes: the number of tables whose sizes (differing by at most one) all fit the bounds and stray least from the
preferred sizes. Round 1 is a random draw. Later rounds minimise the pairs who have met before and would sit
together again, in plain Python: a tabu search finds a good seating quickly, a bound proves it optimal when they
meet (no seating has fewer repeats than the earlier tables force by pigeonhole), and otherwise a branch and bound
over every seating either proves it or finds a better one. A seating the search could not prove within its time
limit is the best found and says so. (This replaced OR-Tools CP-SAT, which seated no field better on the same
histories and made some 250 MB of the 430 MB of dependencies in the image: docs/tournaments.md.)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable

from app.engine import text
from app.engine.text import Text, english, is_text


class SeatingError(ValueError):
    """The players cannot be seated within the bounds. Its message may be a Text: `str()` is then the English,
    `say` the Text (for pages in other languages)."""

    def __init__(self, message: str | Text):
        self.say: Text | None = message if is_text(message) else None
        super().__init__(english(message) if self.say is not None else message)


def table_sizes(players: int, low: int = 3, high: int = 6, preferred: tuple[int, int] = (4, 5)) -> list[int]:
    """Sizes of the tables for `players`, largest first: as even as possible, within [low, high].

    Among the table counts that fit, the one whose tables stray least from `preferred` wins; then fewer tables.
    """
    if low < 1 or high < low:
        raise SeatingError(text.t("table sizes {low}-{high} make no sense", low=low, high=high))
    best: tuple[tuple[int, int], list[int]] | None = None
    for count in range(1, players + 1):
        base, extra = divmod(players, count)
        sizes = [base + 1] * extra + [base] * (count - extra)
        if sizes[-1] < low or sizes[0] > high:
            continue
        stray = sum(max(preferred[0] - s, 0, s - preferred[1]) for s in sizes)
        key = (stray, count)
        if best is None or key < best[0]:
            best = (key, sizes)
    if best is None:
        raise SeatingError(text.t("{players} players cannot sit at tables of {low} to {high}", players=players,
                                     low=low, high=high))
    return best[1]


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def met_pairs(rounds: Iterable[list[list[int]]]) -> dict[tuple[int, int], int]:
    """How often each pair of players has sat at one table in the given rounds' seatings."""
    met: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                met[pair(a, b)] = met.get(pair(a, b), 0) + 1
    return met


@dataclass
class Seating:
    tables: list[list[int]]  # player ids per table, in seat order
    repeats: int  # pairs sitting together again
    proven: bool  # no seating has fewer repeats (shown by the bound or the exhaustive search)
    seconds: float = 0.0
    notes: list[str | Text] = field(default_factory=list)  # Texts; older rounds stored English strings


def repeats_of(tables: list[list[int]], met: dict[tuple[int, int], int]) -> int:
    return sum(1 for table in tables for a, b in combinations(table, 2) if pair(a, b) in met)


def seat_round(players: list[int], sizes: list[int], history: list[list[list[int]]], seed: int,
               time_limit: float = 10.0) -> Seating:
    """Seat `players` at tables of `sizes` with as few repeat meetings as possible (random among the best).

    `history` is the seating of every earlier round (tables of player ids).
    """
    met = met_pairs(history)
    if sum(sizes) != len(players):
        raise SeatingError(f"{len(players)} players do not fill tables of {sizes}")
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    started = time.perf_counter()
    if not any(pair(a, b) in met for a, b in combinations(order, 2)):  # round 1, or nobody has met: any split
        tables, at = [], 0
        for size in sizes:
            tables.append(order[at:at + size])
            at += size
        return Seating(tables, 0, True, time.perf_counter() - started)

    search = _Search(order, sizes, met, rng)
    bound = forced_repeats(order, sizes, history)
    # The tabu search gets a quarter of the time (2 s at most): it reaches the bound at once when it can.
    search.tabu(until=started + min(2.0, time_limit / 4), target=bound)
    proven = search.best_cost <= bound or search.exhaust(until=started + time_limit)
    tables = search.tables()
    for table in tables:
        rng.shuffle(table)
    repeats = repeats_of(tables, met)
    seating = Seating(tables, repeats, proven, time.perf_counter() - started)
    if repeats and seating.proven:
        seating.notes.append(text.tn("no seating without repeat meetings exists; {n} pair meets again",
                                     "no seating without repeat meetings exists; {n} pairs meet again", repeats))
    elif repeats:
        seating.notes.append(text.tn("best seating found in {seconds} s: {n} pair meets again",
                                     "best seating found in {seconds} s: {n} pairs meet again", repeats,
                                     seconds=f"{time_limit:g}"))
    return seating


def _fewest_pairs(group: int, sizes: list[int]) -> int:
    """The fewest pairs `group` players form when spread over tables of these sizes (as evenly as they allow)."""
    at = [0] * len(sizes)
    for _ in range(group):
        t = min((i for i in range(len(sizes)) if at[i] < sizes[i]), key=lambda i: at[i])
        at[t] += 1
    return sum(y * (y - 1) // 2 for y in at)


def forced_repeats(players: list[int], sizes: list[int], history: list[list[list[int]]]) -> int:
    """A lower bound on the repeats of any seating: the players of each earlier table who sit together again, spread
    as well as the new tables allow, counted for the earlier round where that gives most."""
    present = set(players)
    return max((sum(_fewest_pairs(len(present.intersection(table)), sizes) for table in tables)
                for tables in history), default=0)


class _Search:
    """One round's seating search over player indices 0..n-1 (`order` maps them back to player ids)."""

    def __init__(self, order: list[int], sizes: list[int], met: dict[tuple[int, int], int], rng: random.Random):
        self.order, self.sizes, self.rng = order, sizes, rng
        n = len(order)
        self.met = [[pair(order[p], order[q]) in met if p != q else False for q in range(n)] for p in range(n)]
        start, self.where = 0, [0] * n
        for t, size in enumerate(sizes):
            for p in range(start, start + size):
                self.where[p] = t
            start += size
        self.best_where = list(self.where)
        self.best_cost = self._cost(self.where)

    def _cost(self, where: list[int]) -> int:
        n = len(where)
        return sum(1 for p in range(n) for q in range(p + 1, n) if self.met[p][q] and where[p] == where[q])

    def tables(self) -> list[list[int]]:
        return [[self.order[p] for p, t in enumerate(self.best_where) if t == table]
                for table in range(len(self.sizes))]

    def tabu(self, until: float, target: int) -> None:
        """Min-conflicts tabu search: take a player who sits with someone they met, swap them with the player at
        another table for whom the swap is best; a swapped pair may not swap back for a few steps. It stops at
        `target`, at `until`, or after many steps without a better seating (the exhaustive search takes over)."""
        met, where, n, rng = self.met, self.where, len(self.where), self.rng
        # clash[p][t]: how many players at table t player p has met
        clash = [[0] * len(self.sizes) for _ in range(n)]
        for p in range(n):
            for q in range(n):
                if met[p][q]:
                    clash[p][where[q]] += 1
        cost, tabu, step, improved = self.best_cost, {}, 0, 0
        while self.best_cost > target and step - improved < 3000 + 100 * n:
            step += 1
            if step % 256 == 0 and time.perf_counter() > until:
                return
            p = rng.choice([p for p in range(n) if clash[p][where[p]]])
            tp, best, swaps = where[p], None, []
            for q in range(n):
                tq = where[q]
                if tq == tp:
                    continue
                delta = clash[p][tq] - met[p][q] - clash[p][tp] + clash[q][tp] - met[q][p] - clash[q][tq]
                if tabu.get((min(p, q), max(p, q)), 0) > step and cost + delta >= self.best_cost:
                    continue
                if best is None or delta < best:
                    best, swaps = delta, [q]
                elif delta == best:
                    swaps.append(q)
            if not swaps:
                continue
            q = rng.choice(swaps)
            tq = where[q]
            for r in range(n):
                if met[p][r]:
                    clash[r][tp] -= 1
                    clash[r][tq] += 1
                if met[q][r]:
                    clash[r][tq] -= 1
                    clash[r][tp] += 1
            where[p], where[q] = tq, tp
            cost += best
            tabu[min(p, q), max(p, q)] = step + 10 + rng.randrange(10)
            if cost < self.best_cost:
                self.best_cost, self.best_where, improved = cost, list(where), step

    def exhaust(self, until: float) -> bool:
        """Branch and bound over every seating, looking for fewer repeats than the best so far: True when it
        finished (the best is then proven), False when time ran out first. Players are placed in turn; of the
        empty tables of one size only the first is tried (they are interchangeable)."""
        n, sizes, met = len(self.where), self.sizes, self.met
        if n > 500:  # one recursion level per player: leave such a field to the tabu search
            return False
        tables: list[list[int]] = [[] for _ in sizes]
        where = [0] * n
        nodes = 0

        def place(p: int, cost: int) -> bool:
            nonlocal nodes
            if cost >= self.best_cost:
                return True
            if p == n:
                self.best_cost, self.best_where = cost, list(where)
                return True
            nodes += 1
            if nodes % 4096 == 0 and time.perf_counter() > until:
                return False
            choices, empty_sizes = [], set()
            for t, members in enumerate(tables):
                if len(members) == sizes[t] or (not members and sizes[t] in empty_sizes):
                    continue
                if not members:
                    empty_sizes.add(sizes[t])
                choices.append((sum(met[p][q] for q in members), t))
            for added, t in sorted(choices):
                tables[t].append(p)
                where[p] = t
                finished = place(p + 1, cost + added)
                tables[t].pop()
                if not finished:
                    return False
            return True

        return place(0, 0)
