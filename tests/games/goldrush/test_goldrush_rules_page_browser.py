"""Gold Rush as a player reads it (issue #26): the board says what each achievement asks for, and the rules page, in
three languages, shows the cards drawn by the table's own code and fits a phone."""

from __future__ import annotations

import re

import pytest

from app.games.goldrush.data import DESIGNS
from tests.support.browser import choose_nickname

pytestmark = pytest.mark.browser

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
BRIEF = {d["name"]: d["brief"] for d in DESIGNS if d["brief"]}
PHONE = {"width": 390, "height": 844}


def _basic_table_against_bots(page, url: str) -> str:  # noqa: ANN001
    page.goto(url + "/?lang=en")
    choose_nickname(page, "Reader")
    page.wait_for_selector("#game-select")
    made = page.request.post(url + "/api/tables", data={"game": "goldrush", "seats": 3,
                                                         "options": {"variant": "basic", "first_player": 0}})
    table_id = made.json()["id"]
    for seat in (1, 2):
        assert page.request.post(url + f"/api/tables/{table_id}/bots", data={"seat": seat}).ok
    assert page.request.post(url + f"/api/tables/{table_id}/start", data={}).ok
    return table_id


def test_the_board_says_what_each_achievement_asks_for_in_the_readers_language(browser, sqlite_server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        table_id = _basic_table_against_bots(page, sqlite_server.url)
        page.goto(f"{sqlite_server.url}/tables/{table_id}?lang=en")
        page.wait_for_selector("#board .goldrush-achievements .goldrush-card")
        cards = page.locator(".goldrush-achievements .goldrush-card")
        assert cards.count() == 14 - 3 + 1  # the achievements not dealt as secrets, and the Gold Industrialist
        for i in range(cards.count()):
            card = cards.nth(i)
            name = card.locator(".goldrush-card-name").inner_text().replace("\u00ad", "")
            condition = card.locator(".goldrush-card-cond").inner_text().strip()
            assert condition == BRIEF[name], (name, condition)
            box, cond_box = card.bounding_box(), card.locator(".goldrush-card-cond").bounding_box()
            assert cond_box["x"] + cond_box["width"] <= box["x"] + box["width"] + 1, f"{name}: the condition spills out"
        page.goto(f"{sqlite_server.url}/tables/{table_id}?lang=ru")
        page.wait_for_selector("#board .goldrush-achievements .goldrush-card-cond")
        conditions = page.locator(".goldrush-achievements .goldrush-card-cond").all_inner_texts()
        assert len(conditions) == 12 and all(CYRILLIC.search(c) for c in conditions), conditions
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_rules_page_shows_the_tables_cards_and_a_turn_fits_a_phone_screen(browser, sqlite_server, lang):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{sqlite_server.url}/games/goldrush/rules?lang={lang}")
        page.wait_for_selector(".rules-picture-slot .goldrush-picture", state="attached")
        slots = page.locator(".rules-picture-slot")
        assert slots.count() >= 15
        empty = page.eval_on_selector_all(".rules-picture-slot", "ss => ss.filter(s => !s.querySelector('.goldrush-picture'))"
                                          ".map(s => s.dataset.picture)")
        assert not empty, f"pictures the renderer did not draw: {empty}"
        # The achievement is drawn as the board draws it, its condition under its name, in the page's language.
        condition = page.locator("[data-picture='achievement'] .goldrush-card-cond").first.inner_text()
        assert condition and (CYRILLIC.search(condition) if lang == "ru" else not CYRILLIC.search(condition))
        assert not page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
        # "How a turn goes": its heading and its summary fit one phone screen, before the first subsection.
        third = page.locator("article.rules h2").nth(2)
        details = page.locator("article.rules h2:nth-of-type(3) ~ h3").first
        third.scroll_into_view_if_needed()
        top = third.bounding_box()["y"]
        assert details.bounding_box()["y"] - top < PHONE["height"], "the turn's summary runs past one screen"
        assert not errors, errors
    finally:
        context.close()
