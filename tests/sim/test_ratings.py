"""Wilson intervals and Elo ratings fitted to stored games."""

import pytest

from tcglab.sim.ratings import ANCHOR, elo, pairwise, wilson


def test_wilson_interval_of_a_known_case():
    # 60 wins in 100 games: the textbook Wilson interval is 0.502 to 0.691.
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.5020, abs=1e-4)
    assert high == pytest.approx(0.6906, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one():
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    low, _ = wilson(10, 10)
    assert 0.69 < low < 0.73


def test_a_multi_seat_game_becomes_pairwise_results():
    results = pairwise(["a", "b", "c"], winners=[1])
    assert sorted(results) == [("a", "b", 0.0), ("a", "c", 0.5), ("b", "c", 1.0)]
    # Two seats of the same agent are not compared with each other.
    assert pairwise(["a", "a", "b"], winners=[0]) == [("a", "b", 1.0), ("a", "b", 0.5)]


def test_the_stronger_agent_is_rated_higher_and_the_scale_is_anchored():
    games = [(["x", "y"], [0])] * 30 + [(["y", "x"], [1])] * 30 + [(["x", "y"], [1])] * 20
    ratings = elo(games)
    assert ratings["x"] > ratings["y"]
    assert (ratings["x"] + ratings["y"]) / 2 == pytest.approx(ANCHOR, abs=1)
    # 60:20 wins is 3:1 odds, about 191 Elo points, pulled in a little by the anchor.
    assert 170 < ratings["x"] - ratings["y"] < 191


def test_ratings_do_not_depend_on_the_order_of_games():
    games = [(["x", "y"], [0]), (["y", "z"], [0]), (["z", "x"], [1]), (["x", "z"], [0])] * 5
    assert elo(games) == pytest.approx(elo(list(reversed(games))))


def test_ratings_update_when_games_are_added():
    before = elo([(["x", "y"], [0]), (["x", "y"], [1])])
    after = elo([(["x", "y"], [0]), (["x", "y"], [1]), (["y", "x"], [0]), (["y", "x"], [0])])
    assert before["x"] == pytest.approx(before["y"])
    assert after["y"] > after["x"]


def test_an_unbeaten_agent_gets_a_finite_rating():
    ratings = elo([(["x", "y"], [0])] * 50)
    assert ANCHOR < ratings["x"] < ANCHOR + 1000
