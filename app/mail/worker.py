"""The mail worker: one instance at a time (the `mail` lease, app/play/leases.py) turns queued items into emails and
sends them over SMTP.

Every pass: (1) take over what a dead worker left: a batch it claimed but had not started sending is sent by us; one
it was sending is marked lost (it may have gone out: never twice); (2) gather each player's pending items into one
batch once the oldest has waited MAIL_GATHER_S and their last email is MAIL_EVERY_MINUTES old (a verification email
goes at once); (3) send our batches: `sending` is committed before the SMTP conversation, `sent` (with the items
done and the player's last_sent_ms) in one transaction after the server accepted it. A server that is away or
refuses for now (4xx) took nothing: the batch is claimable again a lease later; a final refusal (5xx) is `failed`. The batch id is the left part
of the Message-ID, so a receiving server that sees the same message twice can tell.

An email says what is true when it is written: every table still waiting for the player (their preferences
allowing), the games that ended, the invitations; items that are no longer true (the player moved meanwhile) are
dropped, and a batch left with nothing to say sends nothing.
"""

from __future__ import annotations

import asyncio
import logging
import os
import smtplib
import ssl
import uuid
from contextlib import suppress
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from datetime import datetime, timezone
from urllib.parse import urlsplit

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app import engine, observability
from app.accounts.keys import Keys
from app.config import Settings
from app.db.models import Clock, EmailAddress, MailBatch, MailItem, Seat, Table, User
from app.i18n import current_language, gettext, ngettext, valid
from app.lobby import timing
from app.play import leases

from . import service, tokens

log = logging.getLogger(__name__)
DAY_MS = 86_400_000
# Long headers stay whole (RFC 5322 allows 998 characters): folded, a List-Unsubscribe URL came out as encoded words,
# which mail programs do not decode there.
HEADERS = policy.SMTP.clone(max_line_length=998)


def configured(settings: Settings) -> bool:
    """Whether this server sends email at all: an SMTP host and a From address are set."""
    return bool(settings.smtp_host and settings.mail_from)


class NotSent(Exception):
    """The SMTP server did not take the email; `retry`: the refusal was passing (4xx, or the server was away)."""

    def __init__(self, retry: bool):
        super().__init__("retry" if retry else "final")
        self.retry = retry


@dataclass
class Waiting:
    """A table waiting for the player, as the email lists it."""

    table_id: str
    game: str
    opponents: list[str]
    hours_left: int | None
    present: bool  # the player has the table open right now: they see their turn there


async def waiting_tables(db: AsyncSession, user_id: int, *, now_ms: int, settings: Settings,
                         limit: int = 50) -> list[Waiting]:
    """The turn-based tables in play where this player is awaited now."""
    rows = (await db.execute(
        select(Table, Clock, Seat.index, Seat.seen_ms).join(Seat, Seat.table_id == Table.id)
        .join(Clock, Clock.table_id == Table.id)
        .where(Seat.user_id == user_id, Seat.bot.is_(None), Table.status == "playing")
        .order_by(Clock.deadline_ms))).all()
    found = [(table, clock, timing.absent_since(seen, now_ms, settings) is None) for table, clock, seat, seen in rows
             if (table.pace or {}).get("mode") == timing.TURN_BASED and seat in (clock.waiting or [])][:limit]
    if not found:
        return []
    names: dict[str, list[str]] = {}
    for table_id, nickname, bot, seat_user in (await db.execute(
            select(Seat.table_id, User.nickname, Seat.bot, Seat.user_id).outerjoin(User, User.id == Seat.user_id)
            .where(Seat.table_id.in_([t.id for t, _, _ in found])).order_by(Seat.table_id, Seat.index))).all():
        if seat_user != user_id:
            names.setdefault(table_id, []).append(bot or nickname or "?")
    out = []
    for table, clock, present in found:
        game = engine.get(table.game_id)
        left = None if clock.deadline_ms is None else max(0, (clock.deadline_ms - now_ms) // 3_600_000)
        out.append(Waiting(table.id, gettext(game.title) if game else table.game_id, names.get(table.id, []), left,
                           present))
    return out


class Mailer:
    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], settings: Settings, keys: Keys,
                 instance: str):
        self.sessionmaker = sessionmaker
        self.settings = settings
        self.keys = keys
        self.owner = instance[:32]
        self.lease_ms = int(settings.mail_lease_s * 1000)

    # ---- the loop ------------------------------------------------------------------------------------------
    async def run(self) -> None:
        while True:
            try:
                async with self.sessionmaker() as db:
                    mine = await leases.hold(db, "mail", owner=self.owner, now_ms=timing.now_ms(),
                                             lease_ms=self.lease_ms)
                if mine:
                    await self.pass_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database or the SMTP server may be away for a moment: try again next pass
                observability.DATABASE_ERRORS.labels("mail_worker").inc()
                log.exception("mail worker pass failed")
            await asyncio.sleep(self.settings.mail_tick_s)

    async def pass_once(self) -> int:
        """One pass; returns how many emails were sent."""
        now = timing.now_ms()
        async with self.sessionmaker() as db:
            await self._take_over(db, now)
            await self._starts(db, now)
            await self._gather(db, timing.now_ms())
            mine = list((await db.execute(select(MailBatch.id).where(
                MailBatch.state == "claimed", MailBatch.owner == self.owner).order_by(MailBatch.created_ms))).scalars())
        sent = 0
        for batch_id in mine:
            sent += await self._send(batch_id)
        return sent

    # ---- claims ------------------------------------------------------------------------------------------
    async def _take_over(self, db: AsyncSession, now: int) -> None:
        # What was told stays a day (so the same fact is not queued again), a batch's row (who, when, no text or
        # address) a month.
        await db.execute(delete(MailItem).where(MailItem.state == "done", MailItem.created_ms < now - DAY_MS))
        await db.execute(delete(MailBatch).where(MailBatch.state.in_(("sent", "empty", "lost", "failed")),
                                                 MailBatch.created_ms < now - 30 * DAY_MS))
        await db.execute(update(MailBatch).where(MailBatch.state == "claimed", MailBatch.until_ms < now)
                         .values(owner=self.owner, until_ms=now + self.lease_ms))
        lost = list((await db.execute(select(MailBatch.id).where(
            MailBatch.state == "sending", MailBatch.until_ms < now))).scalars())
        if lost:
            log.warning("%d emails were being sent when their worker stopped: not sent again", len(lost))
            await db.execute(update(MailBatch).where(MailBatch.id.in_(lost), MailBatch.state == "sending")
                             .values(state="lost"))
            await db.execute(update(MailItem).where(MailItem.batch_id.in_(lost)).values(state="done"))
        await db.commit()

    async def _starts(self, db: AsyncSession, now: int) -> None:
        """A turn-based game that started in the last hour waits for its first players: no move told of it (the
        lobby deals it, below live play), so it is found here; the key is the one a move at version 0 would have."""
        rows = (await db.execute(
            select(Clock.table_id, Clock.waiting, Table.pace).join(Table, Table.id == Clock.table_id)
            .where(Clock.version == 0, Clock.started_ms >= now - 3_600_000, Table.status == "playing"))).all()
        started = {table_id: waiting for table_id, waiting, pace in rows
                   if (pace or {}).get("mode") == timing.TURN_BASED and waiting}
        if not started:
            return
        told = set((await db.execute(select(MailItem.table_id).where(
            MailItem.table_id.in_(list(started)), MailItem.kind == "turn"))).scalars())
        for table_id in set(started) - told:
            await service.enqueue(db, await service.seated(db, table_id, started[table_id]), "turn", table_id,
                                  key=f"turn:{table_id}:0", detail={"start": True})
        await db.commit()

    async def _gather(self, db: AsyncSession, now: int) -> None:
        every_ms = int(self.settings.mail_every_minutes * 60_000)
        gather_ms = int(self.settings.mail_gather_s * 1000)
        rows = (await db.execute(
            select(MailItem.user_id, func.min(MailItem.created_ms), EmailAddress.last_sent_ms)
            .outerjoin(EmailAddress, EmailAddress.user_id == MailItem.user_id)
            .where(MailItem.state == "pending", MailItem.kind != "verify")
            .group_by(MailItem.user_id, EmailAddress.last_sent_ms))).all()
        for user_id, oldest, last_sent in rows:
            if oldest <= now - gather_ms and (last_sent is None or last_sent <= now - every_ms):
                await self._claim(db, user_id, now, MailItem.kind != "verify")
        for item_id, user_id in (await db.execute(select(MailItem.id, MailItem.user_id).where(
                MailItem.state == "pending", MailItem.kind == "verify"))).all():
            await self._claim(db, user_id, now, MailItem.id == item_id)

    async def _claim(self, db: AsyncSession, user_id: int, now: int, which) -> None:  # noqa: ANN001
        batch_id = uuid.uuid4().hex
        db.add(MailBatch(id=batch_id, user_id=user_id, state="claimed", owner=self.owner,
                         until_ms=now + self.lease_ms, created_ms=now))
        await db.flush()
        await db.execute(update(MailItem).where(MailItem.user_id == user_id, MailItem.state == "pending", which)
                         .values(state="batched", batch_id=batch_id))
        await db.commit()
        self._fault("after_claim")

    def _fault(self, where: str) -> None:
        if self.settings.mail_fault == where:  # tests: the process dies here, as a killed instance would
            log.warning("MAIL_FAULT=%s: ending the process", where)
            os._exit(137)

    # ---- sending -----------------------------------------------------------------------------------------
    async def _send(self, batch_id: str) -> int:
        now = timing.now_ms()
        async with self.sessionmaker() as db:
            batch = await db.get(MailBatch, batch_id)
            if batch is None or batch.state != "claimed" or batch.owner != self.owner:
                return 0
            message = await self._compose(db, batch, now)
            if message is None:
                batch.state = "empty"
                await db.execute(update(MailItem).where(MailItem.batch_id == batch_id).values(state="done"))
                await db.commit()
                return 0
            started = await db.execute(update(MailBatch).where(
                MailBatch.id == batch_id, MailBatch.state == "claimed", MailBatch.owner == self.owner)
                .values(state="sending", until_ms=now + self.lease_ms))
            await db.commit()
            if started.rowcount != 1:
                return 0
        try:
            await asyncio.to_thread(self._smtp, message)
        except NotSent as refused:
            # Nothing went out: a passing refusal (4xx, the server away) is tried again once the lease has run
            # out; a final one (5xx: no such mailbox) is given up.
            log.warning("email %s not sent (%s): %s", batch_id, "will retry" if refused.retry else "given up",
                        refused.__cause__)
            async with self.sessionmaker() as db:
                await db.execute(update(MailBatch).where(MailBatch.id == batch_id, MailBatch.state == "sending").values(
                    state="claimed" if refused.retry else "failed", owner="", until_ms=now + self.lease_ms))
                if not refused.retry:
                    await db.execute(update(MailItem).where(MailItem.batch_id == batch_id).values(state="done"))
                await db.commit()
            return 0
        self._fault("after_send")
        async with self.sessionmaker() as db:
            await db.execute(update(MailBatch).where(MailBatch.id == batch_id)
                             .values(state="sent", sent_ms=timing.now_ms()))
            await db.execute(update(MailItem).where(MailItem.batch_id == batch_id).values(state="done"))
            if message["X-Boardhall-Kind"] != "verify":
                await db.execute(update(EmailAddress).where(EmailAddress.user_id == batch.user_id)
                                 .values(last_sent_ms=now))
            await db.commit()
        return 1

    def _smtp(self, message: EmailMessage) -> None:
        """Hand the email to the SMTP server. NotSent when it surely did not take it; a connection lost during the
        message itself raises anything else (it may have been taken: the batch is left `sending`, then lost)."""
        s = self.settings
        try:
            if s.smtp_security == "ssl":
                client = smtplib.SMTP_SSL(s.smtp_host, s.smtp_port, timeout=30, context=ssl.create_default_context())
            else:
                client = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=30)
        except (OSError, smtplib.SMTPException) as exc:
            raise NotSent(retry=True) from exc
        try:
            try:
                if s.smtp_security == "starttls":
                    client.starttls(context=ssl.create_default_context())
                if s.smtp_user:
                    client.login(s.smtp_user, s.smtp_password)
            except (OSError, smtplib.SMTPException) as exc:
                raise NotSent(retry=True) from exc
            try:
                client.send_message(message)
            except smtplib.SMTPRecipientsRefused as exc:
                raise NotSent(retry=all(code < 500 for code, _ in exc.recipients.values())) from exc
            except smtplib.SMTPResponseException as exc:  # the sender or the message refused, with a code
                raise NotSent(retry=exc.smtp_code < 500) from exc
        finally:
            with suppress(OSError, smtplib.SMTPException):
                client.quit()


    # ---- writing -----------------------------------------------------------------------------------------
    def _link(self, path: str) -> str:
        return self.settings.public_url.rstrip("/") + path

    def _envelope(self, batch: MailBatch, to: str, subject: str, kind: str) -> EmailMessage:
        message = EmailMessage()  # the default policy: its body encoding keeps lines short and 7-bit
        message["From"] = self.settings.mail_from
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = format_datetime(datetime.now(timezone.utc))
        host = urlsplit(self.settings.public_url).hostname or "boardhall"
        message["Message-ID"] = f"<{batch.id}@{host}>"  # the batch id: the same email twice is recognisably one
        message["Auto-Submitted"] = "auto-generated"
        message["X-Boardhall-Kind"] = kind
        return message

    async def _compose(self, db: AsyncSession, batch: MailBatch, now: int) -> EmailMessage | None:
        user = await db.get(User, batch.user_id)
        address = await db.get(EmailAddress, batch.user_id)
        items = list((await db.execute(select(MailItem).where(MailItem.batch_id == batch.id)
                                       .order_by(MailItem.id))).scalars())
        if user is None or address is None or not items:
            return None
        language = current_language.set(valid(user.lang) or "en")
        try:
            if items[0].kind == "verify":
                message = self._verification(batch, user, address, items[0])
            else:
                message = await self._news(db, batch, user, address, items, now)
            if message is not None:
                message["Content-Language"] = current_language.get()  # after set_content, which drops Content-*
                message.policy = HEADERS  # the body is encoded already; the headers are folded when sent
            return message
        finally:
            current_language.reset(language)

    def _verification(self, batch: MailBatch, user: User, address: EmailAddress, item: MailItem) -> EmailMessage | None:
        if address.verified_at is not None or address.address != item.detail.get("address"):
            return None  # verified meanwhile, or replaced by another address (which has its own email)
        token = tokens.sign(self.keys, tokens.VERIFY, user.id, a=address.address)
        message = self._envelope(batch, address.address, gettext("Confirm your email address for Boardhall"), "verify")
        message.set_content("\n".join([
            gettext("Hello %(name)s,") % {"name": user.nickname}, "",
            gettext("Open this link to confirm that this address is yours and receive Boardhall's emails:"),
            self._link(f"/mail/verify?token={token}"), "",
            gettext("The link works for three days. If you did not ask for it, ignore this email: "
                    "nothing will be sent to you."),
        ]) + "\n")
        return message

    async def _news(self, db: AsyncSession, batch: MailBatch, user: User, address: EmailAddress,
                    items: list[MailItem], now: int) -> EmailMessage | None:
        if address.verified_at is None:
            return None
        choices: dict[str, dict[str, bool]] = {}

        async def wants(kind: str, table_id: str | None) -> bool:
            key = table_id or ""
            if key not in choices:
                choices[key] = await service.preferences(db, user.id, key)
            return choices[key][kind]

        waiting = [w for w in await waiting_tables(db, user.id, now_ms=now, settings=self.settings)
                   if await wants("turn", w.table_id)]
        # A turn is news while the table still waits for them and they are not at it, looking (a start counts
        # every player as seen at that moment, so it is news whatever presence says).
        away = {w.table_id for w in waiting if not w.present}
        waits = {w.table_id for w in waiting}
        fresh_turns = [i for i in items if i.kind == "turn" and i.table_id in (waits if i.detail.get("start") else away)]
        ended = [i.table_id for i in items if i.kind == "finished" and await wants("finished", i.table_id)]
        invites = [i for i in items if i.kind == "invite" and await wants("invite", None)]
        if not (fresh_turns or ended or invites):
            return None
        lines = [gettext("Hello %(name)s,") % {"name": user.nickname}, ""]
        if waiting:
            lines.append(ngettext("It is your turn at %(n)d table:", "It is your turn at %(n)d tables:",
                                  len(waiting)) % {"n": len(waiting)})
            for w in waiting:
                lines.append("")
                against = ", ".join(w.opponents)
                lines.append(f"* {w.game}" + (" — " + gettext("with %(names)s") % {"names": against} if against else ""))
                if w.hours_left is not None:
                    lines.append("  " + ngettext("%(n)d hour left", "%(n)d hours left", w.hours_left)
                                 % {"n": w.hours_left})
                lines.append("  " + self._link(f"/tables/{w.table_id}"))
            lines.append("")
        if ended:
            lines.append(ngettext("A game of yours ended:", "Games of yours ended:", len(ended)))
            for table_id in ended:
                lines.append("* " + self._link(f"/tables/{table_id}"))
            lines.append("")
        for item in invites:
            friend = await db.get(User, item.detail.get("from"))
            lines.append(gettext("%(friend)s invites you to a table:") % {"friend": friend.nickname if friend else "?"})
            code = item.detail.get("invite")
            lines.append("* " + self._link(f"/join/{code}" if code else f"/tables/{item.table_id}"))
            lines.append("")
        unsubscribe = self._link(f"/mail/unsubscribe?token={tokens.sign(self.keys, tokens.UNSUBSCRIBE, user.id)}")
        lines += ["-- ", gettext("You get this email because you asked for it on your Boardhall account page, "
                                 "where you can choose what you hear about:"),
                  self._link("/account"), gettext("Stop all emails with one click:"), unsubscribe]
        if waiting:
            subject = ngettext("Your turn at %(n)d table", "Your turn at %(n)d tables", len(waiting)) % {"n": len(waiting)}
        elif ended:
            subject = ngettext("A game of yours ended", "Games of yours ended", len(ended))
        else:
            subject = gettext("You are invited to a table")
        message = self._envelope(batch, address.address, "Boardhall: " + subject, "news")
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content("\n".join(lines) + "\n")
        return message
