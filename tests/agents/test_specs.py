"""Agents by spec, and the difficulty levels."""

import pytest

from tcglab.agents import RandomAgent
from tcglab.agents.ismcts import IsmctsAgent
from tcglab.agents.specs import HARD, difficulty, make_agent
from tcglab.engine import BadOption, games, get_game

GAME = get_game("pm")


def test_specs_build_the_agents_they_name():
    assert isinstance(make_agent("random", GAME, 1), RandomAgent)
    assert isinstance(make_agent("heuristic", GAME, 1), GAME.heuristic_agent)
    agent = make_agent("ismcts:iters=50,c=0.4,limit=20,rollout=heuristic,bias=2,widen=1", GAME, 1)
    assert isinstance(agent, IsmctsAgent)
    assert (agent.iterations, agent.exploration, agent.rollout_limit) == (50, 0.4, 20)
    assert (agent.bias, agent.widen) == (2.0, 1.0)
    assert agent.guide is not None and agent.evaluate is not None
    assert make_agent("ismcts:400", GAME, 1).iterations == 400
    assert make_agent("ismcts:guide=none", GAME, 1).guide is None
    timed = make_agent("ismcts:seconds=0.5", GAME, 1)
    assert timed.seconds == 0.5 and timed.iterations > 10**6


@pytest.mark.parametrize("game_id", sorted(games()))
def test_difficulty_levels_exist_for_every_game(game_id):
    game = get_game(game_id)
    assert difficulty("easy", game) == "random"
    assert difficulty("normal", game) == "heuristic"
    assert difficulty("hard", game) == HARD[game_id]
    hard = make_agent("hard", game, 3)
    assert isinstance(hard, IsmctsAgent) and hard.seconds is None  # reproducible


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("smart", "unknown agent 'smart'; agents: random, heuristic or ismcts"),
        ("random:3", "agent random takes no parameters"),
        ("ismcts:iters=0", "ismcts needs iters >= 1"),
        ("ismcts:c=-1", "c, bias and widen >= 0"),
        ("ismcts:rollout=clever", "rollout must be random or heuristic, not 'clever'"),
        ("ismcts:guide=oracle", "guide must be heuristic or none"),
        ("ismcts:seconds=soon", "seconds takes a number, not 'soon'"),
        ("ismcts:iters", "ismcts parameter 'iters' is not one of"),
    ],
)
def test_bad_specs_say_what_is_accepted_in_one_line(spec, message):
    with pytest.raises(BadOption, match=message) as caught:
        make_agent(spec, GAME, 1)
    assert "\n" not in str(caught.value)


def test_an_unknown_difficulty_is_a_bad_option():
    with pytest.raises(BadOption, match="levels: easy, normal, hard"):
        difficulty("expert", GAME)
