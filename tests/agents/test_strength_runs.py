"""bench/strength.py: a matchup stops by its rule once the interval settles the question,
and with `--fixed` plays every game it was given."""

import argparse

import pytest

import scripts
from tcglab.engine import get_game


@pytest.fixture(scope="module")
def strength():
    return scripts.load("bench/strength.py")


def run(strength, lines):
    game = get_game("ps")
    cycle = len(strength.lineups(2, 2)) * len(
        strength.deck_assignments(sorted(game.prebuilt_decks()), 0, 2)
    )
    args = argparse.Namespace(max_games=cycle * 4, seed=3, jobs=1)
    return strength.measure(game, "heuristic", "random", args, 600, cycle, lines), cycle


def test_a_settled_matchup_stops_at_the_end_of_its_first_cycle(strength):
    row, cycle = run(strength, (0.3,))  # the heuristic beats random play nearly always
    assert row["games"] == cycle and row["interval"][0] > 0.3


def test_a_fixed_run_plays_every_game_it_was_given(strength):
    row, cycle = run(strength, ())
    assert row["games"] == cycle * 4


def test_fixed_and_until_lower_are_refused_together(strength, capsys):
    with pytest.raises(SystemExit):
        strength.main(["--fixed", "--until-lower", "0.55"])
    assert "--fixed plays a set number of games" in capsys.readouterr().err
