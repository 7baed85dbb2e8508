"""bench/rl_vectors.py: a short run measures both kinds of vector and compares them."""

import json

import pytest

import scripts

from .helpers import need

need("gymnasium")


def test_a_short_run_measures_both_kinds_of_vector(capsys):
    bench = scripts.load("bench/rl_vectors.py")
    bench.main(["--game", "ps", "--envs", "2", "--seconds", "0.3", "--json"])
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["game"], row["opponent"], row["envs"]) == ("ps", "random", 2)
    assert row["sync_steps_s"] > 0 and row["async_steps_s"] > 0
    assert row["async_vs_sync"] == pytest.approx(
        row["async_steps_s"] / row["sync_steps_s"], abs=0.01
    )


def test_bad_options_are_refused(capsys):
    bench = scripts.load("bench/rl_vectors.py")
    with pytest.raises(SystemExit):
        bench.main(["--envs", "0"])
    assert "--envs takes whole numbers" in capsys.readouterr().err
