"""The PettingZoo AEC environment of every game, checked by PettingZoo's own tests."""

from __future__ import annotations

import warnings

import pytest

from .helpers import TABLES, need

need("pettingzoo")
np = need("numpy")

with warnings.catch_warnings():  # pettingzoo.test loads a classic game the old way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from tcglab.engine import BadOption, IllegalAction  # noqa: E402
from tcglab.engine.state import Result  # noqa: E402
from tcglab.rl import aec_env  # noqa: E402
from tcglab.rl.aec import rewards  # noqa: E402


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_pettingzoo_api_test_passes(game_id, players):
    env = aec_env(game_id, players=players)
    with warnings.catch_warnings():
        # PettingZoo asks for Box observations; a Dict with the mask is its own way
        # for card games (its chess and poker environments do the same).
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env, num_cycles=100)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("higurashi", 3), ("higurashi", 5), ("pgt", 2), ("pgt", 4), ("pm", 2), ("ps", 2)],
)
def test_pettingzoo_seed_test_passes(game_id, players):
    seed_test(lambda: aec_env(game_id, players=players), num_cycles=30)


def play_out(env, seed: int = 1):
    """Play one game by masked random actions; the rewards of the end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        assert obs["action_mask"].any(), agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return env


def test_a_game_ends_with_the_results_rewards():
    env = aec_env("ps")
    env.reset(seed=3)
    state = env.state
    rng = np.random.default_rng(3)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        total[agent] += reward
        if done or cut:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winner = state.result.winners[0]
    assert total[f"player_{winner}"] == 1.0 and total[f"player_{1 - winner}"] == -1.0


def test_winners_share_the_reward_and_a_draw_gives_nothing():
    assert rewards(Result((0,), (3, 1), "points"), 2) == [1.0, -1.0]
    assert rewards(Result((0, 2), (5, 1, 5), "points"), 3) == [0.5, -1.0, 0.5]
    assert rewards(Result((1,), (0, 9, 0, 0), "points"), 4) == [-1 / 3, 1.0, -1 / 3, -1 / 3]
    assert rewards(Result((0, 1), (2, 2), "draw"), 2) == [0.0, 0.0]
    assert rewards(Result((), (0, 0), "round_limit"), 2) == [0.0, 0.0]


def test_only_the_seat_to_move_has_legal_actions_in_its_mask():
    env = aec_env("higurashi", players=4)
    env.reset(seed=2)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == mover)


def test_an_illegal_index_says_which_are_legal_and_changes_nothing():
    env = aec_env("ps")
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.state.digest()
    legal = ", ".join(f"{i} ({env.spaces.actions[i]})" for i in np.flatnonzero(mask))
    with pytest.raises(IllegalAction, match=f"index {illegal} is not a legal action") as error:
        env.step(illegal)
    assert legal.split(",")[0] in str(error.value)
    assert env.state.digest() == before
    with pytest.raises(IllegalAction):
        env.step("two")
    assert env.state.digest() == before


def test_a_fractional_index_is_refused_not_rounded_down():
    env = aec_env("ps")
    env.reset(seed=4)
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    before = env.state.digest()
    for fraction in (legal + 0.5, float(legal), np.float64(legal)):
        with pytest.raises(IllegalAction, match="is not a legal action"):
            env.step(fraction)
        assert env.state.digest() == before
    env.step(np.int64(legal))  # a numpy integer is a whole number
    assert env.state.digest() != before


@pytest.mark.parametrize("seed", ["7", -1, 2.0, True])
def test_reset_takes_a_whole_seed_from_zero(seed):
    env = aec_env("ps")
    env.reset(seed=3)
    before = env.state.digest()
    with pytest.raises(BadOption, match=f"seed takes a whole number from 0, not {seed!r}"):
        env.reset(seed=seed)
    assert env.state.digest() == before


def test_ansi_render_is_the_games_text_board():
    env = aec_env("higurashi", players=2, render_mode="ansi")
    env.reset(seed=1)
    board = env.render()
    assert board == env.game.render(env.state.observe(None))
    assert isinstance(board, str) and board


def test_options_and_decks_reach_the_game():
    env = aec_env("ps", options={"hand_limit": 6}, decks=["moonlit", "skyport"])
    env.reset(seed=1)
    assert env.state.options["hand_limit"] == 6
    assert len(play_out(env).possible_agents) == 2
