"""Exploring a buoy and the newspaper (spec 2.7-2.8, issue #10 ruling 8): two looks, the aside pile and its
reshuffle, filling the article and the four replacements."""

from __future__ import annotations

import json


from app.games.river import GAME
from app.games.river import data as C
from river_helpers import act, board, choose_all, disc, fresh, player, stack_deck, texts


def _explore_state(top_cards: list[int], drafts=(0, 1), article=None, replaced=None):
    """Seat 0 will sail 2 onto the buoy at section 2; deck top is top_cards[-1]."""
    s = fresh(2, drafts=list(drafts))
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, top_cards)
    if article is not None:
        player(s, 0, article=list(article))
    if replaced is not None:
        player(s, 0, replaced=list(replaced))
    return s


def test_explore_takes_top_card_with_owned_tool():
    top = disc(0, 4)
    s = _explore_state([top])
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [top] and top not in s["deck"]
    assert "discovers the Singing Mayfly (value 4)" in texts(ev)


def test_explore_clover_always_takeable():
    top = disc(C.CLOVER, 3)
    s = _explore_state([top])
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [top]


def test_explore_second_look_when_first_not_takeable():
    second, first = disc(0, 2), disc(3, 5)
    s = _explore_state([second, first])
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [second]
    assert s["aside"] == [first]


def test_explore_second_not_takeable_stays_on_top():
    second, first = disc(4, 2), disc(3, 5)
    s = _explore_state([second, first])
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [] and s["aside"] == [first] and s["deck"][-1] == second


def test_explore_reshuffles_aside_pile_when_deck_runs_out():
    s = _explore_state([])
    s["deck"] = []
    s["aside"] = [disc(0, 1), disc(0, 2)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert "shuffled into a new deck" in texts(ev)
    assert len(s["players"][0]["article"]) == 1 and s["players"][0]["article"][0] in (disc(0, 1), disc(0, 2))
    assert s["aside"] == [] and len(s["deck"]) == 1


def test_explore_second_look_after_deck_runs_out_uses_reshuffled_aside():
    first = disc(3, 5)
    s = _explore_state([first])
    s["deck"] = [first]
    s["aside"] = [disc(3, 1)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert "shuffled into a new deck" in texts(ev)
    assert s["players"][0]["article"] == [] and sorted(s["deck"]) == sorted([first, disc(3, 1)]) and s["aside"] == []


def test_explore_with_no_cards_left_finds_nothing():
    s = _explore_state([])
    s["deck"], s["aside"] = [], []
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert "no discovery cards are left" in texts(ev)


def test_homeward_ship_does_not_explore():
    top = disc(0, 4)
    rep = [disc(1, 1), disc(1, 2), disc(1, 2, 1), disc(1, 3)]
    s = _explore_state([top], article=[disc(2, 1), disc(2, 2), disc(2, 3), disc(2, 4)], replaced=rep)
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["deck"][-1] == top and "heading home" in texts(ev)


def test_fill_article_then_replacement_is_mandatory_with_different_value():
    top = disc(0, 3)
    art = [disc(2, 3), disc(2, 3, 1), disc(2, 1), disc(2, 4)]
    s = _explore_state([top], article=art)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert GAME.pending(s)[0].kind == "replace"
    assert sorted(a["slot"] for a in GAME.legal(s, 0)) == [2, 3]  # not the two 3s
    s, ev = act(s, 0, slot=3)  # a forced downgrade is allowed
    assert s["players"][0]["article"] == [art[0], art[1], art[2], top]
    assert s["players"][0]["replaced"] == [art[3]]
    assert "replacement 1 of 4" in texts(ev)


def test_card_with_value_equal_to_all_pictures_is_not_takeable():
    same = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 2, 1)]
    second, first = disc(0, 4), disc(0, 2)
    s = _explore_state([second, first], article=same)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["aside"] == [first]
    assert GAME.pending(s)[0].kind == "replace" and len(GAME.legal(s, 0)) == 4
    s, _ = act(s, 0, slot=0)
    assert s["players"][0]["article"] == [second] + same[1:] and s["players"][0]["replaced"] == [same[0]]


def test_single_possible_replacement_is_automatic():
    art = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 1)]
    top = disc(0, 2)
    s = _explore_state([top], article=art)
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"][3] == top and s["players"][0]["replaced"] == [art[3]]


def test_fourth_replacement_makes_ship_homeward():
    art = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 1)]
    rep = [disc(1, 1), disc(1, 2), disc(1, 2, 1)]
    top = disc(0, 5)
    s = _explore_state([top], article=art, replaced=rep)
    s, _ = choose_all(s, {0: 2, 1: 1})
    s, ev = act(s, 0, slot=3)
    assert GAME.view(s, None)["players"][0]["homeward"]
    assert "heading home" in texts(ev)
    assert GAME.view(s, None)["players"][0]["homeward"] is True


def test_explore_aside_card_shows_only_its_front_and_taken_card_its_back():
    second, first = disc(C.CLOVER, 2), disc(3, 5)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, [second, first])
    v = GAME.view(s, 1)
    assert v["deck_top"] == 3 and str(first) not in json.dumps(v)
    s, ev = choose_all(s, {0: 2, 1: 1})
    aside = next(e for e in ev if e["type"] == "aside")
    assert set(aside) == {"type", "text", "say", "reason"} and "Golden Scarab" not in json.dumps(aside)
    assert GAME.view(s, 1)["aside"] == [3]
    # the clover on the second look is takeable without any tool, and its back is shown
    found = next(e for e in ev if e["type"] == "discover")
    assert found["card"] == second and s["players"][0]["article"] == [second]


def test_explore_at_most_two_looks():
    cards = [disc(0, 1), disc(4, 2), disc(3, 5)]  # top is the last: 3 (not owned), 4 (not owned), then the net
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, cards)
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [] and s["aside"] == [disc(3, 5)] and s["deck"][-1] == disc(4, 2)


def test_explore_takes_fourth_picture_into_a_free_slot_not_a_replacement():
    art = [disc(2, 1), disc(2, 2), disc(2, 3)]
    top = disc(0, 3)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    stack_deck(s, [top])
    player(s, 0, article=list(art))
    s, _ = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == art + [top] and s["players"][0]["replaced"] == []


def test_deck_running_out_reshuffles_aside_pile_at_once_so_the_new_top_front_is_public():
    last = disc(0, 4)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    s["deck"] = [last]
    s["aside"] = [disc(3, 1), disc(3, 2)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    assert s["players"][0]["article"] == [last]
    # the deck ran out when the last card was taken: the aside pile is the new deck right away
    assert "shuffled into a new deck" in texts(ev)
    assert s["aside"] == [] and sorted(s["deck"]) == [disc(3, 1), disc(3, 2)]
    v = GAME.view(s, 1)
    assert v["deck_top"] == 3 and v["deck_count"] == 2 and v["aside"] == []


def test_deck_running_out_on_a_set_aside_card_reshuffles_before_the_second_look():
    first = disc(3, 5)
    s = fresh(2, drafts=[0, 1])
    board(s, [2, 9, 10, 11, 12, 13, 14, 15], 16, [0, 0])
    s["deck"] = [first]
    s["aside"] = [disc(0, 1)]
    s, ev = choose_all(s, {0: 2, 1: 1})
    # the set-aside card joins the pile that becomes the new deck; the second look may find the net
    assert texts(ev).count("shuffled into a new deck") == 1
    assert (s["players"][0]["article"] == [disc(0, 1)]) == (s["deck"] == [first])


# ---- issue #10, ruling 8: a refused card says why ----------------------------------------------------------------

def test_a_refused_card_says_which_tool_it_needs():
    second, first = disc(4, 2), disc(3, 5)
    s = _explore_state([second, first])
    s, ev = choose_all(s, {0: 2, 1: 1})
    refusals = [e for e in ev if e["type"] in ("aside", "explore")]
    assert [(e["text"], e["reason"]) for e in refusals] == [
        ("@0 cannot take a Magnifying glass card: it needs the Magnifying glass. It is set aside", "tool"),
        ("@0 cannot take the next Diving mask card either: it needs the Diving mask", "tool")]


def test_a_refused_card_says_its_value_does_not_fit_the_newspaper():
    same = [disc(2, 2), disc(2, 2, 1), disc(3, 2), disc(3, 2, 1)]
    second, first = disc(3, 5), disc(0, 2)
    s = _explore_state([second, first], article=same)
    s, ev = choose_all(s, {0: 2, 1: 1})
    aside = next(e for e in ev if e["type"] == "aside")
    assert aside["reason"] == "value"
    assert aside["text"] == ("@0 cannot take a Butterfly net card: its value does not fit the newspaper "
                             "(every picture has that value). It is set aside")
