"""Gold West's board as drawings, in Chromium at 1366x800 and 390x844: the five resources each drawn with their own
shape and no letter, the players' pieces told apart by a mark besides the colour, each player's VP in the players
panel, the follow-up question of a tap on the supply track shown where the player is looking, and every picture the
rules pages may name drawn by the renderer."""

from __future__ import annotations

import re

import pytest

from tests.support.pictures import empty_pictures, named_in_rules
from tests.support.table_driver import start_against_bots, wait_for_my_move

pytestmark = pytest.mark.browser

SIZES = {"desktop": dict(viewport={"width": 1366, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}
RESOURCES = ["gold", "silver", "copper", "wood", "stone"]

# The names the rules pages use (picture:<name>); the list the rules' writers were given.
PICTURES = RESOURCES + [
    "resources", "hex-forest", "hex-gold", "hex-silver", "hex-copper", "hex-water", "mining-token", "token-back",
    "looted",
    "camp", "settlement", "seat-marks", "influence-token", "stagecoach", "wanted", "investment", "boomtown-office",
    "boomtown", "supply-track", "shipping-track", "vp"]

IN_VIEW = """(node) => {
  const box = node.getBoundingClientRect();
  const prompt = document.querySelector('#prompt').getBoundingClientRect();
  return box.height > 0 && box.top >= Math.max(0, prompt.bottom) - 1 && box.bottom <= window.innerHeight + 1;
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tap_on_the_supply_track_asks_its_follow_up_in_view(browser, sqlite_server, size):
    page = browser.new_context(**SIZES[size]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_against_bots(page, sqlite_server.url, "goldwest", nickname="Prospector")
    page.wait_for_selector("#board .goldwest-map")
    # The players panel shows each player's victory points.
    scores = page.locator("#players .player-score").all_inner_texts()
    assert len(scores) == 2 and all(re.fullmatch(r"\d+ VP", s) for s in scores), scores
    wait_for_my_move(page)
    section = page.locator("#board .goldwest-me .goldwest-section.act").first
    before = page.get_attribute("#table-app", "data-version")
    section.click()
    page.wait_for_function("v => document.querySelector('#table-app').dataset.version !== v", arg=before)
    # The next question (the resource to leave behind, or what was activated and the way on) is in view, not above
    # the map or under the prompt bar.
    follow_up = page.locator("#board .goldwest-turn")
    follow_up.wait_for()
    assert follow_up.evaluate(IN_VIEW), follow_up.bounding_box()
    offered = page.locator("#board .act")
    assert offered.evaluate_all(f"ns => ns.some({IN_VIEW})")
    # On to the map: after a tap on a hex, the question about the supply track (where the token's resources go)
    # is in view too.
    for _ in range(10):
        step = page.locator("#board .goldwest-turn .act, #board .goldwest-hex.act").first
        if not step.count():
            break
        hexed = "goldwest-hex" in (step.get_attribute("class") or "")
        before = page.get_attribute("#table-app", "data-version")
        step.click()
        page.wait_for_function("v => document.querySelector('#table-app').dataset.version !== v", arg=before)
        if hexed:
            page.wait_for_timeout(300)
            acts = page.locator("#board .act")
            assert acts.evaluate_all(f"ns => ns.some({IN_VIEW})"), (acts.evaluate_all(
                "ns => ns.map((n) => [n.className.baseVal ?? n.className, JSON.stringify(n.getBoundingClientRect())])"),
                page.evaluate("JSON.stringify(document.querySelector('#prompt').getBoundingClientRect())"))
            break
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["viewport"]["width"]
    assert not errors, errors
    page.context.close()


def test_resources_and_players_are_told_apart_by_shape_not_letters(browser, sqlite_server):
    page = browser.new_context().new_page()
    start_against_bots(page, sqlite_server.url, "goldwest", seats=4, nickname="Assayer")
    page.wait_for_selector("#board .goldwest-map")
    drawn = page.evaluate("""(names) => Object.fromEntries(names.map((res) => {
      const node = document.querySelector(`#board .goldwest-res-${res}`);
      return [res, node ? [node.querySelector('svg').innerHTML, node.textContent.trim()] : null];
    }))""", RESOURCES)
    # Each resource (on the Boomtown's and shipping's heads, the supply, the investments) has its own drawing.
    assert all(drawn[res] for res in RESOURCES), drawn
    assert len({drawn[res][0] for res in RESOURCES}) == 5
    assert all(text == "" for _, text in drawn.values())
    # The same shape wherever a resource is shown: every gold is drawn alike, and so on.
    for res in RESOURCES:
        shapes = page.eval_on_selector_all(f"#board .goldwest-res-{res} svg", "ns => ns.map((n) => n.innerHTML)")
        assert set(shapes) == {drawn[res][0]}
    # The four seats' pieces differ by more than colour: with the colours taken out, four different marks.
    marks = page.eval_on_selector_all("#board .goldwest-player-head .goldwest-player-piece svg", """ns => ns.map((n) =>
        n.innerHTML.replace(/(fill|stroke)="[^"]*"/g, ''))""")
    assert len(marks) == 4 and len(set(marks)) == 4
    assert page.locator("#board .goldwest-player-piece").evaluate_all("ns => ns.every((n) => !n.textContent.trim())")
    page.context.close()


def test_every_picture_the_rules_may_name_is_drawn(browser, sqlite_server):
    page = browser.new_context().new_page()
    empty = empty_pictures(page, sqlite_server, "goldwest", PICTURES)
    assert empty == {}
    # The rules pages ask only for pictures the renderer draws.
    assert named_in_rules("goldwest") <= set(PICTURES)
    page.context.close()
