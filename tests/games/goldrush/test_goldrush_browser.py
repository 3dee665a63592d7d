"""Gold Rush in two real browsers: join through the invite link, play turns by clicking the board, hidden hands.

The deal is random, so every step reads the board to choose what to click (the renderer marks each legal action
on the thing it acts on: class "act", data-label = the action's label) and then checks what a player would see
change, in the clicking browser and in the other one.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

HOST, FRIEND = "Hostess", "Friend"


def options(variant: str, first: int) -> str:
    return (f"document.querySelector('[name=\"opt:first_player\"]').value = '{first}';"
            f"document.querySelector('[name=\"opt:variant\"]').value = '\"{variant}\"';")


def start(browser, server, variant: str, seats: int):  # noqa: ANN001
    host, friend, _ = open_table_with_friend(browser, server, "goldrush", seats, options(variant, 0))
    for s in range(2, seats):
        host.click(f".seat[data-seat='{s}'] .add-bot")
        host.wait_for_selector(f".seat[data-seat='{s}'] .seat-name")
    host.click("#start-button")
    for page in (host, friend):
        page.wait_for_selector("#play-area:not([hidden])")
        page.wait_for_selector("#board .goldrush-status")
    return host, friend


def wait_my_turn(page) -> None:  # noqa: ANN001
    page.wait_for_selector("#board .goldrush-turn:text-is('Your turn')", timeout=15000)


def is_my_turn(page) -> bool:  # noqa: ANN001
    turn = page.locator("#board .goldrush-turn")
    return turn.count() == 1 and turn.inner_text() == "Your turn"


def click(page, target) -> str:  # noqa: ANN001
    """Click a board element and wait until the board has been redrawn from the server's answer."""
    label = target.get_attribute("data-label")
    assert label, "only clickable board elements (class act) are clicked"
    before = page.inner_html("#board")
    target.click()
    page.wait_for_function("b => document.querySelector('#board').innerHTML !== b", arg=before)
    return label


def panel(page, name: str):  # noqa: ANN001
    """A player's panel as `page` shows it (its own panel is titled "You")."""
    return page.locator(".goldrush-player", has=page.locator(".goldrush-player-name", has_text=name))


def coins(page, name: str) -> int:  # noqa: ANN001
    return int(panel(page, name).locator(".goldrush-coins .goldrush-coin").inner_text())


def area_count(page, name: str, card: str) -> int:  # noqa: ANN001
    return panel(page, name).locator(f".goldrush-area .goldrush-card-name:text-is(\"{card}\")").count()


def log_lines(page) -> list[str]:  # noqa: ANN001
    """The log's lines as read, without the move number each starts with."""
    return page.evaluate("""() => [...document.querySelectorAll('#log li')].map((li) =>
        [...li.childNodes].filter((n) => !(n.classList && n.classList.contains('log-v')))
          .map((n) => n.textContent).join('').replace(/\\s+/g, ' ').trim())""")


def wait_log(page, pattern: str, since: int) -> None:  # noqa: ANN001
    """Wait until a log line after the first `since` ones matches the regular expression."""
    page.wait_for_function(
        "([p, n]) => [...document.querySelectorAll('#log li')].slice(n).some(li => new RegExp(p).test(li.textContent))",
        arg=[pattern, since], timeout=10000)


def card_names(page, selector: str) -> list[str]:  # noqa: ANN001
    return page.locator(f"{selector} .goldrush-card-name").all_inner_texts()


def buy_from_market(me, other, name: str) -> str:  # noqa: ANN001
    """Click an affordable market card; it must land in my play area in both browsers."""
    target = me.locator(".goldrush-market .goldrush-card.act").first
    card = target.locator(".goldrush-card-name").inner_text()
    before = coins(me, "You"), area_count(other, name, card)
    seen = len(log_lines(other))
    label = click(me, target)
    m = re.match(r"(?:Buy .* for (\d+) coins?|Take .* \(free\))$", label)
    assert m, label
    price = int(m.group(1) or 0)
    wait_log(other, re.escape(f"{name} buys {card} for" if price else f"{name} takes {card} from the market"), seen)
    me.wait_for_selector(f".goldrush-me .goldrush-area .goldrush-card-name:text-is(\"{card}\")")
    assert area_count(other, name, card) == before[1] + 1
    # The price is paid; an entrepreneur may pay a bonus for the new card ("Ya. A. Nemchinov pays Friend 1 coin").
    bonus = sum(int(m.group(1)) for line in log_lines(other)[seen:]
                for m in [re.search(f"pays {re.escape(name)} (\\d+) coins?$", line)] if m)
    assert coins(me, "You") == coins(other, name) == before[0] - price + bonus
    return label


def play_full_turn(me, other, name: str) -> list[str]:  # noqa: ANN001
    """One full-game turn by board clicks: buy, explore, play one card, end. Returns the labels clicked."""
    wait_my_turn(me)
    done: list[str] = []
    played = False
    while is_my_turn(me):
        assert len(done) < 15, "the turn should end"
        prompt = me.inner_text("#prompt-text")
        seen = len(log_lines(other))
        if me.locator(".goldrush-sub .act").count():             # Bazanov: keep one of two explored cards
            label = click(me, me.locator(".goldrush-sub .act").first)
            wait_log(other, re.escape(f"{name} keeps ") + "|" + re.escape(f"{name} discards "), seen)
        elif prompt.startswith(("Upkeep", "Obligations", "Trade Relations")):  # pay, or give up a card
            label = click(me, me.locator("#prompt-actions button.legal:visible, .goldrush-me .act").first)
        elif prompt.startswith("Hand limit"):                     # hand limit: discard or play the excess
            label = click(me, me.locator(".goldrush-hand .act").first)
        elif prompt.startswith("Geological Survey"):              # put the surveyed cards back
            label = click(me, me.locator("#prompt-actions button.legal:visible").first)
        elif me.locator(".goldrush-market .act").count():
            label = buy_from_market(me, other, name)
        elif me.locator(".goldrush-back.act").count():            # explore: click the Exploration deck
            deck = lambda p: int(p.locator(".goldrush-back", has_text="Exploration")  # noqa: E731
                                 .locator(".goldrush-back-count").inner_text())
            label = click(me, me.locator(".goldrush-back.act"))
            assert label.startswith("Explore: pay")
            wait_log(other, re.escape(f"{name} pays ") + r"\d+ coins? for an expedition", seen)
            assert deck(other) == deck(me)
        elif not played and me.locator(".goldrush-hand .act").count():  # play a card from my hand
            played = True
            target = me.locator(".goldrush-hand .act").first
            card = target.locator(".goldrush-card-name").inner_text()
            label = click(me, target)
            assert label.startswith("Play " + card)
            wait_log(other, re.escape(f"{name} plays ") + "(the achievement )?" + re.escape(card), seen)
            # The other browser shows my new hand size (the card left it; Audit draws 2 more).
            held = len(card_names(me, ".goldrush-hand"))
            assert panel(other, name).locator(".goldrush-handsize").inner_text().startswith(f"{held} card")
        else:                                                     # nothing else: end the turn
            label = click(me, me.locator("#prompt-actions button.legal[data-label^='End your turn']"))
        done.append(label)
    return done


def test_full_game_two_browsers_play_by_clicking_the_board(browser, sqlite_server):
    host, friend = start(browser, sqlite_server, "full", 2)
    try:
        # The host starts (first_player 0): this turn's event is shown and 2 cards were drawn into the hand.
        wait_my_turn(host)
        friend.wait_for_selector(f"#board .goldrush-turn:text-is(\"{HOST}'s turn\")")
        assert "Full game" in host.inner_text(".goldrush-status")
        host_hand = card_names(host, ".goldrush-hand")
        assert len(host_hand) == 2
        expect(panel(friend, HOST).locator(".goldrush-handsize")).to_have_text("2 cards in hand")  # once caught up
        # Hidden information: no Main-deck card name is public yet, so none of the host's may be in the
        # friend's page (text, titles, attributes).
        friend_html = friend.content()
        for card in host_hand:
            assert card not in friend_html, f"{card} from the host's hand leaks to the friend"
        assert card_names(friend, ".goldrush-hand") == []

        done: dict[str, list[str]] = {HOST: [], FRIEND: []}
        for _ in range(3):
            done[HOST] += play_full_turn(host, friend, HOST)
            # The turn passed: the friend sees it is their turn and the host sees who is awaited.
            wait_my_turn(friend)
            host.wait_for_selector(f"#board .goldrush-turn:text-is(\"{FRIEND}'s turn\")")
            host.wait_for_selector(f"#players .player.awaited:has-text('{FRIEND}')")
            # The friend drew 2 cards: the host's log says so without naming them.
            friend_hand = card_names(friend, ".goldrush-hand")
            seen_by_host = host.content()
            public = (" ".join(card_names(host, ".goldrush-hand")) + " "
                      + " ".join(card_names(host, ".goldrush-discard")) + " "
                      + " ".join(line for line in log_lines(host) if not line.startswith(("You draw", "You see"))))
            for card in friend_hand:
                if card not in public:
                    assert card not in seen_by_host, f"{card} from the friend's hand leaks to the host"
            expect(panel(host, FRIEND).locator(".goldrush-handsize")).to_have_text(
                f"{len(friend_hand)} card{'' if len(friend_hand) == 1 else 's'} in hand")
            done[FRIEND] += play_full_turn(friend, host, FRIEND)
            wait_my_turn(host)
            # The host's log tells the friend's whole turn, without anything private (their draws, a survey):
            # those lines ("You draw ...", "You see ...") are sent to the friend alone. The host's own lines read
            # in the second person ("You start a turn").
            lines = log_lines(host)
            begin = max(i for i, line in enumerate(lines) if line.startswith(f"{FRIEND} starts a turn"))
            end = next(i for i in range(begin, len(lines)) if lines[i].startswith("You start a turn"))
            during = lines[begin:end]
            assert f"{FRIEND} draws 2 cards" in during, during
            assert not [line for line in during if line.startswith(("You draw", "You see", "You put back"))], during
        # Each human clicked the board at least 3 times, and not only to end turns.
        for labels in done.values():
            assert len(labels) >= 3 and any(not label.startswith(("End", "Pass")) for label in labels), done
        assert "Round 4" in host.inner_text(".goldrush-round")
    finally:
        host.context.close()
        friend.context.close()


def play_basic_turn(me, other, name: str) -> list[str]:  # noqa: ANN001
    """One basic-game turn by board clicks: claim what can be claimed, buy or send an expedition."""
    wait_my_turn(me)
    done: list[str] = []
    acted = False
    while is_my_turn(me):
        assert len(done) < 10, "the turn should end"
        prompt = me.inner_text("#prompt-text")
        claim = me.locator(".goldrush-achievements .act, .goldrush-hand .act")
        seen = len(log_lines(other))
        if me.locator(".goldrush-sub .act").count():             # Bazanov: keep one of two drawn cards
            label = click(me, me.locator(".goldrush-sub .act").first)
            wait_log(other, re.escape(f"{name} keeps ") + "|" + re.escape(f"{name} discards "), seen)
        elif prompt.startswith("Upkeep"):                          # pay, or give up an entrepreneur
            label = click(me, me.locator("#prompt-actions button.legal:visible, .goldrush-me .act").first)
        elif claim.count():                                        # claim an achievement (row or secret)
            card = claim.first.locator(".goldrush-card-name").inner_text()
            label = click(me, claim.first)
            assert label == f"Claim {card}"
            wait_log(other, re.escape(name) + ".* claims.*" + re.escape(card), seen)
            panel(other, name).locator(f".goldrush-claimed .goldrush-card-name:text-is(\"{card}\")").wait_for()
        elif not acted and me.locator(".goldrush-market .act").count():
            acted = True
            label = buy_from_market(me, other, name)
        elif not acted and me.locator(".goldrush-back.act").count():  # blind draw from the Guild deck
            acted = True
            label = click(me, me.locator(".goldrush-back.act"))
            assert label.startswith("Send an expedition")
            wait_log(other, re.escape(f"{name} pays ") + r"\d+ coins? for an expedition", seen)
        else:
            label = click(me, me.locator("#prompt-actions button.legal:visible").first)
        done.append(label)
    return done


def test_basic_game_with_a_bot_secret_achievements_stay_secret(browser, sqlite_server):
    host, friend = start(browser, sqlite_server, "basic", 3)
    try:
        wait_my_turn(host)
        assert "Basic game" in host.inner_text(".goldrush-status")
        # Each human sees their own secret achievement; the other's is only a face-down mention.
        secrets = {}
        for page, name, other in ((host, HOST, friend), (friend, FRIEND, host)):
            mine = card_names(page, ".goldrush-hand")
            assert len(mine) == 1
            secrets[name] = mine[0]
            assert panel(other, name).locator(".goldrush-stat", has_text="secret achievement").count() == 1
        for name, other in ((HOST, friend), (FRIEND, host)):
            assert secrets[name] not in other.content(), f"{name}'s secret achievement leaks"
        done: dict[str, list[str]] = {HOST: [], FRIEND: []}
        for _ in range(3):
            done[HOST] += play_basic_turn(host, friend, HOST)
            done[FRIEND] += play_basic_turn(friend, host, FRIEND)
            # The bot (seat 3) plays, then it is the host's turn again.
            wait_my_turn(host)
            friend.wait_for_selector(f"#board .goldrush-turn:text-is(\"{HOST}'s turn\")")
        # Each human clicked the board at least 3 times, and not only to end turns.
        for labels in done.values():
            assert len(labels) >= 3 and any(not label.startswith(("End", "Pass")) for label in labels), done
        assert any(re.search(r"starts a turn \(round 3\)", line) for line in log_lines(friend))
        for name, other in ((HOST, friend), (FRIEND, host)):
            claimed = any(f"claims it: {secrets[name]}" in line for line in log_lines(other))
            assert claimed or secrets[name] not in other.content(), f"{name}'s secret achievement leaks"
    finally:
        host.context.close()
        friend.context.close()
