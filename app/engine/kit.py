"""What every game needs and used to write for itself: the log, words, piles, ranking and the base options.

Events name players as `@<seat>`; the browser writes the name, or "you" with the right verb form, so event
text is written in the third person ("@0 takes 2 coins") and the page turns it into "You take 2 coins".
Everything here is pure and works on plain JSON lists kept in the state.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from .errors import BadOptions
# Everything but the options lives in plain.py, compiled by the accelerator (a pydantic model here refuses it).
from .plain import (Event, Log, Pile, Reshuffle, T, deal, event, first_seat, join_words,  # noqa: F401
                    one_per_design, plural, result_of, seat_list, seat_ref, seat_words, seats_from, standings,
                    unseen_shuffle, winners, winners_say, winners_text)
from .text import t


# ---- options ---------------------------------------------------------------------------------------------------

class BaseOptions(BaseModel):
    """Options every game has. The rulebooks' "the youngest starts" becomes a host's choice (RULINGS.md)."""

    first_player: int | None = Field(default=None, ge=0, le=5, title="First player",
                                     description="Seat that starts; random when empty.")

    def check_seats(self, num_players: int) -> None:
        """Options that depend on the number of seats; checked before any game is dealt."""
        if self.first_player is not None and self.first_player >= num_players:
            raise BadOptions(t("first_player must be a seat number below {n}, not {first}", n=num_players,
                               first=self.first_player))
