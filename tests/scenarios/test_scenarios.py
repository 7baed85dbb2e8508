"""Every scenario file holds: each game's test scenarios (`tests/scenarios/<game>/`)
and every shipped puzzle (`src/tcglab/games/<game>/puzzles/`), run with their
solutions; a puzzle also has a goal and a solution. Run one file with `-k its-name`."""

from __future__ import annotations

import pytest

from tcglab.engine.scenario_check import run_scenario
from tcglab.engine.scenario_file import load_scenario

from .conftest import is_puzzle


def test_scenario_holds(scenario_path):
    if scenario_path is None:
        pytest.skip("no scenario files yet")
    scenario = load_scenario(scenario_path)
    if is_puzzle(scenario_path):
        assert scenario.goal is not None, f"{scenario_path}: a puzzle needs a [goal]"
        assert scenario.solution, f"{scenario_path}: a puzzle needs a solution"
    failures = run_scenario(scenario)
    assert not failures, "\n".join(map(str, failures))
