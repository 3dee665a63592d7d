"""The lobby a player chooses from: what each game is (summary, length, picture, rules page), options in words,
tables grouped by what they ask of you, stale tables left out, and names that tell people apart. The grouping,
staleness and nickname tests run on SQLite and on PostgreSQL."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import httpx
import pytest
from markupsafe import escape
from sqlalchemy import update

from app import i18n
from app.db.models import GameRecord, Table, utcnow
from app.db.session import make_sync_engine
from tests.support.clients import Person

REAL_GAMES = {"jambo", "river", "goldrush", "goldwest", "istanbul"}


@pytest.fixture(scope="module")
def postgres_server(postgres_url):
    from tests.support.pg import temp_database
    from tests.support.servers import Server

    with temp_database(postgres_url) as url:
        server = Server(database_url=url)
        server.start()
        yield server
        server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def server(request):
    """The same lobby on both databases the hall runs on."""
    return request.getfixturevalue("sqlite_server" if request.param == "sqlite" else "postgres_server")


def backdate(server, model, table_id: str, days: float) -> None:  # noqa: ANN001
    """Move a row's last change `days` into the past, as if the hall had stood that long."""
    engine = make_sync_engine(server.database_url)
    key = GameRecord.table_id if model is GameRecord else Table.id
    with engine.begin() as conn:
        conn.execute(update(model).where(key == table_id).values(updated_at=utcnow() - timedelta(days=days)))
    engine.dispose()


def listed(person: Person) -> dict[str, dict[str, str]]:
    """{"public"|"mine": {table id: group}} as GET /api/tables gives them to `person`."""
    data = person.http.get("/api/tables").json()
    return {key: {t["id"]: t["group"] for t in tables} for key, tables in data.items()}


def finish_with_bots(host: Person, seats: int = 2) -> str:
    """A tally table played to the end by bots: the host fills the other seats, starts, then hands over seat 0."""
    tid = host.open_table(options={"rounds": 1}, seats=seats)["id"]
    for seat in range(1, seats):
        host.post(f"/api/tables/{tid}/bots", {"seat": seat})
    host.post(f"/api/tables/{tid}/start")
    host.post(f"/api/tables/{tid}/bots", {"seat": 0})
    deadline = time.monotonic() + 20
    while host.http.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish a one-round game"
        time.sleep(0.1)
    return tid


# ---- what each game is -----------------------------------------------------------------------------------------

def test_each_game_has_a_summary_a_length_a_picture_and_a_rules_page(sqlite_server):
    games = {g["id"]: g for g in httpx.get(sqlite_server.url + "/api/games").json()}
    assert REAL_GAMES <= set(games)
    for gid in REAL_GAMES:
        game = games[gid]
        # The fields clients already read are all still there.
        assert {"id", "title", "min_players", "max_players", "options", "bots"} <= set(game)
        assert len(game["summary"]) > 40 and "\n" not in game["summary"]
        shortest, longest = game["minutes"]
        assert 0 < shortest <= longest <= 180
        picture = httpx.get(sqlite_server.url + game["picture"])
        assert picture.status_code == 200 and picture.text.lstrip().startswith("<svg")
        assert game["rules_url"] == f"/games/{gid}/rules"
    assert games["tally"]["rules_url"] is None and games["tally"]["picture"] is None  # the test game has neither


def test_every_option_has_a_title_help_and_words_for_each_choice(sqlite_server):
    games = {g["id"]: g for g in httpx.get(sqlite_server.url + "/api/games").json()}
    for gid in REAL_GAMES:
        for name, prop in games[gid]["options"]["properties"].items():
            assert prop["title"][0].isupper() and prop.get("description"), (gid, name)
            if "enum" in prop:
                assert set(prop["labels"]) == set(prop["enum"]), (gid, name)
                assert all(label != code for code, label in prop["labels"].items())
    tie = games["jambo"]["options"]["properties"]["tie_goes_to"]
    assert tie["enum"] == ["first_to_60", "last_player"] and tie["default"] == "first_to_60"  # codes unchanged
    assert tie["labels"]["first_to_60"] == "The first to reach 60 gold"


def codes_only(node):  # noqa: ANN001, ANN201 - JSON
    """A game's JSON with every human text blanked: what a program reads, which no language may change."""
    if isinstance(node, list):
        return [codes_only(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {key: (None if key in ("title", "description", "summary") and isinstance(value, str)
                  else {code: None for code in value} if key == "labels" else codes_only(value))
            for key, value in node.items()}


def test_games_speak_the_readers_language_and_keep_their_codes(sqlite_server):
    english = {g["id"]: g for g in httpx.get(sqlite_server.url + "/api/games").json()}
    russian = {g["id"]: g for g in httpx.get(sqlite_server.url + "/api/games?lang=ru").json()}
    french = {g["id"]: g for g in httpx.get(sqlite_server.url + "/api/games",
                                            headers={"accept-language": "fr-FR,fr;q=0.9"}).json()}
    assert codes_only(russian) == codes_only(english) == codes_only(french)
    # The option every game gets from the engine's kit is in the site's own catalogue.
    assert russian["goldrush"]["options"]["properties"]["first_player"]["title"] == "Первый игрок"
    assert french["goldrush"]["options"]["properties"]["first_player"]["description"] == \
        "Place qui commence ; au hasard si vide."
    # Whatever any catalogue translates (a game's own: its title, summary, option texts) is what the reader gets.
    ru = i18n.translations("ru")
    lobby = httpx.get(sqlite_server.url + "/?lang=ru").text
    for gid, game in english.items():
        assert russian[gid]["title"] == ru.gettext(game["title"])
        assert russian[gid]["summary"] == (ru.gettext(game["summary"]) if game["summary"] else "")
        assert str(escape(russian[gid]["summary"])) in lobby
        if gid in ("goldrush", "river", "goldwest", "istanbul", "jambo"):  # our five games, not the test games
            for lang, texts in (("ru", russian), ("fr", french)):
                assert texts[gid]["summary"] != game["summary"], f"{gid}: the summary is not translated into {lang}"
        for name, prop in game["options"]["properties"].items():
            shown = russian[gid]["options"]["properties"][name]
            assert shown["title"] == ru.gettext(prop["title"]), (gid, name)
            assert shown.get("labels") == ({code: ru.gettext(label) for code, label in prop["labels"].items()}
                                           if "labels" in prop else None), (gid, name)


def test_the_rules_page_renders_the_rules_file_with_sections_and_tables(sqlite_server):
    page = httpx.get(sqlite_server.url + "/games/jambo/rules")
    assert page.status_code == 200
    assert "<h1>Jambo: the rules</h1>" in page.text
    assert '<h2 id="how-a-turn-goes">How a turn goes</h2>' in page.text and 'href="#how-a-turn-goes"' in page.text
    assert '<div class="table-scroll" tabindex="0"><table>' in page.text
    for missing in ("nope", "tally", "JAMBO"):
        r = httpx.get(sqlite_server.url + f"/games/{missing}/rules")
        assert r.status_code == 404 and "There are no rules written for that game." in r.text
    assert httpx.get(sqlite_server.url + "/games/..%2F..%2FREADME/rules").status_code == 404


def test_every_page_links_the_favicon_and_the_table_page_links_the_rules(sqlite_server):
    host = Person(sqlite_server, "Iconic")
    tid = host.open_table(game="jambo")["id"]
    pages = {path: host.http.get(path).text for path in ("/", "/account", f"/tables/{tid}", "/games/river/rules",
                                                         "/tournaments")}
    for path, html in pages.items():
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html, path
    assert httpx.get(sqlite_server.url + "/static/favicon.svg").status_code == 200
    assert re.search(r'<a class="table-rules-link" href="/games/jambo/rules"[^>]*>Rules</a>', pages[f"/tables/{tid}"])


# ---- tables grouped, stale ones left out ------------------------------------------------------------------------

def test_tables_are_grouped_by_what_they_ask_of_you(server):
    me, other = Person(server, "Grouper"), Person(server, "Elsewhere")
    awaiting = me.open_table()["id"]  # started: every seat picks at once, so it awaits me
    me.post(f"/api/tables/{awaiting}/bots", {"seat": 1})
    me.post(f"/api/tables/{awaiting}/start")
    waiting_room = me.open_table()["id"]  # mine, not started
    joinable = other.open_table()["id"]
    watched = other.open_table()["id"]
    other.post(f"/api/tables/{watched}/bots", {"seat": 1})
    other.post(f"/api/tables/{watched}/start")

    mine = listed(me)
    assert mine["mine"][awaiting] == "your_move" and mine["mine"][waiting_room] == "yours"
    assert mine["public"][joinable] == "open" and mine["public"][watched] == "playing"
    assert mine["public"][waiting_room] == "yours"  # my own public table is mine in either list
    theirs = listed(other)
    assert theirs["public"][awaiting] == "playing" and theirs["public"][waiting_room] == "open"
    assert theirs["mine"][watched] == "your_move"

    # The page shows the groups in order, each table once, with the action it invites.
    page = me.http.get("/").text
    headings = re.findall(r'<h2 id="group-(\w+)">', page)
    assert headings == ["your_move", "yours", "open", "playing"]
    for tid, group, verb in ((awaiting, "your_move", "Play"), (waiting_room, "yours", "Open"),
                             (joinable, "open", "Join"), (watched, "playing", "Watch")):
        section = page.split(f'data-group="{group}"')[1].split("</section>")[0]
        assert f'data-table-id="{tid}"' in section and f'href="/tables/{tid}">{verb}</a>' in section
        assert page.count(f'data-table-id="{tid}"') == 1
    # The page refreshes the groups from the same template.
    assert f'data-table-id="{awaiting}"' in me.http.get("/lobby/tables").text


def test_your_groups_show_only_when_you_have_tables(server):
    page = Person(server, "Idle Ida").http.get("/").text
    assert re.findall(r'<h2 id="group-(\w+)">', page) == ["open", "playing"]


def test_idle_games_leave_the_public_list_and_finished_ones_leave_yours_after_a_day(server):
    host, looker = Person(server, "Staler"), Person(server, "Looker")
    idle = host.open_table()["id"]
    host.post(f"/api/tables/{idle}/bots", {"seat": 1})
    host.post(f"/api/tables/{idle}/start")
    assert idle in listed(looker)["public"]
    backdate(server, GameRecord, idle, days=6)
    assert idle in listed(looker)["public"]  # six days without a move: still listed
    backdate(server, GameRecord, idle, days=8)
    assert idle not in listed(looker)["public"]  # a week without a move: left out
    assert listed(host)["mine"][idle] == "your_move"  # but its players still find it

    done = finish_with_bots(host)
    assert listed(host)["mine"][done] == "yours" and done not in listed(looker)["public"]
    backdate(server, Table, done, days=0.9)
    assert done in listed(host)["mine"]
    backdate(server, Table, done, days=1.1)
    assert done not in listed(host)["mine"]
    assert host.http.get(f"/api/tables/{done}").status_code == 200  # hidden from the lists, not gone


# ---- names that tell people apart ------------------------------------------------------------------------------

def test_a_registered_nickname_is_reserved_across_the_hall(server):
    owner = Person(server)
    tag = str(time.monotonic_ns())[-6:]  # the server lives for the module: names must be new each run
    name = f"Marta{tag}"
    owner.post("/api/register", {"username": f"marta_{tag}", "password": "correct horse battery", "nickname": name})

    def refused(r: httpx.Response) -> bool:
        return r.status_code == 409 and r.json()["detail"]["code"] == "nickname_taken"

    assert refused(Person(server).post("/api/session", {"nickname": name.upper()}, ok=False))  # a new guest
    guest = Person(server, f"Other{tag}")
    assert refused(guest.post("/api/session", {"nickname": name.lower()}, ok=False))  # a guest renaming
    assert guest.http.get("/api/me").json()["user"]["nickname"] == f"Other{tag}"  # refused, nothing changed
    assert refused(Person(server).post("/api/register", {"username": f"marta2_{tag}", "password": "correct horse battery",
                                                         "nickname": name}, ok=False))
    # A guest keeping their nickname when registering, or a username that would become the nickname, is checked too.
    early = Person(server, f"Early{tag}")
    Person(server).post("/api/register", {"username": f"late_{tag}", "password": "correct horse battery",
                                          "nickname": f"Early{tag}"})  # guests' names are not reserved
    assert refused(early.post("/api/register", {"username": f"early_{tag}", "password": "correct horse battery"},
                              ok=False))
    # The owner may change the case of their own name.
    assert owner.post("/api/session", {"nickname": name.upper()}).json()["user"]["nickname"] == name.upper()


def test_guests_are_marked_as_guests_in_the_lobby(server):
    tag = str(time.monotonic_ns())[-6:]
    member = Person(server)
    member.post("/api/register", {"username": f"member_{tag}", "password": "correct horse battery",
                                  "nickname": f"Sam{tag}"})
    tid = member.open_table()["id"]
    guest = Person(server, f"sam{tag}x")
    guest.post(f"/api/tables/{tid}/join", {})
    seats = member.http.get(f"/api/tables/{tid}").json()["seats"]
    assert [(s["name"], s["guest"]) for s in seats] == [(f"Sam{tag}", False), (f"sam{tag}x", True)]
    row = member.http.get("/").text.split(f'data-table-id="{tid}"')[1].split("</li>")[0]
    assert f'sam{tag}x <small class="guest-mark">guest</small>' in row  # a registered name carries no such mark
    assert f">Sam{tag}" in row and f'Sam{tag} <small class="guest-mark">' not in row


def test_bots_are_marked_as_bots_in_the_readers_language(server):
    host = Person(server, "Botkeeper")
    tid = host.open_table()["id"]
    host.post(f"/api/tables/{tid}/bots", {})
    seats = host.http.get(f"/api/tables/{tid}?lang=ru").json()["seats"]
    assert seats[1]["name"] == "Basil (bot)" and seats[1]["bot"]  # the API is the same in every language
    rows = {lang: host.http.get(f"/?lang={lang}").text.split(f'data-table-id="{tid}"')[1].split("</li>")[0]
            for lang in ("en", "ru", "fr")}
    assert ">Basil (bot)" in rows["en"] and ">Basil (bot)" in rows["fr"]
    assert ">Basil (бот)" in rows["ru"] and "(bot)" not in rows["ru"]


def test_a_game_its_host_closed_takes_no_more_moves(sqlite_server):
    from tests.test_ws import started_table

    tid, people = started_table(sqlite_server)
    sockets = [p.socket(tid) for p in people]
    for s in sockets:
        s.until("snapshot")
    mover = next(s for s in sockets if s.view["legal"])
    version = mover.version
    people[0].post(f"/api/tables/{tid}/close")
    reply = mover.until_reply(mover.act(mover.view["legal"][0]), timeout=10)
    while reply["type"] == "error" and reply["code"] == "stale_version":  # the close reached the table meanwhile
        mover.until("snapshot", timeout=10)
        reply = mover.until_reply(mover.act(mover.view["legal"][0] if mover.view["legal"] else {"type": "x"}),
                                  timeout=10)
    assert reply["type"] == "error" and reply["code"] in ("game_over", "illegal_action"), reply
    assert people[1].http.get(f"/api/tables/{tid}").json()["status"] == "finished"
    fresh = people[1].socket(tid)
    assert fresh.until("snapshot")["version"] == version, "no move was stored after the close"
    for s in [*sockets, fresh]:
        s.close()
