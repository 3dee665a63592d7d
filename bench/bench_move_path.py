"""The rules-and-views part of one move, in process: what a move costs before any socket or database.

For the `race` micro-game and for each real game, plays moves and times the work the hub does per move (parse the
message, apply, build the views, diff them, serialise the patch frames), for the seats alone and for the seats and
spectators, the way the hub did it before issue 33 and the way it does now, alternating in the same run. Timings
are the best of several runs, so they change little with what else the machine does.

    .venv/bin/python bench/bench_move_path.py
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("BOARDHALL_BENCH_GAMES", "1")
from app import engine  # noqa: E402
from app.engine.registry import load_games  # noqa: E402
from app.play import messages  # noqa: E402
from app.play.runtime import SPECTATOR, audience_key, seat_number  # noqa: E402
from app.play.hub import patch_frames  # noqa: E402
from app.play.patch import make_patch  # noqa: E402


def playout(game: engine.Game, players: int, moves: int, seed: int) -> list[tuple[dict, int, dict]]:
    """(state before, seat, action) for up to `moves` random legal moves."""
    state = game.new_game(players, {}, seed)
    rng = random.Random(seed)
    out = []
    while len(out) < moves and game.result(state) is None:
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(game.legal(state, seat))
        out.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    return out


def one_move(game: engine.Game, move: tuple, audiences: list[str], parse, shared: bool) -> tuple:  # noqa: ANN001
    """One move as the hub makes it; returns (the new state, its JSON, each audience's new view), what the hub keeps
    for the next move. `shared`: as the hub does since issue 33 (the mover's legal actions taken from its view, every
    audience patched at once with their shared parts diffed once); else as it did before (legal worked out again by
    `apply`, each audience diffed alone)."""
    state, encoded, seat, action, old = move
    text = orjson.dumps({"type": "act", "id": 1, "version": 7, "action": action})
    parse(text)
    known = old.get(audience_key(seat)) if shared else None
    new_state, events = game.apply(state, seat, action, encoded, known["legal"] if known is not None else None)
    stored = orjson.dumps(new_state)  # the state stored with the move
    new = game.full_views(new_state, [seat_number(a) for a in audiences])
    if shared:  # the hub's own frames: every audience diffed at once, events serialised once when all may see them
        patch_frames([(key, old[key], view) for key, view in zip(audiences, new)], 8, events)
    else:
        for key, view in zip(audiences, new):
            orjson.dumps({"type": "patch", "version": 8, "ops": make_patch(old[key], view),
                          "events": engine.filter_events(events, seat_number(key))})
    return new_state, stored, dict(zip(audiences, new))


def per_move_us(game: engine.Game, moves: list, audiences: list[str], parse, shared: bool,  # noqa: ANN001
                repeat: int = 7) -> float:
    # The old views come ready, as the hub keeps them from the previous move.
    ready = [(state, orjson.dumps(state), seat, action,
              dict(zip(audiences, game.full_views(state, [seat_number(a) for a in audiences]))))
             for state, seat, action in moves]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for move in ready:
            one_move(game, move, audiences, parse, shared)
        best = min(best, time.process_time() - start)
    return best / len(moves) * 1e6


def main() -> None:
    load_games()
    print("CPU a move, best of 9 runs (3 x 3, alternating) of 200 random moves; before/now: the hub's way before issue 33 and now")
    print(f"{'game':10s} {'players':>7s} {'seats, before':>14s} {'seats, now':>11s} {'ratio':>6s} "
          f"{'seats+spectators, before':>25s} {'now':>6s} {'ratio':>6s}")
    for game_id, players in [("race", 2), ("river", 4), ("jambo", 2), ("goldrush", 4), ("istanbul", 4),
                             ("goldwest", 4)]:
        game = engine.get(game_id)
        if game is None:
            continue
        moves = playout(game, players, 200, seed=7)
        seats = [audience_key(s) for s in range(players)]
        row = []
        for audiences in (seats, [*seats, SPECTATOR]):
            # Alternated, so a slower minute of a shared machine weighs on both.
            before, now = [], []
            for _ in range(3):
                before.append(per_move_us(game, moves, audiences, messages.parse, shared=False, repeat=3))
                now.append(per_move_us(game, moves, audiences, messages.parse, shared=True, repeat=3))
            row += [min(before), min(now)]
        print(f"{game_id:10s} {players:7d} {row[0]:11.0f} us {row[1]:8.0f} us {row[1] / row[0]:6.2f} "
              f"{row[2]:22.0f} us {row[3]:3.0f} us {row[3] / row[2]:6.2f}")


if __name__ == "__main__":
    main()
