"""Issue 33's figure: the CPU of one move's in-process path (parse, apply, store the state, build the watched
views, diff them, serialise the frames) per game, printed in `ab.py`'s form so that two trees can be compared in
one run. It runs in any tree: where `bench_move_path.one_move` exists (the tree's own statement of what the hub
does) it is used; an older tree gets the hub's way of its time (each audience diffed alone, legal worked out by
apply).

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
    if "shared" not in inspect.signature(_tree_move).parameters:  # a tree from before issue 33
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
    orjson.dumps(new_state)
    new = game.full_views(new_state, [seat_number(a) for a in audiences])
    for key, view in zip(audiences, new):
        orjson.dumps({"type": "patch", "version": 8, "ops": make_patch(old[key], view),
                      "events": engine.filter_events(events, seat_number(key))})


def playout(game, players, moves, seed):  # noqa: ANN001
    import random
    state = game.new_game(players, {}, seed)
    rng = random.Random(seed)
    out = []
    while len(out) < moves and game.result(state) is None:
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(game.legal(state, seat))
        out.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", nargs="*", default=[g for g, _ in GAMES])
    args = parser.parse_args()
    load_games()
    for game_id, players in GAMES:
        if game_id not in args.games:
            continue
        game = engine.get(game_id)
        moves = playout(game, players, 200, seed=7)
        seats = [audience_key(s) for s in range(players)]
        for name, audiences in (("seats", seats), ("all", [*seats, SPECTATOR])):
            ready = [(state, orjson.dumps(state), seat, action,
                      dict(zip(audiences, game.full_views(state, [seat_number(a) for a in audiences]))))
                     for state, seat, action in moves]
            runs = []
            for _ in range(args.runs):
                start = time.process_time()
                for move in ready:
                    if _tree_move is not None:
                        _tree_move(game, move, audiences, messages.parse, True)
                    else:
                        _old_move(game, move, audiences, messages.parse)
                runs.append((time.process_time() - start) / len(ready) * 1e6)
            print(f"{game_id} {name}: best {min(runs):.1f} us, median {statistics.median(runs):.1f} us", flush=True)


if __name__ == "__main__":
    main()
