"""A smoke run of the worked example that learns (examples/train_ps.py): a few hundred
steps of training, then a few games against random."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from .helpers import need

need("gymnasium")
need("numpy")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ps.py"


def test_the_example_trains_and_plays():
    spec = importlib.util.spec_from_file_location("train_ps", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    report = example.main(["--steps", "300", "--games", "4", "--seed", "2"])
    assert report["training_steps"] >= 300
    assert report["vs_random"]["games"] == 4
    assert 0 <= report["vs_random"]["wins"] <= 4
