"""Issue 33's figure counted in instructions instead of time: the same chained moves as bench_move_cost.py, run
under valgrind's callgrind in two trees, so that a shared, loaded machine gives the same figure every time (timings
of the same tree moved by 30-50% under load; instruction counts by under 0.1%). Instructions are not time (compiled
code does more per instruction than the interpreter, or less), so report both.

Per game: callgrind's count for `--chains` chains of up to 200 moves minus its count for none (the start-up),
divided by the moves the chains made (the same in both trees: the same seeds, the same views, the same choices). Python's hash
seed is fixed (PYTHONHASHSEED=0): with a random one the start-up alone varied by 3 million instructions, 5% of
race's 400 moves. Both trees need bench/bench_move_cost.py (copy this tree's into an older one, as for ab.py) and a .venv.

    git worktree add /tmp/before <commit> && ln -s "$PWD/.venv" /tmp/before/.venv
    cp bench/bench_move_cost.py /tmp/before/bench/
    .venv/bin/python bench/bench_move_instructions.py /tmp/before --env-after BOARDHALL_ACCEL=1 --games race jambo

About a minute of CPU a run; two run at once. Never fails on a count.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["race", "river", "jambo", "goldrush", "istanbul", "goldwest"]
COLLECTED = re.compile(r"Collected : (\d+)")
MADE = re.compile(r"^moves made: (\d+)", re.M)


def instructions(tree: Path, env: dict[str, str], game: str, chains: int, only: str) -> tuple[int, int]:
    """(instructions, moves made) of one run under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(tree / ".venv" / "bin" / "python"),
               "bench/bench_move_cost.py", "--games", game, "--runs", str(chains), "--only", only, "--print-moves"]
    out = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", **env})
    found = COLLECTED.search(out.stderr)
    if found is None:
        raise SystemExit(f"no count from callgrind in {tree}: {out.stderr[-500:]}")
    return int(found.group(1)), int(MADE.search(out.stdout).group(1))


def pairs(items: list[str]) -> dict[str, str]:
    return dict(item.split("=", 1) for item in items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the other tree (with a .venv and bench/bench_move_cost.py)")
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--chains", type=int, default=3)
    parser.add_argument("--only", choices=("seats", "all"), default="seats")
    parser.add_argument("--env-before", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--env-after", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    sides = [(args.before.resolve(), pairs(args.env_before)), (ROOT, pairs(args.env_after))]
    jobs = {(side, game, chains): (tree, env, game, chains, args.only)
            for side, (tree, env) in enumerate(sides) for game in args.games for chains in (0, args.chains)}
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = dict(zip(jobs, pool.map(lambda job: instructions(*job), jobs.values())))
    print(f"instructions a move ({args.only}; {args.chains} chains of up to 200 moves, start-up subtracted)")
    for game in args.games:
        before, after = ((counts[(side, game, args.chains)][0] - counts[(side, game, 0)][0])
                         / counts[(side, game, args.chains)][1] for side in (0, 1))
        print(f"{game} {args.only}: before {before:,.0f}, after {after:,.0f}, after/before {after / before:.3f}")


if __name__ == "__main__":
    main()
