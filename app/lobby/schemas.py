"""Lobby request and response shapes; a response never carries a game's seed or state."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class GamePublic(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    bots: list[str]
    # For the lobby's game cards (added fields; the ones above are unchanged).
    summary: str = ""  # one line on what the game is
    minutes: list[int] | None = None  # a game's usual length in minutes: [shortest, longest]
    picture: str | None = None  # URL of the game's picture (an SVG of ours)
    rules_url: str | None = None  # URL of the rules page (docs/rules/<id>.md as HTML)
    levels: list[str] = Field(default_factory=list)  # the levels a bot may play at, weakest first
    bot_level: str = "medium"  # the level a bot gets when none is asked for


class Pace(BaseModel):
    """How fast the table plays (app/play/clocks.py); each mode takes only its own fields, defaults fill the rest."""

    model_config = ConfigDict(extra="forbid")
    mode: Literal["relaxed", "realtime", "turn_based"] = "relaxed"
    bank_s: int | None = Field(default=None, ge=2, le=24 * 3600, strict=True)  # realtime: the time bank
    increment_s: int | None = Field(default=None, ge=0, le=3600, strict=True)  # realtime: added per decision
    deadline_h: int | None = Field(default=None, ge=1, le=14 * 24, strict=True)  # turn_based: hours per decision

    @model_validator(mode="after")
    def _fields_of_the_mode(self) -> "Pace":
        own = {"relaxed": (), "realtime": ("bank_s", "increment_s"), "turn_based": ("deadline_h",)}[self.mode]
        foreign = [f for f in ("bank_s", "increment_s", "deadline_h") if getattr(self, f) is not None and f not in own]
        if foreign:
            raise ValueError(f"{' and '.join(foreign)} cannot be set for a {self.mode} pace")
        if self.mode == "realtime":
            self.bank_s = 300 if self.bank_s is None else self.bank_s
            self.increment_s = 20 if self.increment_s is None else self.increment_s
        if self.mode == "turn_based" and self.deadline_h is None:
            self.deadline_h = 24
        return self


class TableCreate(BaseModel):
    game: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int | None = Field(default=None, ge=1, le=8)
    private: bool = False
    pace: Pace = Field(default_factory=Pace)


class QuickPlay(BaseModel):
    game: str = Field(max_length=32)
    level: str | None = Field(default=None, max_length=16)  # the bots' level (GamePublic.levels); default: bot_level


class VoteRequest(BaseModel):
    seat: int = Field(ge=0, le=7)


class TableCreated(BaseModel):
    id: str
    invite: str
    invite_url: str


class JoinRequest(BaseModel):
    seat: int | None = Field(default=None, ge=0, le=7)
    invite: str | None = Field(default=None, max_length=64)


class SeatRequest(BaseModel):
    seat: int | None = Field(default=None, ge=0, le=7)


class BotRequest(SeatRequest):
    level: str | None = Field(default=None, max_length=16)  # the bot's level (GamePublic.levels); default: bot_level


class SeatPublic(BaseModel):
    index: int
    user_id: int | None
    name: str | None
    bot: str | None
    level: str | None = None  # a bot's level: "easy", "medium" or "hard" (GamePublic.levels); null for people
    connected: bool | None = None  # for seats a person plays
    absent_since_ms: int | None = None  # epoch ms when that person went away (0: never seen here)
    away_user_id: int | None = None  # the player a bot stands in for; they may take the seat back
    resigned: bool = False
    votes: int = 0  # votes to seat a bot for this absent player
    guest: bool = False  # a guest plays this seat (registered players' nicknames are unique hall-wide; guests' not)
    rating: float | None = None  # the shown rating at this game (docs/ratings.md): registered players and bots
    rated_games: int | None = None  # registered players: their rated games at this game (pages show a rating from 1)


class TablePublic(BaseModel):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    host_id: int
    host: str
    private: bool
    status: Literal["open", "playing", "finished"]
    seats: list[SeatPublic]
    result: dict[str, Any] | None = None
    invite: str | None = None  # only for people already at the table or holding the invite
    rematch_id: str | None = None  # set once the host opens a rematch; /tables/{id}/rematch leads there
    pace: dict[str, Any] = Field(default_factory=lambda: {"mode": "relaxed"})
    waiting: list[int] = Field(default_factory=list)  # seats awaited now, during play
    clocks: dict[str, Any] | None = None  # timed tables in play: {"<seat>": {"left_ms", "running"}} at `clocks_at`
    clocks_at: int | None = None  # server epoch ms
    your_move: bool | None = None  # in table lists: whether the asking user is awaited
    # In table lists: the lobby group, "your_move" | "yours" (seated or hosting) | "open" (to join) | "playing".
    group: Literal["your_move", "yours", "open", "playing"] | None = None
    idle: bool = False  # open or in play, and nobody has had it open for an hour: listed below the live ones
    absent_grace_s: float = 0  # how long a player is away before the others may vote a bot into their seat
