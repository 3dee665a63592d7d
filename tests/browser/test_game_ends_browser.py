"""Each game's own end, as its player's page shows it: a real game played to the end (the player's moves sent at
random over a second socket of the same person, a bot in the other seat, no bot delay) while the page watches; when
the last move lands the header says "finished" at once, the final scores are on screen, and the result sentence is
right for the viewer ("You win" for a winner, the winner's name for the others). Checked with axe, and so is the
game's replay halfway through, in Russian on the same phone, which must not scroll sideways either."""

from __future__ import annotations

import random
import time

import pytest

from app.engine import registry
from tests.browser.test_accessibility_browser import serious_violations
from tests.support.clients import Person

pytestmark = pytest.mark.browser

registry.load_games()
GAMES = [g.id for g in registry.all_games() if g.id != "tally"]


def play_seat(sock, rng: random.Random, moves: int) -> None:  # noqa: ANN001
    """Random legal moves for this socket's seat: `moves` of them, or fewer if the game ends first. Fails if 2 minutes
    pass without this seat getting a move (bots answer in well under a second)."""
    made, deadline = 0, time.monotonic() + 120
    while made < moves:
        assert time.monotonic() < deadline, f"stalled after {made} of {moves} moves"
        while True:  # catch up on what was sent
            try:
                sock.recv(timeout=0.05)
            except TimeoutError:
                break
        if sock.view["result"] is not None:
            return
        if sock.view["legal"]:
            sock.until_reply(sock.act(rng.choice(sock.view["legal"])), timeout=10)
            made, deadline = made + 1, time.monotonic() + 120


def play_seat_to_the_end(sock, rng: random.Random, max_moves: int = 3000) -> dict:  # noqa: ANN001
    """Random legal moves for this socket's seat until the game is over; returns the final view."""
    sock.until("snapshot", timeout=10)
    play_seat(sock, rng, max_moves)
    if sock.view["result"] is None:
        raise AssertionError("the game did not end")
    return sock.view


@pytest.mark.parametrize("game", GAMES)
def test_each_games_end_banner_is_at_once_in_view_and_right_for_the_viewer(browser, sqlite_server, game):
    player = Person(sqlite_server, f"End{game[:6]}")
    table = player.open_table(game=game, seats=2, options={"first_player": 0})
    player.post(f"/api/tables/{table['id']}/bots", {"seat": 1})
    player.post(f"/api/tables/{table['id']}/start")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": k, "value": v, "url": sqlite_server.url} for k, v in player.http.cookies.items()])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    # The page watches the whole game: the status is read the moment the banner appears.
    page.add_init_script("""new MutationObserver(() => {
        const r = document.querySelector('#result');
        if (r && !r.hidden && window.__statusAtEnd === undefined) {
          window.__statusAtEnd = document.querySelector('#table-status').textContent;
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });""")
    page.goto(sqlite_server.url + f"/tables/{table['id']}")
    page.wait_for_selector("#board > *")
    sock = player.socket(table["id"])
    final = play_seat_to_the_end(sock, random.Random(7))
    final_version = sock.version
    page.wait_for_selector("#result:not([hidden])", timeout=60000)  # the page draws every move on its way
    assert page.evaluate("window.__statusAtEnd") == "finished"
    assert page.inner_text("#prompt-text") == "The game is over."
    page.wait_for_function("""() => { const r = document.querySelector('#result').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight * 0.6; }""")
    scores = page.locator("#result .scores li")
    assert scores.count() == 2
    sentence = page.inner_text("#result .result-text")
    winners = final["result"].get("winners") or []
    bot_name = page.inner_text("#players-strip .strip-player[data-seat='1'] .seat-name")
    if 0 in winners:
        assert "You" in sentence, sentence  # the viewer is "you", with the verb put right
        assert "End" not in sentence, sentence
    else:
        assert bot_name in sentence, (sentence, bot_name)
        assert "You win" not in sentence, sentence
    assert serious_violations(page) == []
    halfway = final_version // 2
    page.goto(sqlite_server.url + f"/tables/{table['id']}/replay?v={halfway}&lang=ru")
    page.wait_for_selector("#boards > *")
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running'"
                           " || a.effect.getComputedTiming().iterations === Infinity)", timeout=10000)
    assert page.input_value("#step-slider") == str(halfway)
    assert serious_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the replay scrolls sideways"
    assert errors == []
    context.close()
