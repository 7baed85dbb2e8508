"""The decision audit of bench/decision_audit.py: paired rounds share their worlds and
dice (turn by turn, by default), and a short run finishes with figures per decision
step."""

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


def test_every_action_of_a_round_meets_the_same_dice_in_later_turns(audit, monkeypatch):
    game = get_game("higurashi")
    found = audit.positions(game, seed=5, every=3)
    for _ in range(4):  # the fourth: scouting now, or ending the turn, roll apart
        state, _, chosen = next(found)
    assert chosen == "scout 0"
    seen = []  # per play-out: the dice generator's state at the start of each turn

    class Recorded(audit.TurnLuck):
        reseeds = True

        def __init__(self, seed, agents):
            super().__init__(seed, agents)
            seen.append({})

        def __call__(self, state):
            if self.reseeds:
                super().__call__(state)
            seen[-1].setdefault(state.turn, state.rng.state)

    def later_dice():
        seen.clear()
        audit.paired_rounds(game, state, [chosen, "end"], 1, "view", Rng(4))
        first, second = seen
        later = sorted(set(first) & set(second) - {state.turn})
        assert len(later) > 10  # both play-outs went on for many turns
        return [first[turn] == second[turn] for turn in later]

    monkeypatch.setattr(audit, "TurnLuck", Recorded)
    assert all(later_dice())
    Recorded.reseeds = False  # one stream each: the two play-outs' dice part ways
    kept = later_dice()
    assert kept.count(False) > len(kept) / 2
    seen.clear()
    audit.paired_rounds(game, state, [chosen, "end"], 1, "view", Rng(4), luck="stream")
    assert seen == []  # no turn luck at all


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
