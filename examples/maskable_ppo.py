"""Train a policy with sb3-contrib's MaskablePPO through the Gymnasium environment, then
measure it against tcglab's agents.

The learner is Stable-Baselines3's PPO with invalid actions masked out: a small network
over the observation tensor, the action mask applied to its scores before it draws. Its
games run in several environments at once, the learner's seat taking every seat in
turn, against the agent `--opponent` names.

    python examples/maskable_ppo.py --game pgt --opponent heuristic --minutes 20
    python examples/maskable_ppo.py --game higurashi --players 3 --against random heuristic
    python examples/maskable_ppo.py --steps 256 --games 4     # a smoke run

Needs the rl extra and Stable-Baselines3 (`pip install tcglab[rl,sb3]`; PyTorch comes
with it).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tcglab.engine import TcglabError, get_game
from tcglab.rl import gym_env
from tcglab.rl.extras import need

sys.path.insert(0, str(Path(__file__).parent))  # the options and the report are train_ps.py's
from train_ps import above_zero, check_against, report, training_parser

gym = need("gymnasium")
try:
    import cloudpickle
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
except ImportError as missing:
    sys.exit(
        f"maskable_ppo.py needs {missing.name}, which the sb3 extra installs: "
        "pip install tcglab[rl,sb3]"
    )


class Masked(gym.ObservationWrapper):
    """The environment as MaskablePPO takes it: the tensor as the observation, and the
    mask of the decision at hand from `action_masks()`."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]

    def action_masks(self):
        return self.env.unwrapped.mask().astype(bool)


class Greedy:
    """The trained network's most likely legal action, as train_ps.py's `report` asks."""

    def __init__(self, model) -> None:
        self.model = model

    def best(self, obs) -> int:
        mask = obs["action_mask"].astype(bool)
        action, _ = self.model.predict(obs["observation"], action_masks=mask, deterministic=True)
        return int(action)


def environments(game: str, players: int, args):
    """`args.envs` environments, seats taken in turn; in worker processes with
    `--workers`."""

    def build(seat: int):
        return lambda: Masked(gym_env(game, opponent=args.opponent, seat=seat, players=players))

    builders = [build(n % players) for n in range(args.envs)]
    if args.workers:
        # The workers rebuild Masked from this file itself, under whatever name it was
        # loaded (a script is __main__, and Python cannot import it by that name).
        cloudpickle.register_pickle_by_value(sys.modules[__name__])
        return SubprocVecEnv(builders, start_method="forkserver")
    return DummyVecEnv(builders)


class Budget(BaseCallback):
    """Counts the games played and stops learning when the minutes run out."""

    def __init__(self, minutes: float) -> None:
        super().__init__()
        self.stop = time.monotonic() + 60 * minutes
        self.games = 0

    def _on_step(self) -> bool:
        self.games += int(self.locals["dones"].sum())
        return time.monotonic() < self.stop


def main(argv=None) -> dict:
    parser = training_parser(__doc__.split("\n\n")[0])
    parser.set_defaults(minutes=10.0, rate=3e-4)
    parser.add_argument("--game", default="pgt", help="the game: higurashi, pgt, pm or ps")
    parser.add_argument(
        "--players", type=above_zero(int), default=None, help="seats (the game's default)"
    )
    parser.add_argument(
        "--opponent", default="heuristic", metavar="SPEC", help="the agent trained against"
    )
    parser.add_argument(
        "--envs", type=above_zero(int), default=8, help="environments stepped together"
    )
    parser.add_argument(
        "--workers", action="store_true", help="each environment in its own process"
    )
    args = parser.parse_args(argv)
    try:  # a bad game, seat count or agent is said before any training
        game = get_game(args.game)
        players = game.check_players(args.players)
    except TcglabError as bad:
        parser.error(str(bad))
    check_against(parser, game, [args.opponent], "--opponent")
    check_against(parser, game, args.against)
    torch.set_num_threads(1)  # the network is small: more threads only contend with the games

    started = time.monotonic()
    envs = environments(args.game, players, args)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        learning_rate=args.rate,
        n_steps=max(1024 // args.envs, 16),  # about 1,024 decisions a rollout
        batch_size=256,
        n_epochs=4,
        gamma=1.0,  # the only reward is the game's result
        seed=args.seed,
        verbose=0,
    )
    budget = Budget(args.minutes)
    model.learn(args.steps or 10**12, callback=budget)
    envs.close()
    return report(
        Greedy(model), budget.games, model.num_timesteps, started, args, args.game, players
    )


if __name__ == "__main__":
    main()
