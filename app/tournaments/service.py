"""Tournament operations: create, register, seat each round, record points, close stuck tables, drop players.

Every tournament table is an ordinary Boardhall table (lobby, websocket, bots, reconnection), hosted by the
organiser. `advance` is the one place a tournament moves on: it records the points of finished tables and,
when a round is complete, seats the next one. It runs after every request that may complete a round and from
a ticker in each instance; a compare-and-set on `tournaments.round` makes exactly one caller seat a round,
however many instances race, and a restart simply resumes where the database stands.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app import engine
from app.config import get_settings
from app.errors import HallError
from app.db.models import Entrant, GameRecord, Seat, Table, Tournament, TournamentTable, User
from app.engine import text  # text.t, not t: `t` is the tournament throughout this module
from app.i18n import BOT_SUFFIX
from app.lobby import service as lobby
from app.lobby.service import OPEN_LIMIT_RETRY_S
from app.lobby import timing

from .seating import SeatingError, seat_round, table_sizes
from .standings import TableResult, standings

log = logging.getLogger(__name__)
BOT_NAMES = ["Ada", "Basil", "Cleo", "Dario", "Esme", "Femi", "Gus", "Hana", "Ivo", "Juno", "Kira", "Lev"]
SOLVER_SECONDS = 10.0


class TournamentError(HallError):
    """A tournament request refused (app/errors.py answers it)."""


def now() -> datetime:
    return datetime.now(timezone.utc)


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes for what was stored as UTC."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)
    return moment


async def commit(db: AsyncSession, *keep: Any) -> None:
    """Commit, then reload `keep` (committed objects expire, and an async session cannot lazy-load them)."""
    await db.commit()
    for obj in keep:
        await db.refresh(obj)


def registration_open(t: Tournament) -> bool:
    closes = _aware(t.registration_closes_at)
    return t.status == "registering" and (closes is None or now() < closes)


# ---- reading ---------------------------------------------------------------------------------------------------

async def get_or_raise(db: AsyncSession, *, tournament_id: str) -> Tournament:
    t = await db.get(Tournament, tournament_id)
    if t is None:
        raise TournamentError("unknown_tournament", text.t("there is no tournament {tournament}",
                                                           tournament=repr(tournament_id)), 404)
    return t


async def entrants_of(db: AsyncSession, *, tournament_id: str) -> list[Entrant]:
    rows = await db.execute(select(Entrant).where(Entrant.tournament_id == tournament_id).order_by(Entrant.id))
    return list(rows.scalars())


async def tables_of(db: AsyncSession, *, tournament_id: str) -> list[TournamentTable]:
    rows = await db.execute(select(TournamentTable).where(TournamentTable.tournament_id == tournament_id)
                            .order_by(TournamentTable.round, TournamentTable.index))
    return list(rows.scalars())


def may_see(t: Tournament, user: User | None, entrants: list[Entrant], invite: str | None) -> bool:
    if not t.private or (invite and secrets.compare_digest(invite, t.invite)):
        return True
    return user is not None and (user.id == t.organiser_id or any(e.user_id == user.id for e in entrants))


async def list_tournaments(db: AsyncSession, *, user: User | None, limit: int = 50) -> list[Tournament]:
    """Public tournaments not finished, and the user's own (organised or entered), newest first."""
    cond = (Tournament.private.is_(False)) & (Tournament.status != "finished")
    if user is not None:
        entered = select(Entrant.tournament_id).where(Entrant.user_id == user.id)
        cond = or_(cond, Tournament.organiser_id == user.id, Tournament.id.in_(entered))
    rows = await db.execute(select(Tournament).where(cond).order_by(Tournament.created_at.desc()).limit(limit))
    return list(rows.scalars())


async def describe(db: AsyncSession, *, t: Tournament, with_invite: bool) -> dict[str, Any]:
    """Everything the tournament page shows: settings, entrants, each round's seating and points, standings."""
    entrants = await entrants_of(db, tournament_id=t.id)
    tables = await tables_of(db, tournament_id=t.id)
    names = {e.id: e.name for e in entrants}
    organiser = await db.get(User, t.organiser_id)
    status_of = {}
    table_ids = [tt.table_id for tt in tables if tt.table_id]
    if table_ids:
        rows = await db.execute(select(Table.id, Table.status).where(Table.id.in_(table_ids)))
        status_of = dict(rows.all())
    rounds = []
    for r in range(1, t.round + 1):
        notes = t.notes.get(str(r), [])  # Texts (rounds seated before they were, English strings)
        rounds.append({"round": r, "notes": [text.english(n) for n in notes],
                       "notes_say": [n if text.is_text(n) else None for n in notes], "tables": [
            {"index": tt.index, "table_id": tt.table_id, "status": status_of.get(tt.table_id, "open"),
             "closed_early": tt.closed_early, "points": tt.points, "winners": tt.winners,
             "seats": [{"entrant": eid, "name": names.get(eid, "?")} for eid in tt.entrants]}
            for tt in tables if tt.round == r]})
    rows = standings([(e.id, e.name, e.dropped) for e in entrants], _results(tables), t.rounds)
    game = engine.get(t.game_id)
    return {
        "id": t.id, "name": t.name, "game": t.game_id, "title": game.title if game else t.game_id,
        "options": t.options, "rounds": t.rounds, "min_size": t.min_size, "max_size": t.max_size,
        "private": t.private, "status": t.status, "round": t.round, "pace": t.pace,
        "registration_open": registration_open(t),
        "registration_closes_at": _aware(t.registration_closes_at).isoformat() if t.registration_closes_at else None,
        "organiser_id": t.organiser_id, "organiser": organiser.nickname if organiser else "?",
        "entrants": [{"id": e.id, "name": e.name, "user_id": e.user_id, "bot": e.bot, "dropped": e.dropped}
                     for e in entrants],
        "seating": rounds,
        "standings": [row.as_dict() for row in rows],
        "invite": t.invite if with_invite else None,
    }


def _results(tables: list[TournamentTable]) -> list[TableResult]:
    return [TableResult(tt.round, list(tt.entrants), tt.points, tt.coins, list(tt.winners or [])) for tt in tables]


# ---- before the start ------------------------------------------------------------------------------------------

async def create(db: AsyncSession, *, organiser: User, name: str, game_id: str, options: dict[str, Any],
                 rounds: int, min_size: int, max_size: int, private: bool,
                 registration_closes_at: datetime | None, pace: dict[str, Any] | None) -> Tournament:
    game = engine.get(game_id)
    if game is None:
        raise TournamentError("unknown_game", text.t("there is no game {game}", game=repr(game_id)), 404)
    if game.max_players < 3:
        raise TournamentError("bad_game", text.tn("{game} is for at most {n} player: tournament tables seat 3 or more",
                                                  "{game} is for at most {n} players: tournament tables seat 3 or more",
                                                  game.max_players, game=game.title))
    if not (max(3, game.min_players) <= min_size <= max_size <= game.max_players):
        raise TournamentError("bad_sizes", text.t("tables of {low}-{high} do not fit {game} ({least}-{most} players)",
                                                  low=min_size, high=max_size, game=game.title,
                                                  least=max(3, game.min_players), most=game.max_players))
    try:
        parsed = game.check_options(min_size, options)
    except engine.BadOptions as exc:
        raise TournamentError("bad_options", exc.say or exc.message) from None
    if getattr(parsed, "first_player", None) is not None:
        raise TournamentError("bad_options", text.t("the first player is drawn at each tournament table"))
    t = Tournament(id=secrets.token_urlsafe(6), name=name.strip() or f"{game.title} tournament", game_id=game.id,
                   options=parsed.model_dump(mode="json"), organiser_id=organiser.id, rounds=rounds,
                   min_size=min_size, max_size=max_size, private=private, invite=secrets.token_urlsafe(9),
                   status="registering", round=0, registration_closes_at=registration_closes_at, pace=pace, notes={})
    db.add(t)
    await db.flush()
    return t


async def check_limits(db: AsyncSession, *, organiser: User, open_limit: int) -> None:
    """Refuse a new tournament while its organiser has `open_limit` unfinished ones: one guest once made 15."""
    unfinished = await db.scalar(select(func.count()).select_from(Tournament).where(
        Tournament.organiser_id == organiser.id, Tournament.status != "finished"))
    if unfinished >= open_limit:
        raise TournamentError("too_many_tournaments", text.tn(
            "you already organise {n} unfinished tournament (at most {limit})",
            "you already organise {n} unfinished tournaments (at most {limit})", unfinished, limit=open_limit),
            429, retry_after=OPEN_LIMIT_RETRY_S)


def _room_for(entrants: list[Entrant], more: int) -> None:
    """Entrants, people and bots together, are capped (TOURNAMENT_MAX_ENTRANTS): 256 bots once made one tournament
    that would have seated 64 tables at once."""
    cap = get_settings().tournament_max_entrants
    if len(entrants) + more > cap:
        raise TournamentError("tournament_full", text.tn("a tournament takes at most {n} entrant",
                                                         "a tournament takes at most {n} entrants", cap), 409)


async def _lock(db: AsyncSession, t: Tournament) -> None:
    """Serialise changes to one tournament (PostgreSQL row lock; SQLite has one writer anyway)."""
    await db.execute(select(Tournament.id).where(Tournament.id == t.id).with_for_update())
    await db.refresh(t)


async def register(db: AsyncSession, *, t: Tournament, user: User) -> Entrant:
    await _lock(db, t)
    if not registration_open(t):
        raise TournamentError("registration_closed", text.t("registration for this tournament is closed"), 409)
    entrants = await entrants_of(db, tournament_id=t.id)
    if any(e.user_id == user.id for e in entrants):
        raise TournamentError("already_registered", text.t("you are already registered"), 409)
    _room_for(entrants, 1)
    entrant = Entrant(tournament_id=t.id, user_id=user.id, name=user.nickname)
    db.add(entrant)
    await db.flush()
    return entrant


async def unregister(db: AsyncSession, *, t: Tournament, user: User) -> None:
    await _lock(db, t)
    if not registration_open(t):
        raise TournamentError("registration_closed", text.t("registration is closed: ask the organiser to drop you"),
                              409)
    mine = [e for e in await entrants_of(db, tournament_id=t.id) if e.user_id == user.id]
    if not mine:
        raise TournamentError("not_registered", text.t("you are not registered"), 409)
    await db.delete(mine[0])
    await db.flush()


def _organiser_only(t: Tournament, user: User) -> None:
    if t.organiser_id != user.id:
        raise TournamentError("not_organiser", text.t("only the organiser can do that"), 403)


async def add_bots(db: AsyncSession, *, t: Tournament, user: User, count: int) -> list[Entrant]:
    _organiser_only(t, user)
    await _lock(db, t)
    if t.status != "registering":
        raise TournamentError("already_started", text.t("bots join before the first round"), 409)
    game = engine.get(t.game_id)
    entrants = await entrants_of(db, tournament_id=t.id)
    _room_for(entrants, count)
    existing = sum(1 for e in entrants if e.bot)
    added = []
    for i in range(existing, existing + count):
        name = BOT_NAMES[i % len(BOT_NAMES)] + (f" {i // len(BOT_NAMES) + 1}" if i >= len(BOT_NAMES) else "")
        added.append(Entrant(tournament_id=t.id, bot=list(game.bots)[-1], name=f"{name}{BOT_SUFFIX}"))
    db.add_all(added)
    await db.flush()
    return added


async def close_registration(db: AsyncSession, *, t: Tournament, user: User) -> None:
    _organiser_only(t, user)
    await _lock(db, t)
    if t.status != "registering":
        raise TournamentError("already_started", text.t("the tournament has started"), 409)
    t.registration_closes_at = now()
    await db.flush()


async def start(db: AsyncSession, *, t: Tournament, user: User, hub: Any) -> None:
    """Close registration and seat round 1."""
    _organiser_only(t, user)
    await _lock(db, t)
    if t.status != "registering":
        raise TournamentError("already_started", text.t("the tournament has started"), 409)
    active = [e for e in await entrants_of(db, tournament_id=t.id) if not e.dropped]
    try:
        table_sizes(len(active), t.min_size, t.max_size)
    except SeatingError as exc:
        raise TournamentError("too_few_players", exc.say or str(exc), 409) from None
    t.status = "running"
    if t.registration_closes_at is None or _aware(t.registration_closes_at) > now():
        t.registration_closes_at = now()
    await _seat_next_round(db, t, hub)


# ---- rounds ----------------------------------------------------------------------------------------------------

async def _seat_next_round(db: AsyncSession, t: Tournament, hub: Any) -> bool:
    """Seat round t.round + 1, unless another caller already did (compare-and-set on the round)."""
    current = t.round
    claimed = await db.execute(update(Tournament).where(Tournament.id == t.id, Tournament.round == current)
                               .values(round=current + 1, status="running"))
    if claimed.rowcount != 1:  # another request or instance seated it: keep what this one recorded
        await commit(db, t)
        return False
    await db.refresh(t)
    entrants = await entrants_of(db, tournament_id=t.id)
    active = [e for e in entrants if not e.dropped]
    previous = [[list(tt.entrants) for tt in await tables_of(db, tournament_id=t.id) if tt.round == r]
                for r in range(1, current + 1)]
    sizes = table_sizes(len(active), t.min_size, t.max_size)
    # The search takes up to SOLVER_SECONDS of CPU: off the event loop (in a thread: it shares the GIL with it).
    seating = await asyncio.to_thread(seat_round, [e.id for e in active], sizes, previous,
                                      secrets.randbits(31), SOLVER_SECONDS)
    t.notes = {**t.notes, str(t.round): seating.notes}
    by_id = {e.id: e for e in entrants}
    organiser = await db.get(User, t.organiser_id)
    started = []
    for index, members in enumerate(seating.tables):
        table = await _open_table(db, t, [by_id[eid] for eid in members])
        db.add(TournamentTable(tournament_id=t.id, round=t.round, index=index, table_id=table.id,
                               entrants=members, closed_early=False))
        await lobby.start(db, table=table, user=organiser)
        started.append(table.id)
    await db.flush()
    await commit(db, t)
    log.info("tournament %s: round %s seated at %s tables (%s repeat pairs)", t.id, t.round, len(started),
             seating.repeats)
    for table_id in started:  # bots at the new tables start playing on this instance
        await hub.runtime(table_id)
    return True


async def _open_table(db: AsyncSession, t: Tournament, members: list[Entrant]) -> Table:
    """A private table hosted by the organiser with the seating's players in seat order."""
    table = Table(id=secrets.token_urlsafe(6), game_id=t.game_id, options=dict(t.options), host_id=t.organiser_id,
                  private=True, invite=secrets.token_urlsafe(9), status="open", num_seats=len(members),
                  pace=t.pace if timing.is_timed(t.pace) else None)
    db.add(table)
    await db.flush()
    db.add_all(Seat(table_id=table.id, index=i, user_id=e.user_id, bot=e.bot) for i, e in enumerate(members))
    await db.flush()
    return table


async def record_finished(db: AsyncSession, t: Tournament) -> None:
    """Copy the points of the current round's finished games into the tournament."""
    for tt in await tables_of(db, tournament_id=t.id):
        if tt.round != t.round or tt.points is not None or tt.table_id is None:
            continue
        record = await db.get(GameRecord, tt.table_id)
        if record is None or record.result is None:
            continue
        _record(tt, record.result)
    await db.flush()


def _record(tt: TournamentTable, result: dict[str, Any]) -> None:
    tt.points = [int(p) for p in result["scores"]]
    coins = result.get("coins")
    tt.coins = [int(c) for c in coins] if isinstance(coins, list) else None
    tt.winners = list(result.get("winners") or [])


async def advance(db: AsyncSession, t: Tournament, hub: Any) -> bool:
    """Record finished tables; when the round is complete, seat the next or end the tournament. True if it moved."""
    if t.status != "running":
        return False
    await record_finished(db, t)
    current = [tt for tt in await tables_of(db, tournament_id=t.id) if tt.round == t.round]
    if not current or any(tt.points is None for tt in current):
        await commit(db, t)
        return False
    if t.round < t.rounds:
        active = [e for e in await entrants_of(db, tournament_id=t.id) if not e.dropped]
        try:
            table_sizes(len(active), t.min_size, t.max_size)
        except SeatingError as exc:  # too many players dropped: the rounds played so far stand
            ended = text.t("the tournament ended after round {round}: {reason}", round=t.round,
                           reason=exc.say or str(exc))
            t.notes = {**t.notes, str(t.round): [*t.notes.get(str(t.round), []), ended]}
        else:
            return await _seat_next_round(db, t, hub)
    done = await db.execute(update(Tournament).where(Tournament.id == t.id, Tournament.status == "running")
                            .values(status="finished"))
    await commit(db, t)
    return done.rowcount == 1


async def close_table(db: AsyncSession, *, t: Tournament, user: User, round_: int, index: int,
                      points: list[int] | None, hub: Any) -> None:
    """The organiser ends a stuck table by recording its current points (given, or the game's own count)."""
    _organiser_only(t, user)
    await _lock(db, t)
    tt = await db.get(TournamentTable, (t.id, round_, index))
    if tt is None or tt.round != t.round:
        raise TournamentError("bad_table", text.t("only a table of the current round can be closed"), 404)
    if tt.points is not None:
        raise TournamentError("already_recorded", text.t("this table's points are already recorded"), 409)
    if points is None:
        points = await _current_points(db, tt)
    if points is None:
        raise TournamentError("points_needed",
                              text.t("this game cannot count points mid-game: give each seat's points"))
    if len(points) != len(tt.entrants):
        raise TournamentError("bad_points", text.tn("give {n} score, one per seat", "give {n} scores, one per seat",
                                                    len(tt.entrants)))
    best = max(points)
    tt.points = list(points)
    tt.winners = [seat for seat, p in enumerate(points) if p == best]
    tt.closed_early = True
    table = await db.get(Table, tt.table_id)
    if table is not None and table.status != "finished":
        table.status = "finished"
    await db.flush()


async def _current_points(db: AsyncSession, tt: TournamentTable) -> list[int] | None:
    record = await db.get(GameRecord, tt.table_id)
    game = engine.get(record.game_id) if record else None
    if record is None or game is None:
        return None
    if record.result is not None:
        return [int(p) for p in record.result["scores"]]
    return game.scores_so_far(json.loads(record.state))


async def drop(db: AsyncSession, *, t: Tournament, user: User, entrant_id: int, hub: Any) -> None:
    """The organiser drops a player who left: a bot finishes their game; later rounds seat them no more."""
    _organiser_only(t, user)
    await _lock(db, t)
    entrant = await db.get(Entrant, entrant_id)
    if entrant is None or entrant.tournament_id != t.id:
        raise TournamentError("unknown_entrant", text.t("there is no such player in this tournament"), 404)
    if entrant.dropped:
        raise TournamentError("already_dropped", text.t("{player} was already dropped",
                                                        player=text.verbatim(entrant.name)), 409)
    entrant.dropped = True
    changed = []
    for tt in await tables_of(db, tournament_id=t.id):
        if tt.round == t.round and tt.points is None and entrant.id in tt.entrants and entrant.user_id is not None:
            table = await db.get(Table, tt.table_id)
            if table is not None and table.status == "playing":
                await lobby.add_bot(db, table=table, user=await db.get(User, t.organiser_id),
                                    seat=tt.entrants.index(entrant.id))
                changed.append(table)
    await db.flush()
    await commit(db, t, *changed)
    for table in changed:
        public = await lobby.public_table(db, table=table, with_invite=False)
        await hub.table_changed(table.id, public.model_dump(mode="json"), reload=True)


# ---- the ticker ------------------------------------------------------------------------------------------------

async def tick(sessionmaker: Any, hub: Any) -> None:
    """One pass over running tournaments: record, seat, and make sure bots at their tables are playing."""
    async with sessionmaker() as db:
        running = list((await db.execute(select(Tournament).where(Tournament.status == "running"))).scalars())
    for tournament_id in [t.id for t in running]:
        async with sessionmaker() as db:
            t = await db.get(Tournament, tournament_id)
            try:
                await advance(db, t, hub)
            except SeatingError as exc:
                log.error("tournament %s cannot seat its next round: %s", tournament_id, exc)
                continue
            playing = [tt.table_id for tt in await tables_of(db, tournament_id=tournament_id)
                       if tt.round == t.round and tt.points is None and tt.table_id]
        for table_id in playing:
            await hub.runtime(table_id)  # cached after the first call; schedules any bot whose turn it is
