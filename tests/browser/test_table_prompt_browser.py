"""Where the eye goes at a table: a prompt bar of one small height that leaves the board's moves on the board, the
site's chrome one line, the question's subject on screen, no pass as the default, the invite link that seats a
friend, a friend told that a bot took their seat, and a tap that survives a redraw. Each page is checked with axe."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_accessibility_browser import serious_violations
from tests.support.browser import choose_nickname, open_table_with_friend
from tests.support.clients import Person
from tests.support.table_driver import start_against_bots, wait_for_my_move

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"viewport": {"width": 1366, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/boardhall-shots"))

# Boxes of the bar and of what it holds, and the board's moves that show below the bar on the screen.
BAR = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height }; };
  const bar = document.querySelector('#prompt').getBoundingClientRect();
  const acts = [...document.querySelectorAll('#board .act')].filter((n) => n.getClientRects().length);
  return {
    bar: box(document.querySelector('#prompt')),
    head: box(document.querySelector('.table-head')),
    rowTops: [...document.querySelectorAll('#prompt-actions > *')].filter((n) => n.getClientRects().length)
      .map((n) => Math.round(n.getBoundingClientRect().top)),
    rowLabels: [...document.querySelectorAll('#prompt-actions [data-label]')].map((n) => n.dataset.label),
    boardLabels: acts.map((n) => n.dataset.label),
    actsInView: acts.filter((n) => { const r = n.getBoundingClientRect(); return r.bottom > bar.bottom && r.top < innerHeight; }).length,
    textLines: Math.round(document.querySelector('#prompt-text').getBoundingClientRect().height
      / parseFloat(getComputedStyle(document.querySelector('#prompt-text')).lineHeight)),
  };
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_prompt_bar_is_one_line_and_one_row_and_leaves_the_places_to_the_board(browser, sqlite_server, size):
    """French Istanbul asks "click a place": the bar stays small, lists no place as a button (not even behind
    "More"), the places the question is about show below it, and the site's chrome takes one short line."""
    page = browser.new_context(**SIZES[size], locale="fr-FR").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(sqlite_server.url + "/?lang=fr")
    start_against_bots(page, sqlite_server.url, "istanbul", nickname="Zoé")
    wait_for_my_move(page)
    page.wait_for_selector("#board .act")
    page.wait_for_timeout(300)
    height = SIZES[size]["viewport"]["height"]
    bar = page.evaluate(BAR)
    assert bar["bar"]["height"] <= 0.16 * height, bar  # one line of question, one row of buttons (and the strip)
    assert bar["textLines"] == 1, bar
    assert len(set(bar["rowTops"])) <= 1, bar  # one row
    assert not set(bar["rowLabels"]) & set(bar["boardLabels"]), bar
    more = page.locator("#prompt-more [data-label]").evaluate_all("ns => ns.map((n) => n.dataset.label)")
    assert not set(more) & set(bar["boardLabels"])  # not hidden behind "More" either
    assert bar["actsInView"] > 0, bar  # the places the question is about are on screen
    page.evaluate("scrollTo(0, 0)")
    assert page.evaluate(BAR)["head"]["bottom"] <= 100  # site bar and title row: two short lines
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"prompt-istanbul-fr-{size}.png"))
    # "More" holds the whole question (and what did not fit the row) and opens over the board, not pushing it.
    toggle = page.locator(".more-toggle")
    if toggle.is_visible():
        board_top = page.evaluate("document.querySelector('#board').getBoundingClientRect().top")
        toggle.click()
        page.wait_for_selector("#prompt-more:not([hidden])")
        assert page.inner_text(".prompt-more-text") == page.get_attribute("#prompt-text", "title")
        assert page.evaluate("document.querySelector('#board').getBoundingClientRect().top") == board_top
        toggle.click()
    assert serious_violations(page) == []
    assert errors == []
    page.context.close()


def test_the_prompt_bar_of_every_game_keeps_its_height(browser, sqlite_server):
    for game in ("goldrush", "jambo", "river", "goldwest"):
        page = browser.new_context(**SIZES["phone"]).new_page()
        start_against_bots(page, sqlite_server.url, game, nickname="Row")
        wait_for_my_move(page)
        page.wait_for_timeout(300)
        bar = page.evaluate(BAR)
        assert bar["bar"]["height"] <= 0.16 * 844, (game, bar)
        assert len(set(bar["rowTops"])) <= 1 and bar["textLines"] == 1, (game, bar)
        assert not set(bar["rowLabels"]) & set(bar["boardLabels"]), game
        page.context.close()


def test_passing_the_turn_is_never_the_first_or_focused_move(browser, sqlite_server):
    """Gold Rush's first question offers exploring and ending the turn: Enter must not end it."""
    page = browser.new_context(**SIZES["laptop"]).new_page()
    start_against_bots(page, sqlite_server.url, "goldrush", nickname="Enter")
    page.wait_for_selector("#table-app[data-waiting='0'] #prompt-actions button.legal")
    wait_for_my_move(page)
    buttons = page.locator("#prompt-actions button.legal")
    classes = [buttons.nth(i).get_attribute("class").split() for i in range(buttons.count())]
    assert any("closing" in c for c in classes), "the turn's end is offered in the bar"
    assert "closing" not in classes[0]  # the others come first; ending the turn comes last
    assert page.locator(".default-move").count() == 0
    page.focus("#prompt-text")
    page.keyboard.press("Tab")
    assert "closing" not in (page.evaluate("document.activeElement.className") or "")
    page.context.close()


def test_an_invite_visitor_sees_no_leave_at_a_bots_seat_and_is_seated_once_named(browser, sqlite_server):
    host = Person(sqlite_server, "Hosta")
    created = host.open_table(game="tally", seats=3)
    host.post(f"/api/tables/{created['id']}/bots", {"seat": 1})
    page = browser.new_context(**SIZES["phone"]).new_page()
    page.goto(sqlite_server.url + created["invite_url"])
    page.wait_for_selector(".seat[data-seat='1'] .seat-name")
    assert page.locator(".free-seat").count() == 0  # a bot's seat has no user, as a visitor without a name has none
    assert serious_violations(page) == []
    choose_nickname(page, "Visitor")
    page.wait_for_selector("#seats .seat[data-seat='2'] .seat-name:has-text('Visitor')")
    assert page.locator(".take-seat").count() == 0
    assert page.locator(".seat[data-seat='1'] .free-seat").count() == 0
    assert page.locator(".seat[data-seat='2'] .free-seat").inner_text() == "Leave"
    page.context.close()


def test_a_friend_whose_seat_went_to_a_bot_is_told_and_takes_it_back(browser, sqlite_server):
    host, friend, _table = open_table_with_friend(browser, sqlite_server, "tally", 2)
    host.click("#start-button")
    friend.wait_for_selector("#play-area:not([hidden])")
    host.wait_for_selector(".player[data-seat='1'] .hand-to-bot")
    host.on("dialog", lambda dialog: dialog.accept())
    host.click(".player[data-seat='1'] .hand-to-bot")
    friend.wait_for_selector("#prompt-text:has-text('A bot plays your seat now')")
    assert "Hostess" in friend.inner_text("#prompt-text")
    assert serious_violations(friend) == []
    friend.click("#prompt-actions .reclaim-button")
    friend.wait_for_selector("#players .player.me[data-seat='1']")
    assert "A bot plays your seat" not in friend.inner_text("#prompt-text")
    host.context.close()
    friend.context.close()


def test_a_tap_on_a_move_redrawn_under_the_finger_is_not_lost(browser, sqlite_server):
    """The host presses "Pick 2" just as the friend's pick redraws the host's bar: the release still picks."""
    host, friend, _table = open_table_with_friend(
        browser, sqlite_server, "tally", 2, "document.querySelector('[name=\"opt:rounds\"]').value = '1';")
    host.click("#start-button")
    for page in (host, friend):
        page.wait_for_selector("#prompt-actions button[data-label='Pick 2']")
    before = host.get_attribute("#table-app", "data-version")
    box = host.locator("#prompt-actions button[data-label='Pick 2']").bounding_box()
    host.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    host.mouse.down()
    friend.click("#prompt-actions button[data-label='Pick 3']")
    host.wait_for_function(f"() => document.querySelector('#table-app').dataset.version !== '{before}'")
    host.mouse.up()
    # The host's pick went too: two versions on (the friend's pick and the host's), or the game is over.
    host.wait_for_function(f"""() => Number(document.querySelector('#table-app').dataset.version) >= {int(before) + 2}
        || document.querySelector('#result:not([hidden])')""", timeout=10000)
    host.context.close()
    friend.context.close()


def test_while_others_choose_the_page_says_who_waits_for_whom(browser, sqlite_server):
    host, friend, _table = open_table_with_friend(
        browser, sqlite_server, "tally", 2, "document.querySelector('[name=\"opt:rounds\"]').value = '1';")
    host.click("#start-button")
    host.wait_for_selector("#prompt-actions button[data-label='Pick 2']")
    host.click("#prompt-actions button[data-label='Pick 2']")
    host.wait_for_selector("#prompt-text:text-is('Waiting for Friend.')")
    assert "turn" not in host.inner_text("#prompt-text")
    host.context.close()
    friend.context.close()


# Words of the board's names that the browser split over two lines (a word drawn in two pieces); a break after a
# hyphen or at a soft hyphen (drawn as a hyphen) is a right one.
SPLIT_WORDS = """() => {
  const split = [];
  for (const node of document.querySelectorAll('#board .ui-card-name, #board [class$="-name"], #board [class*="-name "]')) {
    const text = node.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE || !node.getClientRects().length) continue;
    for (const m of text.textContent.matchAll(/[^\\s\\u00ad-]+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      // The hyphen drawn at a soft hyphen's break counts to the next piece's box: too narrow to be a letter's.
      const em = parseFloat(getComputedStyle(node).fontSize);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0.45 * em).map((r) => Math.round(r.top)));
      if (lines.size > 1) split.push(m[0]);
    }
  }
  return split;
}"""


@pytest.mark.parametrize("game", ["istanbul", "jambo", "goldrush"])
def test_names_on_narrow_cards_never_break_inside_a_word(browser, sqlite_server, game):
    page = browser.new_context(**SIZES["phone"]).new_page()
    page.goto(sqlite_server.url + "/?lang=ru")
    start_against_bots(page, sqlite_server.url, game, nickname="Слово")
    page.wait_for_timeout(1500)
    assert page.evaluate(SPLIT_WORDS) == []
    page.context.close()


def test_every_games_players_strip_and_panel_show_each_players_score(browser, sqlite_server):
    """The scoreboard shows the score the game's renderer gives (its `summary`): every game gives one."""
    for game in ("goldrush", "jambo", "river", "goldwest", "istanbul"):
        for size in SIZES:
            page = browser.new_context(**SIZES[size]).new_page()
            start_against_bots(page, sqlite_server.url, game, nickname="Score")
            page.wait_for_selector("#players .player", state="attached")
            where = "#players .player .player-score" if size == "laptop" else "#players-strip .strip-score"
            try:
                page.wait_for_function(f"() => document.querySelectorAll('{where}').length === 2", timeout=10000)
            except Exception:  # noqa: BLE001 - said with the game's name
                raise AssertionError(f"{game} at {size}: a player without a score") from None
            assert all(page.locator(where).nth(i).inner_text().strip() for i in range(2)), (game, size)
            page.context.close()


def test_the_card_zoom_covers_no_button_and_needs_a_moving_mouse(browser, sqlite_server):
    page = browser.new_context(**SIZES["laptop"]).new_page()
    start_against_bots(page, sqlite_server.url, "goldrush", nickname="Zoomer")
    wait_for_my_move(page)
    cards = page.locator("#board .goldrush-card")
    cards.first.wait_for()
    # A redraw that puts a card under a resting pointer sends "pointerover" with no move: no copy opens.
    page.dispatch_event("#board .goldrush-card >> nth=0", "pointerover", {"pointerType": "mouse", "bubbles": True})
    page.wait_for_timeout(100)
    assert page.is_hidden(".ui-zoom")
    opened = 0
    for i in range(min(cards.count(), 8)):
        box = cards.nth(i).bounding_box()
        if not box:
            continue
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=2)
        page.wait_for_timeout(50)
        if page.is_hidden(".ui-zoom"):
            continue
        opened += 1
        covered = page.evaluate("""() => { const z = document.querySelector('.ui-zoom').getBoundingClientRect();
            return [...document.querySelectorAll('button, select, input')].filter((n) => {
              const r = n.getBoundingClientRect();
              return r.width && r.left < z.right && r.right > z.left && r.top < z.bottom && r.bottom > z.top;
            }).map((n) => n.textContent); }""")
        assert covered == [], covered
    assert opened, "the zoom opens beside some card"
    page.context.close()
