"""The four games for learning agents: fixed action spaces with masks, observation
tensors, and adapters to PettingZoo (AEC), Gymnasium (one seat against tcglab agents)
and OpenSpiel, and a pool of games in worker processes (EnvPool's send and recv, one
seat or self-play; as a Gymnasium vector, what `gymnasium.make_vec` builds). See
docs/rl.md.

Importing this package needs nothing beyond tcglab; each adapter imports the packages
of the `rl` extra when it is built (`pip install tcglab[rl]`), and says so in one line
when they are missing.
"""

from __future__ import annotations


def aec_env(game_id, players=None, options=None, decks=None, render_mode=None):
    """The game as a PettingZoo AEC environment, one agent per seat."""
    from tcglab.rl.aec import aec_env

    return aec_env(game_id, players, options, decks, render_mode)


def gym_env(game_id, *args, **kwargs):
    """The game as a Gymnasium environment for one seat; tcglab agents (by spec) play
    the others. It takes what `tcglab.rl.single.TcglabGym` takes: opponent="heuristic",
    seat=0, players=None, options=None, decks=None, render_mode=None, illegal="raise"
    (docs/rl.md)."""
    from tcglab.rl.single import TcglabGym

    return TcglabGym(game_id, *args, **kwargs)


def game_pool(game_id, num_envs, batch_size=None, workers=0, seed=0, self_play=False, **env_kwargs):
    """Many games of one seat against tcglab agents, or with `self_play=True` of every
    seat, each handed to the learner as soon as it is ready (EnvPool's `send` and
    `recv`): `tcglab.rl.pool.GamePool`. The keyword arguments are `gym_env`'s (docs/rl.md,
    "A pool of games")."""
    from tcglab.rl.pool import GamePool

    return GamePool(game_id, num_envs, batch_size, workers, seed, self_play, **env_kwargs)


def register_gymnasium() -> list[str]:
    """Register the games with Gymnasium as `tcglab/<game>-v0`, so that
    `gymnasium.make("tcglab/pm-v0", opponent=...)` and `gymnasium.make_vec(...)` build
    them (keyword arguments as `gym_env` takes); returns the ids."""
    from tcglab.rl.single import register

    return register()


def register_openspiel() -> list[str]:
    """Register the games with OpenSpiel as `tcglab_<game>`; returns their names."""
    from tcglab.rl.openspiel import register

    return register()


def game_spaces(game_id):
    """A game's fixed action space, masks and observation tensors (tcglab.rl.spaces)."""
    from tcglab.engine import get_game
    from tcglab.rl.spaces import Spaces

    return Spaces(get_game(game_id))


__all__ = [
    "aec_env",
    "game_pool",
    "game_spaces",
    "gym_env",
    "register_gymnasium",
    "register_openspiel",
]
