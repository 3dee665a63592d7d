"""Race: the micro-game our websocket benchmark plays, mirroring the one peers are measured with.

Two players strictly alternate. A move writes the mover's seat into the next of 64 cells (round robin)
and increments a counter. Each player holds a secret hand of 5 numbers that the opponent must never see.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.engine import Game, Prompt, Rng

CELLS = 64
# What `pending` and `legal` give, made once: nothing changes a prompt or a listed action once made (the engine plays
# its own copy of an action, docs/games.md), so every move hands out the same objects instead of building them again.
_PROMPT = Prompt("Your move", kind="move")
_MARKS = tuple([{"type": "mark", "cell": cell, "label": f"Mark cell {cell}"}] for cell in range(CELLS))
_MARKED = tuple(tuple(f"@{seat} marks cell {cell}" for cell in range(CELLS)) for seat in (0, 1))  # events' texts


class RaceOptions(BaseModel):
    length: int = Field(default=1_000_000, ge=1, le=10_000_000, title="Length",
                        description="Moves until the game ends.")
    first_player: int | None = Field(default=None, title="First player")


class Race(Game):
    id = "race"
    title = "Race (benchmark)"
    min_players = 2
    max_players = 2
    summary = "A tiny race the server's benchmarks play; not much of a game."
    Options = RaceOptions
    max_moves = 10_000_000

    def setup(self, num_players, options, state):
        rng = Rng(state)
        state.update(cells=[None] * CELLS, count=0, length=options.length,
                     turn=options.first_player if options.first_player is not None else rng.below(2),
                     hands=[[rng.randint(1, 99) for _ in range(5)] for _ in range(2)])

    def pending(self, state):
        return {} if state["count"] >= state["length"] else {state["turn"]: _PROMPT}

    def legal(self, state, seat):
        if seat != state["turn"] or state["count"] >= state["length"]:
            return []
        return _MARKS[state["count"] % CELLS]

    def play(self, state, seat, action):
        cell = action["cell"]
        state["cells"][cell] = seat
        state["count"] += 1
        state["turn"] = 1 - seat
        return [{"type": "mark", "text": _MARKED[seat][cell]}]

    def view(self, state, seat):
        return {"cells": state["cells"], "count": state["count"], "turn": state["turn"],
                "hand": state["hands"][seat] if seat is not None else None}

    def views(self, state, seats):
        # `view` for every audience at once (what each move asks): the state read once.
        cells, count, turn, hands = state["cells"], state["count"], state["turn"], state["hands"]
        return [{"cells": cells, "count": count, "turn": turn, "hand": hands[seat] if seat is not None else None}
                for seat in seats]

    def result(self, state):
        if state["count"] < state["length"]:
            return None
        marks = [state["cells"].count(s) for s in (0, 1)]
        best = max(marks)
        return {"scores": marks, "winners": [s for s in (0, 1) if marks[s] == best], "text": "Most cells wins."}
