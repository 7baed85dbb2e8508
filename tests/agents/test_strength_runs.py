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


def test_at_three_seats_the_first_agent_meets_two_of_the_second_in_every_seat(strength):
    game = get_game("higurashi")
    args = argparse.Namespace(max_games=3, seed=3, jobs=1)
    row = strength.measure(game, "heuristic", "random", args, 600, 3, (), players=3)
    assert row["games"] == 3 and row["players"] == 3
    assert row["matchup"] == "heuristic vs random x2"
    # one cycle seats it once in each of the three seats
    seats = [
        m.seats.index("heuristic")
        for m in strength.schedule(["heuristic", "random", "random"], 3, 3, 3, [])
    ]
    assert sorted(seats) == [0, 1, 2]


def test_the_target_at_n_seats_is_the_fair_share(strength):
    assert strength.target_of("hard vs heuristic", 2) == 0.60
    assert strength.target_of("hard vs heuristic", 4) == 0.25
    table = strength.markdown(
        [
            {
                "kind": "hard vs heuristic",
                "game": "higurashi",
                "players": 4,
                "matchup": "hard vs heuristic x3",
                "games": 40,
                "win_rate": 0.45,
                "interval": (0.31, 0.60),
                "seconds_per_choice": 0.3,
                "longest_choice": 0.7,
                "errors": 0,
            }
        ]
    )
    assert (
        "| higurashi | 4 | hard vs heuristic x3 | 40 | 45.0% | 31.0% - 60.0% | 25% | yes |" in table
    )


def test_a_table_size_the_game_does_not_seat_is_one_line(strength, capsys):
    with pytest.raises(SystemExit) as exit:
        strength.main(["--game", "ps", "--players", "3"])
    assert exit.value.code == 2
    assert "ps is played by 2 players, not 3" in capsys.readouterr().err.splitlines()[-1]
