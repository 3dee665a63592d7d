"""One error base for everything a player can get wrong, with stable machine codes.

The code is for programs (the browser, tests); the message is for people and quotes the input. A message written
as a Text (app.engine.text.t) keeps its English in `message` and the Text in `say`, for pages in other languages.
"""

from __future__ import annotations

from .text import Text, english, is_text


class GameError(Exception):
    code = "game_error"

    def __init__(self, message: str | Text, code: str | None = None):
        self.say: Text | None = message if is_text(message) else None
        self.message = english(message) if self.say is not None else message
        super().__init__(self.message)
        if code is not None:
            self.code = code


class IllegalAction(GameError):
    """The action is not one of the legal options for this seat now."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class GameOver(IllegalAction):
    code = "game_over"


class NotUndoable(GameError):
    """There is no move of this seat that may be taken back now."""

    code = "not_undoable"


class BadOptions(GameError):
    code = "bad_options"
