"""The ceiling probe of bench/ceiling.py: its omniscient samples are the true state with
only fresh dice, and a short run finishes with its figures."""

import json

import pytest

import scripts
from tcglab.agents.specs import make_agent
from tcglab.engine import Rng, get_game
from tcglab.engine.decision import Decision

TINY = "ismcts:iters=4,limit=1,rollout=heuristic,root=paired"
TINY_UCB = "ismcts:iters=4,limit=1,rollout=heuristic,root=ucb"


@pytest.fixture(scope="module")
def ceiling():
    return scripts.load("bench/ceiling.py")


def midgame(actions: int = 40):
    """A Higurashi position after `actions` heuristic moves, hands and decks hidden."""
    game = get_game("higurashi")
    state = game.new_state(11, 2, game.resolve_options())
    agents = [make_agent("heuristic", game, seed) for seed in (1, 2)]
    for _ in range(actions):
        assert state.result is None
        state.apply(agents[state.to_move].choose(Decision(state)).id)
    return state


def test_omniscient_sample_is_the_true_state_with_fresh_dice(ceiling):
    state = midgame()
    truth = [state.observe(seat) for seat in (0, 1)]
    dice = state.rng.snapshot()
    rng = Rng(5)
    for _ in range(3):
        sample = ceiling.OmniscientDecision(state).sample(rng)
        assert [sample.observe(seat) for seat in (0, 1)] == truth
        assert sample.rng is not state.rng
        assert sample.rng.snapshot() != dice
    assert state.rng.snapshot() == dice  # sampling never draws from the true generator


@pytest.mark.parametrize("probe, same", [("OracleDecision", True), ("OmniscientDecision", False)])
def test_only_the_oracle_sample_rolls_the_true_dice(ceiling, probe, same):
    state = midgame()
    sample = getattr(ceiling, probe)(state).sample(Rng(5))
    assert sample.rng is not state.rng
    assert (sample.rng.snapshot() == state.rng.snapshot()) is same
    # The same moves on the sample and on the game: equal views after every roll only
    # when the sample holds the true generator.
    agents = [make_agent("heuristic", get_game("higurashi"), seed) for seed in (3, 4)]
    views = []
    for _ in range(40):
        action = agents[state.to_move].choose(Decision(state))
        state.apply(action.id)
        sample.apply(action.id)
        views.append(
            [sample.observe(seat) for seat in (0, 1)] == [state.observe(seat) for seat in (0, 1)]
        )
        if state.result is not None:
            break
    assert all(views) is same


def test_the_fair_sample_hides_what_the_omniscient_one_shows(ceiling):
    state = midgame()
    other = 1 - state.to_move
    samples = [Decision(state).sample(Rng(seed)) for seed in range(5)]
    assert any(sample.observe(other) != state.observe(other) for sample in samples)


@pytest.mark.parametrize(
    "extra, spec, mode",
    [
        ([], TINY, "omniscient"),
        (["--fair"], TINY, "fair"),
        (["--knows", "dice"], TINY_UCB, "oracle"),
    ],
)
def test_a_short_run_finishes_seat_balanced(ceiling, capsys, extra, spec, mode):
    argv = ["--games", "2", "--spec", spec, "--seed", "3", "--json", *extra]
    assert ceiling.main(argv) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["games"] == 2
    assert row["mode"] == mode
    assert 0 <= row["wins"] <= 2
    low, high = row["interval"]
    assert 0 <= low <= row["win_rate"] <= high <= 1
    assert row["decisions"] > 0
    # the longest decision is one of them: at least the mean, at most all of them
    mean = row["seconds_per_decision_cpu"]
    assert mean <= row["longest_decision_cpu"] <= mean * row["decisions"]
    # the playouts played actions, and their cost each accounts for all the time
    assert row["playout_actions"] > 0
    assert row["us_per_playout_action"] * row["playout_actions"] == pytest.approx(
        1e6 * mean * row["decisions"]
    )


@pytest.mark.parametrize(
    "argv, named",
    [
        (["--games", "3"], "even number"),
        (["--spec", "heuristic"], "ismcts spec"),
        (["--knows", "dice"], "root=ucb"),
        (["--fair", "--knows", "dice", "--spec", TINY_UCB], "not allowed"),
    ],
)
def test_bad_options_are_refused(ceiling, capsys, argv, named):
    with pytest.raises(SystemExit):
        ceiling.main(argv)
    assert named in capsys.readouterr().err
