"""A smoke run of the worked example that learns (examples/train_ps.py): a few hundred
steps of training, then a few games against random."""

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
