"""Golden games: proof that a rewrite of a game's code plays exactly as before.

A golden game is a seed, a player count and options. It is played by a seeded random chooser (who moves
among pending seats and which legal action, both drawn from `random.Random(seed)`), so the same legal lists
give the same game. Stored per game: one digest over every audience's full view after every move, every
move's events and the result, plus the number of moves. Data stays tiny (a hash per game), and a rewrite
that changes any view, prompt, legal list, event or score changes the digest (`say`, the same texts for other
languages, is left out, so moving sentences into Texts keeps the digests when the English stays the same).

Record: `python -m tests.support.goldens <game_id> [count]` writes tests/games/<id>/goldens.json.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent.parent


def _bytes(value: Any) -> bytes:
    return orjson.dumps(_without_say(value), option=orjson.OPT_SORT_KEYS)


def _without_say(value: Any) -> Any:
    """The data without `say` (texts for other languages): a game that moves its sentences into Texts keeps its
    digests as long as every English text, and everything else, stays the same."""
    if isinstance(value, dict):
        return {k: _without_say(v) for k, v in value.items() if k != "say"}
    if isinstance(value, list):
        return [_without_say(v) for v in value]
    return value


def digest_game(game, num_players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play one seeded game and hash everything every audience saw."""
    rng = random.Random(seed)
    state, events = game.start(num_players, options, seed)
    audiences = [*range(num_players), None]
    h = hashlib.sha256()
    h.update(_bytes(events))
    moves = 0
    while True:
        for view in game.full_views(state, audiences):
            h.update(_bytes(view))
        if game.result(state) is not None:
            break
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(game.legal(state, seat))
        state, events = game.apply(state, seat, action)
        h.update(_bytes([seat, action, events]))
        moves += 1
    return {"players": num_players, "options": options, "seed": seed, "moves": moves, "digest": h.hexdigest()[:32]}


def golden_cases(game, count: int) -> list[tuple[int, dict[str, Any], int]]:
    """`count` seeds for every player count and every declared variant (an option with enum choices)."""
    variants: list[dict[str, Any]] = [{}]
    for name, prop in game.options_schema().get("properties", {}).items():
        choices = prop.get("enum") or next((p.get("enum") for p in prop.get("allOf", []) if "enum" in p), None)
        if name == "variant" and choices:
            variants = [{name: c} for c in choices]
    return [(n, opts, seed) for n in range(game.min_players, game.max_players + 1)
            for opts in variants for seed in range(count)]


def path_for(game_id: str) -> Path:
    return ROOT / "tests" / "games" / game_id / "goldens.json"


def load(game_id: str) -> list[dict[str, Any]]:
    return json.loads(path_for(game_id).read_text())


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from app import engine

    engine.load_games()
    game_id = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    game = engine.get(game_id)
    rows = [digest_game(game, n, opts, seed) for n, opts, seed in golden_cases(game, count)]
    path_for(game_id).write_text(json.dumps(rows, indent=0) + "\n")
    print(f"{len(rows)} golden games of {game_id} written to {path_for(game_id)}")


if __name__ == "__main__":
    main()
