"""The decision audit of bench/decision_audit.py: paired rounds share their worlds and
dice, and a short run finishes with figures per decision step."""

import json

import pytest

import scripts
from tcglab.engine import Rng, get_game


@pytest.fixture(scope="module")
def audit():
    return scripts.load("bench/decision_audit.py")


def test_the_same_action_scores_the_same_in_every_paired_round(audit):
    game = get_game("higurashi")
    state, _, chosen = next(audit.positions(game, seed=5, every=3))
    # One action listed twice is played twice in each round, from the same world, dice
    # and agent seeds: the two play-outs of a round end alike.
    shares = audit.paired_rounds(game, state, [chosen, chosen], 12, "view", Rng(1))[chosen]
    assert len(shares) == 24
    assert shares[0::2] == shares[1::2]
    assert audit.mean_difference(shares[0::2], shares[1::2]) == (0.0, 0.0)
    assert 0 < sum(shares[0::2]) < 12  # the rounds' worlds and dice differ


def test_positions_are_decisions_with_a_choice(audit):
    game = get_game("higurashi")
    found = audit.positions(game, seed=5, every=2)
    for _ in range(5):
        state, step, chosen = next(found)
        legal = [action.id for action in state.legal_actions()]
        assert len(legal) > 1 and chosen in legal
        assert isinstance(step, str)


def test_a_short_run_reports_every_step(audit, capsys):
    argv = ["--minutes", "0.01", "--rounds", "2", "--every", "9", "--seed", "3", "--json"]
    assert audit.main(argv) == 0
    row = json.loads(capsys.readouterr().out)
    steps = row["steps"]
    assert steps["all"]["decisions"] == sum(
        figures["decisions"] for step, figures in steps.items() if step != "all"
    )
    assert 0 <= steps["all"]["switched"] <= steps["all"]["decisions"]
    assert -1 <= steps["all"]["gain"] <= 1


def test_bad_options_are_refused(audit, capsys):
    with pytest.raises(SystemExit):
        audit.main(["--rounds", "1"])
    assert "--rounds" in capsys.readouterr().err
