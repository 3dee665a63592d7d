"""Tournaments on a real server: a whole 13-player tournament played by bots, a restart mid-round, a dropped
player, a table closed early by the organiser, and who may do what."""

from __future__ import annotations

import time
from itertools import combinations

from tests.support.clients import Person
from tests.support.servers import Server


def wait_for(person: Person, tid: str, done, timeout: float = 240) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        t = person.http.get(f"/api/tournaments/{tid}").json()
        if done(t):
            return t
        assert time.monotonic() < deadline, f"tournament stuck: status {t['status']} round {t['round']}"
        time.sleep(0.3)


def seated_once_per_round(t: dict) -> None:
    active = {e["id"] for e in t["entrants"] if not e["dropped"]}
    for r in t["seating"]:
        seated = [s["entrant"] for table in r["tables"] for s in table["seats"]]
        assert len(seated) == len(set(seated))
        assert active <= set(seated)
        assert all(t["min_size"] <= len(table["seats"]) <= t["max_size"] for table in r["tables"])


def test_thirteen_bots_play_three_rounds_with_new_line_ups_and_standings_add_up(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'hall.db'}", TOURNAMENT_TICK="0.2")
    server.start()
    try:
        organiser = Person(server, "Olga")
        made = organiser.post("/api/tournaments", {"name": "Club night", "game": "goldrush",
                                                   "options": {"variant": "basic"}}).json()
        tid = made["id"]
        organiser.post(f"/api/tournaments/{tid}/bots", {"count": 13})
        started = organiser.post(f"/api/tournaments/{tid}/start").json()
        assert started["status"] == "running" and started["round"] == 1
        assert sorted(len(table["seats"]) for table in started["seating"][0]["tables"]) == [4, 4, 5]

        t = wait_for(organiser, tid, lambda t: t["status"] == "finished")
        assert t["round"] == 3 and len(t["seating"]) == 3
        seated_once_per_round(t)
        met: set[tuple[int, int]] = set()
        repeats = []
        for r in t["seating"]:
            pairs = {tuple(sorted(p)) for table in r["tables"]
                     for p in combinations([s["entrant"] for s in table["seats"]], 2)}
            repeats.append(len(pairs & met))
            met |= pairs
            assert all(table["points"] is not None for table in r["tables"])
        # With three tables, a new table of 4 or 5 must take two players from one old table: round 2's fewest
        # repeats are 2 + 1 + 1 = 4, and the page says a repeat-free seating does not exist.
        assert repeats[:2] == [0, 4]
        assert "no seating without repeat meetings exists; 4 pairs meet again" in t["seating"][1]["notes"]
        note = t["seating"][1]["notes_say"][t["seating"][1]["notes"].index(
            "no seating without repeat meetings exists; 4 pairs meet again")]
        assert note["args"]["n"] == 4  # the note as a Text too, for pages in other languages
        rows = {row["entrant"]: row for row in t["standings"]}
        for r in t["seating"]:
            for table in r["tables"]:
                for seat, s in enumerate(table["seats"]):
                    assert rows[s["entrant"]]["rounds"][r["round"] - 1] == table["points"][seat]
        for row in t["standings"]:
            assert row["total"] == sum(row["rounds"])
        totals = [row["total"] for row in t["standings"]]
        assert totals == sorted(totals, reverse=True) and t["standings"][0]["rank"] == 1

        csv = organiser.http.get(f"/api/tournaments/{tid}/standings.csv").text.splitlines()
        assert csv[0].startswith("rank,player,round 1,round 2,round 3,total") and len(csv) == 14
        sheet = organiser.http.get(f"/tournaments/{tid}/rounds/2/sheet").text
        assert "Table 3" in sheet and "round 2 of 3" in sheet
        # In Russian, the note and the variant are Russian too.
        ru_sheet = organiser.http.get(f"/tournaments/{tid}/rounds/2/sheet?lang=ru").text
        assert "рассадки без повторных встреч не существует" in ru_sheet and "meet again" not in ru_sheet
        assert "(full)" not in ru_sheet and "(basic)" not in ru_sheet
    finally:
        server.stop()


def test_a_restart_mid_round_loses_nothing_and_the_tournament_goes_on(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'hall.db'}", TOURNAMENT_TICK="0.2", BOT_DELAY="0.01")
    server.start()
    try:
        organiser = Person(server, "Olga")
        tid = organiser.post("/api/tournaments", {"game": "goldrush", "rounds": 2, "options": {"variant": "basic"}}).json()["id"]
        organiser.post(f"/api/tournaments/{tid}/bots", {"count": 7})
        organiser.post(f"/api/tournaments/{tid}/start")
        before = wait_for(organiser, tid, lambda t: t["round"] == 2)
        server.kill()
        server.start()
        after = organiser.http.get(f"/api/tournaments/{tid}").json()
        assert after["seating"][0] == before["seating"][0] or after["seating"][0]["tables"][0]["points"] is not None
        assert [[s["entrant"] for s in tb["seats"]] for tb in after["seating"][1]["tables"]] == \
               [[s["entrant"] for s in tb["seats"]] for tb in before["seating"][1]["tables"]]
        done = wait_for(organiser, tid, lambda t: t["status"] == "finished")
        assert len(done["seating"]) == 2
        assert all(row["rounds"][0] is not None and row["rounds"][1] is not None for row in done["standings"])
    finally:
        server.stop()


def test_registration_drop_and_an_early_close_by_the_organiser(tmp_path):
    # Bots think for a long time here, so the organiser's actions land mid-game.
    server = Server(database_url=f"sqlite:///{tmp_path / 'hall.db'}", TOURNAMENT_TICK="0.2", BOT_DELAY="5")
    server.start()
    try:
        organiser, ann, bob, eve = (Person(server, n) for n in ("Olga", "Ann", "Bob", "Eve"))
        tid = organiser.post("/api/tournaments", {"game": "goldrush", "rounds": 2, "min_size": 3, "max_size": 3}).json()["id"]
        ann.post(f"/api/tournaments/{tid}/register")
        assert ann.post(f"/api/tournaments/{tid}/register", ok=False).json()["detail"]["code"] == "already_registered"
        bob.post(f"/api/tournaments/{tid}/register")
        eve.post(f"/api/tournaments/{tid}/register")
        eve.post(f"/api/tournaments/{tid}/unregister")
        assert bob.post(f"/api/tournaments/{tid}/start", ok=False).json()["detail"]["code"] == "not_organiser"
        assert organiser.post(f"/api/tournaments/{tid}/start", ok=False).json()["detail"]["code"] == "too_few_players"
        organiser.post(f"/api/tournaments/{tid}/bots", {"count": 1})
        t = organiser.post(f"/api/tournaments/{tid}/start").json()
        assert eve.post(f"/api/tournaments/{tid}/register", ok=False).json()["detail"]["code"] == "registration_closed"
        assert [e["name"] for e in t["entrants"]] == ["Ann", "Bob", "Ada (bot)"]
        table = t["seating"][0]["tables"][0]
        # The printable sheet marks the bot in the reader's language; the API keeps the English name.
        sheet = organiser.http.get(f"/tournaments/{tid}/rounds/1/sheet?lang=ru").text
        assert "<td>Ada (бот)</td>" in sheet and "(bot)" not in sheet
        bob_id = next(e["id"] for e in t["entrants"] if e["name"] == "Bob")

        # Bob left: the organiser drops him; a bot takes his seat at the live table.
        t = organiser.post(f"/api/tournaments/{tid}/entrants/{bob_id}/drop").json()
        again = organiser.post(f"/api/tournaments/{tid}/entrants/{bob_id}/drop", ok=False).json()["detail"]
        assert again["message"] == "Bob was already dropped"
        assert again["say"]["args"]["player"] == {"verbatim": "Bob"}  # a nickname, never looked up in a catalogue
        seats = organiser.http.get(f"/api/tables/{table['table_id']}").json()["seats"]
        bob_seat = [s["entrant"] for s in table["seats"]].index(bob_id)
        assert seats[bob_seat]["bot"] and seats[bob_seat]["user_id"] is None

        # The table is stuck: the organiser records points as they stand.
        bad = organiser.post(f"/api/tournaments/{tid}/rounds/1/tables/0/close", {"points": [1, 2]}, ok=False)
        assert bad.json()["detail"]["code"] == "bad_points"
        t = organiser.post(f"/api/tournaments/{tid}/rounds/1/tables/0/close", {"points": [3, 1, 2]}).json()
        assert t["seating"][0]["tables"][0]["points"] == [3, 1, 2] and t["seating"][0]["tables"][0]["closed_early"]
        # Only Ann and the bot are left: 2 players cannot fill a table of 3, so round 1's points stand.
        assert t["status"] == "finished" and t["round"] == 1
        assert "the tournament ended after round 1" in t["seating"][0]["notes"][-1]
        names = [s["name"] for s in table["seats"]]
        assert [(row["name"], row["total"]) for row in t["standings"]] == [(names[0], 3), (names[2], 2), (names[1], 1)]
    finally:
        server.stop()


def test_private_tournaments_need_the_invite(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'hall.db'}")
    server.start()
    try:
        organiser, stranger = Person(server, "Olga"), Person(server, "Sam")
        made = organiser.post("/api/tournaments", {"game": "goldrush", "private": True}).json()
        tid = made["id"]
        assert stranger.http.get(f"/api/tournaments/{tid}").status_code == 403
        assert tid not in [t["id"] for t in stranger.http.get("/api/tournaments").json()]
        stranger.post(f"/api/tournaments/{tid}/register", {"invite": made["invite"]})
        assert stranger.http.get(f"/api/tournaments/{tid}").status_code == 200
        bad = organiser.post("/api/tournaments", {"game": "jambo"}, ok=False).json()["detail"]
        assert bad["code"] == "bad_game"
    finally:
        server.stop()


def test_closing_a_gold_rush_table_early_records_the_victory_points_on_the_table(tmp_path):
    server = Server(database_url=f"sqlite:///{tmp_path / 'hall.db'}", TOURNAMENT_TICK="0.2", BOT_DELAY="5")
    server.start()
    try:
        organiser = Person(server, "Olga")
        tid = organiser.post("/api/tournaments", {"game": "goldrush", "rounds": 1, "pace": {
            "mode": "turn_based", "deadline_h": 12}}).json()["id"]
        organiser.post(f"/api/tournaments/{tid}/bots", {"count": 3})
        started = organiser.post(f"/api/tournaments/{tid}/start").json()
        table_id = started["seating"][0]["tables"][0]["table_id"]
        assert organiser.http.get(f"/api/tables/{table_id}").json()["pace"]["mode"] == "turn_based"
        t = organiser.post(f"/api/tournaments/{tid}/rounds/1/tables/0/close").json()
        table = t["seating"][0]["tables"][0]
        assert t["status"] == "finished" and table["closed_early"]
        assert table["points"] == [0, 0, 0]  # nobody has a victory point after the deal
    finally:
        server.stop()
