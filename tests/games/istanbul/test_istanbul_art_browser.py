"""Istanbul's board as drawings, in Chromium at 1366x800 and 390x844: every place an illustrated tile with its own
symbol, the pieces drawn as pawns (a merchant is moved by one tap on a place), no place name broken mid-word, each
player's rubies and lira in the players panel, the status line at the Kiosk saying who waits for whom, and every
picture the rules pages may name drawn by the renderer."""

from __future__ import annotations

import random

import pytest

from app.engine import registry
from tests.support.pictures import empty_pictures, named_in_rules
from tests.support.table_driver import start_against_bots, wait_for_my_move

pytestmark = pytest.mark.browser

SIZES = {"desktop": dict(viewport={"width": 1366, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}

# The names the rules pages use (picture:<name>); the list the rules' writers were given.
PICTURES = [f"place-{n}" for n in range(1, 26)] + [
    "merchant", "assistant", "merchant-stack", "family-member", "companion", "governor", "smuggler", "courier",
    "coffee-trader", "neutral-merchant", "fabric", "spice", "fruit", "jewelry", "goods", "lira", "ruby", "mosque-tile",
    "wheelbarrow", "bonus-card", "demand-tile", "letter", "letter-delivered", "seal", "kiosk-tile", "coffee",
    "tavern-tile", "guild-card"]

# Renders a full view with the real renderer into a fresh element; players named Ann, Bea and Cy.
RENDER = """async ({ view }) => {
  const m = await import('/static/games/istanbul.js');
  const catalogue = await (await fetch('/api/games/istanbul/catalogue')).json();
  const names = ['Ann', 'Bea', 'Cy'];
  const me = (s) => s === view.seat;
  const ctx = { catalogue, seat: view.seat, othersMoved: false, act: () => {}, say: (t) => String(t.text || t),
    name: (s, o) => (me(s) ? (o && o.capital ? 'You' : 'you') : names[s]),
    possessive: (s, o) => (me(s) ? (o && o.capital ? 'Your' : 'your') : `${names[s]}'s`),
    list: (seats) => seats.map((s) => (me(s) ? 'you' : names[s])).join(' and ') };
  const root = document.createElement('div');
  document.body.append(root);
  m.render(root, view, ctx);
  const text = root.querySelector('.istanbul-status').textContent;
  root.remove();
  return text;
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_places_are_drawn_tiles_and_a_tap_moves_the_merchant(browser, sqlite_server, size):
    page = browser.new_context(**SIZES[size]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_against_bots(page, sqlite_server.url, "istanbul", nickname="Tiler")
    page.wait_for_selector("#board .istanbul-board")
    # Every place (16, or 20 with Letters & Seals) with its own drawn symbol.
    symbols = page.eval_on_selector_all("#board .istanbul-place > svg.istanbul-place-art",
                                        "ns => ns.map((n) => n.innerHTML)")
    assert len(symbols) == page.locator("#board .istanbul-place").count() >= 16
    assert len(set(symbols)) == len(symbols) and all(symbols)
    # Pieces are drawn pawns, not letters: every merchant a pawn drawing with no text in it.
    merchants = page.locator("#board .istanbul-merchant")
    assert merchants.count() == 2
    assert merchants.evaluate_all(
        "ns => ns.every((n) => n.querySelector('svg.istanbul-pawn-merchant') && !n.textContent.trim())")
    # No place name overflows its tile or is broken inside a word.
    broken = page.eval_on_selector_all("#board .istanbul-place-name", """ns => ns.filter((n) =>
        n.scrollWidth > n.clientWidth + 1 || getComputedStyle(n).overflowWrap !== 'normal')
      .map((n) => n.textContent)""")
    assert broken == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["viewport"]["width"]
    # The players panel shows each player's rubies (the score) and lira.
    scores = page.locator("#players .player-score").all_inner_texts()
    assert scores == ["0 rubies", "0 rubies"], scores
    assert all("lira" in t for t in page.locator("#players .player-more").all_inner_texts())
    # A real turn: one tap on a place moves the viewer's merchant there.
    wait_for_my_move(page)
    place = page.locator("#board .istanbul-place.act").first
    number = place.get_attribute("data-place")
    place.click()
    page.wait_for_selector(f"#board .istanbul-place[data-place='{number}'] .istanbul-merchant[title='Your merchant']")
    assert not errors, errors
    page.context.close()


def kiosk_state():
    """A Letters & Seals game at the Kiosk where a player other than the one whose turn it is must choose."""
    game = registry.get("istanbul")
    for seed in range(1, 200):
        state, _ = game.start(3, {"expansion": "letters_and_seals", "first_player": 0}, seed)
        rng = random.Random(seed)
        for _ in range(400):
            pending = sorted(game.pending(state))
            if not pending:
                break
            frame = state["steps"][-1] if state["steps"] else None
            if frame and frame["step"] == "kiosk" and pending[0] != state["turn"]:
                return game, state, pending[0]
            state, _ = game.apply(state, pending[0], rng.choice(game.legal(state, pending[0])))
    raise AssertionError("no game reached the Kiosk")


def test_the_kiosk_never_calls_another_players_turn_yours(browser, sqlite_server):
    game, state, asked = kiosk_state()
    turn = state["turn"]
    names = ["Ann", "Bea", "Cy"]
    page = browser.new_context().new_page()
    page.goto(sqlite_server.url + "/games/istanbul/rules")
    # The player asked to choose a tile reads that the player whose turn it is waits for them.
    text = page.evaluate(RENDER, {"view": game.full_view(state, asked)})
    assert f"{names[turn]} waits for your choice" in text and "turn" not in text, text
    # The player whose turn it is reads that they wait; a watcher reads who waits for whom.
    text = page.evaluate(RENDER, {"view": game.full_view(state, turn)})
    assert f"Your turn: you wait for {names[asked]}" in text, text
    text = page.evaluate(RENDER, {"view": game.full_view(state, None)})
    assert f"{names[turn]} waits for {names[asked]}" in text, text
    page.context.close()


def test_every_picture_the_rules_may_name_is_drawn(browser, sqlite_server):
    page = browser.new_context().new_page()
    empty = empty_pictures(page, sqlite_server, "istanbul", PICTURES)
    assert empty == {}
    # The rules pages ask only for pictures the renderer draws.
    assert named_in_rules("istanbul") <= set(PICTURES)
    # Place tiles carry their names in the page's language.
    tile = page.evaluate("async () => (await import('/static/games/istanbul.js')).pictures['place-7']().textContent")
    assert "Fountain" in tile
    page.context.close()


# Renders a view, clicks the viewer's guild card and returns the action the card played (or null).
CLICK_GUILD_CARD = """async ({ view }) => {
  const m = await import('/static/games/istanbul.js');
  const catalogue = await (await fetch('/api/games/istanbul/catalogue')).json();
  let played = null;
  const ctx = { catalogue, seat: view.seat, othersMoved: false, act: (a) => { played = a; }, say: (t) => String(t.text || t),
    name: () => 'you', possessive: () => 'your', list: () => 'you' };
  const root = document.createElement('div');
  document.body.append(root);
  m.render(root, view, ctx);
  root.querySelector('.istanbul-guild-card').click();
  root.remove();
  return played;
}"""


def test_a_guild_card_on_the_table_plays_its_place_instead_of_the_turn(browser, sqlite_server):
    from istanbul_helpers import fresh, put, turn_of
    from app.games.istanbul import data as D

    game = registry.get("istanbul")
    state = turn_of(put(fresh(n=2, seed=1, variant="grand_bazaar"), 0, merchant=D.SPICE, guild=[D.SPICE]), 0)
    page = browser.new_context().new_page()
    page.goto(sqlite_server.url + "/games/istanbul/rules")
    played = page.evaluate(CLICK_GUILD_CARD, {"view": game.full_view(state, 0)})
    assert played and played["type"] == "guild" and played["guild"] == D.SPICE, played
    page.context.close()


# Renders a view and returns, for the tile holding the barrier, its place number and the barrier's spoken words.
BARRIER = """async ({ view }) => {
  const m = await import('/static/games/istanbul.js');
  const catalogue = await (await fetch('/api/games/istanbul/catalogue')).json();
  const ctx = { catalogue, seat: view.seat, othersMoved: false, act: () => {}, say: (t) => String(t.text || t),
    name: () => 'you', possessive: (s) => (s === view.seat ? 'Your' : 'Bea\\'s'), list: () => 'you' };
  const root = document.createElement('div');
  document.body.append(root);
  m.render(root, view, ctx);
  const bars = [...root.querySelectorAll('.istanbul-place .istanbul-barrier')].map((b) =>
    [b.closest('.istanbul-place').dataset.place, b.getAttribute('aria-label')]);
  root.remove();
  return bars;
}"""


def test_the_grand_bazaar_barrier_is_drawn_on_its_place_in_its_owners_colour(browser, sqlite_server):
    from istanbul_helpers import fresh
    from app.games.istanbul import data as D

    game = registry.get("istanbul")
    state = fresh(n=2, seed=1, variant="grand_bazaar")
    page = browser.new_context().new_page()
    page.goto(sqlite_server.url + "/games/istanbul/rules")
    assert page.evaluate(BARRIER, {"view": game.full_view(state, 0)}) == []  # none until bought at the Tavern
    state["barrier"] = {"place": D.SPICE, "owner": 1}
    bars = page.evaluate(BARRIER, {"view": game.full_view(state, 0)})
    assert bars == [[str(D.SPICE), "Bea's barrier: no other merchant stops here or passes through"]], bars
    page.context.close()
