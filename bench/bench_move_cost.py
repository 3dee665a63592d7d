"""Issue 33's figure: the CPU of one move's in-process path (parse, apply, store the state, build the watched
views, diff them, serialise the frames) per game, printed in `ab.py`'s form so that two trees can be compared in
one run. It runs in any tree: where `bench_move_path.one_move` exists (the tree's own statement of what the hub
does) it is used; an older tree gets the hub's way of its time (each audience diffed alone, legal worked out by
apply).

Moves are played as a chain, the way a table lives: each move starts from the state and views the previous timed
move made, and the next action is drawn from the new views' legal lists. Each run plays a game of its own (seed 7,
8, ... for the seats, 107, 108, ... with a spectator too), the same games in every tree. So a game's memo of view parts (issue 33) helps exactly as much as it does a
server: parts kept from earlier moves and other tables, never the very views it is about to build (an earlier
version timed the same 200 positions seven times, and from the second run on every memo held the answer).

    .venv/bin/python bench/ab.py /tmp/before --pairs 3 --env-after BOARDHALL_ACCEL=1 -- bench/bench_move_cost.py
"""

from __future__ import annotations

import argparse
import inspect
import os
import statistics
import sys
import time
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
os.environ.setdefault("BOARDHALL_BENCH_GAMES", "1")
from app import engine  # noqa: E402
from app.engine.registry import load_games  # noqa: E402
from app.play import messages  # noqa: E402
from app.play.runtime import SPECTATOR, audience_key, seat_number  # noqa: E402

try:
    from bench_move_path import one_move as _tree_move  # noqa: E402
    if "shared" not in inspect.signature(_tree_move).parameters:  # a tree from before issue 33 (its one move differs)
        _tree_move = None
except ImportError:
    _tree_move = None

GAMES = [("race", 2), ("river", 4), ("jambo", 2), ("goldrush", 4), ("istanbul", 4), ("goldwest", 4)]


def _old_move(game, move, audiences, parse):  # noqa: ANN001
    from app.play.patch import make_patch
    state, encoded, seat, action, old = move
    parse(orjson.dumps({"type": "act", "id": 1, "version": 7, "action": action}))
    try:
        new_state, events = game.apply(state, seat, action, encoded)
    except TypeError:
        new_state, events = game.apply(state, seat, action)
    stored = orjson.dumps(new_state)
    new = game.full_views(new_state, [seat_number(a) for a in audiences])
    for key, view in zip(audiences, new):
        orjson.dumps({"type": "patch", "version": 8, "ops": make_patch(old[key], view),
                      "events": engine.filter_events(events, seat_number(key))})
    return new_state, stored, dict(zip(audiences, new))


def chained_us(game, players: int, audiences: list[str], seed: int, moves: int, step=None) -> float:  # noqa: ANN001
    """CPU a move over a chain of up to `moves` random moves of a new game (`seed`), each made by `step` (default: the
    tree's own one move, or the hub's way before issue 33) from what the previous move made."""
    import random

    if step is None:
        if _tree_move is not None:
            step = lambda g, move, aud: _tree_move(g, move, aud, messages.parse, True)  # noqa: E731
        else:
            step = lambda g, move, aud: _old_move(g, move, aud, messages.parse)  # noqa: E731
    state = game.new_game(players, {}, seed)
    encoded = orjson.dumps(state)
    views = dict(zip(audiences, game.full_views(state, [seat_number(a) for a in audiences])))
    rng = random.Random(seed)
    made = 0
    start = time.process_time()
    while made < moves:
        waiting = next(iter(views.values()))["waiting"]
        if not waiting:
            break
        seat = rng.choice(waiting)
        action = rng.choice(views[audience_key(seat)]["legal"])
        state, encoded, views = step(game, (state, encoded, seat, action, views), audiences)
        made += 1
    MADE.append(made)
    return (time.process_time() - start) / max(made, 1) * 1e6


MADE: list[int] = []  # moves each chain made (a game may end before its 200): bench_move_instructions.py divides by them


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", nargs="*", default=[g for g, _ in GAMES])
    parser.add_argument("--only", choices=("seats", "all"), help="one of the two figures")
    parser.add_argument("--print-moves", action="store_true", help="then the moves the chains made, in all")
    args = parser.parse_args()
    load_games()
    for game_id, players in GAMES:
        if game_id not in args.games:
            continue
        game = engine.get(game_id)
        seats = [audience_key(s) for s in range(players)]
        # Seeds of their own for each figure: a game played for one must not leave its views in a memo for the other.
        for name, audiences, first in (("seats", seats, 7), ("all", [*seats, SPECTATOR], 107)):
            if args.only not in (None, name):
                continue
            runs = [chained_us(game, players, audiences, seed=first + run, moves=200) for run in range(args.runs)]
            if not runs:  # --runs 0: the start-up alone (bench_move_instructions.py subtracts it)
                continue
            print(f"{game_id} {name}: best {min(runs):.1f} us, median {statistics.median(runs):.1f} us", flush=True)
    if args.print_moves:
        print(f"moves made: {sum(MADE)}")


if __name__ == "__main__":
    main()
