"""Vectors of games: the learner's steps a second through `gymnasium.make_vec`, with the
games in this process ("sync") and in a worker process each ("async"), and through a
pool of games (`tcglab.rl.game_pool`) that hands back whichever half of its games is
ready first, played in `--workers` processes ("pool"). With `--opponent self` the
learner plays every seat: one AEC environment in this process ("aec"), and the pool in
self-play with its games in this process ("pool, here") and in workers ("pool").

Not a test: it measures and prints. Every game is played by its learner seat with
uniformly random legal actions (from each game's mask) against `--opponent` agents;
a vector step is one action in every game, a pool's one in each game it returned.
Timed by the wall clock (worker processes work beside this one), so run it on an idle
machine.

    python bench/rl_vectors.py [--game ps] [--opponent random] [--envs 2 8] [--seconds 8]
        [--workers N] [--json]

Needs the rl extra (`pip install tcglab[rl]`).
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from tcglab.rl import aec_env, game_pool, register_gymnasium

MODES = ("sync", "async")  # Gymnasium's vectors; the pool is measured beside them


def legal_actions(masks, rng) -> list:
    """A random legal index for every game (any index where a game has just ended: it is
    ignored and a new game dealt)."""
    return [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]


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
            obs, *_ = vector.step(np.array(legal_actions(obs["action_mask"], rng)))
            steps += envs
        return steps / (time.perf_counter() - start)
    finally:
        vector.close()


def aec_steps(game_id: str, seconds: float) -> float:
    """Steps a second of one AEC environment, every seat played by random legal actions."""
    env, rng, steps, games = aec_env(game_id), np.random.default_rng(0), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        games += 1
        for _agent in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            env.step(int(legal_actions([obs["action_mask"]], rng)[0]))
            steps += 1
    return steps / (time.perf_counter() - start)


def pool_steps(
    game_id: str, opponent: str, envs: int, seconds: float, workers: int
) -> tuple[float, float]:
    """The learner's steps a second through a pool of `envs` games in `workers` processes,
    half of them handed back at a time, and the processor time the learner's process
    spent a step (microseconds; with the games in workers, what bounds the pool's speed
    however many cores it has)."""
    against = {"self_play": True} if opponent == "self" else {"opponent": opponent}
    with game_pool(
        game_id, envs, batch_size=max(1, envs // 2), workers=min(workers, envs), **against
    ) as pool:
        pool.async_reset()
        rng, steps = np.random.default_rng(0), 0
        start, processor = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            obs, *_, info = pool.recv()
            pool.send(legal_actions(obs["action_mask"], rng), info["env_id"])
            steps += len(info["env_id"])
        rate = steps / (time.perf_counter() - start)
        return rate, (time.process_time() - processor) / steps * 1e6


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ps", help="a game id")
    parser.add_argument(
        "--opponent",
        default="random",
        help="an agent spec for the other seats, or self: the learner plays every seat",
    )
    parser.add_argument("--envs", type=int, nargs="+", default=[2, 8], help="games a vector")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds a measurement")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="the pool's worker processes (0: its games in this process)",
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if min(args.envs) < 1 or args.seconds <= 0 or args.workers < 0:
        parser.error(
            "--envs takes whole numbers >= 1, --workers >= 0 and --seconds a positive number"
        )
    if args.opponent == "self":
        return self_play_rows(args)
    rows = []
    for envs in args.envs:
        rates = {m: learner_steps(args.game, args.opponent, envs, m, args.seconds) for m in MODES}
        workers = min(args.workers, envs)
        rates["pool"], learner_us = pool_steps(
            args.game, args.opponent, envs, args.seconds, workers
        )
        rows.append(
            {
                "game": args.game,
                "opponent": args.opponent,
                "envs": envs,
                "workers": workers,
                **{f"{mode}_steps_s": round(rate, 1) for mode, rate in rates.items()},
                "async_vs_sync": round(rates["async"] / rates["sync"], 2),
                "pool_vs_sync": round(rates["pool"] / rates["sync"], 2),
                "pool_learner_us": round(learner_us, 1),
            }
        )
    if args.json:
        print(json.dumps(rows))
        return rows
    print(
        "| game | opponent | games | sync steps/s | async steps/s | pool steps/s (workers)"
        " | async / sync | pool / sync | pool: learner's process, us a step |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        print(
            f"| {row['game']} | {row['opponent']} | {row['envs']} | {row['sync_steps_s']:,.1f}"
            f" | {row['async_steps_s']:,.1f} | {row['pool_steps_s']:,.1f} ({row['workers']})"
            f" | {row['async_vs_sync']:.2f} | {row['pool_vs_sync']:.2f}"
            f" | {row['pool_learner_us']:.1f} |"
        )
    return rows


def self_play_rows(args) -> list[dict]:
    """The learner at every seat: one AEC environment against the pool in self-play."""
    aec = aec_steps(args.game, args.seconds)
    rows = []
    for envs in args.envs:
        here, _ = pool_steps(args.game, "self", envs, args.seconds, 0)
        workers = min(args.workers, envs)
        there, learner_us = pool_steps(args.game, "self", envs, args.seconds, workers)
        rows.append(
            {
                "game": args.game,
                "envs": envs,
                "workers": workers,
                "aec_steps_s": round(aec, 1),
                "pool_here_steps_s": round(here, 1),
                "pool_steps_s": round(there, 1),
                "pool_learner_us": round(learner_us, 1),
            }
        )
    if args.json:
        print(json.dumps(rows))
        return rows
    print(
        "| game | games | one AEC env steps/s | pool, here, steps/s | pool steps/s (workers)"
        " | pool: learner's process, us a step |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        print(
            f"| {row['game']} | {row['envs']} | {row['aec_steps_s']:,.1f}"
            f" | {row['pool_here_steps_s']:,.1f} | {row['pool_steps_s']:,.1f} ({row['workers']})"
            f" | {row['pool_learner_us']:.1f} |"
        )
    return rows


if __name__ == "__main__":
    main()
