"""Seating a tournament round: table sizes as even as possible, and no pair of players meeting twice when possible.

Sizes: the number of tables whose sizes (differing by at most one) all fit the bounds and stray least from the
preferred sizes. Round 1 is a random draw. Later rounds are a constraint program solved by OR-Tools CP-SAT:
each player sits at exactly one table, each table holds its size, and the objective counts the pairs who have
met before and would sit together again. When the solver proves the optimum, a positive minimum means no
repeat-free seating exists; when it stops at its time limit, the seating is the best found and says so.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable

from ortools.sat.python import cp_model

from app.engine import text  # text.t: `t` is a table number in the solver below
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
    proven: bool  # the solver proved that no seating has fewer repeats
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
    relevant = [(a, b) for a, b in combinations(order, 2) if pair(a, b) in met]
    if not relevant:  # the first round, or nobody has met: any split will do
        tables, at = [], 0
        for size in sizes:
            tables.append(order[at:at + size])
            at += size
        return Seating(tables, 0, True, time.perf_counter() - started)

    model = cp_model.CpModel()
    x = {(p, t): model.NewBoolVar(f"x{p}_{t}") for p in order for t in range(len(sizes))}
    for p in order:
        model.AddExactlyOne(x[p, t] for t in range(len(sizes)))
    for t, size in enumerate(sizes):
        model.Add(sum(x[p, t] for p in order) == size)
    together = []
    both: dict[tuple[int, int, int], cp_model.IntVar] = {}
    for a, b in relevant:
        for t in range(len(sizes)):
            var = model.NewBoolVar(f"r{a}_{b}_{t}")
            model.AddBoolOr([x[a, t].Not(), x[b, t].Not(), var])  # both seated at t => counted
            both[pair(a, b), t] = var
            together.append(var)
    # Cuts that let the solver prove a positive minimum quickly: y players of one earlier table seated at one
    # new table form at least y(y-1)/2 repeated pairs, and y(y-1)/2 >= k*y - k(k+1)/2 for every whole k.
    present = set(order)
    for group in (g for tables in history for g in tables):
        members = [p for p in group if p in present]
        if len(members) < 2:
            continue
        for t, size in enumerate(sizes):
            y = sum(x[p, t] for p in members)
            pairs_here = sum(both[pair(a, b), t] for a, b in combinations(members, 2))
            for k in range(1, min(size, len(members))):
                model.Add(pairs_here >= k * y - k * (k + 1) // 2)
    # Tables of one size are interchangeable: the first player sits at the first table of its size group.
    for t in range(1, len(sizes)):
        if sizes[t] == sizes[t - 1]:
            model.Add(x[order[0], t] == 0)
    model.Minimize(sum(together))

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 2
    solver.parameters.random_seed = seed % (2**31)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SeatingError(f"the solver found no seating ({solver.StatusName(status)})")
    tables = [[p for p in order if solver.Value(x[p, t])] for t in range(len(sizes))]
    for table in tables:
        rng.shuffle(table)
    repeats = repeats_of(tables, met)
    seating = Seating(tables, repeats, status == cp_model.OPTIMAL, time.perf_counter() - started)
    if repeats and seating.proven:
        seating.notes.append(text.tn("no seating without repeat meetings exists; {n} pair meets again",
                                     "no seating without repeat meetings exists; {n} pairs meet again", repeats))
    elif repeats:
        seating.notes.append(text.tn("best seating found in {seconds} s: {n} pair meets again",
                                     "best seating found in {seconds} s: {n} pairs meet again", repeats,
                                     seconds=f"{time_limit:g}"))
    return seating
