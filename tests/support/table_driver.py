"""A person at a table page in the browser: open a game against bots from the lobby and play it by clicking what
the page offers, counting the clicks and the decisions the page took by itself. Shared by the browser tests and
bench/bench_clicks.py."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tests.support.browser import choose_nickname

VERSION = "document.querySelector('#table-app').dataset.version"
MOVES = "#board .act, #prompt-actions button.legal, #prompt-actions .legal-go"


def start_against_bots(page, url: str, game: str, seats: int = 2, nickname: str = "Player") -> None:  # noqa: ANN001
    """From the lobby: a table of `game` with bots in every other seat, started, its board drawn."""
    page.goto(url + "/")
    choose_nickname(page, nickname)
    page.wait_for_selector("#game-select")
    page.select_option("#game-select", game)
    allowed = page.eval_on_selector_all("#seats-select option", "os => os.map(o => Number(o.value))")
    page.select_option("#seats-select", str(seats if seats in allowed else min(allowed)))
    page.click("#create-table button[type=submit]")
    page.wait_for_selector("#seats .seat")
    for seat in range(1, page.locator("#seats .seat").count()):
        page.click(f".seat[data-seat='{seat}'] .add-bot")
        page.wait_for_selector(f".seat[data-seat='{seat}'] .seat-name")
    page.click("#start-button")
    page.wait_for_selector("#board > *")


def version(page) -> int:  # noqa: ANN001
    return int(page.evaluate(VERSION) or 0)


MY_MOVE = """() => !document.querySelector('#result:not([hidden])')
    && document.querySelector('#auto-take').hidden
    && [...document.querySelectorAll('#board .act, #prompt-actions button.legal, #prompt-actions .legal-go')]
       .some((n) => n.getClientRects().length)"""


def my_move(page) -> bool:  # noqa: ANN001
    """Is the page offering this player a move (and no automatic answer is under way)?"""
    return page.evaluate(MY_MOVE)


def wait_for_my_move(page, timeout_ms: int = 30000) -> None:  # noqa: ANN001
    """Until the bots have moved and the page offers this player a move."""
    page.wait_for_function(MY_MOVE, timeout=timeout_ms)


@dataclass
class Tally:
    clicks: int = 0
    automatic: int = 0
    versions: int = 0
    finished: bool = False


def open_side_drawer(page) -> None:  # noqa: ANN001
    """On a phone, open the log-and-chat drawer and wait until it is shown.

    The drawer slides in with a visibility transition: right after the tap it is still hidden for a frame, and a
    check made then (is "Load earlier" visible?) would read the closed drawer.
    """
    page.click("#side-toggle")
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#side-panel')).visibility === 'visible'"
    )


def play(page, rng: random.Random, max_clicks: int, idle_ms: int = 15000) -> Tally:  # noqa: ANN001
    """Click one of the offered moves at random until the game ends or `max_clicks` clicks were made. Opening the
    "All moves" list counts as a click too, as it does for a person."""
    tally = Tally()
    quiet = 0
    while tally.clicks < max_clicks:
        if page.is_visible("#result"):
            tally.finished = True
            break
        if not my_move(page):
            page.wait_for_timeout(100)
            quiet += 100
            if quiet > idle_ms:
                break
            continue
        quiet = 0
        before = version(page)
        targets = page.locator(MOVES).filter(visible=True)
        if not targets.count():  # redrawn between the check and the look: look again
            continue
        target = targets.nth(rng.randrange(targets.count()))
        if target.get_attribute("class") and "legal-go" in target.get_attribute("class"):
            menu = page.locator("#prompt-menu")
            options = menu.locator("option").count()
            menu.select_option(index=rng.randrange(options))
            tally.clicks += 1
        target.click()
        tally.clicks += 1
        try:
            page.wait_for_function(f"v => {VERSION} !== v", arg=str(before), timeout=5000)
        except Exception:  # noqa: BLE001 - a secret pick waits for the others
            pass
    tally.automatic = int(page.evaluate("document.querySelector('#table-app').dataset.autoTaken || 0"))
    tally.versions = version(page)
    return tally
