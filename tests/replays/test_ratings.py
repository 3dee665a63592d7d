"""Rating maths (docs/ratings.md): openskill's Plackett-Luce figures for a two- and a four-player game, places with
ties and resignations, bots as fixed anchors, and guests left out."""

from __future__ import annotations

import math

import pytest

from app.accounts.ratings import FRESH, MODEL, Participant, Skill, anchor, places, rate


def test_two_player_win_matches_the_weng_lin_formula_worked_by_hand():
    new = rate([Participant(0, 1, FRESH, False), Participant(1, 2, FRESH, False)])
    # Weng & Lin, Plackett-Luce with two equal players: each wins with probability 1/2. openskill first adds tau^2.
    s2 = MODEL.sigma ** 2 + MODEL.tau ** 2
    c = math.sqrt(2 * (s2 + MODEL.beta ** 2))
    omega = s2 / c * 0.5
    delta = math.sqrt(s2) / c * s2 / c ** 2 * 0.25
    assert new[0].mu == pytest.approx(25 + omega) == pytest.approx(27.635389, abs=1e-6)
    assert new[1].mu == pytest.approx(25 - omega)
    assert new[0].sigma == new[1].sigma == pytest.approx(math.sqrt(s2 * (1 - delta))) == pytest.approx(8.065901, abs=1e-6)


def test_four_player_result_gives_openskills_figures():
    new = rate([Participant(seat, place, FRESH, False) for seat, place in enumerate([2, 1, 4, 3])])
    assert [round(new[s].mu, 4) for s in range(4)] == [26.5529, 27.7953, 20.9624, 24.6894]
    assert [round(new[s].sigma, 4) for s in range(4)] == [8.1796, 8.2636, 8.0841, 8.0841]


def test_a_shared_first_place_moves_both_players_alike():
    new = rate([Participant(0, 1, FRESH, False), Participant(1, 1, FRESH, False),
                Participant(2, 3, anchor("heuristic", None), True)])
    assert new[0] == new[1]
    assert new[0].mu > FRESH.mu


def test_bots_are_fixed_anchors_and_a_game_of_bots_rates_nobody():
    strong = anchor("heuristic", None)
    new = rate([Participant(0, 2, FRESH, False), Participant(1, 1, strong, True)])
    assert set(new) == {0}  # the bot's figures are not returned, so they cannot be stored
    assert new[0].mu < FRESH.mu
    assert anchor("heuristic", None) == strong == Skill(25.0, 1.0)
    assert anchor("some-new-bot", None) == anchor("random", None)
    assert rate([Participant(0, 1, anchor("random", None), True), Participant(1, 2, strong, True)]) == {}
    assert rate([Participant(0, 1, FRESH, False)]) == {}  # alone (the others were guests): nothing to rate


def test_losing_to_a_weak_anchor_costs_more_than_losing_to_a_strong_one():
    weak = rate([Participant(0, 2, FRESH, False), Participant(1, 1, anchor("random", None), True)])[0]
    strong = rate([Participant(0, 2, FRESH, False), Participant(1, 1, anchor("heuristic", None), True)])[0]
    assert weak.mu < strong.mu


def test_beating_a_hard_bot_raises_a_rating_more_than_beating_an_easy_one():
    gains = {level: rate([Participant(0, 1, FRESH, False), Participant(1, 2, anchor("heuristic", level), True)])[0].mu
             for level in ("easy", "medium", "hard")}
    assert FRESH.mu < gains["easy"] < gains["medium"] < gains["hard"]
    losses = {level: rate([Participant(0, 2, FRESH, False), Participant(1, 1, anchor("heuristic", level), True)])[0].mu
              for level in ("easy", "hard")}
    assert losses["easy"] < losses["hard"] < FRESH.mu  # and losing to it costs less


def test_bots_from_before_levels_keep_their_anchor_as_easy():
    # Seats recorded before levels existed have no level; those bots played the heuristic, as easy does today.
    assert anchor("heuristic", None) == anchor("heuristic", "easy") == Skill(25.0, 1.0)
    assert anchor("random", None) == Skill(15.0, 1.0)
    assert anchor("heuristic", "no-such-level") == anchor("heuristic", None)


def test_level_anchors_match_the_measured_win_rates_against_the_heuristic():
    # docs/ratings.md: hard won 0.815 of 86 two-player matches against the heuristic (95% interval 0.72-0.88),
    # medium 0.80 of 30 (0.63-0.90, not told apart from hard at that size).
    def beats_easy(level: str) -> float:
        return MODEL.predict_win([[MODEL.create_rating(list(vars(anchor("heuristic", lv)).values()))]
                                  for lv in (level, "easy")])[0]
    assert 0.72 <= beats_easy("hard") <= 0.88
    assert 0.63 <= beats_easy("medium") < beats_easy("hard")


def test_places_follow_the_game_then_put_resigned_seats_last():
    result = {"scores": [3, 5, 5, 1], "winners": [1, 2]}
    assert places(result, 4, set()) == [3, 1, 1, 4]
    assert places(result, 4, {1}) == [2, 4, 1, 3]  # resigned: behind even the lowest score
    assert places(result, 4, {1, 3}) == [2, 3, 1, 3]  # two resignations share the last place
    assert places({"scores": [7, 7], "winners": [1], "places": [2, 1]}, 2, set()) == [2, 1]  # the game's tie-break


def test_shown_rating_is_cautious():
    assert FRESH.shown == 0.0
    assert Skill(30.0, 2.0).shown == 24.0
