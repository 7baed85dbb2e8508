"""Vectors of games: the learner's steps a second through `gymnasium.make_vec`, with the
games in this process ("sync") and in a worker process each ("async") and as a pool of
games in `--workers` processes stepped all at once (make_vec's default for tcglab,
"vector"), and through a pool of games (`tcglab.rl.game_pool`) that hands back
whichever half of its games is ready first, in as many processes ("pool"). With
`--opponent self` the learner plays every seat: one AEC environment in this process
("aec"), and the pool in self-play with its games in this process ("pool, here") and in
workers ("pool").

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
import random
import sys
import time
from pathlib import Path

import numpy as np

from tcglab.rl import aec_env, game_pool, register_gymnasium

sys.path.insert(0, str(Path(__file__).parent))

from rl_envs import aec_steps

MODES = ("sync", "async", "vector")  # make_vec's; the pool is measured beside them
LEARNER_US = "pool: learner's process, us a step"


def legal_actions(masks, pick: random.Random) -> list:
    """A random legal index for every game (any index where a game has just ended: it is
    ignored and a new game dealt)."""
    # drawn as bench/rl_envs.py draws for one AEC environment, so that the learner's own
    # cost is alike in every row
    return [
        int(legal[pick.randrange(len(legal))]) if len(legal := m.nonzero()[0]) else 0 for m in masks
    ]


def learner_steps(
    game_id: str, opponent: str, envs: int, mode: str, seconds: float, workers: int
) -> float:
    """The learner's steps a second over all `envs` games of one vector."""
    import gymnasium

    from tcglab.rl.single import env_id

    register_gymnasium()
    how = {"workers": workers} if mode == "vector" else {"vectorization_mode": mode}
    vector = gymnasium.make_vec(env_id(game_id), num_envs=envs, opponent=opponent, **how)
    try:
        obs, _ = vector.reset(seed=list(range(envs)))
        pick, steps = random.Random(0), 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            obs, *_ = vector.step(np.array(legal_actions(obs["action_mask"], pick)))
            steps += envs
        return steps / (time.perf_counter() - start)
    finally:
        vector.close()


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
        pick, steps = random.Random(0), 0
        start, processor = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            obs, *_, info = pool.recv()
            pool.send(legal_actions(obs["action_mask"], pick), info["env_id"])
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
        workers = min(args.workers, envs)
        rates = {
            m: learner_steps(args.game, args.opponent, envs, m, args.seconds, workers)
            for m in MODES
        }
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
                "vector_vs_sync": round(rates["vector"] / rates["sync"], 2),
                "pool_vs_sync": round(rates["pool"] / rates["sync"], 2),
                "pool_learner_us": round(learner_us, 1),
            }
        )
    columns = [
        ("game", "{game}"),
        ("opponent", "{opponent}"),
        ("games", "{envs}"),
        ("sync steps/s", "{sync_steps_s:,.1f}"),
        ("async steps/s", "{async_steps_s:,.1f}"),
        ("vector steps/s", "{vector_steps_s:,.1f}"),
        ("pool steps/s (workers)", "{pool_steps_s:,.1f} ({workers})"),
        ("async / sync", "{async_vs_sync:.2f}"),
        ("vector / sync", "{vector_vs_sync:.2f}"),
        ("pool / sync", "{pool_vs_sync:.2f}"),
        (LEARNER_US, "{pool_learner_us:.1f}"),
    ]
    return show(rows, columns, args.json)


def self_play_rows(args) -> list[dict]:
    """The learner at every seat: one AEC environment (one process, timed by its processor
    time as bench/rl_envs.py times it) against the pool in self-play."""
    aec = aec_steps(lambda: aec_env(args.game), args.seconds, 0)
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
    columns = [
        ("game", "{game}"),
        ("games", "{envs}"),
        ("one AEC env steps/s", "{aec_steps_s:,.1f}"),
        ("pool, here, steps/s", "{pool_here_steps_s:,.1f}"),
        ("pool steps/s (workers)", "{pool_steps_s:,.1f} ({workers})"),
        (LEARNER_US, "{pool_learner_us:.1f}"),
    ]
    return show(rows, columns, args.json)


def show(rows: list[dict], columns: list[tuple[str, str]], as_json: bool) -> list[dict]:
    """Print the rows as JSON, or as a Markdown table of `columns` (header, format)."""
    if as_json:
        print(json.dumps(rows))
        return rows
    print("| " + " | ".join(header for header, _ in columns) + " |")
    text = {"game", "opponent"}  # left-aligned; the numbers right
    print("| " + " | ".join("---" if h in text else "---:" for h, _ in columns) + " |")
    for row in rows:
        print("| " + " | ".join(form.format(**row) for _, form in columns) + " |")
    return rows


if __name__ == "__main__":
    main()
