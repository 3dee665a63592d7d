"""Cards that draw (Well, Scale, Psychic, Arabian Merchant) and the draw pile under them (issue #10, ruling 4)."""

from __future__ import annotations

from jambo_helpers import act, check_invariants, events_text, give_util, labels, new, set_hand, to_phase2

from app.games.jambo import GAME
from app.games.jambo import data as C


def _nothing_left_to_draw(s):
    """Every card of the draw pile moves to the opponent's hand; the discard pile is empty."""
    s["players"][1]["hand"] += s["deck"] + s["discard"]
    s["deck"][:] = []
    s["discard"][:] = []


def test_psychic_reshuffles_the_discard_pile_when_fewer_than_six_cards_are_left():
    s = new()
    to_phase2(s)
    set_hand(s, 0, "psychic")
    last_two = list(reversed(s["deck"][-2:]))
    s["discard"][:] = s["deck"][:-2]
    s["deck"][:] = s["deck"][-2:]
    s, _ = act(s, "Play Psychic")
    seen = GAME.view(s, 0)["stage"]["cards"]
    assert len(seen) == 6 and seen[:2] == last_two and s["discard"] == []
    s, _ = act(s, {"type": "pick", "card": seen[0]})
    assert list(reversed(s["deck"][-5:])) == seen[1:]
    check_invariants(s)


def test_well_scale_psychic_and_arabian_merchant_unusable_with_nothing_to_draw():
    s = new()
    to_phase2(s)
    give_util(s, 0, "well", "scale")
    set_hand(s, 0, "psychic", "arabian", "guard")
    before = labels(s)
    drawing = {"Use Well (1 action, 1 gold)", "Use Scale (1 action)", "Play Psychic", "Play Arabian Merchant"}
    assert drawing <= set(before)
    _nothing_left_to_draw(s)
    after = labels(s)
    assert not any(x.startswith(("Use Well", "Use Scale", "Play Psychic", "Play Arabian")) for x in after)


def test_well_label_says_its_gold():
    s = new()
    to_phase2(s)
    (well,) = give_util(s, 0, "well")
    (action,) = [a for a in GAME.legal(s, 0) if a.get("card") == well]
    say = action.pop("say")  # the same label for other languages: the gold is a count they write in their own forms
    assert action == {"type": "use", "card": well, "price": 1, "label": "Use Well (1 action, 1 gold)"}
    assert say["args"] == {"card": "Well", "gold": {"msg": ["{n} gold", "{n} gold"], "args": {"n": 1}}}


def test_scale_with_a_single_card_left_tells_only_its_holder_which():
    s = new()
    to_phase2(s)
    give_util(s, 0, "scale")
    last = s["deck"][-1]
    s["players"][1]["hand"] += s["deck"][:-1]
    s["deck"][:] = [last]
    s, events = act(s, "Use Scale")
    public = [e for e in events if "seats" not in e]
    private = [e for e in events if e.get("seats") == [0]]
    assert "@0 draws 1 card with the Scale" in events_text(public)
    assert C.KINDS[C.CARD_KIND[last]]["name"] not in events_text(public)
    assert private and private[-1]["cards"] == [last] and C.KINDS[C.CARD_KIND[last]]["name"] in private[-1]["text"]
    assert last in s["players"][0]["hand"]
