"""The conformance suite checked on itself. A game added through TCGLAB_GAMES gets the
whole suite with nothing named anywhere; a sound tiny game passes all of it; and each
deliberately flawed variant of that game is caught by the check meant for its flaw."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
TOYS = HERE.parent / "engine"  # the tiny game and its flawed variants
SOUND = "dicerace"
FLAWED = {
    "PEEKING": ("dicerace-peeking", "test_determinize_keeps_what_the_seat_knows"),
    "GLANCING": ("dicerace-glancing", "test_glances_are_part_of_the_observation"),
    "SHOUTING": ("dicerace-shouting", "test_events_reveal_no_more_than_observations"),
    "SEED_SHOWING": ("dicerace-seedshowing", "test_observations_hide_seed_and_generator"),
    "SHARING": ("dicerace-sharing", "test_clone_behaves_as_original"),
    "FROZEN": ("dicerace-frozen", "test_determinize_resamples_hidden_information"),
}
OUTCOME = re.compile(r"^(PASSED|FAILED|SKIPPED|ERROR|XFAIL|XPASS) \S*::(\w+)\[([^\]]+)\]")


@pytest.fixture(scope="module")
def outcomes() -> dict[tuple[str, str], str]:
    """(test name, case id) -> outcome, from the suite run over the tiny games only."""
    specs = ["toy_game:GAME", *(f"leaky_games:{name}" for name in FLAWED)]
    env = {
        **os.environ,
        "TCGLAB_GAMES": ",".join(specs),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(TOYS), os.environ.get("PYTHONPATH")])),
    }
    command = [sys.executable, "-m", "pytest", str(HERE / "test_conformance.py")]
    command += ["-k", SOUND, "-rA", "-p", "no:cacheprovider", "-o", "addopts="]
    run = subprocess.run(command, env=env, capture_output=True, text=True, cwd=HERE.parents[1])
    found = {}
    for line in run.stdout.splitlines():
        if match := OUTCOME.match(line):
            outcome, test, case = match.groups()
            found[test, case] = outcome
    assert found, run.stdout[-2000:] + run.stderr[-2000:]
    return found


def games_of(outcomes, game_id: str) -> dict[tuple[str, str], str]:
    """The outcomes of one game's cases ("dicerace-2p" belongs to "dicerace", not to
    "dicerace-peeking-2p")."""
    own = re.compile(rf"{re.escape(game_id)}(-\d+p\b.*)?$")
    return {key: result for key, result in outcomes.items() if own.match(key[1])}


def test_a_sound_game_passes_the_whole_suite(outcomes):
    import test_conformance

    mine = games_of(outcomes, SOUND)
    names = {name for name in dir(test_conformance) if name.startswith("test_")}
    assert {test for test, _ in mine} == names, "every check ran on the added game"
    assert {key: result for key, result in mine.items() if result != "PASSED"} == {}


@pytest.mark.parametrize("flaw", FLAWED, ids=str.lower)
def test_each_flaw_is_caught(outcomes, flaw):
    game_id, catcher = FLAWED[flaw]
    results = {
        case: result
        for (test, case), result in games_of(outcomes, game_id).items()
        if test == catcher
    }
    assert results and set(results.values()) == {"FAILED"}, results
