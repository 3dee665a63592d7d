"""Taking back a purchase in the browser: the Undo button in the prompt bar (reached with the keyboard) returns the
card to the market in both browsers, and the log says who took back what."""

from __future__ import annotations

import re

import pytest

from tests.games.goldrush.test_goldrush_browser import (FRIEND, HOST, area_count, buy_from_market, coins, is_my_turn,
                                                        log_lines, start, wait_log, wait_my_turn)

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path):
    from tests.support.servers import Server

    hall = Server(database_url=f"sqlite:///{tmp_path / 'undo.db'}")
    hall.start(timeout=120)  # a busy test machine may be slow to start it; nothing here is timed
    yield hall
    hall.stop()


def test_a_purchase_is_taken_back_with_the_undo_button(browser, server):
    host, friend = start(browser, server, "full", 2)
    pages = [(host, friend, HOST), (friend, host, FRIEND)]
    for turn in range(4):  # the deal is random: the first player who can afford a market card buys it
        me, other, name = pages[turn % 2]
        wait_my_turn(me)
        if me.locator(".goldrush-market .goldrush-card.act").count():
            break
        assert me.locator("button.undo").count() == 0
        me.locator("#prompt-actions button.legal", has_text="End your turn").click()
        other.wait_for_function("() => document.querySelector('#board .goldrush-turn')?.textContent === 'Your turn'")
    else:
        pytest.fail("nobody could buy in four turns")
    market = sorted(me.locator(".goldrush-market .goldrush-card-name").all_inner_texts())
    money = coins(me, "You")
    assert me.locator("button.undo").count() == 0  # nothing to take back at the start of a turn
    label = buy_from_market(me, other, name)
    card = re.match(r"(?:Buy|Take) (.*?)(?: for \d+ coins?| \(free\))$", label).group(1)
    undo = me.locator("#prompt-actions button.undo")
    undo.wait_for()
    assert other.locator("button.undo").count() == 0  # only the player who bought may take it back
    seen = len(log_lines(other))
    undo.focus()
    me.keyboard.press("Enter")
    wait_log(other, re.escape(f"{name} took back: {label}"), seen)
    wait_log(me, re.escape(f"You took back: {label}"), 0)
    me.wait_for_function("() => !document.querySelector('#prompt-actions button.undo')")
    for page, who in ((me, "You"), (other, name)):
        page.wait_for_function("n => document.querySelectorAll('.goldrush-market .goldrush-card').length === n",
                               arg=len(market))
        assert sorted(page.locator(".goldrush-market .goldrush-card-name").all_inner_texts()) == market
        assert coins(page, who) == money and area_count(page, who, card) == 0
    assert is_my_turn(me)  # still the same turn: the player may buy again
    assert me.locator(".goldrush-market .goldrush-card.act").count()
