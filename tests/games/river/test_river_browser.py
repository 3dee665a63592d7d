"""The River in two real browsers: join by invite, draft, and play four rounds by clicking on the river map.

Every round both players pick a movement token in secret. The test checks that the other browser shows only
*that* a player has chosen (never which token, not in the page, not in the log, not after a reload, not in the
websocket frames it receives), then follows the reveal, the acting order and the ships on the river in both
browsers. Ship positions only depend on the tokens and directions the test picks; what the random set-up
decides (barge, buoys, equipment purchases, discoveries) is read from the page and answered by clicking.
The ships and the barge are SVG pieces on the map; a move glides them, and what the other player moved glows.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.support.browser import open_table_with_friend

pytestmark = pytest.mark.browser

HOST, FRIEND = 0, 1
def status(page) -> str:  # noqa: ANN001
    return page.inner_text("#board .river-status-line")


def ship_at(page, seat: int) -> int:  # noqa: ANN001
    """The river card (0 = Harbour) on which the page draws `seat`'s ship."""
    return int(page.get_attribute(f"#board .river-map .river-ship[data-seat='{seat}']", "data-pos"))


def barge_at(page) -> int:  # noqa: ANN001
    return int(page.get_attribute("#board .river-map .river-barge", "data-pos"))


def targets(page) -> list[int]:  # noqa: ANN001
    """The sections the map offers as move destinations."""
    return sorted(int(t.get_attribute("data-pos")) for t in page.locator("#board .river-target.act").all())


def centre(page, selector: str) -> tuple[float, float]:  # noqa: ANN001
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# Records which pieces the page animates (the kit's FLIP calls `animate` on an element with a data-flip key).
RECORD_GLIDES = """window.riverGlides = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.dataset && this.dataset.flip) window.riverGlides.push(this.dataset.flip);
  return animate.apply(this, args);
};"""


def click_act(page, label: str) -> None:  # noqa: ANN001
    """Click the board element offering `label` and wait until the server's answer has redrawn the board."""
    node = page.locator(f"#board .act[data-label='{label}']")
    handle = node.element_handle(timeout=10000)
    handle.click()
    handle.wait_for_element_state("hidden", timeout=10000)


def pick_token(page, token: str) -> None:  # noqa: ANN001
    page.locator(f"#board .river-player[data-seat] .river-token.act[data-label='Play token {token}']").click()


def board_labels(page, selector: str = ".act") -> list[str]:  # noqa: ANN001
    # One read of the DOM: the board may be redrawn between two locator calls.
    return page.eval_on_selector_all(f"#board {selector}", "ns => ns.map(n => n.dataset.label)")


class SocketTap:
    """Sits between a page and the server's websocket: records both directions and can hold back what arrives."""

    def __init__(self) -> None:
        self.received: list[str] = []
        self.sent: list[str] = []
        self.held: list[tuple] | None = None

    def attach(self, route) -> None:  # noqa: ANN001
        server = route.connect_to_server()
        route.on_message(lambda m: (self.sent.append(m), server.send(m)))
        server.on_message(lambda m: self._arrive(route, m))

    def _arrive(self, route, message: str) -> None:  # noqa: ANN001
        self.received.append(message)
        if self.held is not None:
            self.held.append((route, message))
        else:
            route.send(message)

    def hold(self) -> None:
        self.held = []

    def release(self) -> None:
        held, self.held = self.held or [], None
        for route, message in held:
            route.send(message)

    def acts(self) -> list[dict]:
        return [m for m in map(json.loads, self.sent) if m.get("type") == "act"]


def play_out_round(pages: dict, next_round: int, moves: dict, clicks: dict, keep: dict,
                   asking: str = "Round {round}: everybody") -> None:
    """Answer every board prompt of the acting phase until round `next_round` asks for tokens.

    moves: seat -> "forward"/"back" for its ship; the barge goes forward when it can. Buying takes the
    first tool offered and pays with the highest number the test does not plan to play (`keep`). `asking`: how
    the status line begins when a round asks for tokens, in the page's language. Actions are found by their
    `data-label`, the English label the protocol carries whatever the page's language.
    """
    deadline = time.monotonic() + 15
    while True:
        if all(status(p).startswith(asking.format(round=next_round)) for p in pages.values()):
            return
        assert time.monotonic() < deadline, {s: status(p) for s, p in pages.items()}
        acted = False
        for seat, page in pages.items():
            labels = board_labels(page)
            if not labels:
                continue
            mine = [lb for lb in labels if lb.startswith("Move your ship")]
            barge = [lb for lb in labels if lb.startswith("Move the barge")]
            buy = [lb for lb in labels if lb.startswith("Buy the")]
            pay = [lb for lb in labels if lb.startswith("Pay with token")]
            repl = [lb for lb in labels if lb.startswith("Replace picture")]
            if mine:
                label = next(lb for lb in mine if f" {moves[seat]} (" in lb)
                # The destination section on the map is the one that offers the move.
                assert page.locator(f"#board .river-target.act[data-label='{label}'] .river-go").count() == 1
            elif barge:
                label = next((lb for lb in barge if " forward " in lb), barge[0])
            elif buy:
                label = buy[0]
            elif pay:
                numbers = [lb for lb in pay if lb[-1].isdigit() and lb[-1] not in keep[seat]]
                label = max(numbers, key=lambda lb: lb[-1]) if numbers else pay[0]
            elif repl:
                label = repl[0]
            else:
                continue
            click_act(page, label)
            clicks[seat].append(label)
            acted = True
        if not acted:
            pages[HOST].wait_for_timeout(50)


def test_two_browsers_draft_and_play_four_rounds_by_clicking_the_board(browser, sqlite_server):
    host, friend, _table = open_table_with_friend(
        browser, sqlite_server, "river", 2,
        "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    # Everything the friend's browser receives over its websocket, to prove the secret never reaches it.
    tap = SocketTap()
    friend.route_web_socket(re.compile(r"/ws/tables/"), tap.attach)
    friend_frames = tap.received
    friend.context.add_init_script(RECORD_GLIDES)
    friend.reload()  # reconnect through the tap
    host.context.add_init_script(RECORD_GLIDES)
    host.reload()
    for page in (host, friend):
        page.wait_for_selector("#seats .seat-name:has-text('Friend')")
    host.click("#start-button")
    pages = {HOST: host, FRIEND: friend}
    clicks: dict[int, list[str]] = {HOST: [], FRIEND: []}
    for page in pages.values():
        page.wait_for_selector("#play-area:not([hidden])")
        page.wait_for_selector("#board .river-map .river-ship")
    # The host's tie order is shown to both.
    assert "Tie order" in friend.inner_text("#board .river-foot")
    assert re.search(r"Tie order.*: You → Friend", host.inner_text("#board .river-foot"))

    # ---- equipment draft: the last seat chooses first, by clicking a tool in the barge cargo
    friend.wait_for_selector("#board .river-equip.act")
    assert host.locator("#board .act").count() == 0
    assert "Friend chooses a starting tool" in status(host)
    tool = friend.locator("#board .river-equip.act").first
    tool_name = tool.locator(".river-equip-name").inner_text()
    assert tool.locator(".river-equip-count").inner_text() == "×3"
    click_act(friend, f"Take the {tool_name}")
    clicks[FRIEND].append(f"Take the {tool_name}")
    host.wait_for_selector("#board .river-equip.act")
    for page in pages.values():
        assert tool_name in page.inner_text(f"#board .river-player[data-seat='{FRIEND}'] .river-equiprow")
        cargo = page.locator(f"#board .river-equip:has(.river-equip-name:text-is('{tool_name}'))")
        assert cargo.locator(".river-equip-count").inner_text() == "×2"
    host_tool = next(lb for lb in board_labels(host) if lb != f"Take the {tool_name}")
    click_act(host, host_tool)
    clicks[HOST].append(host_tool)
    for page in pages.values():
        page.wait_for_function("document.querySelector('#board .river-status-line').textContent.startsWith('Round 1')")
        assert host_tool.removeprefix("Take the ") in page.inner_text(
            f"#board .river-player[data-seat='{HOST}'] .river-equiprow")
    assert "Friend takes the " + tool_name in host.inner_text("#log")

    # The deck lies tool side up: its top shows a tool, never the creature on the back.
    creatures = host.evaluate(
        "fetch('/api/games/river/catalogue').then(r => r.json())"
        ".then(c => Object.values(c.cards).map(x => x.creature))")
    for page in pages.values():
        deck_html = page.inner_html("#board .river-deckarea")
        assert not [c for c in set(creatures) if c in deck_html]

    # ---- round 1: a secret choice, one browser after the other
    friend_rack = friend.inner_html(f"#board .river-player[data-seat='{HOST}'] .river-rack")
    assert friend.locator(f"#board .river-player[data-seat='{HOST}'] .river-token").count() == 6
    pick_token(host, "1")
    clicks[HOST].append("Play token 1")
    host.wait_for_selector("#board .river-choice:has-text('You chose 1 (hidden from others)')")
    assert host.inner_text("#board .river-token.river-picked") == "1"
    assert host.locator("#board .river-token.act").count() == 0  # no second choice
    friend.wait_for_selector(f"#board .river-player[data-seat='{HOST}'] .river-choice:text-is('has chosen (hidden)')")

    def assert_secret_kept() -> None:
        # The friend sees that the host has chosen, not what: the host's rack is drawn exactly as before.
        assert friend.inner_html(f"#board .river-player[data-seat='{HOST}'] .river-rack") == friend_rack
        assert friend.locator("#board .river-picked").count() == 0
        assert "Still choosing: You." in status(friend)
        assert "Hostess has chosen a token" in friend.inner_text("#log")
        html = friend.content()
        assert "chose token" not in html and "You chose" not in html and "hidden from others" not in html
        assert friend.locator("#players .player.awaited").count() == 1
        assert friend.locator(f"#players .player[data-seat='{FRIEND}'].awaited").count() == 1
        assert friend.locator("#board .river-order").count() == 0  # no reveal yet

    assert_secret_kept()
    assert "You chose token 1" in host.inner_text("#log")
    # After a reload the friend's fresh snapshot still hides it, and the host's still shows it to the host.
    friend.reload()
    friend.wait_for_selector(f"#board .river-player[data-seat='{HOST}'] .river-choice:text-is('has chosen (hidden)')")
    assert_secret_kept()
    host.reload()
    host.wait_for_selector("#board .river-choice:has-text('You chose 1 (hidden from others)')")
    assert all("chose token" not in f and "chosen_own" not in f for f in friend_frames)
    assert any("has chosen a token" in f for f in friend_frames)

    pick_token(friend, "2")
    clicks[FRIEND].append("Play token 2")
    play_out_round(pages, 2, {}, clicks, {HOST: "132", FRIEND: "213"})
    for seat, page in pages.items():
        log = page.inner_text("#log")
        assert ("Tokens revealed: you 1, Friend 2" if seat == HOST else "Tokens revealed: Hostess 1, you 2") in log
        assert ("You sail 1 forward to section 1" if seat == HOST else "Hostess sails 1 forward to section 1") in log
        assert ("Friend sails 2 forward to section 2" if seat == HOST else "You sail 2 forward to section 2") in log
        assert (ship_at(page, HOST), ship_at(page, FRIEND)) == (1, 2)
        assert page.inner_text(f"#board .river-player[data-seat='{HOST}'] .river-token.river-used") == "1"
        assert page.inner_text(f"#board .river-player[data-seat='{FRIEND}'] .river-token.river-used") == "2"

    # ---- round 2: the friend picks first this time; token 1 moves before 3, so the friend acts first
    pick_token(friend, "1")
    clicks[FRIEND].append("Play token 1")
    host.wait_for_selector(f"#board .river-player[data-seat='{FRIEND}'] .river-choice:text-is('has chosen (hidden)')")
    assert host.locator("#board .river-picked").count() == 0
    assert host.locator("#board .river-token.river-used").count() == 2  # only round 1's tokens
    pick_token(host, "3")
    clicks[HOST].append("Play token 3")
    # Section 2 with a 1: forward to 3 or back to 1, the friend decides on the river.
    friend.wait_for_selector("#board .river-target.act")
    assert targets(friend) == [1, 3]
    expect(friend.locator("#board .river-status-line")).to_have_text("Round 2: You are acting.")
    expect(host.locator("#board .river-status-line")).to_have_text("Round 2: Friend is acting.")
    expect(host.locator(f"#players .player[data-seat='{FRIEND}']")).to_have_class(re.compile("awaited"))
    assert host.locator("#board .act").count() == 0
    expect(host.locator("#board .river-order-chip")).to_have_text(["Friend 1", "You 3"])
    expect(host.locator("#board .river-order-chip.river-current")).to_have_text("Friend 1")
    # The friend taps section 3 on the map; in the host's browser the friend's ship, an SVG piece, glides from
    # section 2 to section 3, stands on it and glows as the other player's last move.
    ship = f"#board .river-map .river-ship[data-seat='{FRIEND}']"
    assert host.eval_on_selector(ship, "n => n instanceof SVGSVGElement && n.querySelector('path') !== null")
    assert host.get_attribute(ship, "aria-label") == "Friend's ship, section 2"
    before = centre(host, ship)
    host.evaluate("window.riverGlides = []")
    forward = friend.get_attribute("#board .river-target.act[data-pos='3']", "data-label")
    click_act(friend, forward)
    clicks[FRIEND].append(forward)
    host.wait_for_selector(f"{ship}[data-pos='3']")
    assert f"ship-{FRIEND}" in host.evaluate("window.riverGlides")
    expect(host.locator(ship)).to_have_class(re.compile("ui-moved"))
    host.wait_for_function("!document.getAnimations().some(a => a.effect.target.dataset.flip)")
    after = centre(host, ship)
    stop = centre(host, "#board .river-stop[data-pos='3'] circle")
    assert after[0] - before[0] > 10, (before, after)  # section 3 lies downstream, to the right on this map
    assert abs(after[0] - stop[0]) < 4 and 0 < stop[1] - after[1] < 30, (after, stop)
    assert host.get_attribute(ship, "aria-label") == "Friend's ship, section 3"
    play_out_round(pages, 3, {FRIEND: "forward", HOST: "forward"}, clicks, {HOST: "32", FRIEND: "13"})
    for seat, page in pages.items():
        log = page.inner_text("#log")
        assert ("Tokens revealed: you 3, Friend 1" if seat == HOST else "Tokens revealed: Hostess 3, you 1") in log
        assert ("Friend sails 1 forward to section 3" if seat == HOST else "You sail 1 forward to section 3") in log
        assert ("You sail 3 forward to section 4" if seat == HOST else "Hostess sails 3 forward to section 4") in log
        assert (ship_at(page, HOST), ship_at(page, FRIEND)) == (4, 3)

    # ---- round 3: both click "at once". The friend's browser has not yet heard of the host's pick when it
    # sends its own, so the server refuses the stale version; the client resends the same pick once.
    tap.hold()
    pick_token(host, "2")
    clicks[HOST].append("Play token 2")
    host.wait_for_selector("#board .river-choice:has-text('You chose 2 (hidden from others)')")
    acts_before = len(tap.acts())
    pick_token(friend, "3")
    clicks[FRIEND].append("Play token 3")
    deadline = time.monotonic() + 10
    while not any("stale_version" in m for _, m in tap.held or []):
        assert time.monotonic() < deadline, tap.held
        friend.wait_for_timeout(20)
    tap.release()
    # 2 before 3: the host moves back to section 2, then the friend forward to section 6.
    host.wait_for_selector("#board .river-target.act")
    resent = tap.acts()[acts_before:]
    assert [a["action"]["label"] for a in resent] == ["Play token 3", "Play token 3"]
    assert resent[1]["version"] == resent[0]["version"] + 1
    assert not friend.inner_text("#play-error")  # the lost race is invisible to the player
    assert targets(host) == [2, 6]
    play_out_round(pages, 4, {HOST: "back", FRIEND: "forward"}, clicks, {HOST: "", FRIEND: ""})
    for seat, page in pages.items():
        log = page.inner_text("#log")
        assert ("Tokens revealed: you 2, Friend 3" if seat == HOST else "Tokens revealed: Hostess 2, you 3") in log
        assert ("You sail 2 back to section 2" if seat == HOST else "Hostess sails 2 back to section 2") in log
        assert ("Friend sails 3 forward to section 6" if seat == HOST else "You sail 3 forward to section 6") in log
        assert (ship_at(page, HOST), ship_at(page, FRIEND)) == (2, 6)

    # ---- round 4: the host plays the star and moves the barge by the friend's number
    friend_hand = [t.inner_text() for t in friend.locator("#board .river-token.act").all()]
    numbers = sorted(t for t in friend_hand if t.isdigit())
    seen = len(friend_frames)
    pick_token(host, "★")
    clicks[HOST].append("Play token ★")
    friend.wait_for_selector(f"#board .river-player[data-seat='{HOST}'] .river-choice:text-is('has chosen (hidden)')")
    assert friend.locator("#board .river-picked").count() == 0
    assert friend_frames[seen:] and not [f for f in friend_frames[seen:] if "my_choice" in f or "chose token" in f]
    barge_before = barge_at(host)
    pick_token(friend, numbers[0])
    clicks[FRIEND].append(f"Play token {numbers[0]}")
    k = int(numbers[0])
    host.wait_for_selector(f"#board .river-low:text-is('moves the barge {k}'):has(.icon-star)")
    play_out_round(pages, 5, {FRIEND: "forward"}, clicks, {HOST: "", FRIEND: ""})
    barge_to = barge_before + k if barge_before + k <= 16 else barge_before - k
    for seat, page in pages.items():
        log = page.inner_text("#log")
        assert (f"Tokens revealed: you ★, Friend {k}" if seat == HOST else f"Tokens revealed: Hostess ★, you {k}") in log
        assert barge_at(page) == barge_to
        assert (ship_at(page, HOST), ship_at(page, FRIEND)) == (2, 6 + k)
        # Round 5 asks both again.
        assert page.locator("#players .player.awaited").count() == 2

    # The humans clicked on the board only (several times each), the board answered every click.
    assert len(clicks[HOST]) >= 6 and len(clicks[FRIEND]) >= 7, clicks
    assert not host.inner_text("#play-error") and not friend.inner_text("#play-error")
    host.context.close()
    friend.context.close()


# ---- the same table in Russian ------------------------------------------------------------------------------------

RUSSIAN_TOOLS = {"Сачок", "Фонарь", "Подзорная труба", "Лупа", "Маска для ныряния", "Фотоаппарат"}
NICKNAMES = {"Hostess", "Friend"}


def latin_words(text: str) -> set[str]:
    """Words in Latin letters other than the players' nicknames: English the Russian page should not show."""
    return set(re.findall(r"[A-Za-z]{2,}", text)) - NICKNAMES


def test_the_board_log_and_prompts_speak_russian_through_three_rounds(browser, sqlite_server):
    host, friend, table = open_table_with_friend(
        browser, sqlite_server, "river", 2,
        "document.querySelector('[name=\"opt:first_player\"]').value = '0';")
    pages = {HOST: host, FRIEND: friend}
    for page in pages.values():
        page.goto(f"{sqlite_server.url}/tables/{table}?lang=ru")
        page.wait_for_selector("#seats .seat-name:has-text('Friend')")
    host.click("#start-button")
    for page in pages.values():
        page.wait_for_selector("#board .river-map .river-ship")

    # The draft: the status line names the drafting player, the tools are the Russian edition's.
    friend.wait_for_selector("#board .river-equip.act")
    expect(host.locator("#board .river-status-line")).to_have_text("Подготовка: Friend выбирает стартовое снаряжение.")
    tool = friend.locator("#board .river-equip.act").first
    tool_name = tool.locator(".river-equip-name").inner_text()
    assert tool_name in RUSSIAN_TOOLS
    assert {n.inner_text() for n in host.locator("#board .river-equip-name").all()} == RUSSIAN_TOOLS
    click_act(friend, tool.get_attribute("data-label"))
    host.wait_for_selector("#board .river-equip.act")
    click_act(host, host.locator("#board .river-equip.act").first.get_attribute("data-label"))
    for page in pages.values():
        page.wait_for_function("document.querySelector('#board .river-status-line').textContent.startsWith('Раунд 1')")
        assert f"Friend берёт снаряжение: {tool_name}" in page.inner_text("#log")
    assert host.inner_text("#prompt-text") == "Выберите фишку для передвижения (тайно, пока все не выберут)"
    assert host.get_attribute("#board .river-land", "aria-label").startswith("Карта реки: гавань, участки с 1 по 16")

    # Round 1: the secret choice and the reveal, in Russian in both browsers.
    clicks: dict[int, list[str]] = {HOST: [], FRIEND: []}
    pick_token(host, "1")
    host.wait_for_selector("#board .river-choice:has-text('Вы выбрали 1 (скрыто от других)')")
    friend.wait_for_selector(f"#board .river-player[data-seat='{HOST}'] .river-choice:text-is('фишка выбрана (скрыто)')")
    assert "Hostess: фишка выбрана" in friend.inner_text("#log")
    assert "Вы выбрали фишку 1" in host.inner_text("#log")
    pick_token(friend, "2")
    asking = "Раунд {round}: все тайно выбирают"
    play_out_round(pages, 2, {}, clicks, {HOST: "3", FRIEND: "1"}, asking)
    for page in pages.values():
        log = page.inner_text("#log")
        # Russian names every player, the reader too, and writes the list with the reader's commas.
        assert "Фишки открыты: Hostess 1, Friend 2" in log
        assert "Hostess плывёт на 1 вперёд на участок 1" in log and "Friend плывёт на 2 вперёд на участок 2" in log
        assert status(page) == "Раунд 2: все тайно выбирают фишку для передвижения. Ещё выбирают: Hostess и Friend."

    # Round 2: the friend's 1 acts first and chooses on the map between sections 1 and 3.
    pick_token(friend, "1")
    pick_token(host, "3")
    friend.wait_for_selector("#board .river-target.act")
    expect(friend.locator("#board .river-status-line")).to_have_text("Раунд 2: Friend делает ход.")
    assert friend.inner_text("#prompt-text") == "Передвиньте свой корабль на 1 вперёд или назад"
    target = friend.locator("#board .river-target.act[data-pos='3']")
    assert target.get_attribute("aria-label") == "Передвинуть корабль на 1 вперёд (на участок 3)"
    assert target.inner_text() == "сюда"
    expect(host.locator("#board .river-order-chip")).to_have_text(["Friend 1", "Hostess 3"])
    assert host.get_attribute(f"#board .river-map .river-ship[data-seat='{FRIEND}']", "aria-label") == (
        "Корабль игрока Friend, участок 2")
    play_out_round(pages, 3, {FRIEND: "forward", HOST: "forward"}, clicks, {HOST: "2", FRIEND: "3"}, asking)
    for page in pages.values():
        log = page.inner_text("#log")
        assert "Friend плывёт на 1 вперёд на участок 3" in log and "Hostess плывёт на 3 вперёд на участок 4" in log
        assert (ship_at(page, HOST), ship_at(page, FRIEND)) == (4, 3)

    # Nothing the game writes is left in English: the board, the log and the prompt are Cyrillic throughout.
    for page in pages.values():
        for where in ("#board", "#log", "#prompt-text"):
            text = page.inner_text(where)
            assert re.search("[а-яё]", text), where
            assert not latin_words(text), (where, latin_words(text))
        assert re.search(r"-?\d+ очк(о|а|ов)", page.inner_text("#players"))
    assert not host.inner_text("#play-error") and not friend.inner_text("#play-error")
    host.context.close()
    friend.context.close()


def test_players_are_told_apart_by_colour_and_a_mark_that_is_no_letter(browser, sqlite_server):
    """Issue #26: ships carried their player's initial, so "Bea" and the bot "Basil" both sailed a "B"."""
    from tests.support.table_driver import start_against_bots

    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    start_against_bots(page, sqlite_server.url, "river", seats=3, nickname="Bea")
    page.wait_for_selector("#board .river-map .river-ship")
    names = page.eval_on_selector_all("#seats .seat-name", "ns => ns.map(n => n.textContent.trim())")
    assert any("Bea" in n for n in names) and any("Basil" in n for n in names), names
    ships = page.eval_on_selector_all("#board .river-map .river-ship", """ss => ss.map(s => ({
        seat: s.dataset.seat, mark: s.dataset.mark, letters: s.querySelectorAll('text').length,
        colour: s.querySelector('path').getAttribute('fill')}))""")
    assert len(ships) == 3
    assert len({s["mark"] for s in ships}) == 3 and len({s["colour"] for s in ships}) == 3, ships
    assert all(s["letters"] == 0 for s in ships), ships
    # Each player's badge beside their name carries the mark of their ship on the map.
    badges = page.eval_on_selector_all("#board .river-ship-badge", "bs => bs.map(b => b.dataset.mark)")
    assert sorted(badges) == sorted(s["mark"] for s in ships)
    # ... and so does the players panel beside each name, in the seat's order.
    panel = page.eval_on_selector_all("#players .player .river-seat-mark", "ms => ms.map(m => m.dataset.mark)")
    assert panel == [s["mark"] for s in sorted(ships, key=lambda s: int(s["seat"]))]
    strip = page.eval_on_selector_all("#players-strip .river-seat-mark", "ms => ms.map(m => m.dataset.mark)")
    assert strip == panel  # the phone's players strip (hidden on a desktop) carries them too
    page.screenshot(path="/tmp/jr-river-marks.png")
    page.context.close()
