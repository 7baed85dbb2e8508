"""The worked examples that learn: a smoke run of examples/train_ps.py (a few hundred
steps of training, then a few games against random), and short runs of
examples/selfplay.py, which must learn to beat random by self-play alone and take any
game and seat count."""

from __future__ import annotations

import pytest

import scripts

from .helpers import need

need("gymnasium")
need("numpy")


def test_the_example_trains_and_plays():
    example = scripts.load("examples/train_ps.py")
    report = example.main(["--steps", "300", "--games", "4", "--seed", "2"])
    assert report["training_steps"] >= 300
    assert report["vs_random"]["games"] == 4
    assert 0 <= report["vs_random"]["wins"] <= 4


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--games", "-1"], "argument --games: expected a whole number above 0, not '-1'"),
        (["--games", "0"], "argument --games: expected a whole number above 0, not '0'"),
        (["--minutes", "nan"], "argument --minutes: expected a number above 0, not 'nan'"),
        (["--steps", "x"], "argument --steps: expected a whole number above 0, not 'x'"),
    ],
)
def test_the_example_refuses_counts_below_one(capsys, args, says):
    example = scripts.load("examples/train_ps.py")
    with pytest.raises(SystemExit) as stopped:
        example.main(args)
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err


def test_self_play_learns_to_beat_an_agent_it_never_met():
    """examples/selfplay.py: a policy that plays both seats of its own games through a
    pool learns from each seat's result; with the results of the seats swapped it would
    learn to lose to itself and win fewer than half its games against random."""
    example = scripts.load("examples/selfplay.py")
    untrained = example.main(["--steps", "1", "--games", "40", "--seed", "1"])
    assert untrained["vs_random"]["wins"] <= 4
    report = example.main(["--steps", "20000", "--games", "100", "--seed", "1"])
    assert report["training_games"] >= 100
    assert report["vs_random"]["wins"] >= 80


def test_the_self_play_example_refuses_more_workers_than_games(capsys):
    example = scripts.load("examples/selfplay.py")
    with pytest.raises(SystemExit):
        example.main(["--pool", "2", "--workers", "3"])
    assert "--workers takes a whole number from 0 to --pool (2)" in capsys.readouterr().err


def test_self_play_takes_any_game_and_is_measured_in_every_seat():
    example = scripts.load("examples/selfplay.py")
    args = ["--game", "higurashi", "--players", "3", "--steps", "300", "--games", "3"]
    report = example.main([*args, "--against", "random", "heuristic", "--seed", "3"])
    assert report["game"] == "higurashi"
    assert report["training_steps"] >= 300
    for spec in ("random", "heuristic"):
        assert report[f"vs_{spec}"]["games"] == 3
        assert report[f"vs_{spec}"]["fair_share"] == 0.333


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--game", "chess"], "unknown game 'chess'; games: higurashi, pgt, pm, ps"),
        (["--game", "pm", "--players", "3"], "pm is played by 2 players, not 3"),
        (["--against", "randomm"], "argument --against: unknown agent 'randomm'; agents:"),
    ],
)
def test_the_self_play_example_says_what_is_wrong_before_it_trains(capsys, args, says):
    example = scripts.load("examples/selfplay.py")
    with pytest.raises(SystemExit) as stopped:
        example.main([*args, "--minutes", "60"])
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err
