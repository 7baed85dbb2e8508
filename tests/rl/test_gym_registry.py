"""The games in Gymnasium's registry: `gymnasium.make` builds one seat's environment and
`gymnasium.make_vec` many of them, in this process or in worker processes."""

from __future__ import annotations

import pickle

import pytest

from .helpers import need

gym = need("gymnasium")
np = need("numpy")

from tcglab.engine import BadOption  # noqa: E402
from tcglab.rl import register_gymnasium  # noqa: E402
from tcglab.rl.single import TcglabGym  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def registered():
    return register_gymnasium()


def masked_actions(masks, rng) -> np.ndarray:
    """A legal index for every environment (any index where a game has just ended: the
    vector environment resets it at the next step and ignores the action)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


def test_every_game_is_registered_once_however_often_it_is_asked(registered):
    assert registered == ["tcglab/higurashi-v0", "tcglab/pgt-v0", "tcglab/pm-v0", "tcglab/ps-v0"]
    assert register_gymnasium() == registered
    assert all(name in gym.registry for name in registered)


def test_make_passes_its_keywords_to_the_environment():
    env = gym.make("tcglab/higurashi-v0", players=3, seat=2, opponent="random")
    game = env.unwrapped
    assert isinstance(game, TcglabGym)
    assert (game.players, game.seat, game.specs) == (3, 2, ["random", "random"])
    obs, _ = env.reset(seed=4)
    assert game.state.to_move == 2
    assert env.observation_space.contains(obs)
    with pytest.raises(BadOption, match="seat takes a whole number from 0 to 1"):
        gym.make("tcglab/ps-v0", seat=2)


def test_a_vector_of_games_plays_on_past_each_end():
    envs = gym.make_vec("tcglab/ps-v0", num_envs=3, opponent="random")
    obs, _ = envs.reset(seed=[1, 2, 3])
    rng, ended, rewards = np.random.default_rng(0), np.zeros(3, bool), []
    for _ in range(3000):
        just_ended = obs["action_mask"].sum(axis=1) == 0
        obs, reward, done, cut, _ = envs.step(masked_actions(obs["action_mask"], rng))
        # the step after an end deals a new game: a decision with legal actions again
        assert (obs["action_mask"][just_ended].sum(axis=1) > 0).all()
        assert not cut.any()
        rewards += list(reward[done])
        ended |= done
        if ended.all() and len(rewards) > 3:
            break
    envs.close()
    assert ended.all()
    assert set(rewards) <= {1.0, -1.0}


def test_worker_processes_deal_and_play_as_this_process_does():
    seeds, steps, runs = [5, 6], 40, {}
    for mode in ("sync", "async"):
        envs = gym.make_vec("tcglab/pm-v0", num_envs=2, vectorization_mode=mode, opponent="random")
        obs, _ = envs.reset(seed=seeds)
        rng, seen = np.random.default_rng(1), [obs["observation"].copy()]
        for _ in range(steps):
            obs, *_ = envs.step(masked_actions(obs["action_mask"], rng))
            seen.append(obs["observation"].copy())
        envs.close()
        runs[mode] = np.stack(seen)
    assert runs["sync"].shape == (
        steps + 1,
        2,
        envs.single_observation_space["observation"].shape[0],
    )
    assert np.array_equal(runs["sync"], runs["async"])
    assert not np.array_equal(runs["sync"][:, 0], runs["sync"][:, 1])  # two deals


def test_a_copy_of_the_action_space_is_the_plain_space():
    """A vector environment's workers send their spaces back pickled: the copy has no
    environment behind it, so it must not offer one decision's legal actions as if they
    were the current ones."""
    env = gym.make("tcglab/ps-v0", opponent="random")
    env.reset(seed=2)
    copied = pickle.loads(pickle.dumps(env.action_space))
    assert type(copied) is gym.spaces.Discrete
    assert copied == gym.spaces.Discrete(env.action_space.n)
