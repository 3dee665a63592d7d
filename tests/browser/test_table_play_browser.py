"""The table page at play, at 1366x800 and on a 390x844 phone: decisions with one answer taken by the page after a
pause the player can cancel, clicks counted per game, pieces an opponent moved gliding (not under reduced motion),
every card zoomable without playing it, and the whole log, numbered by move, back after a reload."""

from __future__ import annotations

import random

import pytest

from tests.support.browser import choose_nickname
from tests.support.servers import Server
from tests.support.table_driver import MOVES, open_side_drawer, play, start_against_bots, wait_for_my_move

pytestmark = pytest.mark.browser

SIZES = {"desktop": dict(viewport={"width": 1366, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}
GAMES = ["jambo", "river", "goldrush", "goldwest", "istanbul"]
CARD_GAMES = ["jambo", "goldrush", "goldwest"]  # cards on the table from the start (The River's come later)


@pytest.fixture(scope="module")
def short_log_server(tmp_path_factory):
    """A server whose snapshots carry only the last 12 log lines, so the rest must come from the log endpoint."""
    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('db') / 'log.db'}", LOG_SIZE="12")
    server.start(timeout=90)
    yield server
    server.stop()


def tally_table(page, url: str) -> None:  # noqa: ANN001
    """Tally against a bot that starts: in the first round's auction the player, without points, can only pass."""
    page.goto(url + "/")
    choose_nickname(page, "Solo")
    page.wait_for_selector("#game-select")
    created = page.request.post(url + "/api/tables", data={"game": "tally", "seats": 2, "private": False,
                                                           "options": {"rounds": 2, "first_player": 1}}).json()
    page.request.post(f"{url}/api/tables/{created['id']}/bots", data={})
    page.request.post(f"{url}/api/tables/{created['id']}/start", data={})
    page.goto(f"{url}/tables/{created['id']}")
    page.wait_for_selector("#prompt-actions button.legal")


@pytest.mark.parametrize("cancel", [False, True], ids=["taken", "cancelled"])
def test_a_decision_with_one_answer_is_taken_after_a_visible_pause_unless_cancelled(browser, sqlite_server, cancel):
    page = browser.new_context(**SIZES["desktop"]).new_page()
    tally_table(page, sqlite_server.url)
    page.click("#prompt-actions button.legal >> text=Pick 2")  # a secret pick: three answers, never automatic
    # The bot banks, or attacks and the player blocks (two answers: theirs to give); then the auction.
    page.wait_for_selector("#auto-take:not([hidden]), #prompt-actions button[data-label='Block']", timeout=10000)
    if page.is_visible("#prompt-actions button[data-label='Block']"):
        page.click("#prompt-actions button[data-label='Block']")
    page.wait_for_selector("#auto-take:not([hidden])", timeout=10000)
    assert "Pass" in page.inner_text("#auto-take")
    version = page.get_attribute("#table-app", "data-version")
    if cancel:
        page.click("#auto-take .auto-take-cancel")
        assert page.is_hidden("#auto-take")
        page.wait_for_timeout(1500)  # longer than the pause: nothing is taken
        assert page.get_attribute("#table-app", "data-version") == version
        assert page.is_visible("#prompt-actions button.legal >> text=Pass")  # the player answers themselves
        page.click("#prompt-actions button.legal >> text=Pass")
    page.wait_for_function("v => document.querySelector('#table-app').dataset.version !== v", arg=version)
    assert page.get_attribute("#table-app", "data-auto-taken") == (None if cancel else "1")
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_clicks_per_game_against_bots(browser, sqlite_server, game):
    """Clicks a person spends in 20 clicks' worth of play, next to the decisions the page took for them."""
    page = browser.new_context(**SIZES["desktop"]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_against_bots(page, sqlite_server.url, game, nickname="Counter")
    tally = play(page, random.Random(5), max_clicks=20)
    print(f"{game}: {tally.clicks} clicks, {tally.automatic} taken by the page, {tally.versions} moves in all"
          f"{' (game over)' if tally.finished else ''}")
    assert tally.clicks >= 1 and tally.versions > tally.clicks // 2
    assert not errors, errors
    page.context.close()


# After every redraw of the board: how many of its elements are animating, and how many are marked as moved.
WATCH_MOTION = """() => {
  const board = document.querySelector('#board');
  window.__motion = { animated: 0, marked: 0 };
  new MutationObserver(() => {
    const running = [...board.querySelectorAll('[data-flip]')].filter((n) => n.getAnimations().length).length;
    window.__motion.animated = Math.max(window.__motion.animated, running);
    window.__motion.marked = Math.max(window.__motion.marked, board.querySelectorAll('.ui-moved').length);
  }).observe(board, { childList: true, subtree: true });
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("size", list(SIZES))
def test_what_an_opponent_moved_glides_unless_reduced_motion_is_asked(browser, sqlite_server, size, motion):
    page = browser.new_context(**SIZES[size], reduced_motion=motion).new_page()
    start_against_bots(page, sqlite_server.url, "goldrush", nickname="Watcher")
    page.evaluate(WATCH_MOTION)
    rng = random.Random(11)
    for _ in range(6):  # a few of the player's turns, and the bot's in between
        play(page, rng, max_clicks=4)
        seen = page.evaluate("() => window.__motion")
        if seen["marked"] and (seen["animated"] or motion == "reduce"):
            break
    assert seen["marked"] > 0, "no piece an opponent moved was marked"
    if motion == "reduce":
        assert seen["animated"] == 0
    else:
        assert seen["animated"] > 0
    page.context.close()


def press(page, x: float, y: float, hold_ms: int) -> None:  # noqa: ANN001
    """A finger on the screen for `hold_ms` (a tap when short, a long press when long)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", CARD_GAMES)
def test_any_card_zooms_without_being_played(browser, sqlite_server, game, size, tmp_path):
    page = browser.new_context(**SIZES[size]).new_page()
    start_against_bots(page, sqlite_server.url, game, nickname="Zoomer")
    cards = "#board :is(.ui-card:not(.ui-card-back), .goldrush-card, .river-disc:not(.river-slot-empty))"
    page.wait_for_selector(cards)
    # The player's own decision with several answers: nothing moves until they choose.
    page.wait_for_function(f"""() => document.querySelector('#auto-take').hidden
        && [...document.querySelectorAll('{MOVES}')].filter((n) => n.getClientRects().length).length > 1""",
                           timeout=20000)
    card = page.locator(f"{cards}.act").first if page.locator(f"{cards}.act").count() else page.locator(cards).first
    card.scroll_into_view_if_needed()
    version = page.get_attribute("#table-app", "data-version")
    box = card.bounding_box()
    if size == "phone":
        press(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, 700)
    else:
        card.hover()
    page.wait_for_selector(".ui-zoom:not([hidden])")
    zoomed = page.locator(".ui-zoom").bounding_box()
    assert zoomed["width"] > box["width"] * 1.2  # bigger than the card itself
    page.screenshot(path=str(tmp_path / f"{game}-{size}-zoom.png"))
    page.wait_for_timeout(300)
    assert page.get_attribute("#table-app", "data-version") == version  # looking played nothing
    page.context.close()


def load_all(page) -> None:  # noqa: ANN001
    """Press "Load earlier" until the log reaches the deal."""
    while page.is_visible("#log-more"):
        page.click("#log-more")
        page.wait_for_function("() => !document.querySelector('#log-more').disabled")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_whole_log_comes_back_after_a_reload_with_the_same_numbers(browser, short_log_server, size, tmp_path):
    page = browser.new_context(**SIZES[size]).new_page()
    start_against_bots(page, short_log_server.url, "jambo", nickname="Reader")
    play(page, random.Random(3), max_clicks=12)
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 12")
    wait_for_my_move(page)  # then the bot waits for us: nothing changes while the page reloads
    # textContent, not innerText: the phone's drawer is still fading in (visibility) when the lines are read.
    lines = """() => [...document.querySelectorAll('#log li')]
        .map((li) => [li.dataset.v, li.textContent.replace(/\\s+/g, ' ').trim()])"""
    if size == "phone":
        open_side_drawer(page)
    load_all(page)  # the first snapshot came after the bot's opening moves: its 12 lines were not all
    before = page.evaluate(lines)
    assert [int(v) for v, _ in before] == sorted(int(v) for v, _ in before) and int(before[0][0]) <= 1  # from the deal
    page.reload()
    page.wait_for_selector("#log li", state="attached")  # on a phone the log is in the closed drawer
    if size == "phone":
        open_side_drawer(page)
    recent = page.evaluate(lines)
    assert len(recent) <= 12 and recent == before[-len(recent):]  # the last lines, numbered as before
    load_all(page)
    assert page.evaluate(lines) == before
    # Names stand in their seat's colour; pointing at a line outlines the player it names.
    named = page.locator("#log li:has(.seat-name)").last
    named.hover()
    assert page.locator(".log-ref").count() >= 1
    page.screenshot(path=str(tmp_path / f"log-{size}.png"))
    page.context.close()
