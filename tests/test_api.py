"""The lobby over HTTP: sessions, games, tables, seats, bots, start, privacy and bad input."""

from __future__ import annotations

import httpx

from tests.support.clients import Person


def test_healthz_answers_ok_once_the_database_answers(sqlite_server):
    r = httpx.get(sqlite_server.url + "/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}


def test_session_sets_a_cookie_that_identifies_the_guest(sqlite_server):
    alice = Person(sqlite_server, "Alice")
    assert alice.user["nickname"] == "Alice"
    assert alice.http.get("/api/me").json()["user"]["id"] == alice.id
    assert httpx.get(sqlite_server.url + "/api/me").status_code == 401


def test_blank_or_long_nicknames_are_refused(sqlite_server):
    p = Person(sqlite_server)
    assert p.post("/api/session", {"nickname": "   "}, ok=False).status_code == 422
    assert p.post("/api/session", {"nickname": "x" * 33}, ok=False).status_code == 422


def test_games_list_carries_the_options_schema(sqlite_server):
    games = {g["id"]: g for g in httpx.get(sqlite_server.url + "/api/games").json()}
    tally = games["tally"]
    assert (tally["min_players"], tally["max_players"]) == (2, 5)
    assert tally["options"]["properties"]["rounds"]["default"] == 2


def test_create_join_bot_start_flow(sqlite_server):
    host, bob = Person(sqlite_server, "Host"), Person(sqlite_server, "Bob")
    created = host.open_table(seats=3)
    assert set(created) >= {"id", "invite"}
    tid = created["id"]
    table = bob.post(f"/api/tables/{tid}/join", {}).json()
    assert [s["name"] for s in table["seats"]] == ["Host", "Bob", None]
    r = host.post(f"/api/tables/{tid}/start", ok=False)
    assert r.status_code == 409 and r.json()["detail"]["code"] == "seats_empty"
    assert bob.post(f"/api/tables/{tid}/bots", {}, ok=False).json()["detail"]["code"] == "not_host"
    table = host.post(f"/api/tables/{tid}/bots", {}).json()
    assert table["seats"][2]["bot"]
    assert bob.post(f"/api/tables/{tid}/start", ok=False).status_code == 403
    assert host.post(f"/api/tables/{tid}/start").json()["status"] == "playing"
    assert host.post(f"/api/tables/{tid}/start", ok=False).json()["detail"]["code"] == "not_open"
    assert Person(sqlite_server, "Late").post(f"/api/tables/{tid}/join", {}, ok=False).json()["detail"]["code"] == "not_open"


def test_seats_can_be_left_and_freed_by_the_host_only(sqlite_server):
    host, bob, eve = Person(sqlite_server, "Host"), Person(sqlite_server, "Bob"), Person(sqlite_server, "Eve")
    tid = host.open_table(seats=3)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 2})
    assert eve.post(f"/api/tables/{tid}/join", {"seat": 2}, ok=False).json()["detail"]["code"] == "seat_taken"
    eve.post(f"/api/tables/{tid}/join", {"seat": 1})
    assert eve.post(f"/api/tables/{tid}/leave", {"seat": 2}, ok=False).json()["detail"]["code"] == "not_host"
    table = host.post(f"/api/tables/{tid}/leave", {"seat": 2}).json()
    assert table["seats"][2]["name"] is None
    table = eve.post(f"/api/tables/{tid}/leave", {}).json()
    assert table["seats"][1]["name"] is None
    assert bob.post(f"/api/tables/{tid}/join", {"seat": 9}, ok=False).status_code == 422


def test_private_tables_need_the_invite(sqlite_server):
    host, bob = Person(sqlite_server, "Host"), Person(sqlite_server, "Bob")
    created = host.open_table(private=True)
    tid = created["id"]
    assert bob.http.get(f"/api/tables/{tid}").status_code == 403
    assert bob.post(f"/api/tables/{tid}/join", {}, ok=False).status_code == 403
    assert bob.post(f"/api/tables/{tid}/join", {"invite": "wrong"}, ok=False).status_code == 403
    table = bob.post(f"/api/tables/{tid}/join", {"invite": created["invite"]}).json()
    assert table["seats"][1]["name"] == "Bob"
    assert tid not in [t["id"] for t in httpx.get(sqlite_server.url + "/api/tables").json()["public"]]
    assert tid in [t["id"] for t in bob.http.get("/api/tables").json()["mine"]]
    # The invite itself is shown only to people at the table.
    assert bob.http.get(f"/api/tables/{tid}").json()["invite"] == created["invite"]


def test_bad_table_requests_get_clear_errors(sqlite_server):
    p = Person(sqlite_server, "Picky")
    assert p.post("/api/tables", {"game": "nope"}, ok=False).json()["detail"]["code"] == "unknown_game"
    assert p.post("/api/tables", {"game": "tally", "seats": 9}, ok=False).status_code == 422
    assert p.post("/api/tables", {"game": "tally", "seats": 6}, ok=False).json()["detail"]["code"] == "bad_seats"
    r = p.post("/api/tables", {"game": "tally", "options": {"rounds": 0}}, ok=False)
    assert r.json()["detail"]["code"] == "bad_options"
    r = p.post("/api/tables", {"game": "river", "seats": 2, "options": {"first_player": 3}}, ok=False)
    assert r.json()["detail"]["code"] == "bad_options"  # seat 4 at a table of 2
    r = p.http.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["detail"]["code"] == "malformed_json"
    r = p.http.post("/api/tables", content=b"x" * 100_000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert p.http.get("/api/tables/doesnotexist").status_code == 404


def test_cross_site_writes_and_forms_without_token_are_refused(sqlite_server):
    p = Person(sqlite_server, "Victim")
    r = p.http.post("/api/tables", json={"game": "tally"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    r = p.http.post("/forms/session", data={"nickname": "Pwned"})
    assert r.status_code == 403
    assert p.http.get("/api/me").json()["user"]["nickname"] == "Victim"


def test_register_and_login_with_a_password(sqlite_server):
    guest = Person(sqlite_server, "Guesty")
    tid = guest.open_table()["id"]
    r = guest.post("/api/register", {"username": "guesty_acct", "password": "correct horse"})
    assert r.json()["user"] == {"id": guest.id, "nickname": "Guesty", "registered": True}
    assert guest.post("/api/register", {"username": "guesty_acct", "password": "another one"}, ok=False).status_code == 409
    other = Person(sqlite_server)
    assert other.post("/api/login", {"username": "guesty_acct", "password": "wrong pass"}, ok=False).status_code == 401
    assert other.post("/api/login", {"username": "guesty_acct", "password": "correct horse"}).json()["user"]["id"] == guest.id
    assert tid in [t["id"] for t in other.http.get("/api/tables").json()["mine"]]


def test_pages_render(sqlite_server):
    p = Person(sqlite_server, "Viewer")
    tid = p.open_table()["id"]
    assert "Open a table" in p.http.get("/").text
    page = p.http.get(f"/tables/{tid}").text
    assert 'data-table-id="' + tid + '"' in page
    assert "Who are you?" in httpx.get(sqlite_server.url + f"/tables/{tid}").text
    assert httpx.get(sqlite_server.url + "/docs").status_code == 200
    assert "/api/tables/{table_id}/join" in httpx.get(sqlite_server.url + "/openapi.json").json()["paths"]


def test_the_host_opens_a_rematch_that_players_can_follow_even_when_private(sqlite_server):
    from tests.support.clients import Person as P

    host, friend, stranger = P(sqlite_server, "Host"), P(sqlite_server, "Friend"), P(sqlite_server, "Stranger")
    created = host.open_table(seats=3, options={"rounds": 1, "first_player": 0}, private=True)
    tid = created["id"]
    friend.post(f"/api/tables/{tid}/join", {"invite": created["invite"]})
    host.post(f"/api/tables/{tid}/bots", {"seat": 2})
    assert host.post(f"/api/tables/{tid}/rematch", ok=False).json()["detail"]["code"] == "not_finished"
    host.post(f"/api/tables/{tid}/start")
    a, b = host.socket(tid), friend.socket(tid)
    a.until("snapshot")
    b.until("snapshot")
    while a.view["result"] is None:  # play it out: both pick, then pass whatever is asked
        for sock in (a, b):
            if sock.view["legal"]:
                reply = sock.until_reply(sock.act(sock.view["legal"][0]))
                if reply["type"] == "error":
                    sock.until("snapshot")
        for sock in (a, b):
            try:
                while True:
                    sock.recv(timeout=0.2)
            except TimeoutError:
                pass
    assert friend.post(f"/api/tables/{tid}/rematch", ok=False).json()["detail"]["code"] == "not_host"
    new = host.post(f"/api/tables/{tid}/rematch").json()
    assert host.post(f"/api/tables/{tid}/rematch", ok=False).json()["detail"]["code"] == "rematch_open"
    rematch = host.http.get(f"/api/tables/{new['id']}").json()
    assert rematch["private"] and rematch["options"]["rounds"] == 1
    assert [s["name"] for s in rematch["seats"]][0] == "Host" and rematch["seats"][2]["bot"]
    assert b.until("table")["table"]["rematch_id"] == new["id"]  # players at the old table are told
    # The friend follows the link and, carrying the new invite, takes a seat; a stranger cannot.
    r = friend.http.get(f"/tables/{tid}/rematch", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == new["invite_url"]
    friend.http.get(r.headers["location"])
    assert friend.post(f"/api/tables/{new['id']}/join", {}).json()["seats"][1]["name"] == "Friend"
    r = stranger.http.get(f"/tables/{tid}/rematch", follow_redirects=False)
    assert "invite" not in r.headers["location"]
