"""Train a Princess Scramble policy through the Gymnasium environment, with numpy alone,
then measure it against tcglab's `random` agent (`--against` names others).

The policy is linear: a score per action from the observation tensor, softmax over the
legal actions (the action mask). It learns by REINFORCE with a running-mean baseline
from the end-of-game reward, playing both seats against `random`.

    python examples/train_ps.py                   # 5 minutes of training, then 500 games
    python examples/train_ps.py --minutes 2 --games 100 --against random heuristic
    python examples/train_ps.py --steps 300 --games 4   # a smoke run

Needs the rl extra (`pip install tcglab[rl]`).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from tcglab.agents.specs import make_agent
from tcglab.engine import TcglabError, get_game
from tcglab.rl import gym_env


class LinearPolicy:
    """Action scores W @ x + b, softmax over the legal actions."""

    def __init__(self, actions: int, size: int, seed: int) -> None:
        self.w = np.zeros((actions, size), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.rng = np.random.default_rng(seed)

    def probabilities(self, x, mask):
        legal = np.flatnonzero(mask)
        scores = self.w[legal] @ x + self.b[legal]
        scores = np.exp(scores - scores.max())
        return legal, scores / scores.sum()

    def sample(self, obs) -> int:
        legal, p = self.probabilities(obs["observation"], obs["action_mask"])
        return int(self.rng.choice(legal, p=p))

    def best(self, obs) -> int:
        legal, p = self.probabilities(obs["observation"], obs["action_mask"])
        return int(legal[np.argmax(p)])

    def learn(self, steps, advantage: float, rate: float) -> None:
        """REINFORCE: raise the log-probability of every action taken, by the advantage."""
        for x, mask, action in steps:
            legal, p = self.probabilities(x, mask)
            grad = -p
            grad[np.flatnonzero(legal == action)[0]] += 1.0
            step = rate * advantage * grad
            self.w[legal] += np.outer(step, x)
            self.b[legal] += step


def play(env, policy, seed: int, choose) -> tuple[float, list]:
    obs, _ = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    while not done:
        action = choose(obs)
        steps.append((obs["observation"], obs["action_mask"], action))
        obs, reward, done, _, _ = env.step(action)
    return reward, steps


def train(minutes: float, max_steps: int | None, seed: int, rate: float):
    envs = [gym_env("ps", opponent="random", seat=seat) for seat in (0, 1)]
    spaces = envs[0].spaces
    policy = LinearPolicy(spaces.num_actions, spaces.size, seed)
    baseline, games, steps_taken = 0.0, 0, 0
    stop = time.monotonic() + 60 * minutes
    while time.monotonic() < stop and (max_steps is None or steps_taken < max_steps):
        env = envs[games % 2]
        reward, steps = play(env, policy, seed * 1_000_003 + games, policy.sample)
        policy.learn(steps, reward - baseline, rate)
        baseline += 0.02 * (reward - baseline)
        games += 1
        steps_taken += len(steps)
    return policy, games, steps_taken


def evaluate(policy, envs, games: int, seed: int) -> dict:
    """Play `games` games with the greedy policy, cycling through `envs` (one a seat);
    a game won or shared counts as a win."""
    wins = 0
    for n in range(games):
        reward, _ = play(envs[n % len(envs)], policy, 10**9 + seed * 7919 + n, policy.best)
        wins += reward > 0
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "fair_share": round(1 / len(envs), 3),
    }


def above_zero(kind: type):
    """An argparse type: a number of `kind` (int or float) above 0, else a one-line error."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not 0 < value < float("inf"):
            what = "whole number" if kind is int else "number"
            raise argparse.ArgumentTypeError(f"expected a {what} above 0, not {text!r}")
        return value

    return parse


def training_parser(description: str) -> argparse.ArgumentParser:
    """The options every training example takes: its budget, evaluation, seed and rate."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--minutes", type=above_zero(float), default=5.0, help="minutes of training, above 0"
    )
    parser.add_argument(
        "--steps", type=above_zero(int), default=None, help="stop after this many steps"
    )
    parser.add_argument(
        "--games", type=above_zero(int), default=500, help="evaluation games an agent, 1 or more"
    )
    parser.add_argument(
        "--against",
        nargs="+",
        default=["random"],
        metavar="SPEC",
        help="the agents the trained policy is measured against (random heuristic ...)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=above_zero(float), default=0.01, help="learning rate")
    return parser


def check_against(parser, game, specs, option: str = "--against") -> None:
    """Stop with a one-line error, before any training, if an agent spec is bad."""
    for spec in specs:
        try:
            make_agent(spec, game, 0)
        except TcglabError as bad:
            parser.error(f"argument {option}: {bad}")


def report(policy, games: int, steps: int, started: float, args, game="ps", players=None):
    """Measure the trained policy against each agent of `args.against`, its seat taking
    every seat in turn; print and return it."""
    trained = time.monotonic() - started
    result = {
        "game": game,
        "training_games": games,
        "training_steps": steps,
        "training_seconds": round(trained, 1),
    }
    seats = get_game(game).check_players(players)
    for spec in args.against:
        judges = [gym_env(game, opponent=spec, seat=s, players=seats) for s in range(seats)]
        result[f"vs_{spec}"] = evaluate(policy, judges, args.games, args.seed)
    print(json.dumps(result))
    return result


def main(argv=None) -> dict:
    parser = training_parser(__doc__.split("\n\n")[0])
    args = parser.parse_args(argv)
    check_against(parser, get_game("ps"), args.against)
    started = time.monotonic()
    policy, games, steps = train(args.minutes, args.steps, args.seed, args.rate)
    return report(policy, games, steps, started, args)


if __name__ == "__main__":
    main()
