"""A finished game's timeline, rebuilt from its seed and move log through the engine, and the views of one version.

Nothing here reads a stored state: every version's state comes from `playout.states`, which honours undo rows. A
timeline is computed once per table and kept for a few tables (stepping back and forth asks for many versions of
the same game). Only finished games are replayed, so showing any seat's view, or every hand at once, reveals
nothing a player could still use.

A *turn* is a run of moves during which nobody new is asked to decide: version v starts a new turn when some seat
awaited at v was not awaited at v - 1 (the next player, a reaction from another seat, a new round of simultaneous
choices). The players choosing one after another inside a simultaneous round stay in one turn.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app import engine
from app.db.models import GameRecord, Move, OutcomeSeat, Seat, Table, User
from app.engine.playout import is_undo, states
from app.engine.text import t
from app.errors import HallError
from app.lobby import service as lobby_service
from app.lobby.timing import with_resignations

OPEN = "open"
CACHED_TIMELINES = 8


class ReplayError(HallError):
    status = 409


CHECKPOINT_EVERY = 8  # states kept per timeline: every 8th version; the others are replayed from the one before


@dataclass
class Timeline:
    game: engine.Game
    num_players: int
    moves: list[tuple[int, dict[str, Any]]]  # (seat, action) by version - 1
    checkpoints: dict[int, dict[str, Any]]  # version -> state, every CHECKPOINT_EVERY versions
    events: list[list[dict[str, Any]]]  # by version, as the log recorded them (the deal's at 0)
    turns: list[int]  # versions that start a turn (0 always)
    resigned: set[int]

    @property
    def last_version(self) -> int:
        return len(self.moves)

    def state_at(self, version: int) -> dict[str, Any]:
        """The state after `version`, replayed through the engine from the nearest checkpoint before it."""
        start = version - version % CHECKPOINT_EVERY
        state = self.checkpoints[start]
        for v in range(start + 1, version + 1):
            seat, action = self.moves[v - 1]
            state = self.state_at(action["to"]) if is_undo(action) else self.game.apply(state, seat, action)[0]
        return state


_cache: OrderedDict[str, Timeline] = OrderedDict()


def build(game: engine.Game, record: GameRecord, moves: list[Move], resigned: set[int]) -> Timeline:
    log = [(m.seat, m.action) for m in moves]
    checkpoints, waiting = {}, []
    for version, state, _ in states(game, record.num_players, record.options, record.seed, log):
        if version % CHECKPOINT_EVERY == 0:
            checkpoints[version] = state
        waiting.append(set(game.pending(state)))
    if len(waiting) != record.version + 1 or [m.version for m in moves] != list(range(1, record.version + 1)):
        raise ReplayError("broken_log", t("this game's move log is incomplete; it cannot be replayed"), 500)
    turns = [0] + [v for v in range(1, len(waiting)) if waiting[v] - waiting[v - 1]]
    events = [list(record.opening_events or [])] + [list(m.events or []) for m in moves]
    return Timeline(game, record.num_players, log, checkpoints, events, turns, resigned)


async def timeline(db: AsyncSession, table: Table) -> Timeline:
    """The finished game at `table`, version by version; refused while it is in play."""
    record = await db.get(GameRecord, table.id)
    if record is None or record.result is None:
        raise ReplayError("not_finished", t("a game can be replayed once it is over"))
    cached = _cache.get(table.id)
    if cached is not None and cached.last_version == record.version:
        _cache.move_to_end(table.id)
        return cached
    game = engine.get(record.game_id)
    if game is None:
        raise ReplayError("unknown_game", t("the game {game} is not installed here", game=repr(record.game_id)))
    moves = list((await db.execute(select(Move).where(Move.table_id == table.id).order_by(Move.version))).scalars())
    seats = await lobby_service.seats_of(db, table_id=table.id)
    # A long game takes a second or more to walk: off the event loop, so other tables keep moving meanwhile.
    built = await asyncio.to_thread(build, game, record, moves, {s.index for s in seats if s.resigned})
    _cache[table.id] = built
    while len(_cache) > CACHED_TIMELINES:
        _cache.popitem(last=False)
    return built


async def may_watch(db: AsyncSession, table: Table, seats: list[Seat], user: User | None, invite: str | None,
                    known: list[str]) -> bool:
    """Who may see a replay: whoever may see the table, and everyone who played at it (a player who resigned or
    whose seat a bot took over is no longer seated, but the game is still theirs)."""
    if lobby_service.may_see(table, seats, user, invite, known):
        return True
    if user is None:
        return False
    played = await db.scalar(select(OutcomeSeat.seat).where(OutcomeSeat.table_id == table.id,
                                                            OutcomeSeat.user_id == user.id).limit(1))
    return played is not None or any(user.id in (s.away_user_id, s.resigned_user_id) for s in seats)


def parse_audience(seat: str | None, num_players: int) -> int | None | str:
    """`seat`: a seat number from 0, "spectator" (or nothing), or "open" for every card open."""
    if seat in (None, "", "spectator"):
        return None
    if seat == OPEN:
        return OPEN
    if seat.isascii() and seat.isdigit() and len(seat) <= 2 and int(seat) < num_players:
        return int(seat)
    raise ReplayError("bad_seat", t("there is no seat {seat} at this table (seats 0 to {last}, 'spectator' or 'open')",
                                    seat=repr(seat), last=num_players - 1), 400)


def _view(line: Timeline, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    view = line.game.full_view(state, seat)
    view["result"] = with_resignations(view["result"], line.resigned)  # as the table showed it
    return view


def frame(line: Timeline, audience: int | None | str, version: int) -> dict[str, Any]:
    """What the replay API answers for one audience at one version."""
    if not 0 <= version <= line.last_version:
        raise ReplayError("bad_version", t("this game has versions 0 to {last}, not {version}", last=line.last_version,
                                          version=version), 400)
    state = line.state_at(version)
    if audience == OPEN:
        views = line.game.open_views(state, line.num_players)
        for view in views:
            view["result"] = with_resignations(view["result"], line.resigned)
        pick = lambda events: list(events)  # noqa: E731 - every line is open once the game is over
        body: dict[str, Any] = {"views": views, "view": None}
    else:
        pick = lambda events: engine.filter_events(events, audience)  # noqa: E731
        body = {"view": _view(line, state, audience)}
    return {
        **body,
        "seat": audience,
        "version": version,
        "last_version": line.last_version,
        "turns": line.turns,
        "events": pick(line.events[version]),
        "log": [e for events in line.events[:version + 1] for e in pick(events)],
    }
