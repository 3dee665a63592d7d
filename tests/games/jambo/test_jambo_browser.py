"""Jambo in two browsers: join by the invite link, start, play four turns by clicking on the board.

Every move is chosen by reading the page (the deal is random): draw from the pile, keep or discard the drawn card,
buy with a ware card from the hand when one is offered (the other browser answers the Rain Maker question on its
board) or else lay out a utility or a small stand, end the turn with the board's button. After each step the test
checks what both players see, and that neither page shows the other's hand or the card being looked at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

NAMES = {0: "Hostess", 1: "Friend"}
ME = ".jambo-player.jambo-me"
THEM = ".jambo-player:not(.jambo-me)"


def log_text(page) -> str:  # noqa: ANN001
    return page.inner_text("#log")


def gold(page, area: str) -> int:  # noqa: ANN001
    return int(page.inner_text(f"{area} .jambo-gold").split()[0])


def hand_count(page, area: str) -> int:  # noqa: ANN001
    return int(page.inner_text(f"{area} .jambo-handcount").split()[0])


def stand_tokens(page, area: str) -> int:  # noqa: ANN001
    return page.locator(f"{area} .jambo-stand .jambo-ware").count()


def titles(page, selector: str) -> list[str]:  # noqa: ANN001
    return page.eval_on_selector_all(selector, "els => els.map(e => e.title)")


def card_name(title: str) -> str:
    """A card face's title is '[action label\\n\\n]Name (type)\\ntext': keep the name."""
    return title.split("\n\n")[-1].split("\n")[0].rsplit(" (", 1)[0]


def check_hidden(owner, viewer) -> None:  # noqa: ANN001
    """The viewer's page shows the owner's hand only as card backs, and no face of a card only the owner holds."""
    owned = [card_name(t) for t in titles(owner, f"{ME} .jambo-hand .jambo-card")]
    assert len(owned) == hand_count(owner, ME) == hand_count(viewer, THEM)
    owned += [card_name(t) for t in titles(owner, ".jambo-drawn .jambo-card")]
    backs = viewer.locator(f"{THEM} .jambo-hand .jambo-card")
    assert backs.count() == min(hand_count(owner, ME), 12)
    assert backs.count() == viewer.locator(f"{THEM} .jambo-hand .jambo-back").count()
    assert viewer.locator(f"{THEM} .jambo-hand [data-label], {THEM} .jambo-hand .jambo-card-name").count() == 0
    # Faces the viewer may legitimately see: their own hand, the utilities, the discard pile, a stage.
    legit = {card_name(t) for t in titles(
        viewer, f"{ME} .jambo-hand .jambo-card, .jambo-utils .jambo-card, .jambo-centre .jambo-card:not(.jambo-back)")}
    everything = titles(viewer, "[title]")
    for name in set(owned) - legit:
        assert not [t for t in everything if f"{name} (" in t], f"{name} from the opponent's hand is shown"


def draw_card(me, other, who: str) -> str:  # noqa: ANN001
    """Click the draw pile; return the drawn card's name (seen by the drawer only)."""
    used = me.locator(".jambo-marker.jambo-spent").count()
    me.click(".jambo-pile.act[data-label='Draw a card (1 action)']")
    keep = me.locator(".jambo-drawn .act[data-label^='Keep ']")
    keep.wait_for()
    drawn = keep.get_attribute("data-label").removeprefix("Keep ")
    assert card_name(me.get_attribute(".jambo-drawn .jambo-card", "title")) == drawn
    # The other browser sees one more action used and a face-down card being looked at, not its face.
    expect(other.locator(".jambo-marker.jambo-spent")).to_have_count(used + 1)
    expect(me.locator(".jambo-marker.jambo-spent")).to_have_count(used + 1)
    expect(other.locator(".jambo-pile .jambo-back[title='card being looked at']")).to_have_count(1)
    assert other.locator(".jambo-drawn").count() == 0
    expect(other.locator("#log")).to_contain_text(f"{who} draws a card")
    expect(me.locator("#log")).to_contain_text(f"You draw {drawn}")  # your own lines read in the second person
    assert f"draws {drawn}" not in log_text(other)
    return drawn


def keep_card(me, other, drawn: str) -> None:  # noqa: ANN001
    before = hand_count(other, THEM)
    me.click(f".jambo-drawn .act[data-label='Keep {drawn}']")
    expect(other.locator(f"{THEM} .jambo-handcount")).to_have_text(f"{before + 1} in hand")
    expect(me.locator(f"{ME} .jambo-handcount")).to_have_text(f"{before + 1} in hand")
    expect(me.locator(f"{ME} .jambo-hand .jambo-card[title*='{drawn} (']").first).to_be_visible()
    expect(other.locator(".jambo-status")).to_contain_text("phase 2")
    assert other.locator(".jambo-pile .jambo-back[title='card being looked at']").count() == 0


def reject_card(me, other, drawn: str, who: str) -> None:  # noqa: ANN001
    """Discard the drawn card: it goes face up on the discard pile, in both browsers."""
    me.click(f".jambo-drawn .act[data-label='Discard {drawn}']")
    for page, line in ((me, f"You discard {drawn}"), (other, f"{who} discards {drawn}")):
        top = page.locator(".jambo-piles .jambo-pile:nth-child(2) .jambo-card")
        expect(top).to_have_attribute("title", re.compile(rf"^{re.escape(drawn)} \("))
        expect(page.locator("#log")).to_contain_text(line)
    expect(other.locator(".jambo-status")).to_contain_text("phase 1")


def trade(me, other, who: str, other_seat: int) -> bool:  # noqa: ANN001
    """Buy with a ware card from the hand if the board offers it; the other browser declines the Rain Maker."""
    buys = me.locator(f"{ME} .jambo-hand .act[data-label^='Buy ']")
    if buys.count() == 0:
        return False
    label = buys.first.get_attribute("data-label")
    m = re.fullmatch(r"Buy (.+) for (\d+) gold(?: \(\+(\d+) gold for your 6th space\))?", label)
    wares, price, fee = m.group(1), int(m.group(2)), int(m.group(3) or 0)
    n = len(wares.split(", "))
    gold_before, tokens_before = gold(other, THEM), stand_tokens(other, THEM)
    buys.first.click()
    # Both browsers see the wares on the buyer's stands and the gold paid.
    expect(other.locator(f"{THEM} .jambo-stand .jambo-ware")).to_have_count(tokens_before + n)
    expect(me.locator(f"{ME} .jambo-stand .jambo-ware")).to_have_count(tokens_before + n)
    expect(other.locator(f"{THEM} .jambo-gold")).to_have_text(f"{gold_before - price - fee} gold")
    lines = ((me, f"You buy {wares} and pay {price} gold"), (other, f"{who} buys {wares} and pays {price} gold"))
    for page, line in lines:
        expect(page.locator("#log")).to_contain_text(line)
    # Now only the other player is awaited: the Rain Maker question, asked whatever their hand holds.
    expect(me.locator(f"#players .player.awaited[data-seat='{other_seat}']")).to_have_count(1)
    expect(me.locator("#prompt-text")).to_have_text(f"Waiting for {NAMES[other_seat]}.")
    assert me.locator(".jambo-board .act").count() == 0
    # The question is asked once, in the prompt bar of the player asked; the board of the other says who decides.
    expect(other.locator("#prompt-text")).to_have_text("Your opponent used a ware card: react?")
    assert other.locator(".jambo-stage-text").count() == 0
    expect(me.locator(".jambo-stage-text")).to_have_text(f"{NAMES[other_seat]} is deciding: You used a ware card: react?")
    expect(other.locator("#prompt-actions button.legal[data-label='No reaction']")).to_have_count(1)  # once
    other.click("#prompt-actions button.legal[data-label='No reaction']")
    expect(me.locator(".jambo-stage")).to_have_count(0)
    expect(other.locator(".jambo-stage")).to_have_count(0)
    expect(me.locator(f"#players .player.awaited[data-seat='{1 - other_seat}']")).to_have_count(1)
    # The ware card went face up on the discard pile.
    expect(other.locator(".jambo-piles .jambo-pile:nth-child(2) .jambo-card.jambo-type-ware")).to_have_count(1)
    return True


def lay_out(me, other) -> bool:  # noqa: ANN001
    """Otherwise play a utility or a small market stand from the hand (no reaction follows): both browsers see it."""
    cards = me.locator(f"{ME} .jambo-hand .jambo-type-utility.act, {ME} .jambo-hand .jambo-type-stand.act")
    if cards.count() == 0:
        return False
    card = cards.first
    label, name = card.get_attribute("data-label"), card_name(card.get_attribute("title"))
    stand = label.startswith("Play Small Market Stand")
    stands = other.locator(f"{THEM} .jambo-smallstand").count()
    utils = other.locator(f"{THEM} .jambo-utils .jambo-card").count()
    gold_before = gold(other, THEM)
    card.click()
    if stand:
        cost = int(re.search(r"for (\d+) gold", label).group(1))
        expect(other.locator(f"{THEM} .jambo-smallstand")).to_have_count(stands + 1)
        expect(me.locator(f"{ME} .jambo-smallstand")).to_have_count(stands + 1)
        expect(other.locator(f"{THEM} .jambo-gold")).to_have_text(f"{gold_before - cost} gold")
        expect(other.locator(".jambo-status")).to_contain_text("Next small stand: 3 gold")
    else:
        expect(other.locator(f"{THEM} .jambo-utils .jambo-card")).to_have_count(utils + 1)
        expect(other.locator(f"{THEM} .jambo-utils .jambo-card[title^='{name} (']").first).to_be_visible()
        expect(me.locator(f"{ME} .jambo-utils .jambo-card[title*='{name} (']").first).to_be_visible()
    for page, line in ((me, f"You play {name}"), (other, f"plays {name}")):
        expect(page.locator("#log")).to_contain_text(line)
    return True


def end_turn(me, other, who: str, next_seat: int) -> None:  # noqa: ANN001
    left = int(re.search(r"(\d+) left", me.inner_text(".jambo-markers")).group(1))
    gold_before = gold(other, THEM)
    me.click("#prompt-actions button.legal[data-label='End turn']")
    bonus = 1 if left >= 2 else 0
    expect(other.locator(f"{ME}.jambo-active .jambo-name")).to_have_text("You — to play")
    expect(me.locator(f"{THEM}.jambo-active")).to_have_count(1)
    expect(me.locator(f"{ME} .jambo-gold")).to_have_text(f"{gold_before + bonus} gold")
    for page, subject, turn in ((me, "You end", f"{NAMES[next_seat]}'s turn"), (other, f"{who} ends", "Your turn")):
        expect(page.locator(f"#players .player.awaited[data-seat='{next_seat}']")).to_have_count(1)
        expect(page.locator(".jambo-marker.jambo-spent")).to_have_count(0)
        expect(page.locator("#log")).to_contain_text(turn)
        if bonus:
            expect(page.locator("#log")).to_contain_text(f"{subject} the turn with {left} unused actions")
    expect(other.locator(".jambo-pile.act[data-label='Draw a card (1 action)']")).to_have_count(1)
    assert me.locator(".jambo-board .act").count() == 0


def test_two_browsers_play_jambo_turns_by_clicking_the_board(browser, sqlite_server):
    host, friend, _ = open_table_with_friend(
        browser, sqlite_server, "jambo", 2,
        "document.querySelector('[name=\"opt:first_player\"]').value = '0';"
        "document.querySelector('[name=\"opt:tie_goes_to\"]').value = '\"last_player\"';")
    host.click("#start-button")
    for page in (host, friend):
        page.wait_for_selector("#play-area:not([hidden])")
        page.wait_for_selector(".jambo-board")
    pages = {0: host, 1: friend}
    for page in pages.values():
        # The automatic "No reaction" is on by default and in view at the top of the board...
        expect(page.locator(".jambo-auto-allow")).to_be_checked()
        assert page.locator(".jambo-auto-allow").bounding_box()["y"] < 800
        # ...but this test answers the reaction questions itself.
        page.evaluate("localStorage.setItem('boardhall.jambo.autoAllow', '0')")
    # Seat 0 (the host) starts, as set; each sees five cards of their own and five backs of the other's.
    expect(host.locator(f"{ME}.jambo-active")).to_have_count(1)
    for page in (host, friend):  # the tie option chosen in the lobby is on the board
        expect(page.locator(".jambo-status .jambo-tie")).to_have_text("Tie: the last player wins")
    expect(friend.locator(f"{THEM}.jambo-active")).to_have_count(1)
    assert friend.locator(".jambo-board .act").count() == 0
    for owner, viewer in ((host, friend), (friend, host)):
        assert owner.locator(f"{ME} .jambo-hand .jambo-card").count() == 5
        check_hidden(owner, viewer)

    bought = {0: 0, 1: 0}
    for turn in range(4):
        seat = turn % 2
        me, other, who = pages[seat], pages[1 - seat], NAMES[seat]
        drawn = draw_card(me, other, who)
        check_hidden(me, other)
        if turn >= 2:  # second turn of each: discard the first card drawn and draw again
            reject_card(me, other, drawn, who)
            drawn = draw_card(me, other, who)
        keep_card(me, other, drawn)
        check_hidden(me, other)
        check_hidden(other, me)
        if trade(me, other, who, 1 - seat):
            bought[seat] += 1
        else:
            lay_out(me, other)
        end_turn(me, other, who, 1 - seat)
        check_hidden(me, other)
        check_hidden(other, me)

    # Both logs tell the same public story; neither reveals what the other drew.
    for seat, page in pages.items():
        log = log_text(page)
        assert log.count(f"{NAMES[1 - seat]} draws a card") == log.count("You draw a card") == 3
        assert len(re.findall(rf"^{NAMES[1 - seat]} draws (?!a card)", log, re.M)) == 0
        assert len(re.findall(r"^You draw (?!a card)", log, re.M)) == 3
        assert log.count(" buys ") + log.count("You buy ") == sum(bought.values())
    host.context.close()
    friend.context.close()
