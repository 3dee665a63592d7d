"""Email, end to end: a hall started as in production with SMTP pointed at a real SMTP server (aiosmtpd) run by the
test, on SQLite and PostgreSQL. An address is verified by the link it receives and nobody else ever sees it; turns
at two tables make one email in the player's language whose links open the tables; nothing more comes inside the
window; the unsubscribe link stops the next one; a worker killed in the middle sends nothing twice."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import httpx
import pytest

from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server, free_port
from tests.support.smtp import SmtpServer, body, links

FAST = {"MAIL_TICK_S": "0.2", "MAIL_GATHER_S": "1.5", "MAIL_EVERY_MINUTES": "0.05", "MAIL_LEASE_S": "1",
        "PRESENCE_BEAT_S": "0.5"}  # a player who closed the table is away after 1.5 s
TURN_BASED = {"mode": "turn_based", "deadline_h": 24}


@pytest.fixture(scope="module")
def smtp():
    server = SmtpServer().start()
    yield server
    server.stop()


DATABASES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def _database(request, tmp_path_factory):  # noqa: ANN001, ANN202
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('email') / 'hall.db'}"
    else:
        with temp_database(request.getfixturevalue("postgres_url")) as url:
            yield url


@pytest.fixture(scope="module", params=DATABASES)
def database(request, tmp_path_factory):
    yield from _database(request, tmp_path_factory)


@pytest.fixture(params=DATABASES)
def own_database(request, tmp_path_factory):
    """A database no other hall uses (whose worker would send in this one's place)."""
    yield from _database(request, tmp_path_factory)


def start_hall(database: str, smtp: SmtpServer, port: int | None = None, **env: str) -> Server:
    port = port or free_port()
    server = Server(database_url=database, port=port, PUBLIC_URL=f"http://127.0.0.1:{port}", **smtp.env(), **FAST,
                    **env)
    server.start()
    return server


@pytest.fixture(scope="module")
def hall(database, smtp):
    server = start_hall(database, smtp)
    yield server
    server.stop()


def registered(server: Server, name: str, lang: str | None = None) -> Person:
    person = Person(server, name.capitalize())
    person.post("/api/register", {"username": f"{name}_{free_port()}", "password": "correct horse battery"})
    if lang:
        assert person.http.get(f"/api/me?lang={lang}").status_code == 200  # an account keeps the language it chose
    return person


def local(url: str) -> str:
    """A link from an email as a path and query, for the person's own client."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def verified(person: Person, smtp: SmtpServer, address: str) -> None:
    r = person.http.put("/api/me/email", json={"address": address})
    assert r.status_code == 200, r.text
    assert r.json()["address"] == address and r.json()["verified"] is False
    [message] = smtp.inbox.wait(address)
    [link] = [u for u in links(message) if "/mail/verify" in u]
    assert person.http.get(local(link)).status_code == 200
    assert person.http.get("/api/me/email").json()["verified"] is True


def test_guests_and_bad_addresses_are_refused_and_change_nothing(hall):
    guest = Person(hall, "Guesto")
    r = guest.http.put("/api/me/email", json={"address": "guest@example.test"})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not_registered"
    assert guest.http.put("/api/me/email/preferences", json={"turn": False}).status_code == 409
    person = registered(hall, "careful")
    for bad in ("no-at-sign", "two@@example.test", "a@b", "x@example.test\r\nBcc: all@example.test",
                "<x@example.test>", "a" * 65 + "@example.test"):
        r = person.http.put("/api/me/email", json={"address": bad})
        assert r.status_code in (400, 422) and person.http.get("/api/me/email").json()["address"] is None, bad
    r = person.http.put("/api/me/email/preferences", json={"turn": "yes"})
    assert r.status_code == 422
    for table in ("nosuchtable", "%00nul", "x" * 40):
        r = person.http.put(f"/api/me/email/preferences/{table}", json={"turn": False})
        assert r.status_code == 404 and r.json()["detail"]["code"] == "not_seated", table


def test_an_address_is_verified_by_its_link_only_its_owner_sees_it_and_removing_deletes_it(hall, smtp):
    alice, bob = registered(hall, "alice"), registered(hall, "bob")
    table = alice.post("/api/tables", {"game": "tally", "seats": 2, "options": {"rounds": 1, "first_player": 0},
                                       "pace": TURN_BASED}).json()["id"]
    bob.post(f"/api/tables/{table}/join", {})
    address = f"bob{free_port()}@example.test"
    r = bob.http.put("/api/me/email", json={"address": address})
    [message] = smtp.inbox.wait(address)
    assert "Confirm" in message["Subject"] and not message["List-Unsubscribe"]  # not a newsletter: no unsubscribe
    [link] = [u for u in links(message) if "/mail/verify" in u]
    # A forged or altered link does nothing; someone else opening the real one confirms only that address.
    assert bob.http.get(local(link)[:-3] + "xyz").status_code == 400
    assert bob.http.get("/api/me/email").json()["verified"] is False
    assert alice.http.get(local(link)).status_code == 200
    assert bob.http.get("/api/me/email").json() | {"tables": {}} == {
        "sending": True, "registered": True, "address": address, "verified": True, "tables": {},
        "preferences": {"turn": True, "finished": True, "invite": True}, "every_minutes": 0.05}
    # Nothing another player can read names it: the lists, the table, its page, the history, the socket.
    alice.post(f"/api/tables/{table}/start")
    seen = [alice.http.get(path).text for path in (
        "/api/tables", f"/api/tables/{table}", f"/tables/{table}", f"/api/users/{bob.id}/history",
        f"/users/{bob.id}", f"/api/tables/{table}/log", "/account", "/api/me/email")]
    sock = alice.socket(table)
    seen.append(str(sock.until("snapshot")))
    sock.close()
    assert not [text for text in seen if address in text]
    assert alice.http.get("/api/me/email").json()["address"] is None
    r = bob.http.delete("/api/me/email")
    assert r.status_code == 200 and r.json()["address"] is None
    assert address not in bob.http.get("/account").text


def test_turns_make_one_email_per_window_in_the_players_language_and_unsubscribe_stops_the_next(hall, smtp):
    alice, bob = registered(hall, "alicia"), registered(hall, "bernard", lang="fr")
    address = f"bernard{free_port()}@example.test"
    verified(bob, smtp, address)
    tables, socks = [], []
    for _ in range(2):
        tid = alice.post("/api/tables", {"game": "tally", "seats": 2, "options": {"rounds": 1, "first_player": 0},
                                         "pace": TURN_BASED}).json()["id"]
        bob.post(f"/api/tables/{tid}/join", {})
        tables.append(tid)
    for tid in tables:  # both games start, each waiting for both players' secret picks
        alice.post(f"/api/tables/{tid}/start")
    [_, first] = smtp.inbox.wait(address, 2)
    assert first["Subject"] == "Boardhall: À vous de jouer à 2 tables" and first["Content-Language"] == "fr"
    text = body(first)
    assert "Bonjour Bernard" in text and "avec Alicia" in text and "Tally" in text
    for tid in tables:
        [link] = [u for u in links(first) if u.endswith(f"/tables/{tid}")]
        assert bob.http.get(local(link)).status_code == 200
        socks.append(alice.socket(tid))
        socks[-1].until("snapshot")
    # Alicia picks at both tables, and both wait for Bernard again (who is not at them): two turns inside the window,
    # one email after it.
    for a in socks:
        a.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    second = smtp.inbox.wait(address, 3)[2]
    assert smtp.inbox.arrival(second) - smtp.inbox.arrival(first) >= 3.0  # MAIL_EVERY_MINUTES=0.05
    assert all(f"/tables/{tid}" in body(second) for tid in tables)  # every table still waiting for him
    # Unsubscribing as a mail program does (RFC 8058): a POST to the List-Unsubscribe address, no cookie.
    unsubscribe = second["List-Unsubscribe"].strip("<>")
    page = httpx.get(unsubscribe)
    assert page.status_code == 200 and "Se désabonner" not in page.text  # no ?lang= and no cookie: English
    assert "Unsubscribe" in page.text
    r = httpx.post(unsubscribe, data={"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200 and "unsubscribed" in r.text
    assert bob.http.get("/api/me/email").json()["preferences"] == {"turn": False, "finished": False, "invite": False}
    socks = [(a, bob.socket(tid)) for a, tid in zip(socks, tables)]
    for _, b in socks:
        b.until("snapshot")
    a, b = socks[0]
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    a.sync_to(2)
    a.act_ok({"type": "bank", "label": "Bank"})
    b.sync_to(3)
    b.act_ok({"type": "pass", "label": "Pass"})  # the first game ends
    a2, b2 = socks[1]
    b2.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    a2.sync_to(2)
    a2.act_ok({"type": "bank", "label": "Bank"})  # his turn at the second table
    time.sleep(6)  # past the window and the gathering time
    assert len(smtp.inbox.to(address)) == 3
    assert httpx.post(unsubscribe[:-4] + "AAAA").status_code == 400  # a broken token is told so
    for a, b in socks:
        a.close(), b.close()


@pytest.mark.parametrize("fault", ["after_send", "after_claim"])
def test_a_worker_killed_in_the_middle_sends_nothing_twice(own_database, smtp, fault):
    """Killed after the server accepted the email but before it was marked sent: the next worker does not send it
    again. Killed after claiming it, before sending: the next worker sends it, once."""
    server = start_hall(own_database, smtp, MAIL_FAULT=fault)
    person = registered(server, "crash")
    address = f"crash{free_port()}@example.test"
    assert person.http.put("/api/me/email", json={"address": address}).status_code == 200
    deadline = time.monotonic() + 20
    while server.proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert server.proc.poll() is not None, "the fault did not end the process"
    assert len(smtp.inbox.to(address)) == (1 if fault == "after_send" else 0)
    again = start_hall(own_database, smtp, port=server.port)
    try:
        [message] = smtp.inbox.wait(address)
        time.sleep(3)  # the dead worker's claims have expired (MAIL_LEASE_S=1) and several passes ran
        assert smtp.inbox.to(address) == [message]
        [link] = [u for u in links(message) if "/mail/verify" in u]
        assert person.http.get(local(link)).status_code == 200
    finally:
        again.stop()


def test_a_server_without_smtp_takes_no_address_and_its_account_page_says_so(sqlite_server):
    person = registered(sqlite_server, "nosmtp")
    r = person.http.put("/api/me/email", json={"address": "nosmtp@example.test"})
    assert r.status_code == 409 and r.json()["detail"]["code"] == "email_off"
    state = person.http.get("/api/me/email").json()
    assert state["sending"] is False and state["address"] is None
    page = person.http.get("/account").text
    assert "Email is not set up on this server" in page and 'name="address"' not in page
    assert "Почта на этом сервере не настроена" in person.http.get("/account?lang=ru").text


def test_a_friends_invitation_arrives_by_email_and_its_link_seats_them(hall, smtp):
    host, pal = registered(hall, "hostess"), registered(hall, "palomino")
    address = f"palomino{free_port()}@example.test"
    verified(pal, smtp, address)
    host.post("/api/friends", {"user_id": pal.id})
    pal.post(f"/api/friends/{host.id}/accept")
    table = host.post("/api/tables", {"game": "tally", "seats": 2, "options": {"rounds": 1, "first_player": 0},
                                      "private": True}).json()
    assert host.post(f"/api/tables/{table['id']}/invites", {"user_id": pal.id}).json() == {"status": "invited"}
    [_, message] = smtp.inbox.wait(address, 2)
    assert message["Subject"] == "Boardhall: You are invited to a table"
    assert "Hostess invites you to a table:" in body(message)
    # The link opens the private table for them (the invite rides in it), and they sit down with what it carried.
    [link] = [u for u in links(message) if "/join/" in u]
    page = pal.http.get(local(link), follow_redirects=True)
    assert page.status_code == 200 and "This table is private" not in page.text
    assert page.url.path == f"/tables/{table['id']}" and page.url.params["invite"] == table["invite"]
    pal.post(f"/api/tables/{table['id']}/join", {"invite": page.url.params["invite"]})
    assert pal.id in [s["user_id"] for s in host.http.get(f"/api/tables/{table['id']}").json()["seats"]]
