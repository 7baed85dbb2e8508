"""A pool of games as a Gymnasium vector (`tcglab.rl.vector`, what `gymnasium.make_vec`
builds for a tcglab game): step for step what Gymnasium's own SyncVectorEnv gives, in
this process and in worker processes, by Gymnasium's own `data_equivalence`."""

from __future__ import annotations

import pytest

from .helpers import need

np = need("numpy")
gym = need("gymnasium")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402

from tcglab.engine import BadOption, IllegalAction  # noqa: E402
from tcglab.rl import register_gymnasium  # noqa: E402
from tcglab.rl.vector import PoolVector  # noqa: E402

register_gymnasium()


def run(envs, seed, steps: int) -> list:
    """Everything the vector shows over `steps` random legal steps (one generator for the
    whole run, so equal runs draw equal actions)."""
    rng = np.random.default_rng(9)
    obs, _ = envs.reset(seed=seed)
    shown = [obs]
    for _ in range(steps):
        legal = [np.flatnonzero(mask) for mask in obs["action_mask"]]
        actions = np.array([rng.choice(ok) if len(ok) else 0 for ok in legal])
        obs, rewards, done, cut, _ = envs.step(actions)
        shown.append((obs, rewards, done, cut))
    envs.close()
    return shown


@pytest.mark.parametrize("workers", [0, 2])
def test_a_pool_vector_plays_as_gymnasiums_own_vector(workers):
    sync = gym.make_vec("tcglab/ps-v0", 3, vectorization_mode="sync", opponent="random")
    pool = gym.make_vec("tcglab/ps-v0", 3, workers=workers, opponent="random")
    assert isinstance(pool.unwrapped, PoolVector)
    assert pool.metadata["autoreset_mode"] == sync.metadata["autoreset_mode"]
    assert pool.observation_space == sync.observation_space
    assert pool.action_space == sync.action_space
    expected, shown = run(sync, 11, 250), run(pool, 11, 250)
    assert data_equivalence(shown, expected, exact=True)
    ends = sum(int(step[2].sum()) for step in shown[1:])
    assert ends >= 6  # past several ends: the step after each deals the game's next one
    assert all(pool.observation_space.contains(step[0]) for step in shown[1:])


def test_seeds_a_game_and_next_deals_are_gymnasiums():
    """A list of seeds gives each game its own; None deals the game's next one."""
    runs = []
    for mode in ("sync", "vector_entry_point"):
        envs = gym.make_vec("tcglab/pm-v0", 2, vectorization_mode=mode, opponent="random")
        first, _ = envs.reset(seed=[4, 8])
        again, _ = envs.reset(seed=[None, 4])
        runs.append((first, again))
        envs.close()
    assert data_equivalence(runs[0], runs[1], exact=True)
    first, again = runs[1]
    assert np.array_equal(first["observation"][0], again["observation"][1])  # seed 4 twice
    assert not np.array_equal(first["observation"][0], again["observation"][0])


def test_bad_calls_are_refused_in_one_line_and_change_nothing():
    envs = PoolVector("ps", 2, opponent="random")
    obs, _ = envs.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    legal = int(np.flatnonzero(obs["action_mask"][0])[0])
    with pytest.raises(IllegalAction, match=f"index {illegal} is not legal in game 1; legal: "):
        envs.step([legal, illegal])
    with pytest.raises(BadOption, match="send takes one action per env_id: 1 for 2"):
        envs.step([legal])
    again = gym.make_vec("tcglab/ps-v0", 2, vectorization_mode="sync", opponent="random")
    expected, _ = again.reset(seed=1)
    after, *_ = envs.step(
        [legal, int(np.flatnonzero(obs["action_mask"][1])[0])]
    )  # nothing was played by the refused steps: the games step on from their deals
    stepped, *_ = again.step([legal, int(np.flatnonzero(expected["action_mask"][1])[0])])
    assert data_equivalence(after, stepped, exact=True)
    with pytest.raises(BadOption, match="seed takes a whole number from 0 to "):
        envs.reset(seed=-1)
    with pytest.raises(BadOption, match="seed takes one seed a game: 3 for 2"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(BadOption, match=r"for self-play use tcglab\.rl\.game_pool"):
        PoolVector("ps", 2, self_play=True)
    envs.close()
    again.close()


def test_gymnasiums_vector_wrappers_see_every_episode():
    """RecordEpisodeStatistics, as learning scripts wrap a vector: each game's end shows
    its return (+1 or -1 against one opponent) and its length, the learner's decisions
    in that game as counted here."""
    envs = gym.make_vec("tcglab/ps-v0", 4, workers=2, opponent="random")
    envs = gym.wrappers.vector.RecordEpisodeStatistics(envs)
    rng = np.random.default_rng(0)
    obs, _ = envs.reset(seed=1)
    returns, lengths, counted, decisions = [], [], [], np.zeros(4, int)
    for _ in range(400):
        legal = [np.flatnonzero(mask) for mask in obs["action_mask"]]
        decisions += [len(ok) > 0 for ok in legal]  # not the step that deals the next game
        actions = np.array([rng.choice(ok) if len(ok) else 0 for ok in legal])
        obs, _, done, _, info = envs.step(actions)
        counted += decisions[done].tolist()
        decisions[done] = 0
        if "episode" in info:
            returns += info["episode"]["r"][info["_episode"]].tolist()
            lengths += info["episode"]["l"][info["_episode"]].tolist()
    envs.close()
    assert len(counted) >= 10
    assert lengths == counted
    assert set(returns) <= {1.0, -1.0} and len(returns) == len(counted)
