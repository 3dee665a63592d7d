"""Decisions declared once: a game is a stack of step frames, and each frame names the Step that handles it.

A frame is plain JSON in the state, `{"step": <kind>, "seat": <seat>, ...fields of that decision}`, kept in
`state["steps"]` with the current decision last. A `Step` subclass says, for its kind, who is asked
(`seats`), what they are told (`text`), what they may choose (`options`) and what a choice does
(`resolve`). `StepGame` answers the engine protocol (`pending`, `legal`, `play`, `result`,
`timeout_action`) by dispatching to the top frame's step, so a card or a place lives in one class.

The four prompt shapes are four ways of writing `seats`:
- one seat: the default, `[frame["seat"]]`;
- several seats at once in secret: the undecided seats, with `secret = True`; the step stores each
  choice in its frame (hidden by the view) and resolves when the last one arrives;
- a reaction inside another's turn: a frame pushed for the reacting seat on top of the active turn;
- everyone in turn: a frame with `"order"` and `"at"`; `seats` returns the one whose turn it is.

After each resolved choice `StepGame.advance` runs the turn flow until somebody has something to decide
or the game is over (`state["over"]` holds the result then).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .game import Action, Event, Game, Prompt, State, labelled
from .kit import Log
from .text import Text

Frame = dict[str, Any]
STACK = "steps"


def top(state: State) -> Frame | None:
    """The current decision, or None when nothing is asked."""
    stack = state.get(STACK)
    return stack[-1] if stack else None


def push(state: State, kind: str, seat: int | None = None, **fields: Any) -> Frame:
    """Ask a new decision on top of the current ones (a reaction, a sub-choice) and return its frame."""
    frame: Frame = {"step": kind, **fields}
    if seat is not None:
        frame["seat"] = seat
    state.setdefault(STACK, []).append(frame)
    return frame


def pop(state: State) -> Frame:
    """The current decision is settled: remove it and return it."""
    return state[STACK].pop()


def replace(state: State, kind: str, seat: int | None = None, **fields: Any) -> Frame:
    """Settle the current decision and ask the next one in its place."""
    pop(state)
    return push(state, kind, seat, **fields)


def clear(state: State) -> None:
    state[STACK] = []


class Step(ABC):
    """One kind of decision. Subclasses set `kind` and write `text`, `options` and `resolve`.

    Methods receive the game (for its helpers), the state, the frame, and the seat that is asked.
    """

    kind: ClassVar[str]
    prompt_kind: ClassVar[str | None] = None  # what renderers switch on; the step's kind when None
    secret: ClassVar[bool] = False  # simultaneous choices hidden from the others until all are in
    undoable: ClassVar[bool] = False  # an undo point: its choices may be taken back (app/engine/undo.py)
    forced_single: ClassVar[bool] = False  # StepGame.ask plays the only option at once instead of asking

    def seats(self, game: Any, state: State, frame: Frame) -> list[int]:
        return [frame["seat"]]

    @abstractmethod
    def text(self, game: Any, state: State, frame: Frame, seat: int) -> str | Text:
        """What `seat` is asked, in words: best a Text (app/engine/text.py), which other languages can write."""

    def data(self, game: Any, state: State, frame: Frame, seat: int) -> dict[str, Any]:
        """Structured prompt data for the renderer (what is being paid for, which card...)."""
        return {}

    @abstractmethod
    def options(self, game: Any, state: State, frame: Frame, seat: int) -> list[Action]:
        """Every action `seat` may choose here, each with a `label` (best a Text) and the fields that say what it
        means. The engine sends a Text label as its English `label` plus `say`, and hands `resolve` the action
        without `say`."""

    def labelled_options(self, game: Any, state: State, frame: Frame, seat: int) -> list[Action]:
        """`options` as `legal` lists them, each labelled by the game (`StepGame.label`). A step whose offer comes back
        move after move may keep its labelled actions by what each is made of instead (Jambo's phases)."""
        return [game.label(action) for action in self.options(game, state, frame, seat)]

    @abstractmethod
    def resolve(self, game: Any, state: State, frame: Frame, seat: int, action: Action, log: Log) -> None:
        """Apply a legal choice (the engine checked it) and say what happened in `log`."""

    def on_timeout(self, game: Any, state: State, frame: Frame, seat: int) -> Action | None:
        """The game's own rule when `seat` runs out of time here; None: the platform asks a bot."""
        return None

    def undoable_choice(self, game: Any, state: State, frame: Frame, seat: int, action: Action) -> bool:
        """Whether this choice of an `undoable` step may be taken back; a step narrows it here when some of its
        choices (or what they set off) show the mover something they did not know. Only asked when `undoable`."""
        return True


class StepGame(Game):
    """A Game whose decisions are Steps. Subclasses list `step_types`, write `setup`, `advance`, `view`."""

    step_types: ClassVar[tuple[type[Step], ...]] = ()
    _steps: ClassVar[dict[str, Step]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        steps: dict[str, Step] = {}
        for step_type in cls.step_types:
            if step_type.kind in steps:
                raise TypeError(f"{cls.__name__}: two steps of kind {step_type.kind!r}")
            steps[step_type.kind] = step_type()
        cls._steps = steps

    def step_for(self, frame: Frame) -> Step:
        return self._steps[frame["step"]]

    def ask(self, state: State, log: Log, kind: str, seat: int | None = None, **fields: Any) -> Frame | None:
        """Push a decision for `seat`; returns its frame, or None when it was settled at once.

        A step with `forced_single = True` that lists exactly one option is resolved here with that option,
        so "the server takes it for you" is the same code path as the player's click.
        """
        frame = push(state, kind, seat, **fields)
        step = self._steps[kind]
        if step.forced_single:
            asked = frame["seat"] if "seat" in frame else step.seats(self, state, frame)[0]
            options = step.options(self, state, frame, asked)
            if len(options) == 1:
                only = labelled(options[0])
                only.pop("say", None)  # what `play` hands a step: the English label, no `say`
                step.resolve(self, state, frame, asked, only, log)
                return None
        return frame

    # ---- the turn flow, written by each game ------------------------------------------------------------
    def advance(self, state: State, log: Log) -> None:
        """Move the game on after a resolved step until a decision is pending or the game is over.

        The default does nothing: steps push their successors themselves.
        """

    # ---- the engine protocol, answered from the top frame ---------------------------------------------------
    def pending(self, state: State) -> dict[int, Prompt]:
        frame = top(state)
        if frame is None or state.get("over"):
            return {}
        step = self.step_for(frame)
        kind = step.prompt_kind or step.kind
        return {seat: Prompt(step.text(self, state, frame, seat), kind=kind, secret=step.secret,
                             data=step.data(self, state, frame, seat))
                for seat in step.seats(self, state, frame)}

    def legal(self, state: State, seat: int) -> list[Action]:
        frame = top(state)
        if frame is None or state.get("over"):
            return []
        step = self.step_for(frame)
        if seat not in step.seats(self, state, frame):
            return []
        return step.labelled_options(self, state, frame, seat)

    def label(self, action: Action) -> Action:
        """A listed action as clients get it: its Text label written in English (`labelled`). A game whose options
        come back move after move may keep them (Jambo: `memo.labelled_kept`)."""
        return labelled(action)

    def play(self, state: State, seat: int, action: Action) -> list[Event]:
        log = Log()
        frame = top(state)
        assert frame is not None, "play without a pending step"
        self.step_for(frame).resolve(self, state, frame, seat, action, log)
        self.advance(state, log)
        return log.events

    def result(self, state: State) -> dict[str, Any] | None:
        return state.get("over") or None

    def end_now(self, state: State, log: Log) -> None:
        """No decision is left open: the game's own `finish_now` scores the standings as they are."""
        clear(state)
        self.finish_now(state, log)

    def finish_now(self, state: State, log: Log) -> None:
        """Store the result of the standings as they are in `state["over"]` (the move cap), with the steps cleared;
        a game with a `move_cap` writes it with its own end of game."""
        raise NotImplementedError(f"{self.id} has a move cap but no finish_now")

    def timeout_action(self, state: State, seat: int) -> Action | None:
        frame = top(state)
        if frame is None:
            return None
        action = self.step_for(frame).on_timeout(self, state, frame, seat)
        return labelled(action) if action is not None else None  # as `legal` lists it, so it matches

    def is_undoable(self, state: State) -> bool:
        """Whether the decision now pending is an undo point (see Step.undoable)."""
        frame = top(state)
        return frame is not None and self.step_for(frame).undoable

    def undoable_move(self, state: State, seat: int, action: Action) -> bool:
        frame = top(state)
        if frame is None:
            return False
        step = self.step_for(frame)
        return step.undoable and step.undoable_choice(self, state, frame, seat, action)
