"""The renderer kit in a real browser: naming with "you" in every sentence form the games' texts use, actions
compared without key order, and icons drawn as SVG."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Gus", "Cleo"]

# (server text, viewer seat or None for a spectator, what the viewer reads)
SENTENCES = [
    ("@0 takes 2 coins", 0, "You take 2 coins"),
    ("@0 takes 2 coins", 1, "Ann takes 2 coins"),
    ("@0 takes 2 coins", None, "Ann takes 2 coins"),
    ("@1 wins", 1, "You win"),
    ("@1 wins with 12 gold against 10", 1, "You win with 12 gold against 10"),
    ("@0 and @2 share the win", 2, "Ann and you share the win"),
    ("@0 and @2 share the win", 0, "You and Cleo share the win"),
    ("@1 plays Ape: react?", 1, "You play Ape: react?"),
    ("@1 plays Ape: react?", 0, "Gus plays Ape: react?"),
    ("@0 takes 1 tea from @1 and gives 1 silk", 0, "You take 1 tea from Gus and give 1 silk"),
    ("@0 takes 1 tea from @1 and gives 1 silk", 1, "Ann takes 1 tea from you and gives 1 silk"),
    ("@0 takes a card from @1's hand", 1, "Ann takes a card from your hand"),
    ("@1's turn", 1, "Your turn"),
    ("@0's money cards produce 3 coins", 1, "Ann's money cards produce 3 coins"),
    ("@0 buys tea and hides for 3 gold", 0, "You buy tea and hides for 3 gold"),
    ("@0 already holds 5 cards", 0, "You already hold 5 cards"),
    ("@0 has 60 gold: @1 plays one last turn", 1, "Ann has 60 gold: you play one last turn"),
    ("@0 has 60 gold: @1 plays one last turn", 0, "You have 60 gold: Gus plays one last turn"),
    ("@0 reaches 30 VP and wins!", 0, "You reach 30 VP and win!"),
    ("@0 is heading home and does not explore", 0, "You are heading home and do not explore"),
    ("@0 meets the barge, but its cargo is empty", 0, "You meet the barge, but its cargo is empty"),
    ("@0 passes", 0, "You pass"),
    ("@0 poaches Mine from @2", 0, "You poach Mine from Cleo"),
    ("Event for @0: Fire.", 0, "Event for you: Fire."),
    ("@0 lets @1 draw 2 cards", 1, "Ann lets you draw 2 cards"),
    ("@1 keeps one card and gives the other to @0", 1, "You keep one card and give the other to Ann"),
    ("Fire. @2 loses 3 coins", 2, "Fire. You lose 3 coins"),
]


def test_naming_reads_right_for_the_viewer_in_every_sentence_form(browser, sqlite_server):
    page = browser.new_context().new_page()
    page.goto(sqlite_server.url + "/")
    said = page.evaluate(
        """async ([names, cases]) => {
          const ui = await import('/static/js/ui.js');
          const players = names.map((name, seat) => ({ seat, name }));
          return cases.map(([text, me]) => ui.namer(players, me).say(text));
        }""",
        [NAMES, [[text, me] for text, me, _ in SENTENCES]])
    wrong = [(text, me, got, want) for (text, me, want), got in zip(SENTENCES, said) if got != want]
    assert not wrong
    page.context.close()


def test_actions_match_whatever_their_key_order_and_icons_are_svg(browser, sqlite_server):
    page = browser.new_context().new_page()
    page.goto(sqlite_server.url + "/")
    out = page.evaluate(
        """async () => {
          const ui = await import('/static/js/ui.js');
          const legal = [{type: 'buy', card: 3, label: 'Buy'}, {type: 'buy', card: 4, label: 'Buy'}];
          const sent = [];
          const node = ui.bindAction(ui.el('div'), ui.actionWhere(legal, {card: 4, type: 'buy'}),
                                     {act: (a) => sent.push(a), say: (t) => t});
          node.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
          node.click();
          return {
            same: ui.sameAction({label: 'Buy', card: 3, type: 'buy'}, legal[0]),
            different: ui.sameAction({type: 'buy', card: 3, label: 'Buy it'}, legal[0]),
            ambiguous: ui.actionWhere(legal, {type: 'buy'}),
            sent, role: node.getAttribute('role'), cls: node.className,
            icons: ui.ICON_NAMES.every((n) => ui.icon(n) instanceof SVGElement),
          };
        }""")
    assert out["same"] is True and out["different"] is False and out["ambiguous"] is None
    assert out["sent"] == [{"type": "buy", "card": 4, "label": "Buy"}] * 2  # the legal element itself, per key and click
    assert out["role"] == "button" and "act" in out["cls"].split()
    assert out["icons"]
    page.context.close()


MOVE_A_PIECE = """async () => {
  const ui = await import('/static/js/ui.js');
  const root = document.body.appendChild(ui.el('div', { style: { display: 'flex', gap: '50px' } }));
  const draw = (order) => root.replaceChildren(...order.map((k) => ui.el('span', { dataset: { flip: k } }, k)));
  draw(['a', 'b']);
  ui.flip(root, () => draw(['b', 'a']));  // another player's move
  const moving = root.getAnimations({ subtree: true }).length;
  const marked = root.querySelectorAll('.ui-moved').length;
  ui.flip(root, () => draw(['b', 'a']));  // redrawn for a chat line or a clock: the marks stay
  const kept = root.querySelectorAll('.ui-moved').length;
  ui.forgetMoves();  // the viewer acts
  ui.flip(root, () => draw(['a', 'b']), { byOthers: false });  // and their own move is not marked
  return [moving, marked, kept, root.querySelectorAll('.ui-moved').length];
}"""


@pytest.mark.parametrize("motion, animations", [("no-preference", 2), ("reduce", 0)])
def test_pieces_others_moved_glide_and_stay_marked_until_your_move(browser, sqlite_server, motion, animations):
    page = browser.new_context(reduced_motion=motion).new_page()
    page.goto(sqlite_server.url + "/")
    # Both swapped pieces glide (not under reduced motion) and stay highlighted until the viewer's own move.
    assert page.evaluate(MOVE_A_PIECE) == [animations, 2, 2, 0]
    page.context.close()
