"""Two people in two browsers: the organiser creates a tournament, both register, see their seating, play their
table by clicking, and read the standings when it ends."""

from __future__ import annotations

import pytest

from tests.support.browser import choose_nickname

pytestmark = pytest.mark.browser


def play_until_the_end(pages, timeout_s: float = 60) -> None:
    """Each player clicks a legal action whenever one is offered, until the final scores show."""
    import time

    deadline = time.monotonic() + timeout_s
    while not all(p.is_visible("#result") for p in pages):
        assert time.monotonic() < deadline, "the table did not finish"
        for page in pages:
            button = page.query_selector("#prompt-actions button.legal")
            if button is not None and button.is_enabled():
                button.click()
                page.wait_for_timeout(150)
        pages[0].wait_for_timeout(100)


def test_two_people_register_see_their_seating_play_and_read_the_standings(browser, sqlite_server):
    olga = browser.new_context().new_page()
    olga.goto(sqlite_server.url + "/tournaments")
    choose_nickname(olga, "Olga")
    olga.fill("#create-tournament [name=name]", "Tuesday tally")
    olga.select_option("#create-tournament [name=game]", "tally")
    olga.fill("#create-tournament [name=rounds]", "1")
    olga.fill("#create-tournament [name=min_size]", "3")
    olga.fill("#create-tournament [name=max_size]", "3")
    olga.click("#create-tournament button[type=submit]")
    olga.wait_for_url("**/tournaments/**")
    olga.click("button.register")
    olga.wait_for_selector("#t-entrants li:has-text('Olga')")
    invite = olga.input_value(".invite-input")

    fritz = browser.new_context().new_page()
    assert invite.startswith(sqlite_server.url + "/tournaments/")  # a whole address, to paste into a message
    fritz.goto(invite)
    choose_nickname(fritz, "Fritz")
    fritz.click("button.register")
    fritz.wait_for_selector("#t-entrants li:has-text('Fritz')")

    olga.wait_for_selector("#t-entrants li:has-text('Fritz')", timeout=10000)  # the page refreshes itself
    olga.click("button.add-bots")
    olga.wait_for_selector("#t-entrants li:has-text('(bot)')")
    olga.click("button.start")
    olga.wait_for_selector(".round-table.mine a.play-link")
    fritz.wait_for_selector(".round-table.mine a.play-link", timeout=10000)  # seating shown before play
    assert "Fritz" in fritz.inner_text(".round-table.mine") and "Olga" in fritz.inner_text(".round-table.mine")

    for page in (olga, fritz):
        page.click(".round-table.mine a.play-link")
        page.wait_for_selector("#play-area:not([hidden])")
    play_until_the_end([olga, fritz])

    for page in (olga, fritz):
        page.go_back()
        page.wait_for_selector(".champion", timeout=15000)
        rows = page.inner_text("#t-standings")
        assert "Olga" in rows and "Fritz" in rows and "(bot)" in rows
    olga.set_viewport_size({"width": 390, "height": 844})
    assert olga.evaluate("document.documentElement.scrollWidth") <= 390
    olga.context.close()
    fritz.context.close()


def test_closing_a_table_early_asks_first(browser, sqlite_server):
    """"Close with current points" ends a game people may still be playing: a mis-tap must not do it."""
    from tests.support.clients import Person

    organiser = Person(sqlite_server, "Greta")
    tid = organiser.post("/api/tournaments", {"name": "Quick", "game": "goldrush", "rounds": 1, "min_size": 3,
                                              "max_size": 3}).json()["id"]
    organiser.post(f"/api/tournaments/{tid}/register")
    organiser.post(f"/api/tournaments/{tid}/bots", {"count": 2})
    organiser.post(f"/api/tournaments/{tid}/start")
    context = browser.new_context()
    context.add_cookies([{"name": c.name, "value": c.value, "url": sqlite_server.url}
                         for c in organiser.http.cookies.jar])
    page = context.new_page()
    page.goto(f"{sqlite_server.url}/tournaments/{tid}")
    close = page.locator(".round-table button.close-table")
    close.wait_for()
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    close.click()
    page.wait_for_timeout(500)
    assert asked == ["Close table 1 and record the points as they stand now?"]
    assert organiser.http.get(f"/api/tournaments/{tid}").json()["seating"][0]["tables"][0]["points"] is None
    page.once("dialog", lambda dialog: dialog.accept())
    close.click()
    page.wait_for_selector(".round-table:has-text('recorded'), .champion", timeout=10000)
    assert organiser.http.get(f"/api/tournaments/{tid}").json()["seating"][0]["tables"][0]["points"] is not None
    context.close()
