"""Train a policy for any tcglab game by self-play through a pool of games, with numpy
alone, then measure it against tcglab agents it never met in training (`random` by
default, `--against random heuristic` for more).

The policy is train_ps.py's (a linear score per action, softmax over the legal ones),
and plays every seat of every game (`game_pool(game, ..., self_play=True)`). Each seat's
decisions of a game form one trajectory; when the game ends, REINFORCE raises the
probability of that seat's actions by its result less a running baseline of the seat.

    python examples/selfplay.py                     # Princess Scramble: 5 minutes, then 500 games
    python examples/selfplay.py --game higurashi --players 3 --against random heuristic
    python examples/selfplay.py --workers 2         # the games played in two processes
    python examples/selfplay.py --steps 300 --games 4   # a smoke run

Needs the rl extra (`pip install tcglab[rl]`).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from tcglab.engine import TcglabError, get_game
from tcglab.rl import game_pool

sys.path.insert(0, str(Path(__file__).parent))  # the policy is train_ps.py's

from train_ps import LinearPolicy, above_zero, check_against, report, training_parser


def train(game: str, players: int, args):
    """Self-play until the time or step budget is spent; returns the policy and counts."""
    games = args.pool
    with game_pool(
        game, games, workers=args.workers, seed=args.seed, self_play=True, players=players
    ) as pool:
        size = pool.observation_space["observation"].shape[0]
        policy = LinearPolicy(pool.action_space.n, size, args.seed)
        trajectories = defaultdict(list)  # (game, seat) -> [(tensor, mask, action)]
        baselines = [0.0] * players
        finished, steps_taken = 0, 0
        obs, info = pool.reset()
        rewards, done = np.zeros((games, players)), np.zeros(games, bool)
        stop = time.monotonic() + 60 * args.minutes
        while time.monotonic() < stop and (args.steps is None or steps_taken < args.steps):
            actions = []
            for row, (game_id, seat) in enumerate(zip(info["env_id"], info["seat"], strict=True)):
                if done[row]:  # every seat of the game learns from its result
                    for s in range(players):
                        reward = float(rewards[row, s])
                        steps = trajectories.pop((game_id, s), [])
                        policy.learn(steps, reward - baselines[s], args.rate)
                        baselines[s] += 0.02 * (reward - baselines[s])
                    finished += 1
                    actions.append(0)  # any action: the pool deals the next game
                    continue
                x, mask = obs["observation"][row], obs["action_mask"][row]
                action = policy.sample({"observation": x, "action_mask": mask})
                trajectories[(game_id, seat)].append((x, mask, action))
                actions.append(action)
                steps_taken += 1
            obs, rewards, done, _, info = pool.step(actions)
    return policy, finished, steps_taken


def main(argv=None) -> dict:
    parser = training_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ps", help="a game id (higurashi, pgt, pm, ps)")
    parser.add_argument("--players", type=above_zero(int), default=None, help="seats a game")
    parser.add_argument(
        "--pool", type=above_zero(int), default=8, help="games played at once in training"
    )
    parser.add_argument(
        "--workers", type=int, default=0, help="worker processes of the pool (0: this one)"
    )
    args = parser.parse_args(argv)
    if not 0 <= args.workers <= args.pool:
        parser.error(f"--workers takes a whole number from 0 to --pool ({args.pool})")
    try:  # a bad game, seat count or agent is said before any training
        game = get_game(args.game)
        players = game.check_players(args.players)
    except TcglabError as bad:
        parser.error(str(bad))
    check_against(parser, game, args.against)
    started = time.monotonic()
    policy, games, steps = train(game.id, players, args)
    return report(policy, games, steps, started, args, game.id, players)


if __name__ == "__main__":
    main()
