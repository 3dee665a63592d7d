"""Rating maths, apart from the database: who takes part in a rated game, their places, and the openskill update.

The model is openskill's Plackett-Luce with its default parameters (docs/ratings.md). Every player is a team of
one (no Boardhall game has teams); equal places are ties. Guests take no part at all: the others are ranked among
themselves as if the guest's seat were not there. Bots take part as fixed anchors: their (mu, sigma) is set per bot
name and level and never changes, so a player's rating against bots means the same thing over time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from openskill.models import PlackettLuce

from app.engine.kit import standings

MODEL = PlackettLuce()
# Bot anchors by bot name: a random mover is a weak player whose strength we are sure of; a game's heuristic bot
# plays a sensible game. Unknown names count as random movers.
BOT_ANCHORS: dict[str, tuple[float, float]] = {"random": (15.0, 1.0), "heuristic": (25.0, 1.0)}
DEFAULT_ANCHOR = BOT_ANCHORS["random"]
# Levels above easy search ahead with the bot as its playout policy (app/engine/search.py): their anchor is the bot's
# own mu raised so that openskill's chance of the level beating the bot in a two-player game matches the measured
# one (docs/ratings.md works it out). Easy is the bot itself.
LEVEL_GAIN: dict[str, float] = {"medium": 3.0, "hard": 5.0}


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The number people see: mu - 3 sigma, a cautious estimate that starts at 0 and rises with play."""
        return round(self.mu - 3 * self.sigma, 1)


FRESH = Skill(MODEL.mu, MODEL.sigma)


def anchor(bot: str, level: str | None) -> Skill:
    """The fixed skill of `bot` playing at `level`. Easy, and no level (bots seated before levels existed, who played
    the heuristic), keep the anchor of the bot's name; an unknown level counts as easy."""
    mu, sigma = BOT_ANCHORS.get(bot, DEFAULT_ANCHOR)
    return Skill(mu + LEVEL_GAIN.get(level or "", 0.0), sigma)


def places(result: dict[str, Any], num_seats: int, resigned: set[int]) -> list[int]:
    """Place per seat (1 = best, equal places for ties); seats that resigned share the last place, whatever the
    bot that finished for them scored.

    The game's own places are used when its result has them; otherwise winners come first, then higher scores.
    """
    given = result.get("places")
    if not (isinstance(given, list) and len(given) == num_seats):
        winners = set(result.get("winners") or [])
        scores = result.get("scores") or [0] * num_seats
        given = standings([(seat in winners, scores[seat]) for seat in range(num_seats)])
    return standings([(False, 0) if seat in resigned else (True, -given[seat]) for seat in range(num_seats)])


@dataclass(frozen=True)
class Participant:
    """A rated seat: a registered player (`skill` is their rating so far, `fixed` False) or a bot anchor."""

    seat: int
    place: int
    skill: Skill
    fixed: bool


def rate(participants: Sequence[Participant]) -> dict[int, Skill]:
    """New skills by seat for the participants that are not fixed; empty when there is nothing to rate (fewer than
    two participants, or nobody whose rating may move)."""
    if len(participants) < 2 or all(p.fixed for p in participants):
        return {}
    teams = [[MODEL.create_rating([p.skill.mu, p.skill.sigma])] for p in participants]
    rated = MODEL.rate(teams, ranks=[p.place for p in participants])
    return {p.seat: Skill(team[0].mu, team[0].sigma) for p, team in zip(participants, rated) if not p.fixed}
