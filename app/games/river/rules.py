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
from app.engine.game import labelled
from app.engine.text import N_
from app.engine.memo import Memo

from . import data as C
from . import state as river_state
from . import scoring, turn, view
from .bot import RiverBot
from .steps import STEP_TYPES


# The legal actions of the two decisions asked most, by what their `options` read: the secret token choice (the
# hand; every move of the choice asks it again for each seat still to choose) and the move (the token, and the ship
# or, for the star, the barge and the round's lowest number). Labelling them again each time was most of a move's
# legal work; the same list object also lets the patch skip an unchanged list at once. Nothing changes a legal list
# once made (the hub and `apply` only read it). Small (`state.Memo`): the chain's hits are the lists the table's
# previous move asked.
_LEGAL = Memo(32)


def _legal_key(state: dict, frame: dict, seat: int) -> tuple | None:
    """What the options of the decision asked now are made of, or None when they are not memoised."""
    kind = frame["step"]
    if kind == "token":
        return ("token", *state["players"][seat]["hand"])
    if kind == "move":
        player = state["players"][seat]
        if player["token"] == C.STAR:
            return ("barge", state["low"], state["barge"])
        return ("ship", player["token"], player["pos"], river_state.homeward(player))
    return None


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

    def legal(self, state: dict, seat: int) -> list[dict]:
        """As every step game's, memoised for the decisions asked most (`_legal_key`)."""
        frame = frames.top(state)
        key = _legal_key(state, frame, seat) if frame is not None and not state.get("over") else None
        if key is None:
            return super().legal(state, seat)
        step = self.step_for(frame)
        if seat not in step.seats(self, state, frame):
            return []
        found = _LEGAL.get(key)
        if found is None:
            found = _LEGAL.keep(key, [labelled(a) for a in step.options(self, state, frame, seat)])
        return found

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
