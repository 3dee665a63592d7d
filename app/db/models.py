"""The schema: users, their sessions, tables (lobby), seats, games (one per table), moves (the log), messages (chat)."""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, MetaData, String, Text,
                        UniqueConstraint, true)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def as_utc(moment: datetime) -> datetime:
    """A stored moment with its time zone: SQLite gives back naive datetimes (stored in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nickname: Mapped[str] = mapped_column(String(32))
    # Registered accounts have a unique username and an argon2 hash; guests have neither.
    username: Mapped[str | None] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    lang: Mapped[str | None] = mapped_column(String(8))  # the language a signed-in account chose (app/i18n)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Whether this person sees ratings next to names in the lobby and at tables (docs/ratings.md).
    show_ratings: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class UserSession(Base):
    """One signed-in browser. The cookie carries a random token; only its SHA-256 is stored, so a copy of the
    database does not sign anyone in. Deleting the row ends every copy of that cookie (logout, password change)."""

    __tablename__ = "sessions"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 hex of the cookie's token
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SigningKey(Base):
    """A key that signs session cookies (app/accounts/keys.py): the first is written by the first instance to start,
    a rotation adds one. Ids are given explicitly (1 for the first), so two instances never write two first keys."""

    __tablename__ = "signing_keys"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    secret: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Table(Base):
    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_host_recent", "host_id", "created_at"),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str] = mapped_column(String(32), unique=True)
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)  # open | playing | finished
    num_seats: Mapped[int] = mapped_column(Integer)
    rematch_id: Mapped[str | None] = mapped_column(String(16))  # the table the host opened for a rematch
    pace: Mapped[dict | None] = mapped_column(JSON)  # {"mode": relaxed|realtime|turn_based, ...}; None: relaxed
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)
    # When a socket was last open on the table; open tables nobody visits for a day leave the public list.
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=utcnow)


class Seat(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32))  # bot name when a bot holds the seat
    # How strongly that bot plays (app/engine/search.py LEVELS); null: easy, as bots played before levels existed.
    bot_level: Mapped[str | None] = mapped_column(String(16))
    # Presence and absence (app/play/clocks.py): when a socket of the seated player was last known open (epoch ms),
    # the player a bot stands in for (they may take the seat back), whether they resigned, who voted them out.
    seen_ms: Mapped[int | None] = mapped_column(BigInteger)
    away_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    resigned: Mapped[bool] = mapped_column(Boolean, default=False)
    resigned_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))  # who resigned: their history keeps it
    votes: Mapped[list | None] = mapped_column(JSON)


class GameRecord(Base):
    __tablename__ = "games"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    num_players: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[str] = mapped_column(Text)  # canonical JSON of the game state at `version`
    result: Mapped[dict | None] = mapped_column(JSON)
    opening_events: Mapped[list | None] = mapped_column(JSON)  # what the deal itself did, first in the log
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class Clock(Base):
    """Per started table: who is awaited and, for timed paces, each seat's time; deadlines fire from here."""

    __tablename__ = "clocks"
    table_id: Mapped[str] = mapped_column(ForeignKey("games.table_id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, default=0)  # the game version these figures belong to
    started_ms: Mapped[int] = mapped_column(BigInteger)  # epoch ms when that version was committed
    left_ms: Mapped[dict] = mapped_column(JSON, default=dict)  # {"<seat>": ms left at started_ms}
    waiting: Mapped[list] = mapped_column(JSON, default=list)  # seats awaited at `version`
    strikes: Mapped[dict] = mapped_column(JSON, default=dict)  # {"<seat>": timeouts in a row}
    deadline_ms: Mapped[int | None] = mapped_column(BigInteger, index=True)  # first running clock to run out
    lease_owner: Mapped[str | None] = mapped_column(String(32))  # the instance firing this deadline
    lease_until_ms: Mapped[int | None] = mapped_column(BigInteger)
    claims: Mapped[int] = mapped_column(Integer, default=0)  # deadlines claimed for firing, for operators


class Move(Base):
    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("games.table_id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)  # the game version this move produced
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict] = mapped_column(JSON)
    events: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Message(Base):
    __tablename__ = "messages"
    __table_args__ = (Index("ix_messages_user_recent", "user_id", "created_at"),)  # chat limit per user
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    nickname: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Tournament(Base):
    """A club evening: several rounds, each a set of ordinary tables, points summed over the rounds."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    organiser_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    rounds: Mapped[int] = mapped_column(Integer)
    min_size: Mapped[int] = mapped_column(Integer)
    max_size: Mapped[int] = mapped_column(Integer)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str] = mapped_column(String(32), unique=True)
    status: Mapped[str] = mapped_column(String(16), default="registering", index=True)  # registering|running|finished
    round: Mapped[int] = mapped_column(Integer, default=0)  # the round being played; 0 before the start
    registration_closes_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    pace: Mapped[dict | None] = mapped_column(JSON)  # the pace of its tables, as POST /api/tables takes it
    notes: Mapped[dict] = mapped_column(JSON, default=dict)  # per round: what the seating could not avoid
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Entrant(Base):
    """A registered player, or a bot the organiser added."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    bot: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(32))
    dropped: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentTable(Base):
    """One table of one round: who sits where, the Boardhall table it plays at, and its recorded points."""

    __tablename__ = "tournament_tables"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id"), unique=True)
    entrants: Mapped[list] = mapped_column(JSON)  # entrant ids in seat order
    points: Mapped[list | None] = mapped_column(JSON)  # per seat, once recorded
    coins: Mapped[list | None] = mapped_column(JSON)  # per seat, when the game reports coins
    winners: Mapped[list | None] = mapped_column(JSON)  # seats
    closed_early: Mapped[bool] = mapped_column(Boolean, default=False)  # the organiser recorded points mid-game


class Outcome(Base):
    """A finished game as history keeps it, written once per table: the row is the claim that its ratings moved."""

    __tablename__ = "outcomes"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)  # whether any rating moved


class OutcomeSeat(Base):
    """One seat of a finished game: who played it, where they placed, and their rating before and after."""

    __tablename__ = "outcome_seats"
    __table_args__ = (Index("ix_outcome_seats_user_recent", "user_id", "finished_at"),)
    table_id: Mapped[str] = mapped_column(ForeignKey("outcomes.table_id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))  # None: a bot played it from the start
    bot: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(32))
    place: Mapped[int] = mapped_column(Integer)  # 1 = first; equal places for a shared rank
    score: Mapped[int | None] = mapped_column(Integer)
    resigned: Mapped[bool] = mapped_column(Boolean, default=False)
    rating_before: Mapped[float | None] = mapped_column(Float)  # the shown rating (docs/ratings.md), registered players
    rating_after: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Rating(Base):
    """A registered player's skill at one game (openskill Plackett-Luce: mean and uncertainty)."""

    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


__all__ = ["Base", "Clock", "Entrant", "GameRecord", "Message", "Move", "Outcome", "OutcomeSeat", "Rating", "Seat", "SigningKey", "Table", "Tournament",
           "TournamentTable", "User", "UserSession"]


class Lease(Base):
    """A named job that exactly one instance may do at a time (app/play/leases.py): a table's next bot move, the
    tournament ticker. Claimed and renewed with conditional UPDATEs; a claim that is not renewed expires."""

    __tablename__ = "leases"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)  # "bot:<table id>", "tournaments"
    owner: Mapped[str] = mapped_column(String(32))  # the instance holding it
    until_ms: Mapped[int] = mapped_column(BigInteger)  # epoch ms when it expires
    version: Mapped[int] = mapped_column(Integer, default=0)  # for a bot lease: the game version it moves on


class Friendship(Base):
    """A friend request from `asker_id` to `asked_id`; once accepted, the two are friends (app/friends). Only
    registered players have friends. Refusing or removing deletes the row."""

    __tablename__ = "friendships"
    __table_args__ = (UniqueConstraint("asker_id", "asked_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    asker_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asked_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    accepted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TableInvite(Base):
    """A friend asked `to_user_id` to join an open table: shown in their "waiting for you" until they sit down, the
    table starts or closes, or they dismiss it."""

    __tablename__ = "table_invites"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    to_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    from_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Presence(Base):
    """When a page of the hall was last open for a person (their per-person socket, app/play/people.py), in epoch
    ms: friends see who is online now. One row per person who ever opened a page while signed in."""

    __tablename__ = "presence"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    seen_ms: Mapped[int] = mapped_column(BigInteger)


class EmailAddress(Base):
    """A registered player's email address (app/mail): shown to nobody else, deleted when they remove it. Verified
    by a signed link; `last_sent_ms` spaces their batched messages out (at most one per MAIL_EVERY_MINUTES)."""

    __tablename__ = "email_addresses"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    verified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_sent_ms: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EmailPreference(Base):
    """What a player wants email about: the default (table_id ""), or one table's own choice, which overrides it."""

    __tablename__ = "email_preferences"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)  # "" for the default
    turn: Mapped[bool] = mapped_column(Boolean)  # it is my turn at a turn-based table
    finished: Mapped[bool] = mapped_column(Boolean)  # a game of mine ended
    invite: Mapped[bool] = mapped_column(Boolean)  # a friend invited me to a table


class MailItem(Base):
    """Something to tell a player by email, waiting for the worker (app/mail/worker.py). `key` makes telling the
    same thing twice (two instances hearing one move, a retried notice) one row. pending -> batched -> done."""

    __tablename__ = "mail_items"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # turn | finished | invite | verify
    table_id: Mapped[str | None] = mapped_column(String(16))
    detail: Mapped[dict] = mapped_column(JSON, default=dict)
    key: Mapped[str] = mapped_column(String(128), unique=True)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    state: Mapped[str] = mapped_column(String(8), default="pending", index=True)
    batch_id: Mapped[str | None] = mapped_column(String(32), index=True)


class MailBatch(Base):
    """One email: the items it tells, claimed by one worker. claimed -> sending (committed just before the SMTP
    conversation) -> sent. A claim whose worker died before `sending` is taken over and sent; one that died while
    `sending` is marked lost, never sent again (it may have gone out). Its id is the Message-ID's left part."""

    __tablename__ = "mail_batches"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    state: Mapped[str] = mapped_column(String(8), index=True)  # claimed | sending | sent | empty | lost | failed
    owner: Mapped[str] = mapped_column(String(32))
    until_ms: Mapped[int] = mapped_column(BigInteger)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    sent_ms: Mapped[int | None] = mapped_column(BigInteger)
