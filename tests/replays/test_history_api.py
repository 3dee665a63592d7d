"""Replay access, history and ratings through the HTTP API, on SQLite and on PostgreSQL: replays open only once a
game is over and only to those who may see the table; a finished game enters each player's history once, moves
registered players' ratings once (a second recorder racing the first changes nothing), skips guests, counts a
resignation as last, and holds bots as fixed anchors."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import random
import time

import pytest
from sqlalchemy import text

from app.accounts import ratings as R
from app.db.session import make_engine, make_sessionmaker
from app.history import service as history
from tests.support.clients import Person
from tests.support.pg import temp_database
from tests.support.servers import Server

TWO_PLAYER_WIN, TWO_PLAYER_LOSS = 3.4, -1.8  # mu - 3 sigma after one game (test_ratings.py has the maths)


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def server(request, tmp_path_factory):
    if request.param == "sqlite":
        srv = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('history') / 'hall.db'}")
        srv.start(timeout=180)
        yield srv
        srv.stop()
        return
    with temp_database(request.getfixturevalue("postgres_url")) as url:
        srv = Server(database_url=url)
        srv.start(timeout=180)
        yield srv
        srv.stop()


def registered(server, name: str) -> Person:  # noqa: ANN001
    """A registered player; nicknames of registered players are unique, so each gets a number after `name`."""
    person = Person(server)
    number = random.randrange(10**6)
    r = person.http.post("/api/register", json={"username": f"{name}{number}", "nickname": f"{name} {number}",
                                                "password": "correct horse battery staple"})
    assert r.status_code == 200, r.text
    person.user = r.json()["user"]
    return person


def seat_everyone(host: Person, others: list[Person], game: str = "tally", seats: int = 2, private: bool = False,
                  bots: tuple[int, ...] = (), level: str = "easy") -> dict:  # noqa: ANN001
    table = host.open_table(game=game, seats=seats, options={"rounds": 1, "first_player": 0}, private=private)
    for person in others:
        person.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
    for seat in bots:
        host.post(f"/api/tables/{table['id']}/bots", {"seat": seat, "level": level})
    host.post(f"/api/tables/{table['id']}/start")
    return table


def play_to_the_end(sockets: list, seed: int = 1) -> dict:  # noqa: ANN001
    """Random legal moves from whichever socket is asked, until the game is over; returns the final view."""
    rng = random.Random(seed)
    for s in sockets:
        s.until("snapshot")
    while True:
        for s in sockets:
            while True:  # catch up on everything already sent
                try:
                    s.recv(timeout=0.05)
                except TimeoutError:
                    break
        view = sockets[0].view
        if view["result"] is not None:
            return view
        movers = [s for s in sockets if s.view["legal"] and s.version == max(x.version for x in sockets)]
        if movers:
            mover = rng.choice(movers)
            reply = mover.until_reply(mover.act(rng.choice(mover.view["legal"])), timeout=10)
            assert reply["type"] in ("ack", "error"), reply


def history_of(person: Person, user_id: int, games: int, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        data = person.http.get(f"/api/users/{user_id}/history").json()
        if len(data["games"]) >= games or time.monotonic() > deadline:
            return data
        time.sleep(0.2)


def test_replays_open_at_the_end_to_players_and_invite_holders_only(server):
    ann, bob, stranger = registered(server, "Ann"), registered(server, "Bob"), Person(server, "Stranger")
    table = seat_everyone(ann, [bob], private=True)
    tid = table["id"]
    a, b = ann.socket(tid), bob.socket(tid)
    a.until("snapshot")
    b.until("snapshot")
    a.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    during = ann.http.get(f"/api/tables/{tid}/replay")
    assert during.status_code == 409 and during.json()["detail"]["code"] == "not_finished"
    b.sync_to(1)
    b.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})
    a.sync_to(2)
    a.act_ok({"type": "bank", "label": "Bank"})
    b.sync_to(3)
    b.act_ok({"type": "pass", "label": "Pass"})
    refused = stranger.http.get(f"/api/tables/{tid}/replay")
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "private_table"
    assert stranger.http.get(f"/tables/{tid}/replay").status_code == 403
    assert stranger.http.get(f"/api/tables/{tid}/replay", params={"invite": table["invite"]}).status_code == 200
    # Bob at version 1 sees that Ann picked, not what: what he saw then, even though the game is over now.
    first = bob.http.get(f"/api/tables/{tid}/replay", params={"seat": "1", "v": "1"}).json()
    assert first["view"]["game"]["picks"] == [None, None] and first["view"]["game"]["picked"] == [True, False]
    assert first["version"] == 1 and first["last_version"] == 4 and first["turns"][0] == 0
    mine = ann.http.get(f"/api/tables/{tid}/replay", params={"seat": "0", "v": "1"}).json()
    assert mine["view"]["game"]["picks"] == [3, None]
    end = ann.http.get(f"/api/tables/{tid}/replay").json()
    assert end["version"] == 4 and end["view"]["result"]["scores"] == [3, 0]
    assert [p["name"] for p in end["players"]] == [ann.user["nickname"], bob.user["nickname"]]
    # Private events stay with their seat: the deal's secret card line is seat 0's.
    assert any(e.get("seats") == [0] for e in ann.http.get(f"/api/tables/{tid}/replay", params={"seat": "0"}).json()["log"])
    assert not any("seats" in e for e in end["log"])
    opened = ann.http.get(f"/api/tables/{tid}/replay", params={"seat": "open"}).json()
    assert [v["game"]["my_card"] is not None for v in opened["views"]] == [True, True]
    for bad, code in (({"seat": "7"}, "bad_seat"), ({"v": "99"}, "bad_version"), ({"v": "-1"}, "bad_version")):
        r = ann.http.get(f"/api/tables/{tid}/replay", params=bad)
        assert r.status_code == 400 and r.json()["detail"]["code"] == code
    assert ann.http.get("/api/tables/nosuchtable/replay").status_code == 404

    # History: both players, once, with the result, the opponent and the rating change.
    ann_history = history_of(ann, ann.id, 1)
    (game,) = ann_history["games"]
    assert game["won"] and game["place"] == 1 and game["opponents"][0]["name"] == bob.user["nickname"]
    assert game["replay_url"] == f"/tables/{tid}/replay?seat=0"
    assert (game["rating_before"], game["rating_after"]) == (0.0, TWO_PLAYER_WIN)
    (bobs,) = history_of(bob, bob.id, 1)["games"]
    assert bobs["place"] == 2 and bobs["rating_after"] == TWO_PLAYER_LOSS
    assert [(r["game"], r["rating"], r["games"]) for r in ann_history["ratings"]] == [("tally", TWO_PLAYER_WIN, 1)]
    # A private table's game is not listed to strangers.
    assert stranger.http.get(f"/api/users/{ann.id}/history").json()["games"] == []
    # Ratings next to names in the table JSON.
    seats = ann.http.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["rating"] for s in seats] == [TWO_PLAYER_WIN, TWO_PLAYER_LOSS]
    # Whether Ann sees them is her choice, kept on her account.
    assert ann.post("/api/me/preferences", {"show_ratings": False}).json() == {"show_ratings": False}
    assert ann.post("/api/me/preferences", {"show_ratings": "no"}, ok=False).status_code == 422
    assert stranger.post("/api/me/preferences", {"show_ratings": True}).json() == {"show_ratings": True}


def test_a_second_recorder_racing_the_first_moves_no_rating(server):
    ann, bob = registered(server, "Ann"), registered(server, "Bob")
    tid = seat_everyone(ann, [bob])["id"]
    play_to_the_end([ann.socket(tid), bob.socket(tid)], seed=4)
    history_of(ann, ann.id, 1)

    async def race() -> list[bool]:
        engines = [make_engine(server.database_url) for _ in range(2)]
        try:
            async with engines[0].begin() as conn:  # as if the instance had stopped before recording
                await conn.execute(text("DELETE FROM outcomes WHERE table_id = :t"), {"t": tid})
                await conn.execute(text("DELETE FROM ratings WHERE user_id IN (:a, :b)"), {"a": ann.id, "b": bob.id})
            return list(await asyncio.gather(*(history.settle(make_sessionmaker(e), tid) for e in engines)))
        finally:
            for e in engines:
                await e.dispose()

    # Its own thread: a browser test earlier in the session may hold an event loop in this one (Playwright's sync API).
    with ThreadPoolExecutor(1) as pool:
        assert sorted(pool.submit(asyncio.run, race()).result()) == [False, True]
    again = history_of(ann, ann.id, 1)  # the page's own sweep finds nothing left to record
    assert len(again["games"]) == 1
    assert [r["games"] for r in again["ratings"]] == [1]


def test_guests_are_not_rated_and_bots_are_anchors(server):
    ann, guest = registered(server, "Ann"), Person(server, "Guest")
    tid = seat_everyone(ann, [guest], seats=3, bots=(2,))["id"]
    play_to_the_end([ann.socket(tid), guest.socket(tid)], seed=2)
    (game,) = history_of(ann, ann.id, 1)["games"]
    assert game["rating_after"] is not None and game["rating_after"] != game["rating_before"]
    (guests,) = history_of(guest, guest.id, 1)["games"]
    assert guests["rating_before"] is None and guests["rating_after"] is None
    assert history_of(guest, guest.id, 1)["ratings"] == []
    seats = ann.http.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[1]["rating"] is None and seats[2]["rating"] == 12.0  # the random bot's anchor, 15 - 3 * 1


def run_sql(server, sql: str, **params) -> list:  # noqa: ANN001, ANN003
    async def run() -> list:
        engine = make_engine(server.database_url)
        try:
            async with engine.begin() as conn:
                result = await conn.execute(text(sql), params)
                return list(result) if result.returns_rows else []
        finally:
            await engine.dispose()

    with ThreadPoolExecutor(1) as pool:  # its own thread: a browser test may hold an event loop in this one
        return pool.submit(asyncio.run, run()).result()


def test_a_bots_level_sets_its_anchor_and_a_game_against_it_is_rated_by_it(server):
    ann = registered(server, "Ann")
    tid = seat_everyone(ann, [], bots=(1,), level="hard")["id"]
    assert ann.http.get(f"/api/tables/{tid}").json()["seats"][1]["rating"] == 17.0  # hard: the random bot's 15 + 5
    row = ann.http.get("/").text.split(f'data-table-id="{tid}"')[1].split("</li>")[0]
    assert 'class="bot-level bot-level-hard"' in row and ">hard</span>" in row  # the lobby's list says the level
    play_to_the_end([ann.socket(tid)], seed=6)
    (game,) = history_of(ann, ann.id, 1)["games"]
    place, other = game["place"], game["opponents"][0]["place"]
    expected = R.rate([R.Participant(0, place, R.FRESH, False), R.Participant(1, other, R.anchor("random", "hard"),
                                                                            True)])[0]
    assert game["rating_after"] == expected.shown != R.rate([
        R.Participant(0, place, R.FRESH, False), R.Participant(1, other, R.anchor("random", "easy"), True)])[0].shown
    assert game["opponents"][0]["level"] == "hard"
    assert 'class="bot-level bot-level-hard"' in ann.http.get(f"/users/{ann.id}", params={"lang": "fr"}).text
    assert ">difficile</span>" in ann.http.get(f"/users/{ann.id}", params={"lang": "fr"}).text
    replay = ann.http.get(f"/api/tables/{tid}/replay").json()
    assert [(p["bot"] is not None, p["level"]) for p in replay["players"]] == [(False, None), (True, "hard")]


def test_a_bot_seated_before_levels_existed_keeps_the_easy_anchor(server):
    ann = registered(server, "Ann")
    tid = seat_everyone(ann, [], bots=(1,), level="hard")["id"]
    run_sql(server, "UPDATE seats SET bot_level = NULL WHERE table_id = :t", t=tid)  # as migration 0013 left them
    seat = ann.http.get(f"/api/tables/{tid}").json()["seats"][1]
    assert (seat["level"], seat["rating"]) == ("easy", 12.0)
    play_to_the_end([ann.socket(tid)], seed=7)
    (game,) = history_of(ann, ann.id, 1)["games"]
    place, other = game["place"], game["opponents"][0]["place"]
    assert game["rating_after"] == R.rate([R.Participant(0, place, R.FRESH, False),
                                           R.Participant(1, other, R.anchor("random", "easy"), True)])[0].shown
    assert game["opponents"][0]["level"] == "easy"


def test_a_player_who_resigns_places_last_and_keeps_the_replay(server):
    ann, bob = registered(server, "Ann"), registered(server, "Bob")
    tid = seat_everyone(ann, [bob], private=True)["id"]
    ann.post(f"/api/tables/{tid}/resign")
    play_to_the_end([bob.socket(tid)], seed=3)
    (anns,) = history_of(ann, ann.id, 1)["games"]
    assert anns["resigned"] and anns["place"] == 2 and not anns["won"]
    assert anns["rating_after"] == TWO_PLAYER_LOSS
    assert ann.http.get(f"/api/tables/{tid}/replay").status_code == 200  # no longer seated, still a player


def test_the_lobby_shows_a_labelled_rating_only_once_it_comes_from_games_unless_switched_off(server):
    ann, bob = registered(server, "Ann"), registered(server, "Bob")

    def row_of(table_id: str) -> str:
        return ann.http.get("/").text.split(f'data-table-id="{table_id}"')[1].split("</li>")[0]

    first = ann.open_table(game="tally", seats=2)
    ann.post(f"/api/tables/{first['id']}/bots", {"seat": 1})
    # Before any game the figure means nothing (every newcomer starts at it), and a bot's is a fixed anchor.
    assert "player-rating" not in row_of(first["id"])
    seats = ann.http.get(f"/api/tables/{first['id']}").json()["seats"]
    assert seats[0]["rated_games"] == 0 and seats[1]["rated_games"] is None
    played = seat_everyone(ann, [bob])
    play_to_the_end([ann.socket(played["id"]), bob.socket(played["id"])], seed=5)
    history_of(ann, ann.id, 1)
    row = row_of(first["id"])
    assert row.count("player-rating") == 1  # Ann's, from her one rated game; still none for the bot
    assert 'title="rating at this game">rating ' in row
    ann.post("/api/me/preferences", {"show_ratings": False})
    assert "player-rating" not in row_of(first["id"])


def test_a_finished_game_is_recorded_when_it_ends_before_any_history_page_asks(server):
    # Live play tells GameFinished (app/play/notices.py) and app/main.py has the history record it at once. No history
    # page is read here: its own sweep would record the game too, and hide a notice that nobody heard.
    ann, bob = registered(server, "Ann"), registered(server, "Bob")
    tid = seat_everyone(ann, [bob])["id"]
    play_to_the_end([ann.socket(tid), bob.socket(tid)], seed=5)

    async def outcomes() -> int:
        engine = make_engine(server.database_url)
        try:
            async with engine.connect() as conn:
                return (await conn.execute(text("SELECT count(*) FROM outcomes WHERE table_id = :t"),
                                           {"t": tid})).scalar()
        finally:
            await engine.dispose()

    deadline = time.monotonic() + 20
    with ThreadPoolExecutor(1) as pool:  # its own thread, as above
        while (found := pool.submit(asyncio.run, outcomes()).result()) == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
    assert found == 1
