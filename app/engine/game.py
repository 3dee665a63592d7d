"""The game protocol every game implements, and the checks every move passes through.

A game is pure: no I/O, no clock, no global randomness. Its state is plain JSON data (dicts,
lists, str, int, bool, None) so it can be stored, copied and diffed; `state["rng"]` holds the
seeded generator (see rng.py) and never leaves through a view.

Who must decide now is `pending(state) -> {seat: Prompt}`. One mapping covers every shape:
- one seat deciding: `{2: Prompt(...)}`;
- several seats deciding at once, in secret (The River): every undecided seat is pending; the game
  stores each choice hidden and resolves when the last one arrives; `view` tells who has chosen;
- a non-active seat reacting inside another's turn (Jambo's defence): only the reacting seat is pending;
- every player in turn inside one player's turn (Istanbul's auction): one seat at a time, in order.

Subclasses implement `setup`, `pending`, `legal`, `play`, `view`, `result`. The public `apply`
runs the checks (not over, seat pending, action listed in `legal`) and plays on a copy, so an
illegal action never changes anything and a game's `play` only handles legal input.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from . import move as _move
from .bot import Bot, RandomBot
from .errors import BadOptions
from .kit import Log
# The generic part of a move lives in move.py (compiled by the accelerator); these names are imported from here too.
from .move import (Prompt, _quote, _without_say, action_key, copy_state, filter_events, labelled,  # noqa: F401
                   match_action, prompt_json)
from .rng import RNG_KEY, seed_state
from .text import Text, said, t

State = dict[str, Any]
Action = dict[str, Any]
# An event is {"type": str, "text": str, ...}. Text names players as "@<seat>" (the browser
# writes names or "you"). "seats": [..] limits an event to those seats (spectators never see it);
# without it every audience sees it.
Event = dict[str, Any]
# How many moves the game has had, kept in the state (so an undo takes it back and a replay counts the same).
MOVES_KEY = "moves_made"


class NoOptions(BaseModel):
    """For games with nothing to choose."""


class Game(ABC):
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    # Upper bound on moves in a game, for playout tests.
    max_moves: ClassVar[int] = 5000
    # The hard move cap, a rule: a game still going after this many moves (every action sent counts as one) stops
    # there and the standings as they are decide it (`end_now`), so a table of bots that never reaches the end
    # cannot run forever. Several times the longest game measured with bots; None: no cap.
    move_cap: ClassVar[int | None] = None
    # Bots offered for empty seats, by name; the lobby seats the last one listed (the strongest).
    bots: ClassVar[dict[str, type[Bot]]] = {"random": RandomBot}
    # What the lobby tells a player choosing a game (GET /api/games): one line on what the game is, and how long a
    # game usually lasts in minutes (shortest, longest). Plain data, so the rules code stays free of the web layer.
    summary: ClassVar[str] = ""
    minutes: ClassVar[tuple[int, int] | None] = None

    # ---- to implement -------------------------------------------------------------------
    @abstractmethod
    def setup(self, num_players: int, options: BaseModel, state: State) -> list[Event] | None:
        """Fill `state` (which already holds the seeded rng) for a new game.

        May return events for what happened while dealing (the first turn's event card, say): they open the log.
        """

    @abstractmethod
    def pending(self, state: State) -> dict[int, Prompt]:
        """Who must decide now, and what each is asked (several seats at once for simultaneous choices)."""

    @abstractmethod
    def legal(self, state: State, seat: int) -> list[Action]:
        """Every action `seat` may send now; empty when it has nothing to decide."""

    @abstractmethod
    def play(self, state: State, seat: int, action: Action) -> list[Event]:
        """Apply a legal action to `state` in place and say what happened."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) may know of the game; no envelope fields."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while playing; then {"scores": [per seat], "winners": [seats], "text": str, ...}."""

    def catalogue(self) -> dict[str, Any]:
        """Static public data the renderer needs once (card texts by card kind, board layout); no state."""
        return {}

    # ---- hooks with defaults: the generic test contract and the clocks use them ---------------------------------
    def invariants(self, state: State) -> None:
        """Raise AssertionError when `state` breaks a rule that must always hold (counts conserved, ...)."""

    def scramble_hidden(self, state: State, audience: int | None, rng: Any) -> State | None:
        """A copy of `state` with everything `audience` may not know changed at random (None: nothing is hidden).

        The generic tests require `view(scrambled, audience) == view(state, audience)`: if a view changed,
        it was showing something that audience may not know.
        """
        return None

    # `views(state, seats)`: `view` for several audiences at once, what every move asks for (move.py's `views`, which
    # see: there it compiles). A game whose views share a costly public part overrides it.
    views = _move.views

    def scores_so_far(self, state: State) -> list[int] | None:
        """Each seat's points if the game stopped now (a tournament table closed early); None: cannot say."""
        return None

    # The search bot's cut-off (app/engine/search.py): moves per seat a playout plays before `evaluate` judges it,
    # for a game too long to play out to the end within a move's budget; None: playouts run to the end.
    search_cutoff: ClassVar[int | None] = None

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's chance to win from here as the game estimates it (in [0, 1], summing to 1), to judge a search
        playout cut off before the end. It may read the whole state: the search only plays on determinized states.
        None: the search ranks `scores_so_far` instead."""
        return None

    def open_views(self, state: State, num_players: int) -> list[dict[str, Any]]:
        """What a replay shows "with every card open" once the game is over: by default every seat's own view, so
        each hand is drawn by the game's renderer exactly as its player saw it. A game may return fewer, fuller
        views (a single board with every hand). Callers check that the game is over; this hook does not.
        """
        return self.full_views(state, list(range(num_players)))

    def end_now(self, state: State, log: Log) -> None:
        """End the game at once with the standings as they are, as its own end would score them (the move cap):
        afterwards `result(state)` returns the stored result dict. Required when `move_cap` is set."""
        raise NotImplementedError(f"{self.id} has a move cap but no end_now")

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """The move made for `seat` when its clock runs out; None lets the platform ask the game's strongest bot."""
        return None

    def undoable_move(self, state: State, seat: int, action: Action) -> bool:
        """Whether `seat` playing `action` on `state` shows it nothing it did not know, so it may be taken back
        (app/engine/undo.py adds the checks every game shares: no randomness drawn, nobody else asked)."""
        return False

    # ---- provided ---------------------------------------------------------------------------
    def parse_options(self, options: dict[str, Any] | None) -> BaseModel:
        try:
            return self.Options.model_validate(options or {})
        except ValidationError as exc:
            raise BadOptions(f"invalid options for {self.id}: {exc.errors(include_url=False)}") from exc

    def options_schema(self) -> dict[str, Any]:
        return self.Options.model_json_schema()

    def check_options(self, num_players: int, options: dict[str, Any] | None) -> BaseModel:
        """Parse options and check them against the number of seats, without dealing a game."""
        if not self.min_players <= num_players <= self.max_players:
            raise BadOptions(t("{game} needs {least}-{most} players, not {n}", game=self.title, least=self.min_players,
                                most=self.max_players, n=num_players))
        opts = self.parse_options(options)
        check_seats = getattr(opts, "check_seats", None)
        if check_seats is not None:
            check_seats(num_players)
        return opts

    def new_game(self, num_players: int, options: dict[str, Any] | None, seed: int) -> State:
        return self.start(num_players, options, seed)[0]

    def start(self, num_players: int, options: dict[str, Any] | None, seed: int) -> tuple[State, list[Event]]:
        """A new game's state, and the events of its deal (for the log)."""
        opts = self.check_options(num_players, options)
        state: State = {RNG_KEY: seed_state(seed)}
        events = self.setup(num_players, opts, state) or []
        return state, events

    # `apply(state, seat, action, encoded=None, legal=None) -> (new state, events)`: check and play one action
    # (move.py's `apply`, which see: bound here as it is, so that a move runs no Python frame of this module).
    apply = _move.apply

    def _count_move(self, state: State) -> list[Event]:
        """Count one move; at the cap, end the game with the standings as they are and say so in the result."""
        made = state.get(MOVES_KEY, 0) + 1
        state[MOVES_KEY] = made
        cap = self.move_cap
        if cap is None or made < cap or self.result(state) is not None:
            return []
        log = Log()
        log.add("move_cap", t("The game has reached its limit of {cap} moves: it stops here, and the players are "
                              "ranked as they stand", cap=cap))
        self.end_now(state, log)
        result = self.result(state)
        assert result is not None, f"{self.id}: end_now left the game going"
        result["capped"] = cap
        earlier = result.get("say", result["text"])
        result.update(said(t("{result} — stopped at the limit of {cap} moves", result=earlier, cap=cap)))
        return log.events

    def full_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The envelope every client gets: game view plus seat, prompt, legal options, who is awaited, result."""
        return self.full_views(state, [seat])[0]

    # `full_views(state, seats)`: full_view for several audiences, asking `pending` and `result` once (move.py's).
    full_views = _move.full_views


