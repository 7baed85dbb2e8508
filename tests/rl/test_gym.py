"""The Gymnasium environment for one seat against tcglab agents."""

from __future__ import annotations

import pytest

from .helpers import need

need("gymnasium")
np = need("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tcglab.engine import BadOption, IllegalAction  # noqa: E402
from tcglab.rl import gym_env  # noqa: E402


# The tensors are unbounded (Box from -inf to inf: a modifier or a count has no cap the
# rules give), a text board has no frame rate, and the environments are built directly
# rather than through gymnasium.make: check_env's notes on these say nothing wrong.
@pytest.mark.filterwarnings("ignore:.*Box observation space m:UserWarning")
@pytest.mark.filterwarnings("ignore:.*No render fps:UserWarning")
@pytest.mark.filterwarnings("ignore:.*not having a spec:UserWarning")
@pytest.mark.parametrize(
    ("game_id", "players"), [("higurashi", 3), ("pgt", 2), ("pgt", 3), ("pm", 2), ("ps", 2)]
)
def test_gymnasium_check_env_passes(game_id, players):
    """check_env draws an action before it resets, so no mask can hold for it: it runs
    with illegal="lose", the learners' convention (an illegal move loses)."""
    env = gym_env(game_id, opponent="random", players=players, illegal="lose", render_mode="ansi")
    check_env(env, skip_render_check=False)


def test_the_seat_plays_a_whole_game_against_the_heuristic_agent():
    env = gym_env("ps", opponent="heuristic", seat=1)
    obs, _ = env.reset(seed=3)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.state.to_move == 1
        assert env.observation_space.contains(obs)
        action = env.action_space.sample()  # samples legal actions only
        assert obs["action_mask"][action] == 1
        obs, reward, done, cut, _ = env.step(action)
        assert not cut
        steps += 1
    assert reward == (1.0 if 1 in env.state.result.winners else -1.0)
    assert steps > 10


def test_an_illegal_index_raises_and_changes_nothing_by_default():
    env = gym_env("pm", opponent="random")
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.digest()
    with pytest.raises(IllegalAction, match="legal: "):
        env.step(illegal)
    assert env.state.digest() == before


def test_with_illegal_lose_an_illegal_index_ends_the_episode_lost():
    env = gym_env("pm", opponent="random", illegal="lose")
    obs, _ = env.reset(seed=5)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal": True})


def test_the_same_seed_gives_the_same_game():
    one, two = (
        gym_env("higurashi", opponent="heuristic"),
        gym_env("higurashi", opponent="heuristic"),
    )
    a, _ = one.reset(seed=9)
    b, _ = two.reset(seed=9)
    assert np.array_equal(a["observation"], b["observation"])
    assert one.state.digest() == two.state.digest()


def test_opponents_by_spec_one_per_other_seat():
    env = gym_env("higurashi", opponent=["random", "heuristic"], players=3, seat=2)
    env.reset(seed=1)
    assert [type(a).__name__ for a in env.agents.values()] == ["RandomAgent", "HigurashiAgent"]
    with pytest.raises(BadOption, match="one per other seat"):
        gym_env("higurashi", opponent=["random"], players=3)
    with pytest.raises(BadOption, match="seat takes a whole number from 0 to 1"):
        gym_env("ps", seat=2)
