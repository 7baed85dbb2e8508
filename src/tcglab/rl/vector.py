"""A pool of games as a Gymnasium vector environment, for learners written against
Gymnasium's vectors (`gymnasium.make_vec("tcglab/ps-v0", num_envs=8, workers=2)`).

It steps every game at once, as `SyncVectorEnv` and `AsyncVectorEnv` do, and plays each
game exactly as they would (game i is dealt from `seed + i`; the step after an end deals
the game's next one, Gymnasium's next-step autoreset), but through a pool of games
(`tcglab.rl.pool`): with `workers` the games are played in that many processes, each
holding many games and exchanging fixed-width records with this one, where Gymnasium's
own vector in processes holds one game a process and exchanges a pickled message with
each at every step. Rows are in the games' order; `infos["seat"]` is the seat each row
shows.
"""

from __future__ import annotations

from tcglab.engine import BadOption
from tcglab.rl.extras import need
from tcglab.rl.pool import GamePool

np = need("numpy")
gym = need("gymnasium")
vector = need("gymnasium.vector")
batch_space = need("gymnasium.vector.utils").batch_space


class PoolVector(vector.VectorEnv):
    """`num_envs` games of one learner seat in `workers` processes (0: this one); the
    other keyword arguments are `gym_env`'s (opponent, seat, players, options, decks)."""

    metadata = {"autoreset_mode": vector.AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, game_id, num_envs=1, workers=0, **env_kwargs):
        if "self_play" in env_kwargs:
            raise BadOption("a vector has one reward a game; for self-play use tcglab.rl.game_pool")
        self.pool = GamePool(game_id, num_envs, workers=workers, **env_kwargs)
        self.num_envs = num_envs
        self.single_observation_space = self.pool.observation_space
        self.single_action_space = self.pool.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._games = list(range(num_envs))

    def reset(self, *, seed=None, options=None):
        """Deal every game: game i from `seed + i`, or from `seed[i]` given a list of
        seeds (None in it, or no seed at all: the game's next deal)."""
        self.pool.async_reset([None] * self.num_envs if seed is None else seed)
        observations, *_, infos = self._in_order()
        return observations, infos

    def step(self, actions):
        """One action a game, in the games' order."""
        self.pool.send(actions, self._games)
        return self._in_order()

    def close_extras(self, **kwargs):
        self.pool.close()

    def _in_order(self):
        observations, rewards, terminated, truncated, info = self.pool.recv()
        order = np.argsort(info["env_id"])
        seats = info["seat"][order]
        return (
            {name: rows[order] for name, rows in observations.items()},
            rewards[order].astype(np.float64),
            terminated[order],
            truncated[order],
            {"seat": seats, "_seat": np.ones(len(seats), bool)},
        )
