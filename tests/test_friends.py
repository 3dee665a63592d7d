"""Friends, "waiting for you" and the per-person socket (issue 32), over the real API and real sockets.

Each refusal is checked to change nothing; guests are told why they have no friends and how to get them.
"""

from __future__ import annotations

import json
import struct
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server, instances
from tests.test_hostile import close_code, register

LIMITS = {"FRIEND_REQUESTS_PER_HOUR": "4", "TABLE_INVITES_PER_HOUR": "3", "PERSON_SOCKETS_PER_USER": "2"}
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """A server of its own: the hourly limits these tests trip must not reach other modules."""
    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('friends') / 'hall.db'}", **LIMITS)
    server.start()
    yield server
    server.stop()


class PersonSocket:
    """A person's /ws/me socket: each `waiting` frame is the whole list."""

    def __init__(self, person: Person, origin: str | None = None):
        cookie = "; ".join(f"{k}={v}" for k, v in person.http.cookies.items())
        headers = {"Cookie": cookie} if cookie else {}
        if origin:
            headers["Origin"] = origin
        self.ws = connect(f"{person.server.ws_url}/ws/me", additional_headers=headers, max_queue=None, legacy=True)

    def next(self, timeout: float = 5) -> dict:
        return json.loads(self.ws.recv(timeout=timeout))

    def until(self, check, timeout: float = 8) -> dict:  # noqa: ANN001
        deadline = time.monotonic() + timeout
        while True:
            frame = self.next(max(0.01, deadline - time.monotonic()))
            if frame["type"] == "waiting" and check(frame):
                return frame


def friends(a: Person, b: Person) -> None:
    assert a.post("/api/friends", {"nickname": b.user["nickname"]}).json()["status"] == "asked"
    assert b.post(f"/api/friends/{a.id}/accept").json()["status"] == "friends"


def detail(r) -> dict:  # noqa: ANN001
    return r.json()["detail"]


def test_guests_cannot_have_friends_and_are_told_how_to_register(hall):
    guest = Person(hall, "JustVisiting")
    member = register(hall, "member_one")
    r = guest.http.get("/api/friends")
    assert r.status_code == 403 and detail(r)["code"] == "registered_only"
    assert "register" in detail(r)["message"]
    r = guest.post("/api/friends", {"nickname": "member_one"}, ok=False)
    assert r.status_code == 403 and detail(r)["code"] == "registered_only"
    r = guest.post(f"/api/tables/{guest.open_table()['id']}/invites", {"user_id": member.id}, ok=False)
    assert r.status_code == 403 and detail(r)["code"] == "registered_only"
    # A registered player cannot ask a guest either, by nickname or by id.
    r = member.post("/api/friends", {"nickname": "JustVisiting"}, ok=False)
    assert r.status_code == 400 and detail(r)["code"] == "guest_player"
    r = member.post("/api/friends", {"user_id": guest.id}, ok=False)
    assert r.status_code == 400 and detail(r)["code"] == "guest_player"
    assert member.http.get("/api/friends").json()["outgoing"] == []
    assert Person(hall).http.get("/api/friends").status_code == 401
    # The page says why and where to register.
    page = guest.http.get("/friends").text
    assert 'id="friends-guest"' in page and 'href="/account"' in page


def test_a_friend_request_is_accepted_listed_and_removed(hall):
    ann, bob, cid = register(hall, "ann_f"), register(hall, "bob_f"), register(hall, "cid_f")
    assert ann.post("/api/friends", {"nickname": "BOB_F"}).json() == {"status": "asked", "user_id": bob.id,
                                                                       "nickname": "bob_f"}
    r = ann.post("/api/friends", {"user_id": bob.id}, ok=False)
    assert r.status_code == 409 and detail(r)["code"] == "already_asked"
    assert [p["nickname"] for p in bob.http.get("/api/friends").json()["incoming"]] == ["ann_f"]
    assert [p["nickname"] for p in ann.http.get("/api/friends").json()["outgoing"]] == ["bob_f"]
    # Someone else's request: a third player can neither answer nor remove it.
    r = cid.post(f"/api/friends/{ann.id}/accept", ok=False)
    assert r.status_code == 404 and detail(r)["code"] == "no_such_request"
    r = cid.http.delete(f"/api/friends/{ann.id}")
    assert r.status_code == 404 and detail(r)["code"] == "not_friends"
    # The asker cannot accept their own request.
    assert ann.post(f"/api/friends/{bob.id}/accept", ok=False).status_code == 404
    bob.post(f"/api/friends/{ann.id}/accept")
    assert [p["nickname"] for p in ann.http.get("/api/friends").json()["friends"]] == ["bob_f"]
    assert [p["nickname"] for p in bob.http.get("/api/friends").json()["friends"]] == ["ann_f"]
    r = bob.post("/api/friends", {"nickname": "ann_f"}, ok=False)
    assert r.status_code == 409 and detail(r)["code"] == "already_friends"
    assert bob.http.delete(f"/api/friends/{ann.id}").status_code == 200
    assert ann.http.get("/api/friends").json()["friends"] == []
    assert bob.http.get("/api/friends").json()["friends"] == []


def test_refusing_deletes_the_request_and_asking_back_accepts(hall):
    dee, eve = register(hall, "dee_f"), register(hall, "eve_f")
    dee.post("/api/friends", {"nickname": "eve_f"})
    eve.post(f"/api/friends/{dee.id}/refuse")
    assert dee.http.get("/api/friends").json()["outgoing"] == []
    assert eve.http.get("/api/friends").json()["incoming"] == []
    dee.post("/api/friends", {"nickname": "eve_f"})
    assert eve.post("/api/friends", {"nickname": "dee_f"}).json()["status"] == "friends"
    assert [p["nickname"] for p in dee.http.get("/api/friends").json()["friends"]] == ["eve_f"]


def test_bad_friend_requests_get_clear_errors_and_change_nothing(hall):
    fay = register(hall, "fay_f")
    cases = [({"nickname": ""}, 422, None), ({}, 422, None), ({"nickname": "x", "user_id": 1}, 422, None),
             ({"nickname": "a" * 33}, 422, None), ({"user_id": -4}, 422, None), ({"user_id": "many"}, 422, None),
             ({"nickname": "nobody_by_that_name"}, 404, "no_such_player"), ({"user_id": 999999}, 404, "no_such_player"),
             ({"nickname": "fay_f"}, 400, "not_yourself")]
    for body, status, code in cases:
        r = fay.post("/api/friends", body, ok=False)
        assert r.status_code == status, (body, r.text)
        if code:
            assert detail(r)["code"] == code and detail(r)["message"]
    assert fay.http.get("/api/friends").json()["outgoing"] == []
    # Numbers beyond the database's integers: 422, never a 500 from the driver.
    assert fay.post("/api/friends", {"user_id": 2**31}, ok=False).status_code == 422
    for path in (f"/api/friends/{2**64}/accept", f"/api/friends/{2**31}/refuse"):
        assert fay.post(path, ok=False).status_code == 422, path
    assert fay.http.delete(f"/api/friends/{2**40}").status_code == 422
    assert fay.post("/api/tables/nothere/invites", {"user_id": 2**31}, ok=False).status_code == 422


def test_friend_requests_are_rate_limited_with_retry_after(hall):
    asker = register(hall, "eager_f")
    targets = [register(hall, f"target_{i}") for i in range(5)]
    for target in targets[:4]:
        asker.post("/api/friends", {"user_id": target.id})
    r = asker.post("/api/friends", {"user_id": targets[4].id}, ok=False)
    assert r.status_code == 429 and detail(r)["code"] == "friend_requests_too_fast"
    assert detail(r)["retry_after"] >= 1 and int(r.headers["Retry-After"]) >= 1
    assert len(asker.http.get("/api/friends").json()["outgoing"]) == 4  # the refused one was not stored


def test_a_friend_invited_to_a_table_sees_it_waiting_until_seated(hall):
    host, pal, stranger = register(hall, "host_i"), register(hall, "pal_i"), register(hall, "stranger_i")
    friends(host, pal)
    table = host.open_table(seats=2, options={"rounds": 1, "first_player": 0}, private=True)
    sock = PersonSocket(pal)
    assert sock.until(lambda f: True)["count"] == 0
    assert host.post(f"/api/tables/{table['id']}/invites", {"user_id": pal.id}).json() == {"status": "invited"}
    frame = sock.until(lambda f: f["count"] == 1)  # live, without asking
    entry = frame["tables"][0]
    assert entry["why"] == "invited" and entry["from"] == "host_i" and entry["opponents"] == ["host_i"]
    assert entry["url"] == f"/tables/{table['id']}?invite={table['invite']}"  # the private table opens for them
    assert pal.http.get("/api/me/waiting").json()["tables"] == frame["tables"]
    # Only friends, only by someone at the table, only to an open table.
    r = host.post(f"/api/tables/{table['id']}/invites", {"user_id": stranger.id}, ok=False)
    assert r.status_code == 403 and detail(r)["code"] == "not_friends"
    friends(stranger, pal)
    stranger.http.get(f"/tables/{table['id']}?invite={table['invite']}")
    r = stranger.post(f"/api/tables/{table['id']}/invites", {"user_id": pal.id}, ok=False)
    assert r.status_code == 403 and detail(r)["code"] == "not_at_table"
    r = host.post(f"/api/tables/{table['id']}/invites", {"user_id": "pal"}, ok=False)
    assert r.status_code == 422
    assert stranger.http.get("/api/me/waiting").json()["count"] == 0
    # Sitting down ends the invitation.
    pal.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
    assert sock.until(lambda f: f["count"] == 0)["tables"] == []
    sock.ws.close()


def test_an_invitation_can_be_dismissed_and_invites_are_rate_limited(hall):
    host, pal = register(hall, "host_d"), register(hall, "pal_d")
    friends(host, pal)
    ids = [host.open_table(seats=2)["id"] for _ in range(4)]
    for tid in ids[:3]:
        host.post(f"/api/tables/{tid}/invites", {"user_id": pal.id})
    r = host.post(f"/api/tables/{ids[3]}/invites", {"user_id": pal.id}, ok=False)
    assert r.status_code == 429 and detail(r)["code"] == "invites_too_fast" and detail(r)["retry_after"] >= 1
    assert pal.http.get("/api/me/waiting").json()["count"] == 3
    assert pal.http.delete(f"/api/tables/{ids[0]}/invites/mine").status_code == 200
    r = pal.http.delete(f"/api/tables/{ids[0]}/invites/mine")
    assert r.status_code == 404 and detail(r)["code"] == "no_such_invite"
    assert [t["table"] for t in pal.http.get("/api/me/waiting").json()["tables"]] == ids[2:0:-1]


def test_the_waiting_list_follows_each_move_live(hall):
    ann, bob = Person(hall, "MoverA"), Person(hall, "MoverB")  # guests have a waiting list too
    tid = ann.open_table(seats=2, options={"rounds": 1, "first_player": 0})["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    a_me, b_me = PersonSocket(ann), PersonSocket(bob)
    a_me.until(lambda f: True), b_me.until(lambda f: True)
    ann.post(f"/api/tables/{tid}/start")
    frame = a_me.until(lambda f: f["count"] == 1)
    assert frame["tables"][0] == {"table": tid, "why": "your_move", "game": "tally", "title": "Tally (test game)",
                                  "pace": "relaxed", "opponents": ["MoverB"], "opponent_levels": [None],
                                  "left_ms": None, "from": None,
                                  "url": f"/tables/{tid}"}
    a, b = ann.socket(tid), bob.socket(tid)
    a.until("snapshot"), b.until("snapshot")
    a.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})  # both pick at once in Tally: ann has, bob has not
    assert a_me.until(lambda f: f["count"] == 0)["tables"] == []
    assert b_me.until(lambda f: True)["count"] == 1
    b.sync_to(1)
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})  # bob's move makes it ann's turn again, live
    assert a_me.until(lambda f: f["count"] == 1)["tables"][0]["table"] == tid
    assert b_me.until(lambda f: f["count"] == 0)["tables"] == []
    a_me.ws.send('{"type":"ping"}')
    while (frame := a_me.next())["type"] == "waiting":  # a list may still be on its way
        pass
    assert frame == {"type": "pong"}
    for s in (a, b, a_me, b_me):
        s.ws.close()


def test_the_person_socket_refuses_strangers_and_other_sites(hall):
    assert close_code(PersonSocket(Person(hall)).ws) == 4401
    assert close_code(PersonSocket(Person(hall, "Crossed"), origin="http://evil.example").ws) == 4403
    tabby = Person(hall, "Tabby")
    open_pages = [PersonSocket(tabby), PersonSocket(tabby)]
    for page in open_pages:
        page.until(lambda f: True)
    assert close_code(PersonSocket(tabby).ws) == 4429  # PERSON_SOCKETS_PER_USER here
    open_pages[0].ws.close()
    time.sleep(0.5)
    PersonSocket(tabby).until(lambda f: True)  # one closed, one more may open


def test_friends_see_who_is_online_now(hall):
    gil, hal = register(hall, "gil_o"), register(hall, "hal_o")
    friends(gil, hal)
    assert gil.http.get("/api/friends").json()["friends"][0]["online"] is False
    sock = PersonSocket(hal)
    sock.until(lambda f: True)
    assert gil.http.get("/api/friends").json()["friends"][0]["online"] is True
    # A reload: the old page's socket closes as the new one opens; hal stays online.
    again = PersonSocket(hal)
    again.until(lambda f: True)
    sock.ws.close()
    time.sleep(4)
    assert gil.http.get("/api/friends").json()["friends"][0]["online"] is True
    again.ws.close()  # the last page closed: offline a few seconds later
    deadline = time.monotonic() + 10
    while gil.http.get("/api/friends").json()["friends"][0]["online"] and time.monotonic() < deadline:
        time.sleep(0.5)
    assert gil.http.get("/api/friends").json()["friends"][0]["online"] is False


def test_finished_games_offer_their_registered_players_as_friends(hall):
    from tests.support.clients import play_one_round_of_tally

    ivy, jon = register(hall, "ivy_p"), register(hall, "jon_p")
    tid = ivy.open_table(seats=2, options={"rounds": 1, "first_player": 0})["id"]
    jon.post(f"/api/tables/{tid}/join", {})
    ivy.post(f"/api/tables/{tid}/start")
    a, b = ivy.socket(tid), jon.socket(tid)
    a.until("snapshot"), b.until("snapshot")
    play_one_round_of_tally(a, b)
    for _ in range(50):  # the history records the game just after its last move
        offered = ivy.http.get("/api/friends").json()["played_with"]
        if offered:
            break
        time.sleep(0.1)
    assert [p["nickname"] for p in offered] == ["jon_p"]
    assert ivy.post("/api/friends", {"user_id": offered[0]["user_id"]}).json()["status"] == "asked"


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_hall_is_installable_with_icons_of_each_size_and_an_offline_page(hall):
    p = Person(hall)
    r = p.http.get("/manifest.webmanifest?lang=fr")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/manifest+json")
    manifest = r.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["lang"] == "fr"
    sizes = set()
    for icon in manifest["icons"]:
        width, height = _png_size(ROOT / icon["src"].lstrip("/"))
        assert icon["sizes"] == f"{width}x{height}"
        assert p.http.get(icon["src"]).status_code == 200
        sizes.add(width)
    assert {192, 512} <= sizes
    sw = p.http.get("/sw.js")
    assert sw.status_code == 200 and "javascript" in sw.headers["content-type"]
    assert sw.headers["cache-control"] == "no-cache"
    assert p.http.get("/offline").status_code == 200


@pytest.mark.redis
@pytest.mark.postgres
def test_a_move_on_one_instance_reaches_the_waiting_list_on_another(postgres_url, redis_url):
    with temp_database(postgres_url) as url, instances(url, REDIS_URL=redis_url) as (one, two):
        ann, bob = Person(one, "OnOneW"), Person(two, "OnTwoW")
        tid = ann.open_table(seats=2, options={"rounds": 1, "first_player": 0})["id"]
        bob.post(f"/api/tables/{tid}/join", {})
        b_me = PersonSocket(bob)  # on instance two
        b_me.until(lambda f: True)
        ann.post(f"/api/tables/{tid}/start")  # on instance one
        a = ann.socket(tid)
        a.until("snapshot")
        a.act_ok({"type": "pick", "n": 2, "label": "Pick 2"})
        frame = b_me.until(lambda f: f["count"] == 1)
        assert frame["tables"][0]["table"] == tid and frame["tables"][0]["opponents"] == ["OnOneW"]
        b_me.ws.close()
        a.close()


def test_a_timed_table_in_the_waiting_list_says_how_long_is_left(hall):
    ann, bob = Person(hall, "TimedA"), Person(hall, "TimedB")
    tid = ann.post("/api/tables", {"game": "tally", "seats": 2, "options": {"rounds": 1, "first_player": 0},
                                   "pace": {"mode": "turn_based", "deadline_h": 12}}).json()["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    ann.post(f"/api/tables/{tid}/start")
    entry = ann.http.get("/api/me/waiting").json()["tables"][0]
    assert entry["table"] == tid and entry["pace"] == "turn_based"
    assert 12 * 3600_000 - 60_000 < entry["left_ms"] <= 12 * 3600_000
    assert Person(hall).http.get("/api/me/waiting").status_code == 401
