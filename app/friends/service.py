"""Friends between registered players: a request, its answer, the list, and inviting a friend to an open table.

A friendship is one row (`friendships`): who asked whom and whether it was accepted. Refusing a request or removing a
friend deletes the row, so either may ask again later (within the hourly limit on requests). Guests have no account
to keep friends in, so they can neither ask nor be asked.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Friendship, OutcomeSeat, Seat, Table, TableInvite, User
from app.engine.text import Text, t
from app.errors import HallError
from app.play.people import online


class FriendError(HallError):
    """A friends request refused (app/errors.py answers it)."""


GUESTS_HAVE_NO_FRIENDS = t("only registered players have friends: register on the account page (your name and "
                           "games stay yours) and then add friends")


def registered_only(user: User) -> None:
    if user.username is None:
        raise FriendError("registered_only", GUESTS_HAVE_NO_FRIENDS, 403)


def _between(a: int, b: int) -> Any:
    return or_(and_(Friendship.asker_id == a, Friendship.asked_id == b),
               and_(Friendship.asker_id == b, Friendship.asked_id == a))


async def find_player(db: AsyncSession, *, nickname: str) -> User:
    """The one registered player with this nickname (letter case aside)."""
    name = " ".join(nickname.split())
    found = list((await db.execute(select(User).where(func.lower(User.nickname) == name.lower(),
                                                      User.username.is_not(None)).limit(2))).scalars())
    if not found:
        guest = (await db.execute(select(User.id).where(func.lower(User.nickname) == name.lower()).limit(1))).first()
        if guest is not None:
            raise FriendError("guest_player", _guest(name), 400)
        raise FriendError("no_such_player", t("no registered player is called {name}", name=name), 404)
    if len(found) > 1:
        raise FriendError("ambiguous_nickname", t("several players are called {name}: add the one you mean from "
                                                  "the players of a game you played together", name=name), 409)
    return found[0]


def _guest(name: str) -> Text:
    return t("{name} plays as a guest, and guests cannot have friends", name=name)


async def player(db: AsyncSession, user_id: int) -> User:
    other = await db.get(User, user_id)
    if other is None:
        raise FriendError("no_such_player", t("there is no such player"), 404)
    return other


async def ask(db: AsyncSession, *, user: User, other: User, max_friends: int) -> str:
    """Ask `other` to be friends; "asked", or "friends" when they had already asked `user` (which accepts it)."""
    registered_only(user)
    if other.id == user.id:
        raise FriendError("not_yourself", t("you cannot be your own friend"), 400)
    if other.username is None:
        raise FriendError("guest_player", _guest(other.nickname), 400)
    row = (await db.execute(select(Friendship).where(_between(user.id, other.id)))).scalar_one_or_none()
    if row is not None and row.accepted:
        raise FriendError("already_friends", t("{name} is your friend already", name=other.nickname), 409)
    if row is not None and row.asker_id == user.id:
        raise FriendError("already_asked", t("you have asked {name} already; they have not answered yet",
                                             name=other.nickname), 409)
    if await count_friends(db, user.id) >= max_friends:
        raise FriendError("too_many_friends", t("you have {n} friends, as many as one may have", n=max_friends), 409)
    if row is not None:  # they asked first: asking back is saying yes
        row.accepted = True
        return "friends"
    db.add(Friendship(asker_id=user.id, asked_id=other.id, accepted=False))
    await db.flush()
    return "asked"


async def answer(db: AsyncSession, *, user: User, other_id: int, accept: bool) -> None:
    registered_only(user)
    row = (await db.execute(select(Friendship).where(Friendship.asker_id == other_id, Friendship.asked_id == user.id,
                                                     Friendship.accepted.is_(False)))).scalar_one_or_none()
    if row is None:
        raise FriendError("no_such_request", t("that player has not asked you to be friends"), 404)
    if accept:
        row.accepted = True
    else:
        await db.delete(row)


async def remove(db: AsyncSession, *, user: User, other_id: int) -> None:
    """End a friendship, or take back a request not answered yet."""
    registered_only(user)
    gone = await db.execute(delete(Friendship).where(
        or_(_between(user.id, other_id) & Friendship.accepted.is_(True),
            (Friendship.asker_id == user.id) & (Friendship.asked_id == other_id))))
    if not gone.rowcount:
        raise FriendError("not_friends", t("that player is not your friend"), 404)


async def count_friends(db: AsyncSession, user_id: int) -> int:
    return (await db.execute(select(func.count()).select_from(Friendship).where(
        or_(Friendship.asker_id == user_id, Friendship.asked_id == user_id)))).scalar_one()


async def are_friends(db: AsyncSession, a: int, b: int) -> bool:
    return (await db.execute(select(Friendship.id).where(_between(a, b), Friendship.accepted.is_(True)))).first() \
        is not None


async def listing(db: AsyncSession, *, user: User) -> dict[str, Any]:
    """Friends (online first), requests to answer, requests sent, and registered players of your recent finished
    games who are neither (to add with one click)."""
    registered_only(user)
    rows = list((await db.execute(select(Friendship).where(
        or_(Friendship.asker_id == user.id, Friendship.asked_id == user.id)))).scalars())
    others = {r.asked_id if r.asker_id == user.id else r.asker_id for r in rows}
    recent_tables = select(OutcomeSeat.table_id).where(OutcomeSeat.user_id == user.id) \
        .order_by(OutcomeSeat.finished_at.desc()).limit(30)
    played = set((await db.execute(select(OutcomeSeat.user_id).join(User, User.id == OutcomeSeat.user_id).where(
        OutcomeSeat.table_id.in_(recent_tables), User.username.is_not(None), OutcomeSeat.user_id != user.id)))
        .scalars()) - others
    names = dict((await db.execute(select(User.id, User.nickname).where(User.id.in_(others | played)))).all()) \
        if others | played else {}
    here = await online(db, others)

    def person(user_id: int) -> dict[str, Any]:
        return {"user_id": user_id, "nickname": names.get(user_id, "?"), "online": user_id in here}

    friends = sorted((person(r.asked_id if r.asker_id == user.id else r.asker_id) for r in rows if r.accepted),
                     key=lambda p: (not p["online"], p["nickname"].lower()))
    return {"friends": friends,
            "incoming": [person(r.asker_id) for r in rows if not r.accepted and r.asked_id == user.id],
            "outgoing": [person(r.asked_id) for r in rows if not r.accepted and r.asker_id == user.id],
            "played_with": sorted((person(u) for u in played), key=lambda p: p["nickname"].lower()),
            "tables": await open_tables(db, user=user)}


async def open_tables(db: AsyncSession, *, user: User) -> list[dict[str, Any]]:
    """The open tables `user` hosts or sits at: the ones they may invite a friend to."""
    seated = select(Seat.table_id).where(Seat.user_id == user.id)
    tables = (await db.execute(select(Table).where(Table.status == "open", or_(Table.host_id == user.id,
                                                                               Table.id.in_(seated)))
                               .order_by(Table.created_at.desc()).limit(20))).scalars()
    return [{"id": t.id, "game": t.game_id} for t in tables]


async def invite(db: AsyncSession, *, user: User, table: Table, friend_id: int) -> bool:
    """Invite a friend to an open table `user` is at; False when they were invited to it already."""
    registered_only(user)
    friend = await player(db, friend_id)
    if not await are_friends(db, user.id, friend.id):
        raise FriendError("not_friends", t("you can invite only your friends"), 403)
    seats = list((await db.execute(select(Seat).where(Seat.table_id == table.id))).scalars())
    if user.id != table.host_id and not any(s.user_id == user.id for s in seats):
        raise FriendError("not_at_table", t("only the players at a table may invite to it"), 403)
    if table.status != "open":
        raise FriendError("table_not_open", t("that table is not waiting for players any more"), 409)
    if any(s.user_id == friend.id for s in seats):
        raise FriendError("already_seated", t("{name} is at that table already", name=friend.nickname), 409)
    if await db.get(TableInvite, (table.id, friend.id)) is not None:
        return False
    db.add(TableInvite(table_id=table.id, to_user_id=friend.id, from_user_id=user.id))
    await db.flush()
    return True


async def dismiss(db: AsyncSession, *, user: User, table_id: str) -> None:
    gone = await db.execute(delete(TableInvite).where(TableInvite.table_id == table_id,
                                                      TableInvite.to_user_id == user.id))
    if not gone.rowcount:
        raise FriendError("no_such_invite", t("you have no invitation to that table"), 404)
