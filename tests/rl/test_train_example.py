"""A smoke run of the worked example that learns (examples/train_ps.py): a few hundred
steps of training, then a few games against random."""

from __future__ import annotations

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
