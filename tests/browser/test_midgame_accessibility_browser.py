"""Accessibility in the middle of a game: each game is played at random (a seeded player, bots in the other seats)
and axe looks at the page at rest after several moves, where used, spent and discarded pieces show. A look that
appears only mid-game (a used card, a spent token) is checked on every run, not only when a random end lands on it.
At each look the page also must not scroll sideways, and no script may have failed on the way. The looks alternate
between desktop and phone sizes and between the three languages."""

from __future__ import annotations

import random

import pytest

from app.engine import registry
from tests.browser.test_accessibility_browser import serious_violations
from tests.browser.test_game_ends_browser import play_seat
from tests.support.clients import Person

pytestmark = pytest.mark.browser

registry.load_games()
# Each game with two players, and again with its most where it takes more: more panels on the same board.
TABLES = [(g.id, seats) for g in registry.all_games() if g.id != "tally"
          for seats in sorted({2, g.max_players})]
# The looks: after so many of the viewer's own moves, at this size, in this language. Russian and French words are
# longer than English ones, which matters most on a phone. The page is loaded again only to change its language, so
# the first and last looks see a board drawn move by move from patches, the others one drawn from a snapshot.
DESKTOP, PHONE = {"width": 1366, "height": 800}, {"width": 390, "height": 844}
LOOKS = ((4, DESKTOP, "en"), (12, PHONE, "ru"), (30, DESKTOP, "fr"), (60, PHONE, "fr"))


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_game_in_play_has_no_serious_accessibility_violation(browser, sqlite_server, game, seats):
    player = Person(sqlite_server, f"Mid{game[:6]}")
    table = player.open_table(game=game, seats=seats, options={"first_player": 0})
    for seat in range(1, seats):
        player.post(f"/api/tables/{table['id']}/bots", {"seat": seat})
    player.post(f"/api/tables/{table['id']}/start")
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": k, "value": v, "url": sqlite_server.url} for k, v in player.http.cookies.items()])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(sqlite_server.url + f"/tables/{table['id']}?lang=en")
    page.wait_for_selector("#board > *")
    shown_in = "en"
    sock = player.socket(table["id"])
    sock.until("snapshot", timeout=10)
    rng = random.Random(11)
    done = 0
    found: dict[tuple[int, int, str], list[str]] = {}
    for checkpoint, size, lang in LOOKS:
        play_seat(sock, rng, checkpoint - done)
        done = checkpoint
        page.set_viewport_size(size)
        if lang != shown_in:
            page.goto(sqlite_server.url + f"/tables/{table['id']}?lang={lang}")
            shown_in = lang
        page.wait_for_function("v => Number(document.querySelector('#table-app').dataset.version) >= v",
                               arg=sock.version, timeout=10000)  # the page has drawn at least what the socket saw
        # At rest: no glide or fading highlight left (a looping beckon on a place to go never ends, so it is let be).
        page.wait_for_function("""() => document.getAnimations().every((a) => a.playState !== 'running'
            || a.effect.getComputedTiming().iterations === Infinity)""", timeout=10000)
        violations = serious_violations(page)
        if page.evaluate("document.documentElement.scrollWidth > innerWidth"):
            violations.append("the page scrolls sideways")
        if violations:
            found[(checkpoint, size["width"], lang)] = violations
        if sock.view["result"] is not None:
            break
    assert found == {}
    assert errors == []
    context.close()
