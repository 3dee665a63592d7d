"""Three languages: every marked text translated in every catalogue, the language chosen per request (`?lang=`,
the cookie, Accept-Language) and remembered on an account, and the browser's copy of the catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from app import i18n
from app.engine.text import english, names_in, t, verbatim
from app.i18n import extract
from tests.support.clients import Person

ROOT = Path(__file__).resolve().parent.parent
HOLES = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def marked_texts() -> set[str]:
    """What the site's own code marks (games have catalogues of their own: tests/test_i18n_games.py)."""
    return {t[0] if isinstance(t, tuple) else t for t in extract.site_texts()}


def holes(text: str) -> set[str]:
    return {a or b for a, b in HOLES.findall(text)}


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != i18n.DEFAULT])
def test_every_language_translates_every_marked_text_with_the_same_holes(lang):
    texts = marked_texts()
    assert len(texts) > 90  # the extraction really ran over templates and scripts
    catalogue = {(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in i18n.catalogue(lang) if m.id}
    missing = sorted(texts - catalogue.keys())
    assert not missing, f"{lang} misses {len(missing)} texts (run `make messages` and translate): {missing[:10]}"
    for text in texts:
        message = catalogue[text]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms) and not message.fuzzy, f"{lang}: {text!r} is untranslated or fuzzy"
        for form in forms:
            assert holes(form) == holes(text), f"{lang}: {text!r} -> {form!r} changes the placeholders"
    stale = sorted(catalogue.keys() - texts)
    assert not stale, f"{lang} keeps texts no page uses any more: {stale[:10]}"


def test_russian_plurals_take_three_forms():
    ru = i18n.translations("ru")
    assert [ru.ngettext("%(num)d player", "%(num)d players", n) % {"num": n} for n in (1, 3, 5, 21)] == \
        ["1 игрок", "3 игрока", "5 игроков", "21 игрок"]


@pytest.mark.parametrize(("header", "expected"), [
    ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
    ("de-DE,de;q=0.9,fr;q=0.8,en;q=0.5", "fr"),  # German is not ours: the next best that is
    ("en;q=0.3, fr-CA;q=0.9", "fr"),  # by weight, not by order
    ("de, it", None),
    ("*", None),
    ("ru;q=abc, fr", "fr"),  # a broken weight loses its entry, not the header
    ("", None),
])
def test_accept_language_gives_the_best_of_our_languages(header, expected):
    assert i18n.from_accept_language(header) == expected


def test_the_query_beats_the_cookie_which_beats_the_browser():
    assert i18n.choose("fr", "ru", "en") == "fr"
    assert i18n.choose(None, "ru", "fr") == "ru"
    assert i18n.choose("xx", "nope", "fr-FR") == "fr"
    assert i18n.choose(None, None, None) == "en"


def test_lang_in_the_url_sets_the_cookie_that_later_pages_follow(sqlite_server):
    with httpx.Client(base_url=sqlite_server.url) as browser:
        page = browser.get("/tournaments?lang=ru", headers={"accept-language": "fr"})
        assert '<html lang="ru">' in page.text and "Турниры" in page.text
        assert browser.cookies.get("lang") == "ru"
        # The cookie now beats the browser's own preference, on every page.
        page = browser.get("/account", headers={"accept-language": "fr"})
        assert '<html lang="ru">' in page.text and "Войти" in page.text
    page = httpx.get(sqlite_server.url + "/account", headers={"accept-language": "fr-FR,fr;q=0.9"})
    assert '<html lang="fr">' in page.text and "Se connecter" in page.text and "lang=" not in page.headers.get("set-cookie", "")
    assert '<html lang="en">' in httpx.get(sqlite_server.url + "/account?lang=xx").text  # unknown: ignored


def test_the_switcher_links_keep_the_page_and_its_query(sqlite_server):
    page = httpx.get(sqlite_server.url + "/tournaments?lang=fr").text
    assert 'href="/tournaments?lang=ru"' in page and 'href="/tournaments?lang=en"' in page
    assert '<strong class="language" lang="fr" aria-current="true">FR</strong>' in page


def test_an_account_remembers_its_language_in_a_new_browser(sqlite_server):
    first = Person(sqlite_server, "Lena")
    first.post("/api/register", {"username": "lena_ru", "password": "birch forest 42"})
    assert "Выйти" in first.http.get("/account?lang=ru").text
    with httpx.Client(base_url=sqlite_server.url) as second:
        r = second.post("/api/login", json={"username": "lena_ru", "password": "birch forest 42"})
        assert r.status_code == 200 and second.cookies.get("lang") == "ru"
        assert '<html lang="ru">' in second.get("/account").text
    with httpx.Client(base_url=sqlite_server.url) as third:  # signing in brings the account's language along
        third.get("/account?lang=en")
        third.post("/api/login", json={"username": "lena_ru", "password": "birch forest 42"})
        assert '<html lang="ru">' in third.get("/account").text
        third.get("/account?lang=fr")  # a new choice while signed in is the account's new language
    with httpx.Client(base_url=sqlite_server.url) as fourth:
        fourth.post("/api/login", json={"username": "lena_ru", "password": "birch forest 42"})
        assert fourth.cookies.get("lang") == "fr"


def test_guests_choices_stay_in_their_browser(sqlite_server):
    guest = Person(sqlite_server, "Passing")
    guest.http.get("/account?lang=fr")
    with httpx.Client(base_url=sqlite_server.url) as other:
        assert '<html lang="en">' in other.get("/account").text


def test_the_browser_gets_the_same_catalogue_as_json(sqlite_server):
    ru = httpx.get(sqlite_server.url + "/i18n/ru.json").json()
    assert ru["Registration is open."] == "Регистрация открыта."
    assert ru["%(num)d player"] == ["%(num)d игрок", "%(num)d игрока", "%(num)d игроков"]
    assert httpx.get(sqlite_server.url + "/i18n/en.json").json() == {}
    missing = httpx.get(sqlite_server.url + "/i18n/xx.json")
    assert missing.status_code == 404 and missing.json()["detail"]["code"] == "unknown_language"


def test_the_table_replay_and_player_pages_speak_the_readers_language(sqlite_server):
    host = Person(sqlite_server, "Olga")
    tid = host.open_table(game="jambo")["id"]
    table = host.http.get(f"/tables/{tid}?lang=ru").text
    for text in ("Журнал и чат", "Начать партию", "Пригласите друзей по этой ссылке", "Показать раньше",
                  'placeholder="Напишите что-нибудь"', ">Правила</a>"):
        assert text in table, text
    assert "Log &amp; chat" not in table and "Start the game" not in table
    replay = host.http.get(f"/tables/{tid}/replay?lang=fr")
    assert replay.status_code == 409 and "Cette partie est encore en cours." in replay.text
    person = host.http.get(f"/users/{host.id}?lang=ru").text
    assert "Гость (у гостей нет рейтинга)" in person and "Сыгранных партий пока нет." in person
    assert "Такого игрока нет." in host.http.get("/users/999999?lang=ru").text
    # The page scripts' words come with the catalogue: the table's own, the clocks' and the replay's.
    fr = httpx.get(sqlite_server.url + "/i18n/fr.json").json()
    assert fr["Waiting for {players}."] == "En attente de {players}."
    assert fr["Let a bot play for {name} ({n} vote so far)"] == ["Faire jouer un bot pour {name} ({n} voix pour l’instant)"] * 2
    assert fr["Move {move} of {moves} · turn {turn} of {turns}"] == "Coup {move} sur {moves} · tour {turn} sur {turns}"


def test_refusals_carry_their_sentence_for_readers_of_other_languages(sqlite_server):
    """A refusal's `message` stays English; its `say` is the same sentence, which the catalogues translate."""
    ru = httpx.get(sqlite_server.url + "/i18n/ru.json").json()
    fr = httpx.get(sqlite_server.url + "/i18n/fr.json").json()
    host = Person(sqlite_server, "Refused")
    tid = host.open_table(seats=3)["id"]
    started = host.post(f"/api/tables/{tid}/start", ok=False)
    assert started.status_code == 409
    detail = started.json()["detail"]
    assert detail["code"] == "seats_empty" and detail["message"].startswith("seat(s) 2, 3 still empty")
    assert english(detail["say"]) == detail["message"]
    for catalogue in (ru, fr):
        assert catalogue[detail["say"]["msg"]], "the sentence is in each catalogue"
    with i18n_language("ru"):
        written = i18n.write(detail["say"])
    assert "2, 3" in written and re.search("[а-яА-Я]", written), written

    # The same on the table's socket: once the game runs, a spectator's act is refused with the sentence as a Text.
    host.post(f"/api/tables/{tid}/bots", {"seat": 1})
    host.post(f"/api/tables/{tid}/bots", {"seat": 2})
    host.post(f"/api/tables/{tid}/start")
    looker = Person(sqlite_server, "Looker")
    sock = looker.socket(tid)
    version = sock.until("snapshot")["version"]
    sock.send({"type": "act", "id": 7, "version": version, "action": {"type": "pass"}})
    error = sock.until("error")
    assert error["code"] == "not_seated" and english(error["say"]) == error["message"]
    assert ru[error["say"]["msg"]] and fr[error["say"]["msg"]]
    sock.close()


def test_a_nickname_in_a_sentence_stays_the_players_name_in_every_language():
    """A player may be called like a word of the catalogue ("Save"): passed as `verbatim`, their name is written
    as it is, where a plain string argument would be translated."""
    sentence = "{player} was already dropped"
    assert i18n.translations("ru").gettext("Save") != "Save"
    assert english(t(sentence, player=verbatim("Save"))) == "Save was already dropped"
    with i18n_language("ru"):
        looked_up = i18n.write(t(sentence, player="Save"))
        kept = i18n.write(t(sentence, player=verbatim("Save")))
    assert "Save" not in looked_up
    assert "Save" in kept and "Сохранить" not in kept and re.search("[а-яА-Я]", kept), kept
    assert "Save" not in names_in(t(sentence, player=verbatim("Save")))  # nothing for the catalogues to carry


def test_a_refusal_on_a_server_page_is_written_in_the_readers_language(sqlite_server):
    organiser = Person(sqlite_server, "Organiser")
    tid = organiser.post("/api/tournaments", {"name": "Closed", "private": True}).json()["id"]
    stranger = Person(sqlite_server, "Stranger")
    ru_page = stranger.http.get(f"/tournaments/{tid}?lang=ru").text
    expected = i18n.translations("ru").gettext("this tournament is private: you need its invite link")
    assert expected != "this tournament is private: you need its invite link"
    assert expected[:1].upper() + expected[1:] in ru_page
    assert "This tournament is private" not in ru_page
    en_page = stranger.http.get(f"/tournaments/{tid}?lang=en").text
    assert "This tournament is private: you need its invite link." in en_page


class i18n_language:  # noqa: N801 - used as a context manager, read like a function
    """Python code in a given request language (as the language middleware sets it)."""

    def __init__(self, lang: str):
        self.lang = lang

    def __enter__(self) -> None:
        self.token = i18n.current_language.set(self.lang)

    def __exit__(self, *exc: object) -> None:
        i18n.current_language.reset(self.token)
