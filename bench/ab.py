"""Before and after in one run: a benchmark of this tree and of another (an older commit checked out with
`git worktree add`), alternating, so that a slower minute of a shared machine weighs on both.

    git worktree add /tmp/before <commit> && ln -s "$PWD/.venv" /tmp/before/.venv
    .venv/bin/python bench/ab.py /tmp/before --pairs 5 -- bench/bench_hub.py --tables 20 --moves 200 --rounds 3

The two sides may be one tree run two ways: `--env-after KEY=VALUE` (and `--env-before`) sets a variable for one
side only, e.g. the compiled accelerator off against on (docs/accel.md):

    .venv/bin/python bench/ab.py . --env-after BOARDHALL_ACCEL=1 --pairs 3 -- bench/bench_hub.py --rounds 3

Each figure a benchmark prints as `<name>: best <x> us, median <y> us` (bench_hub.py's CPU a move) is collected per
run; the table gives, per figure, the median over the pairs of each run's median and the ratio after/before.
Never fails on a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURE = re.compile(r"^(?P<name>[^:\n]+): best (?P<best>[\d.]+) us, median (?P<median>[\d.]+) us", re.M)


def run(tree: Path, command: list[str], env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run([str(tree / ".venv" / "bin" / "python"), *command], cwd=tree, check=True,
                         capture_output=True, text=True, env={**os.environ, **env}).stdout
    return {m["name"]: float(m["median"]) for m in FIGURE.finditer(out)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the other tree (with a .venv, or a link to one)")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--env-before", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--env-after", action="append", default=[], metavar="KEY=VALUE")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]  # after "--": the benchmark and its arguments
    envs = {side: dict(kv.split("=", 1) for kv in values)
            for side, values in (("before", args.env_before), ("after", args.env_after))}
    figures: dict[str, dict[str, list[float]]] = {}
    for pair in range(args.pairs):
        order = [("before", args.before), ("after", ROOT)]
        if pair % 2:
            order.reverse()  # the side that goes first alternates too
        for side, tree in order:
            for name, value in run(tree, command, envs[side]).items():
                figures.setdefault(name, {"before": [], "after": []})[side].append(value)
                print(f"pair {pair + 1} {side:6s} {name}: {value:.0f} us", file=sys.stderr)
    print(f"{args.pairs} pairs, alternating; medians of each run's median")
    for name, sides in figures.items():
        before, after = statistics.median(sides["before"]), statistics.median(sides["after"])
        print(f"{name}: before {before:.0f} us, after {after:.0f} us, after/before {after / before:.2f} "
              f"(per pair {', '.join(f'{a / b:.2f}' for b, a in zip(sides['before'], sides['after']))})")


if __name__ == "__main__":
    main()
