"""A bot's level in the hall's lists of tables, in the reader's language: the lobby's rows, the "waiting for you"
list, the finished games on a player's page and a replay's players (the table page has its own test)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.replays.test_history_api import play_to_the_end, registered

SHOTS = os.environ.get("LEVEL_SHOTS")  # a folder: save the pages as screenshots, to look at them
WORDS = {"en": ("easy", "medium", "hard"), "ru": ("лёгкий", "средний", "сильный"), "fr": ("facile", "moyen", "difficile")}


def shot(page, name: str) -> None:  # noqa: ANN001
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def table_with_bot(person, level: str, seats: int = 2, start: bool = True) -> str:  # noqa: ANN001
    table = person.open_table(seats=seats, options={"rounds": 1, "first_player": 0})
    person.post(f"/api/tables/{table['id']}/bots", {"seat": 1, "level": level})
    if start:
        person.post(f"/api/tables/{table['id']}/start")
    return table["id"]


def test_every_table_list_says_each_bots_level_in_the_readers_language(browser, sqlite_server):
    ann = registered(sqlite_server, "Lister")
    finished = table_with_bot(ann, "hard")
    play_to_the_end([ann.socket(finished)], seed=8)
    waiting = table_with_bot(ann, "hard")  # Ann's move first: listed as waiting for her
    open_table = table_with_bot(ann, "medium", seats=3, start=False)
    easy = table_with_bot(ann, "easy", seats=3, start=False)
    for lang, (width, height) in (("en", (1366, 800)), ("en", (390, 844)), ("ru", (390, 844)), ("fr", (1366, 800))):
        low, mid, high = WORDS[lang]
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_cookies([{"name": k, "value": v, "url": sqlite_server.url} for k, v in ann.http.cookies.items()])
        page = context.new_page()
        page.goto(f"{sqlite_server.url}/?lang={lang}")
        row = f".table-row[data-table-id='{open_table}']"
        assert page.inner_text(f"{row} .bot-level-medium") == mid
        assert page.inner_text(f".table-row[data-table-id='{easy}'] .bot-level-easy") == low
        assert page.inner_text(f".table-row[data-table-id='{waiting}'] .bot-level-hard") == high
        page.locator(row).scroll_into_view_if_needed()
        shot(page, f"lobby-{lang}-{width}")
        page.goto(f"{sqlite_server.url}/users/{ann.id}?lang={lang}")
        assert page.inner_text(f".history-game[data-table-id='{finished}'] .bot-level-hard") == high
        shot(page, f"history-{lang}-{width}")
        page.goto(f"{sqlite_server.url}/waiting?lang={lang}")
        entry = f"#waiting-list li[data-table='{waiting}'] .waiting-with"
        assert page.inner_text(f"{entry} .bot-level-hard") == high  # as the server wrote the page
        # waiting.js redraws the list from the person socket's frame (its clock spans then carry data-left).
        page.wait_for_selector(f"#waiting-list li[data-table='{waiting}'] .waiting-left[data-left]", state="attached")
        assert page.inner_text(f"{entry} .bot-level-hard") == high
        shot(page, f"waiting-{lang}-{width}")
        page.goto(f"{sqlite_server.url}/tables/{finished}/replay?lang={lang}")
        page.wait_for_selector(".player[data-seat='1'] .bot-level-hard")
        assert page.inner_text(".player[data-seat='1'] .bot-level-hard") == high
        shot(page, f"replay-{lang}-{width}")
        context.close()
