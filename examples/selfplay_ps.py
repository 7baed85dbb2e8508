"""Train a Princess Scramble policy by self-play through a pool of games, with numpy
alone, then measure it against tcglab's `random` agent, which it never met in training.

The policy is train_ps.py's (a linear score per action, softmax over the legal ones),
and plays both seats of every game (`game_pool(..., self_play=True)`). Each seat's
decisions of a game form one trajectory; when the game ends, REINFORCE raises the
probability of that seat's actions by its result less a running baseline of the seat.

    python examples/selfplay_ps.py                  # 5 minutes of self-play, then 500 games
    python examples/selfplay_ps.py --workers 2      # the games played in two processes
    python examples/selfplay_ps.py --steps 300 --games 4   # a smoke run

Needs the rl extra (`pip install tcglab[rl]`).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from tcglab.rl import game_pool

sys.path.insert(0, str(Path(__file__).parent))  # the policy is train_ps.py's

from train_ps import LinearPolicy, above_zero, report, training_parser

SEATS = 2


def train(minutes: float, max_steps: int | None, seed: int, rate: float, games: int, workers):
    """Self-play until the time or step budget is spent; returns the policy and counts."""
    with game_pool("ps", games, workers=workers, seed=seed, self_play=True) as pool:
        policy = LinearPolicy(
            pool.action_space.n, pool.observation_space["observation"].shape[0], seed
        )
        trajectories = defaultdict(list)  # (game, seat) -> [(tensor, mask, action)]
        baselines = [0.0] * SEATS
        finished, steps_taken = 0, 0
        obs, info = pool.reset()
        rewards, done = np.zeros((games, SEATS)), np.zeros(games, bool)
        stop = time.monotonic() + 60 * minutes
        while time.monotonic() < stop and (max_steps is None or steps_taken < max_steps):
            actions = []
            for row, (game, seat) in enumerate(zip(info["env_id"], info["seat"], strict=True)):
                if done[row]:  # every seat of the game learns from its result
                    for s in range(SEATS):
                        reward = float(rewards[row, s])
                        policy.learn(trajectories.pop((game, s), []), reward - baselines[s], rate)
                        baselines[s] += 0.02 * (reward - baselines[s])
                    finished += 1
                    actions.append(0)  # any action: the pool deals the next game
                    continue
                x, mask = obs["observation"][row], obs["action_mask"][row]
                action = policy.sample({"observation": x, "action_mask": mask})
                trajectories[(game, seat)].append((x, mask, action))
                actions.append(action)
                steps_taken += 1
            obs, rewards, done, _, info = pool.step(actions)
    return policy, finished, steps_taken


def main(argv=None) -> dict:
    parser = training_parser(__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pool", type=above_zero(int), default=8, help="games played at once in training"
    )
    parser.add_argument(
        "--workers", type=int, default=0, help="worker processes of the pool (0: this one)"
    )
    args = parser.parse_args(argv)
    if not 0 <= args.workers <= args.pool:
        parser.error(f"--workers takes a whole number from 0 to --pool ({args.pool})")
    started = time.monotonic()
    policy, games, steps = train(
        args.minutes, args.steps, args.seed, args.rate, args.pool, args.workers
    )
    return report(policy, games, steps, started, args)


if __name__ == "__main__":
    main()
