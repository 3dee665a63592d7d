"""Taking back moves within one's own turn: which moves may be undone, and the states an undo returns to.

A move by seat S may be taken back (it is *undoable*) when all of these hold:
1. the game vouches for the choice: `Game.undoable_move(before, S, action)`, which for step games means the step
   is an undo point (`Step.undoable`) and its `undoable_choice` agrees. The game's author answers for "it shows
   the mover nothing they did not know" (a card drawn or peeked at, a face-down tile turned). What the mover
   shows the others of their own (a card played from hand) does not count: taking it back helps nobody;
2. it drew no randomness: the generator value `state["rng"]` is the same before and after it;
3. afterwards the game is not over and S alone is asked to decide (the turn goes on, nobody else was asked).

Seat S may take back the last move of the game while that move is S's and undoable; pressing again takes back
the one before, and so on, back to the last point no undo may pass: a move that was not undoable (S's own or
another seat's), or the deal. One move per press, the way players expect. A `Trail` keeps those states: the
point no undo may pass, then the state after each undoable move since. After an undo the game is again at the
state of the move before, and the trail is one shorter; a new move grows it again.

In the move log an undo is an ordinary row whose action is `{"type": "undo", "to": V}` (seat: who took back):
it sets the state to the state after move V, the trail's previous point. Replaying a log (app/engine/playout.py)
checks each undo row with the same rules, so a log can only take back what the table could.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import GameOver, NotUndoable, NotYourTurn
from .game import Action, Event, Game, State, match_action
from .rng import RNG_KEY
from .text import said, t

UNDO = "undo"
MAX_TRAIL = 64  # undoable moves kept in a row; older ones can no longer be taken back (no turn comes near it)
LABEL_CHARS = 120


def is_undo(action: Any) -> bool:
    """Whether a move-log action is an undo row (`{"type": "undo", "to": <version>}`)."""
    return isinstance(action, dict) and action.get("type") == UNDO and type(action.get("to")) is int


def has_undo_points(game: Game) -> bool:
    """Whether any of a game's decisions may ever be taken back (a step game with an `undoable` step)."""
    return any(getattr(step, "undoable", False) for step in getattr(type(game), "step_types", ()))


def undo_action(to: int) -> Action:
    return {"type": UNDO, "to": to}


def undoable(game: Game, before: State, seat: int, action: Action, after: State,
             waiting: list[int] | None = None) -> bool:
    """Whether `seat`'s move from `before` to `after` may be taken back (the three rules above).

    `waiting`: the seats pending in `after`, when the caller has them already (the server computed its views).
    """
    if before.get(RNG_KEY) != after.get(RNG_KEY) or game.result(after) is not None:
        return False
    if not game.undoable_move(before, seat, action):
        return False
    pending = sorted(game.pending(after)) if waiting is None else list(waiting)
    return pending == [seat]


@dataclass(frozen=True)
class Point:
    """A state an undo may return to: the game's state after the move that made `version` (by `seat`)."""

    version: int
    state: State
    seat: int | None = None  # None: the point no undo passes (nothing before it is kept)
    label: str = ""  # what the move was, for the "took back" line
    say: Any = None  # the same as a Text, when the game wrote its label as one (other languages)


class Trail:
    """The point no undo may pass, then each undoable move since, oldest first. Values: methods return new trails.

    The states are shared with the caller, never changed here: restore one with a copy (`copy_state`).
    """

    def __init__(self, points: list[Point]):
        self.points = points

    @classmethod
    def start(cls, version: int, state: State) -> "Trail":
        return cls([Point(version, state)])

    def moved(self, game: Game, version: int, seat: int, action: Action, before: State, after: State,
              waiting: list[int] | None = None, forced: bool = False) -> "Trail":
        """The trail once `seat` played `action` (making `version`); `forced`: the move was made for the seat (its
        clock ran out), which it may not take back."""
        if forced or not undoable(game, before, seat, action, after, waiting):
            return Trail.start(version, after)
        label = str(action.get("label") or "")[:LABEL_CHARS]
        listed = match_action(action, game.legal(before, seat))  # the client may have left `say` out
        say = listed.get("say") if listed is not None and len(label) < LABEL_CHARS else None
        points = self.points
        if len(points) > 1 and points[-1].seat != seat:  # another seat's run: it ends where this move starts
            points = [Point(points[-1].version, points[-1].state)]
        return Trail([*points[-MAX_TRAIL:], Point(version, after, seat, label, say)])

    def target(self, seat: int) -> Point | None:
        """The point `seat` may go back to now (one move back), or None."""
        if len(self.points) > 1 and self.points[-1].seat == seat:
            return self.points[-2]
        return None

    def undone(self) -> "Trail":
        """The trail once its last move is taken back."""
        return Trail(self.points[:-1])

    def took_back(self, seat: int) -> Event:
        """The log line for `seat` taking back the trail's last move."""
        last, to = self.points[-1], self.points[-2]
        text = (t("{player} took back: {move}", player=f"@{seat}", move=last.say or last.label) if last.label
                else t("{player} took back a move", player=f"@{seat}"))
        return {"type": UNDO, **said(text), "to": to.version, "undone": last.version}


def take_back(game: Game, trail: Trail, state: State, seat: int) -> Point:
    """The point `seat` may return to from `state` (whose trail is `trail`); raises a GameError saying why not."""
    if game.result(state) is not None:
        raise GameOver(t("the game is over"))
    if seat not in game.pending(state):
        raise NotYourTurn(t("only the player whose turn it is may take back their own moves"))
    point = trail.target(seat)
    if point is None:
        raise NotUndoable(t("nothing to take back: the last move was not yours, or it drew, revealed or asked "
                            "another player something, or your turn has just begun"))
    return point
