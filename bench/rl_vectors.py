"""Vectors of games: the learner's steps a second through `gymnasium.make_vec`, with the
games in this process ("sync") and in a worker process each ("async").

Not a test: it measures and prints. Every game is played by its learner seat with
uniformly random legal actions (from each game's mask) against `--opponent` agents;
a vector step is one action in every game. Timed by the wall clock (worker processes
work beside this one), so run it on an idle machine.

    python bench/rl_vectors.py [--game ps] [--opponent random] [--envs 2 8] [--seconds 8]
        [--json]

Needs the rl extra (`pip install tcglab[rl]`).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from tcglab.rl import register_gymnasium

MODES = ("sync", "async")


def learner_steps(game_id: str, opponent: str, envs: int, mode: str, seconds: float) -> float:
    """The learner's steps a second over all `envs` games of one vector."""
    import gymnasium

    from tcglab.rl.single import env_id

    register_gymnasium()
    vector = gymnasium.make_vec(
        env_id(game_id), num_envs=envs, vectorization_mode=mode, opponent=opponent
    )
    try:
        obs, _ = vector.reset(seed=list(range(envs)))
        rng, steps = np.random.default_rng(0), 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            # a game that has just ended has no legal index; its action is ignored
            masks = obs["action_mask"]
            actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
            obs, *_ = vector.step(np.array(actions))
            steps += envs
        return steps / (time.perf_counter() - start)
    finally:
        vector.close()


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ps", help="a game id")
    parser.add_argument("--opponent", default="random", help="an agent spec for the other seats")
    parser.add_argument("--envs", type=int, nargs="+", default=[2, 8], help="games a vector")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds a measurement")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if min(args.envs) < 1 or args.seconds <= 0:
        parser.error("--envs takes whole numbers >= 1 and --seconds a positive number")
    rows = []
    for envs in args.envs:
        rates = {m: learner_steps(args.game, args.opponent, envs, m, args.seconds) for m in MODES}
        rows.append(
            {
                "game": args.game,
                "opponent": args.opponent,
                "envs": envs,
                **{f"{mode}_steps_s": round(rate, 1) for mode, rate in rates.items()},
                "async_vs_sync": round(rates["async"] / rates["sync"], 2),
            }
        )
    if args.json:
        print(json.dumps(rows))
        return rows
    print("| game | opponent | games a vector | sync steps/s | async steps/s | async / sync |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for row in rows:
        print(
            f"| {row['game']} | {row['opponent']} | {row['envs']} | {row['sync_steps_s']:,.1f}"
            f" | {row['async_steps_s']:,.1f} | {row['async_vs_sync']:.2f} |"
        )
    return rows


if __name__ == "__main__":
    main()
