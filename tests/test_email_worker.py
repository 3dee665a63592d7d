"""The mail worker against a real SMTP server (aiosmtpd) and a real database (SQLite and PostgreSQL), in this
process: a friend's invitation (the function the friends' notice calls) becomes an email in the player's language;
two workers at once send each email once; an email is gathered with everything waiting; preferences are obeyed."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone

import pytest
from sqlalchemy import select

from app.accounts.keys import Keys
from app.config import Settings
from app.db.models import Base, Clock, EmailAddress, EmailPreference, GameRecord, MailBatch, Seat, Table, User
from app.db.session import make_engine, make_sessionmaker
from app.mail import service, tokens
from app.mail.worker import Mailer
from tests.support.pg import temp_database
from tests.support.servers import free_port
from tests.support.smtp import SmtpServer, body

B_ADDRESS = "bob@example.test"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'mail.db'}"
    else:
        with temp_database(request.getfixturevalue("postgres_url")) as url:
            yield url


@pytest.fixture
def smtp():
    server = SmtpServer().start()
    yield server
    server.stop()


@contextlib.asynccontextmanager
async def hall(database_url: str):
    engine = make_engine(database_url)
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
    sessionmaker = make_sessionmaker(engine)
    async with sessionmaker() as db:
        db.add_all([User(id=1, nickname="Alice", username="alice", password_hash="x"),
                    User(id=2, nickname="Bob", username="bob", password_hash="x", lang="ru")])
        await db.flush()
        db.add(EmailAddress(user_id=2, address=B_ADDRESS, verified_at=datetime.now(timezone.utc)))
        for table_id in ("t1", "t2"):
            db.add(Table(id=table_id, game_id="tally", host_id=1, invite=f"inv{table_id}", status="playing",
                         num_seats=2, pace={"mode": "turn_based", "deadline_h": 24}))
            await db.flush()
            db.add_all([Seat(table_id=table_id, index=0, user_id=1), Seat(table_id=table_id, index=1, user_id=2),
                        GameRecord(table_id=table_id, game_id="tally", seed=1, num_players=2, state="{}")])
            await db.flush()
            db.add(Clock(table_id=table_id, version=1, started_ms=0, waiting=[1],
                         deadline_ms=int(time.time() * 1000) + 20 * 3_600_000 + 60_000))
        await db.commit()
    try:
        yield sessionmaker
    finally:
        await engine.dispose()


def own_loop(test):  # noqa: ANN001, ANN201
    """Runs an async test on an event loop of its own in another thread: the session's Playwright browser keeps a
    loop running in the main thread once a browser test has run, where pytest-asyncio could not start another."""
    @functools.wraps(test)
    def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, asyncio.wait_for(test(*args, **kwargs), 120)).result()
    return run


def mailer(sessionmaker, smtp: SmtpServer, owner: str, **settings) -> Mailer:  # noqa: ANN001, ANN003
    config = Settings(smtp_host="127.0.0.1", smtp_port=smtp.port, smtp_security="none",
                      mail_from="Boardhall <hall@example.test>", public_url="http://hall.example.test",
                      mail_gather_s=0, **settings)
    return Mailer(sessionmaker, config, Keys(["test-key"]), owner)


@own_loop
async def test_a_friends_invitation_is_emailed_in_the_players_language_with_a_signed_unsubscribe(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        await service.queue_invite_email(sessionmaker, "t1", from_user_id=1, to_user_id=2)
        await service.queue_invite_email(sessionmaker, "t1", from_user_id=1, to_user_id=2)  # told twice: one item
        worker = mailer(sessionmaker, smtp, "w1")
        assert await worker.pass_once() == 1
        [message] = smtp.inbox.wait(B_ADDRESS)
        text = body(message)
        assert message["Content-Language"] == "ru"
        assert "Alice" in text and "http://hall.example.test/tables/t1" in text
        assert "приглашает" in text  # Russian: "invites you"
        unsubscribe = message["List-Unsubscribe"].strip("<>")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # On the wire the header is the plain <URL> mail programs read, not folded into encoded words.
        assert f"\r\nList-Unsubscribe: <{unsubscribe}>\r\n".encode() in message.raw
        assert message["Content-Transfer-Encoding"] in ("base64", "quoted-printable")  # 7-bit safe for any relay
        token = unsubscribe.split("token=")[1]
        assert tokens.read(worker.keys, token, tokens.UNSUBSCRIBE)["u"] == 2
        assert tokens.read(worker.keys, token, tokens.VERIFY) is None  # one purpose's token is not another's
        assert await worker.pass_once() == 0  # nothing left to say


@own_loop
async def test_two_workers_at_once_send_each_email_once_listing_every_waiting_table(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        await service.queue_turn(sessionmaker, "t1", 1, [1])
        await service.queue_turn(sessionmaker, "t2", 1, [1])
        await service.queue_turn(sessionmaker, "t1", 1, [1])  # the same move heard twice
        first, second = mailer(sessionmaker, smtp, "w1"), mailer(sessionmaker, smtp, "w2")
        sent = await asyncio.gather(first.pass_once(), second.pass_once())
        assert sum(sent) == 1
        [message] = smtp.inbox.wait(B_ADDRESS)
        text = body(message)
        assert "/tables/t1" in text and "/tables/t2" in text
        assert "2" in message["Subject"]
        await asyncio.sleep(0.3)
        assert len(smtp.inbox.to(B_ADDRESS)) == 1


@own_loop
async def test_within_the_window_nothing_more_is_sent_until_it_has_passed(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        worker = mailer(sessionmaker, smtp, "w1", mail_every_minutes=1 / 60)  # one second
        await service.queue_turn(sessionmaker, "t1", 1, [1])
        assert await worker.pass_once() == 1
        await service.queue_turn(sessionmaker, "t2", 2, [1])
        assert await worker.pass_once() == 0  # too soon after the first
        await asyncio.sleep(1.1)
        assert await worker.pass_once() == 1
        assert len(smtp.inbox.wait(B_ADDRESS, 2)) == 2


@own_loop
async def test_a_table_turned_off_is_left_out_and_a_player_who_moved_meanwhile_gets_nothing(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        async with sessionmaker() as db:
            await service.set_preferences(db, await db.get(User, 2), {"turn": False}, table_id="t2")
            await db.commit()
        await service.queue_turn(sessionmaker, "t1", 1, [1])
        await service.queue_turn(sessionmaker, "t2", 1, [1])
        worker = mailer(sessionmaker, smtp, "w1")
        assert await worker.pass_once() == 1
        text = body(smtp.inbox.wait(B_ADDRESS)[0])
        assert "/tables/t1" in text and "/tables/t2" not in text
        # Bob moves at t1 before the next email is written: nothing is true any more, nothing is sent.
        worker = mailer(sessionmaker, smtp, "w1", mail_every_minutes=0)
        await service.queue_turn(sessionmaker, "t1", 2, [1])
        async with sessionmaker() as db:
            (await db.get(Clock, "t1")).waiting = [0]
            await db.commit()
        assert await worker.pass_once() == 0
        async with sessionmaker() as db:
            assert (await db.get(EmailPreference, (2, "t2"))).turn is False
            assert {b.state for b in (await db.execute(MailBatch.__table__.select())).all()} == {"sent", "empty"}


@own_loop
async def test_a_turn_based_game_that_just_started_tells_its_first_players(database_url, smtp):
    """The lobby deals a game without a move (nothing live play tells): the worker finds the start itself, once."""
    async with hall(database_url) as sessionmaker:
        async with sessionmaker() as db:
            clock = await db.get(Clock, "t1")
            clock.version, clock.started_ms = 0, int(time.time() * 1000)
            await db.commit()
        worker = mailer(sessionmaker, smtp, "w1", mail_every_minutes=0)
        assert await worker.pass_once() == 1
        assert "/tables/t1" in body(smtp.inbox.wait(B_ADDRESS)[0])
        assert await worker.pass_once() == 0  # told once


@own_loop
async def test_a_player_at_the_table_when_their_turn_comes_is_not_emailed_about_it(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        async with sessionmaker() as db:
            (await db.get(Seat, ("t1", 1))).seen_ms = int(time.time() * 1000)  # Bob has t1 open
            await db.commit()
        await service.queue_turn(sessionmaker, "t1", 1, [1])
        worker = mailer(sessionmaker, smtp, "w1", mail_every_minutes=0)
        assert await worker.pass_once() == 0
        await service.queue_turn(sessionmaker, "t2", 1, [1])  # a table he is not at
        assert await worker.pass_once() == 1
        assert "/tables/t2" in body(smtp.inbox.wait(B_ADDRESS)[0])


@own_loop
async def test_removing_an_address_leaves_it_nowhere_in_the_database(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        async with sessionmaker() as db:
            await service.set_address(db, await db.get(User, 2), "new-bob@example.test")
            await db.commit()
        assert await mailer(sessionmaker, smtp, "w1").pass_once() == 1  # the confirmation email went out
        assert smtp.inbox.wait("new-bob@example.test")
        async with sessionmaker() as db:
            await service.remove_address(db, 2)
            await db.commit()
            dump = [str(row) for table in Base.metadata.sorted_tables
                    for row in (await db.execute(table.select())).all()]
        assert dump and not [row for row in dump if "new-bob@example.test" in row or B_ADDRESS in row]


@own_loop
async def test_a_passing_refusal_or_an_absent_server_is_tried_again_and_a_final_one_given_up(database_url, smtp):
    async with hall(database_url) as sessionmaker:
        await service.queue_turn(sessionmaker, "t1", 1, [1])
        away = Mailer(sessionmaker, Settings(smtp_host="127.0.0.1", smtp_port=free_port(), smtp_security="none",
                                             mail_from="hall@example.test", mail_gather_s=0, mail_lease_s=0.2),
                      Keys(["test-key"]), "w0")
        assert await away.pass_once() == 0  # nobody listens on that port: nothing sent, nothing lost
        smtp.inbox.refusals = ["451 4.3.0 try again later"]
        worker = mailer(sessionmaker, smtp, "w1", mail_lease_s=0.2, mail_every_minutes=0)
        await asyncio.sleep(0.3)
        assert await worker.pass_once() == 0 and smtp.inbox.to(B_ADDRESS) == []
        await asyncio.sleep(0.3)
        assert await worker.pass_once() == 1
        assert len(smtp.inbox.wait(B_ADDRESS)) == 1
        smtp.inbox.refusals = ["550 5.1.1 no such mailbox"]
        await service.queue_turn(sessionmaker, "t2", 2, [1])
        assert await worker.pass_once() == 0
        await asyncio.sleep(0.3)
        assert await worker.pass_once() == 0  # given up, never tried again
        assert len(smtp.inbox.to(B_ADDRESS)) == 1
        async with sessionmaker() as db:
            states = [b.state for b in (await db.execute(select(MailBatch).order_by(MailBatch.created_ms))).scalars()]
        assert states == ["sent", "failed"]
