"""bench/paired_luck.py: reseeding the luck turn by turn leaves less of it in the paired
differences of the hard level's search, and a short run prints its figures."""

import statistics
from itertools import islice

import pytest

import scripts
from tcglab.engine import get_game


@pytest.fixture(scope="module")
def luck():
    return scripts.load("bench/paired_luck.py")


def test_turn_luck_leaves_less_variance_in_paired_differences(luck):
    game = get_game("higurashi")
    found = {"stream": [], "turn": []}
    for n, (state, _, _) in enumerate(islice(luck.positions(game, 77, 5), 3)):
        for kind, variances in found.items():
            variances += luck.variances(game, state, 30, kind, n)
    assert statistics.fmean(found["turn"]) < 0.75 * statistics.fmean(found["stream"])


def test_a_short_run_prints_both_variances(luck, capsys):
    assert luck.main(["--decisions", "1", "--rounds", "3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert "root actions: variance of a paired difference" in last and "(turn)" in last
