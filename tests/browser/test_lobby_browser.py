"""The lobby as a new player meets it, on a desktop and on a phone: a card per game with its picture and a rules
link that opens the rules, options read as words with their help, tables shown in their groups, and nothing
scrolling sideways. Screenshots of each step are kept as test artefacts (and in BOARDHALL_SHOTS when set)."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.support.browser import choose_nickname
from tests.support.clients import Person

pytestmark = pytest.mark.browser

SIZES = [(1366, 800), (390, 844)]
OVERFLOW = "document.documentElement.scrollWidth <= innerWidth"
SHOTS = os.environ.get("BOARDHALL_SHOTS")


def shoot(page, tmp_path, name: str) -> None:  # noqa: ANN001
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # kept as a test artefact
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        shutil.copy(path, os.path.join(SHOTS, path.name))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_new_player_reads_the_games_opens_the_rules_and_creates_a_table_in_words(browser, sqlite_server, size,
                                                                                   tmp_path):
    width, height = size
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    # Someone else's tables, one waiting for players and one in play, so the public groups have something to show.
    other = Person(sqlite_server, f"Vera{width}")
    joinable = other.open_table()["id"]
    watched = other.open_table()["id"]
    other.post(f"/api/tables/{watched}/bots", {"seat": 1})
    other.post(f"/api/tables/{watched}/start")

    page.goto(sqlite_server.url + "/")
    choose_nickname(page, f"Newcomer{width}")
    page.wait_for_selector("#game-select")
    assert page.evaluate(OVERFLOW)

    # A card per game: a picture that loaded, a description, players and length, a rules link.
    for game, title in (("jambo", "Jambo"), ("river", "The River"), ("goldrush", "Gold Rush"),
                        ("goldwest", "Gold West"), ("istanbul", "Istanbul")):
        card = page.locator(f".game-card[data-game={game}]")
        assert card.locator("h3").inner_text() == title
        assert card.locator(".game-picture").evaluate("img => img.complete && img.naturalWidth > 0")
        assert "players" in card.locator(".game-facts").inner_text() and "min" in card.locator(".game-facts").inner_text()
        assert len(card.locator(".game-blurb").inner_text()) > 40
        assert card.locator(".rules-link").get_attribute("href") == f"/games/{game}/rules"
    picture = page.locator(".game-card[data-game=jambo] .game-picture").bounding_box()
    assert picture["width"] >= 90 and picture["height"] >= 60
    groups = page.eval_on_selector_all(".table-group h2", "hs => hs.map(h => h.id)")
    assert groups == ["group-open", "group-playing"]  # nothing of the newcomer's own yet
    assert page.locator(f"[data-group=open] a.table-link[href='/tables/{joinable}']").is_visible()
    assert page.locator(f"[data-group=playing] a.table-link[href='/tables/{watched}']").is_visible()
    shoot(page, tmp_path, f"lobby-{width}x{height}")

    # The rules open from the card and read as a page of their own.
    page.click(".game-card[data-game=jambo] .rules-link")
    page.wait_for_selector("article.rules h2")
    assert page.locator("h1").inner_text() == "Jambo: the rules"
    assert page.locator(".rules-toc a").count() >= 4
    assert page.evaluate(OVERFLOW)
    shoot(page, tmp_path, f"rules-{width}x{height}")
    page.go_back()

    # Options in words: the title, the help text and the choices' labels, not the codes.
    page.wait_for_selector("#game-select")
    if not phone:
        page.click(".game-card[data-game=jambo] .choose-game")  # the card's button fills in the form
    else:
        page.select_option("#game-select", "jambo")
    assert page.input_value("#game-select") == "jambo"
    option = page.locator("label.option", has=page.locator("[name='opt:tie_goes_to']"))
    assert option.inner_text().startswith("A tie in gold goes to")
    assert "French rules" in option.locator(".help").inner_text()
    choices = page.eval_on_selector_all("[name='opt:tie_goes_to'] option", "os => os.map(o => o.textContent)")
    assert choices == ["The first to reach 60 gold", "The player who took the last turn"]
    assert "About 30–60 minutes." in page.inner_text("#game-about")
    page.select_option("[name='opt:tie_goes_to']", label="The player who took the last turn")
    assert page.evaluate(OVERFLOW)
    page.locator("#create-table").scroll_into_view_if_needed()
    shoot(page, tmp_path, f"create-{width}x{height}")
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/tables/**")
    table_id = page.url.split("/tables/")[1].split("?")[0]
    assert Person(sqlite_server).http.get(f"/api/tables/{table_id}").json()["options"]["tie_goes_to"] == "last_player"
    # The table page links the rules too.
    assert page.get_attribute(".table-rules-link", "href") == "/games/jambo/rules"

    # Back in the lobby the new table is among the player's own.
    page.goto(sqlite_server.url + "/")
    page.wait_for_selector(f"[data-group=yours] a.table-link[href='/tables/{table_id}']")
    assert page.evaluate(OVERFLOW)
    shoot(page, tmp_path, f"lobby-yours-{width}x{height}")
    assert not errors, errors
    context.close()
