"""AEC environment speed: steps a second of every tcglab game's PettingZoo environment
against PettingZoo's own card games (texas_holdem_v4 and leduc_holdem_v4, through
rlcard) in the same run, and the bare engine's random actions a second, so that the
wrapper's own cost shows; the share the wrapper would still take if writing the
observation tensor cost nothing; and, in microseconds, what the tensor costs a step and
the room the aim (a wrapper share of at most 30%) leaves it.

Not a test: it measures and prints. Every environment is played by uniformly random
legal actions (from the action mask), each step reading the mover's observation and
mask, as a learner would. Each figure is the median of several runs on one core,
timed by this process's CPU time, so that other work on a shared machine does not
count (on an idle machine it is the wall time).

    python bench/rl_envs.py [--seconds S] [--runs R] [--game G ...] [--json]

Needs the rl extra (`pip install tcglab[rl]`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numpy as np

from tcglab.engine import get_game
from tcglab.engine.rng import Rng
from tcglab.rl import aec_env

TABLES = (("higurashi", 3), ("pgt", 2), ("pm", 2), ("ps", 2))


def aec_steps(make, seconds: float, seed: int) -> float:
    """Steps a second of an AEC environment under masked random play."""
    env = make()
    pick = random.Random(seed)
    steps, games = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed + games)
        games += 1
        for _agent in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            # A learner's own work, counted here: reading the mask costs 1 to 3 us a step
            # (more for Precious Memories' 1,125 indices), where the bare engine's draw
            # from its list costs about 0.5 us.
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[pick.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def without_tensor(game_id: str, players: int):
    """The game's AEC environment with a tensor that costs nothing (one zero array handed
    out at every step): what a step costs besides writing the observation."""
    env = aec_env(game_id, players=players)
    zeros = np.zeros(env.spaces.size, np.float32)
    env.spaces.state_tensor = lambda state, seat: zeros  # this environment's own Spaces
    return env


def engine_actions(game_id: str, players: int, seconds: float, seed: int) -> float:
    """The bare engine's random actions a second, with no wrapper."""
    game = get_game(game_id)
    actions, games = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(seed + games, players)
        rng = Rng(seed + games)
        games += 1
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)


def tensor_room_us(engine: float, without_tensor: float, aim: float = 0.30) -> float:
    """The microseconds a step's tensor may cost for the wrapper's share to stay within
    `aim`, from the engine's actions a second and the steps a second without the
    tensor: a step may take 1 / (1 - aim) engine actions, and all of it but the tensor
    is spent already (negative: the aim is out of reach whatever the tensor costs)."""
    allowed = 1e6 / engine / (1 - aim)
    return allowed - 1e6 / without_tensor


def median(runs: int, measure) -> float:
    return statistics.median(measure(run) for run in range(runs))


def main(argv=None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds a measurement")
    parser.add_argument("--runs", type=int, default=3, help="runs a figure (the median)")
    parser.add_argument(
        "--game", action="append", help="only this tcglab game (repeatable; the anchors always run)"
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

    s, runs = args.seconds, args.runs
    texas = median(runs, lambda r: aec_steps(texas_holdem_v4.env, s, r))
    leduc = median(runs, lambda r: aec_steps(leduc_holdem_v4.env, s, r))
    rows = [
        {"env": "texas_holdem_v4", "players": 2, "aec_steps_s": round(texas)},
        {"env": "leduc_holdem_v4", "players": 2, "aec_steps_s": round(leduc)},
    ]
    for game_id, players in TABLES:
        if args.game and game_id not in args.game:
            continue
        steps = median(
            runs, lambda r, g=game_id, p=players: aec_steps(lambda: aec_env(g, players=p), s, r)
        )
        bare = median(runs, lambda r, g=game_id, p=players: engine_actions(g, p, s, r))
        free = median(
            runs, lambda r, g=game_id, p=players: aec_steps(lambda: without_tensor(g, p), s, r)
        )
        rows.append(
            {
                "env": f"tcglab {game_id}",
                "players": players,
                "aec_steps_s": round(steps),
                "vs_texas": round(steps / texas, 2),
                "vs_leduc": round(steps / leduc, 2),
                "engine_actions_s": round(bare),
                "wrapper_share": round(1 - steps / bare, 2),
                "share_without_tensor": round(1 - free / bare, 2),
                "tensor_us": round(1e6 / steps - 1e6 / free, 1),
                "tensor_room_us": round(tensor_room_us(bare, free), 1),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(
            f"{'environment':<18}{'players':>8}{'AEC steps/s':>13}{'vs texas':>10}"
            f"{'vs leduc':>10}{'engine actions/s':>18}{'wrapper share':>15}"
            f"{'without tensor':>16}{'tensor us':>11}{'room us':>9}"
        )
        for row in rows:
            extra = ""
            if "vs_texas" in row:
                extra = (
                    f"{row['vs_texas']:>10.2f}{row['vs_leduc']:>10.2f}"
                    f"{row['engine_actions_s']:>18,}{row['wrapper_share']:>15.0%}"
                    f"{row['share_without_tensor']:>16.0%}"
                    f"{row['tensor_us']:>11.1f}{row['tensor_room_us']:>9.1f}"
                )
            print(f"{row['env']:<18}{row['players']:>8}{row['aec_steps_s']:>13,}{extra}")
    return rows


if __name__ == "__main__":
    main()
