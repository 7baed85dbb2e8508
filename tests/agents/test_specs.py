"""Agents by spec, and the difficulty levels."""

from pathlib import Path

import pytest

import tcglab.agents
from tcglab.agents import RandomAgent
from tcglab.agents.expecti import ExpectiAgent
from tcglab.agents.ismcts import IsmctsAgent
from tcglab.agents.specs import (
    DEFAULT_LEVELS,
    WITHOUT_HEURISTIC,
    Param,
    difficulty,
    make_agent,
)
from tcglab.engine import BadOption, Game, games, get_game

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
    halving = make_agent("ismcts:root=halving,steps=5000", GAME, 1)
    assert (halving.paired, halving.halving, halving.steps) == (True, True, 5000)
    paired = make_agent("ismcts:root=paired", GAME, 1)
    assert (paired.paired, paired.halving, paired.steps) == (True, False, None)
    assert paired.luck == "stream"
    assert make_agent("ismcts:root=paired,luck=turn", GAME, 1).luck == "turn"
    assert make_agent("ismcts:depth=1", GAME, 1).depth == 1
    assert paired.depth > 10**6  # no bound unless given


@pytest.mark.parametrize("game_id", sorted(games()))
def test_difficulty_levels_exist_for_every_game(game_id):
    game = get_game(game_id)
    assert difficulty("easy", game) == "random"
    assert difficulty("normal", game) == "heuristic"
    assert difficulty("hard", game) == game.levels["hard"]  # each game sets its budget
    hard = make_agent("hard", game, 3)
    assert isinstance(hard, (IsmctsAgent, ExpectiAgent))
    assert getattr(hard, "seconds", None) is None  # reproducible: a fixed budget


class _Plain(Game):
    """A game that sets no levels of its own."""

    id, name, min_players, max_players, default_players = "plain", "Plain", 2, 2, 2

    def _new_state(self, seed, players, options, decks): ...

    def card_digest(self) -> str:
        return ""


def test_a_level_the_game_leaves_out_gets_the_default():
    plain = _Plain()
    assert difficulty("hard", plain) == WITHOUT_HEURISTIC["hard"]  # no heuristic to guide
    plain.heuristic_agent = RandomAgent
    assert difficulty("hard", plain) == DEFAULT_LEVELS["hard"]
    plain.levels = {"normal": "ismcts:iters=5"}
    assert difficulty("normal", plain) == "ismcts:iters=5"
    assert make_agent("normal", plain, 1).iterations == 5


def test_the_agents_know_no_game_by_name():
    """Budgets come from each game's own `levels`, not from a table in the agents."""
    sources = [p.read_text() for p in Path(tcglab.agents.__file__).parent.glob("*.py")]
    for game_id in games():
        assert not any(f'"{game_id}"' in text for text in sources), game_id


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("smart", "unknown agent 'smart'; agents: random, heuristic, ismcts"),
        ("random:3", "agent random takes no parameters"),
        (
            "ismcts:iters=0",
            "ismcts parameter iters takes a whole number from 1 to 100,000, not '0'",
        ),
        ("ismcts:c=-1", "ismcts parameter c takes a number from 0 to 100, not '-1'"),
        ("ismcts:rollout=clever", "rollout takes random or heuristic, not 'clever'"),
        ("ismcts:guide=oracle", "guide takes heuristic or none, not 'oracle'"),
        ("ismcts:seconds=soon", "seconds takes a number above 0 and at most 60, not 'soon'"),
        ("ismcts:iters", "ismcts parameter 'iters' is not name=value; names: iters, seconds"),
        ("ismcts:root=best", "root takes ucb, paired or halving, not 'best'"),
        ("ismcts:luck=dice", "luck takes stream or turn, not 'dice'"),
        ("ismcts:depth=0", "ismcts parameter depth takes a whole number from 1 to 1,000"),
        ("ismcts:luck=turn", "ismcts parameter luck=turn pairs playouts: give root=paired"),
        ("ismcts:steps=0", "ismcts parameter steps takes a whole number from 1 to 10,000,000"),
    ],
)
def test_bad_specs_say_what_is_accepted_in_one_line(spec, message):
    with pytest.raises(BadOption, match=message) as caught:
        make_agent(spec, GAME, 1)
    assert "\n" not in str(caught.value)


NUMBERS = "takes a number from 0 to 100, not"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:c=nan", f"ismcts parameter c {NUMBERS} 'nan'"),
        ("ismcts:c=inf", f"ismcts parameter c {NUMBERS} 'inf'"),
        ("ismcts:c=1e308", f"ismcts parameter c {NUMBERS} '1e308'"),
        ("ismcts:c=101", f"ismcts parameter c {NUMBERS} '101'"),
        ("ismcts:bias=1e308", f"ismcts parameter bias {NUMBERS} '1e308'"),
        ("ismcts:bias=inf", f"ismcts parameter bias {NUMBERS} 'inf'"),
        ("ismcts:bias=-0.5", f"ismcts parameter bias {NUMBERS} '-0.5'"),
        ("ismcts:widen=nan", f"ismcts parameter widen {NUMBERS} 'nan'"),
        ("ismcts:widen=Infinity", f"ismcts parameter widen {NUMBERS} 'Infinity'"),
        ("ismcts:seconds=0", "ismcts parameter seconds takes a number above 0 and at most 60"),
        ("ismcts:seconds=61", "ismcts parameter seconds takes a number above 0 and at most 60"),
        ("ismcts:seconds=nan", "ismcts parameter seconds takes a number above 0 and at most 60"),
        ("ismcts:iters=100001", "ismcts parameter iters takes a whole number from 1 to 100,000"),
        ("ismcts:iters=" + "9" * 5000, "ismcts parameter iters takes a whole number from 1 to"),
        ("ismcts:iters=1_000", "ismcts parameter iters takes a whole number from 1 to 100,000"),
        ("ismcts:iters=\u0663", "ismcts parameter iters takes a whole number from 1 to 100,000"),
        ("ismcts:iters=2.5", "ismcts parameter iters takes a whole number from 1 to 100,000"),
        ("ismcts:limit=0", "ismcts parameter limit takes a whole number from 1 to 100,000"),
        ("ismcts:limit=100001", "ismcts parameter limit takes a whole number from 1 to 100,000"),
        ("ismcts:iters=5,iters=6", "ismcts parameter iters is given twice; give each at most once"),
        ("ismcts:400,iters=6", "ismcts parameter iters is given twice; give each at most once"),
        ("ismcts:c=1,c=1", "ismcts parameter c is given twice; give each at most once"),
        ("ismcts:worlds=3", "ismcts has no parameter 'worlds'; its parameters: iters, seconds,"),
    ],
)
def test_every_parameter_is_range_checked(spec, message):
    with pytest.raises(BadOption) as caught:
        make_agent(spec, GAME, 1)
    text = str(caught.value)
    assert text.startswith(message) and "\n" not in text and len(text) < 200


def test_the_ends_of_every_range_are_accepted():
    low = make_agent("ismcts:iters=1,c=0,limit=1,bias=0,widen=0,guide=none", GAME, 1)
    assert (low.iterations, low.exploration, low.rollout_limit) == (1, 0.0, 1)
    assert (low.bias, low.widen, low.guide) == (0.0, 0.0, None)
    high = make_agent("ismcts:iters=100000,c=100,limit=100000,bias=1e2,widen=100", GAME, 1)
    assert (high.iterations, high.exploration, high.rollout_limit) == (100_000, 100.0, 100_000)
    assert (high.bias, high.widen) == (100.0, 100.0)
    assert make_agent("ismcts:seconds=60", GAME, 1).seconds == 60.0
    assert make_agent("ismcts:seconds=.25", GAME, 1).seconds == 0.25


def test_an_unknown_difficulty_is_a_bad_option():
    with pytest.raises(BadOption, match="levels: easy, normal, hard"):
        difficulty("expert", GAME)


def test_what_a_word_parameter_accepts_reads_as_a_list():
    assert Param(str, words=("on",)).accepts() == "on"
    assert Param(str, words=("on", "off")).accepts() == "on or off"
    assert Param(str, words=("ucb", "paired", "halving")).accepts() == "ucb, paired or halving"
