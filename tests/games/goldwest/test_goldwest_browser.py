"""Gold West in two real browsers: join by invite, then play three turns each by clicking the board — a supply
section to activate, a resource to leave behind, an investment card, a face-up token's hex, a section for the
token's resources — and check that both browsers draw the new camp, the score, and no face of a face-down token.

The deal is random, so each step reads what the board offers (class "act", data-label = the action's label)."""

from __future__ import annotations

import time

import pytest

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

FIRST_SEAT = "document.querySelector('[name=\"opt:first_player\"]').value = '0';"


def click(page, target) -> str:  # noqa: ANN001
    """Click a board element and wait until the board has been redrawn from the server's answer."""
    label = target.get_attribute("data-label")
    assert label, "only clickable board elements (class act) are clicked"
    before = page.inner_html("#board")
    target.click()
    page.wait_for_function("b => document.querySelector('#board').innerHTML !== b", arg=before, timeout=10000)
    return label


def first(page, selector: str):  # noqa: ANN001
    found = page.locator(f"#board {selector}")
    return found.first if found.count() else None


def play_one_step(page) -> tuple[str, str | None]:  # noqa: ANN001
    """Answer the board's current question by clicking the thing it is about; returns (what, hex or None)."""
    prompt = page.inner_text("#prompt-text")
    if (node := first(page, ".goldwest-turn .goldwest-res.act")) is not None:
        return "drop " + click(page, node), None
    if prompt.startswith("Put "):
        return click(page, page.locator("#board .goldwest-me .goldwest-section[data-section='3'].act")), None
    if (node := first(page, ".goldwest-me .goldwest-section.act")) is not None:
        return click(page, node), None
    if (node := first(page, ".goldwest-investment.act")) is not None:
        return click(page, node), None
    if (node := first(page, ".goldwest-hex.act")) is not None:
        hex_id = node.get_attribute("data-hex")
        return click(page, node), hex_id
    if (node := first(page, ".goldwest-done.act")) is not None:
        return click(page, node), None
    if (node := first(page, ".act")) is not None:
        return click(page, node), None
    button = page.locator("#prompt-actions button.legal").first
    before = page.inner_html("#board")
    button.click()
    page.wait_for_function("b => document.querySelector('#board').innerHTML !== b", arg=before, timeout=10000)
    return "prompt", None


def vp_of(page, seat: int) -> int:  # noqa: ANN001
    return int(page.inner_text(f"#board .goldwest-player[data-seat='{seat}'] .goldwest-player-head b >> nth=1"))


def test_two_players_take_turns_by_clicking_the_board(browser, sqlite_server):
    host, friend, _ = open_table_with_friend(browser, sqlite_server, "goldwest", 2, FIRST_SEAT)
    host.click("#start-button")
    for page in (host, friend):
        page.wait_for_selector("#board .goldwest-map")
    pages = {0: host, 1: friend}
    builds: dict[int, list[tuple[str, str]]] = {0: [], 1: []}
    deadline = time.monotonic() + 120
    while min(len(b) for b in builds.values()) < 3:
        assert time.monotonic() < deadline, builds
        moved = False
        for seat, page in pages.items():
            if not page.locator("#board .act").count() and not page.locator("#prompt-actions button.legal").count():
                continue
            before_vp = vp_of(page, seat)
            what, hex_id = play_one_step(page)
            moved = True
            if hex_id is not None:
                builds[seat].append((what, hex_id))
                # The token's resources go to section 3 next: 3 VP, seen by both players.
                what, _ = play_one_step(page)
                assert what.startswith("Section 3")
                kind = "goldwest-loot" if builds[seat][-1][0].startswith("Loot") else (
                    "goldwest-settlement" if builds[seat][-1][0].startswith("Settle") else "goldwest-camp")
                for other in pages.values():
                    other.wait_for_selector(f"#board .goldwest-hex[data-hex='{hex_id}'] .{kind}", timeout=10000)
                looted = kind == "goldwest-loot"
                assert vp_of(page, seat) >= before_vp + 3 - looted
        if not moved:
            time.sleep(0.2)
    # Both browsers agree on the board; face-down tokens show only their backs.
    for page in pages.values():
        page.wait_for_function("() => !document.querySelector('#board .goldwest-hex.act')", timeout=10000)
    assert host.locator("#board .goldwest-camp, #board .goldwest-settlement, #board .goldwest-loot").count() == 6
    for page in pages.values():
        backs = page.locator("#board .goldwest-token-back").count()
        faces = page.eval_on_selector_all("#board .goldwest-hex:has(.goldwest-token-back) circle", "ns => ns.length")
        assert backs > 0 and faces == 0
    # The board fits a phone without sideways scrolling.
    friend.set_viewport_size({"width": 390, "height": 844})
    friend.wait_for_timeout(300)
    friend.reload()
    friend.wait_for_selector("#board .goldwest-map")
    wide = friend.evaluate("""() => [...document.querySelectorAll('#board *')]
        .filter((n) => n.getBoundingClientRect().right > 391).map((n) => n.className.baseVal ?? n.className).slice(0, 5)""")
    assert wide == []
