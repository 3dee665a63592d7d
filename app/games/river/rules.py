"""The River (Река): a light family race for 2-4 players along a river of 18 cards.

Every round each player still on the river secretly picks a movement token; the tokens are revealed and
resolved in the seed's order; ships sail to buoys to discover creatures for a 4-picture newspaper, buy tools
from the red barge with tokens, improve the article 4 times and race to the Bay. This module only wires the
parts together: data.py (components), state.py (types, set-up), steps.py (each decision), turn.py (the round),
scoring.py, view.py, bot.py. Every ruling is in docs/rules/river.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from app.engine import BaseOptions, Log, RandomBot, StepGame
from app.engine import steps as frames
from app.engine.text import N_

from . import state as river_state
from . import scoring, turn, view
from .bot import RiverBot
from .steps import STEP_TYPES


class RiverOptions(BaseOptions):
    first_player: int | None = Field(
        default=None, ge=0, le=3, title=N_("First player"),
        description=N_("Seat that wins ties of the acting order first (replaces 'the youngest'); random when empty"))


class River(StepGame):
    id: ClassVar[str] = "river"
    title: ClassVar[str] = N_("The River")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    summary: ClassVar[str] = N_("Sail up the river and back, buy tools from the barge and fill your newspaper with "
                                "the creatures you find.")
    minutes: ClassVar[tuple[int, int]] = (20, 40)
    Options: ClassVar[type[BaseOptions]] = RiverOptions
    max_moves: ClassVar[int] = 2500
    move_cap: ClassVar[int] = 1500  # longest measured: 325 moves (four random bots)
    bots: ClassVar[dict] = {"random": RandomBot, "heuristic": RiverBot}
    step_types = STEP_TYPES

    def setup(self, num_players: int, options: Any, state: dict) -> None:
        river_state.setup(num_players, options, state)
        frames.push(state, "draft", order=list(range(num_players - 1, -1, -1)), at=0)  # last seat first

    def advance(self, state: dict, log: Log) -> None:
        turn.advance(self, state, log)

    def finish_now(self, state: dict, log: Log) -> None:
        state["phase"] = "over"
        state["order"], state["acting"], state["tasks"] = [], -1, []
        state["over"] = scoring.result(state)
        log.add("end", state["over"]["say"])

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def views(self, state: dict, seats: list[int | None]) -> list[dict[str, Any]]:
        return view.views(state, seats)

    def catalogue(self) -> dict[str, Any]:
        return view.catalogue()

    def invariants(self, state: dict) -> None:
        river_state.check_invariants(state)

    def scramble_hidden(self, state: dict, audience: int | None, rng: Any) -> dict:
        return view.scramble_hidden(state, audience, rng)
