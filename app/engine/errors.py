"""One error base for everything a player can get wrong, with stable machine codes.

The code is for programs (the browser, tests); the message is for people and quotes the input.
"""


class GameError(Exception):
    code = "game_error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
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
