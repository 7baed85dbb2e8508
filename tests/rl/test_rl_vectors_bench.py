"""bench/rl_vectors.py: a short run measures make_vec's three kinds of vector and the
pool, and compares them."""

import json

import pytest

import scripts

from .helpers import need

need("gymnasium")


def test_a_short_run_measures_every_kind_of_vector_and_the_pool(capsys):
    bench = scripts.load("bench/rl_vectors.py")
    bench.main(["--game", "ps", "--envs", "2", "--seconds", "0.3", "--workers", "2", "--json"])
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["game"], row["opponent"], row["envs"], row["workers"]) == ("ps", "random", 2, 2)
    assert all(row[f"{mode}_steps_s"] > 0 for mode in ("sync", "async", "vector", "pool"))
    assert row["pool_learner_us"] > 0
    for mode in ("async", "vector", "pool"):
        assert row[f"{mode}_vs_sync"] == pytest.approx(
            row[f"{mode}_steps_s"] / row["sync_steps_s"], abs=0.01
        )


def test_bad_options_are_refused(capsys):
    bench = scripts.load("bench/rl_vectors.py")
    with pytest.raises(SystemExit):
        bench.main(["--envs", "0"])
    assert "--envs takes whole numbers >= 1, --workers >= 0" in capsys.readouterr().err


def test_self_play_is_measured_beside_one_aec_environment(capsys):
    bench = scripts.load("bench/rl_vectors.py")
    bench.main(["--game", "ps", "--opponent", "self", "--envs", "2", "--seconds", "0.3"])
    out = capsys.readouterr().out
    assert "| game | games | one AEC env steps/s |" in out
    row = out.strip().splitlines()[-1].split("|")
    assert row[1].strip() == "ps" and row[2].strip() == "2"
    assert all(float(cell.split()[0].replace(",", "")) > 0 for cell in row[3:7])
