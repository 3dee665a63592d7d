"""The end of a game as its player sees it: the header says "finished" with the last move (not only after a
reload), nothing still says whose move it is, and the page brings the final scores into view."""

from __future__ import annotations

import json

import pytest

from tests.support.browser import choose_nickname

pytestmark = pytest.mark.browser


def test_the_end_shows_at_once_without_the_tables_own_message(browser, sqlite_server, tmp_path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    dropped: list[str] = []  # table notices held back (the server may send none at the end)

    def relay(route) -> None:  # noqa: ANN001
        """Pass every frame except the table's own 'finished' notice: the page must know from the last move."""
        server = route.connect_to_server()
        route.on_message(server.send)

        def arrive(message: str) -> None:
            data = json.loads(message)
            if data.get("type") == "table" and data["table"]["status"] == "finished":
                dropped.append(message)
            else:
                route.send(message)
        server.on_message(arrive)

    page.route_web_socket("**/ws/tables/**", relay)
    page.goto(sqlite_server.url + "/")
    choose_nickname(page, "Solo")
    page.select_option("#game-select", "tally")
    page.select_option("#seats-select", "2")
    page.evaluate("document.querySelector('[name=\"opt:rounds\"]').value = '1';"
                  "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    page.click("#create-table button[type=submit]")
    page.wait_for_selector("#seats .seat")
    page.click(".seat[data-seat='1'] .add-bot")
    page.wait_for_selector(".seat[data-seat='1'] .seat-name")
    page.click("#start-button")
    page.wait_for_selector("#table-status:text-is('in play')")
    assert page.is_hidden("#invite-box")  # the invite waits behind its button during play
    # A long board (the real games' boards are taller than a phone): the player reads its bottom when the game ends.
    page.evaluate("document.querySelector('#play-area').append(Object.assign(document.createElement('div'), "
                  "{style: 'height: 3000px', className: 'long-board'}))")
    moves = 0
    while page.is_hidden("#result"):
        assert moves < 20
        button = page.locator("#prompt-actions button.legal").first
        try:
            button.wait_for(timeout=3000)
        except Exception:  # noqa: BLE001 - the bot's move or the end may come instead
            continue
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # read the board further down
        button.click()
        moves += 1
        page.wait_for_timeout(150)
    assert page.inner_text("#table-status") == "finished"
    assert page.inner_text("#prompt-text") == "The game is over."
    assert page.locator("#prompt-actions button").count() == 0
    assert page.locator("#players-strip .awaited, #players .awaited, .player-turn").count() == 0
    assert not page.title().startswith("●")
    page.wait_for_function("() => { const r = document.querySelector('#result').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight / 2; }")
    assert "Final scores" in page.inner_text("#result")
    page.screenshot(path=str(tmp_path / "end-390x844.png"))  # kept as a test artefact
    print(tmp_path / "end-390x844.png")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    context.close()
