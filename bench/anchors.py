"""Playout speed of every tcglab game beside two engines researchers know, in one
process and one run, so the figures are ratios that a noisy, shared machine does not
skew: RLCard's UNO (the anchor, 1.00) and OpenSpiel's Python block dominoes.

Not a test: it measures and prints. Every subject plays uniformly random legal actions
until its game ends (OpenSpiel's chance outcomes are drawn by their probabilities and
count as actions, as they are steps of its state), for the same seconds per round;
rounds take the subjects in turn and each figure is the median over rounds. One core.
Every subject is timed by this process's CPU time, as bench/rl_envs.py times the
tcglab games, so that other work on a shared machine counts for none of them (on an
idle machine it is the wall time).

    python bench/anchors.py [--seconds S] [--rounds R] [--json]

Needs the rl extra (`pip install tcglab[rl]`), which brings rlcard and open-spiel.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from rl_envs import engine_actions  # this folder's: the same playout, measured once

GAMES = (("higurashi", 3), ("pgt", 2), ("pm", 2), ("ps", 2))


def uno(seconds: float, seed: int) -> float:
    """RLCard UNO: random legal actions a second."""
    import rlcard

    env = rlcard.make("uno", config={"seed": seed})
    pick = random.Random(seed)
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(pick.choice(list(state["legal_actions"])))
            actions += 1
    return actions / (time.process_time() - start)


def dominoes(seconds: float, seed: int) -> float:
    """OpenSpiel's Python block dominoes: random actions (chance included) a second."""
    import open_spiel.python.games  # noqa: F401  (registers the Python games)
    import pyspiel

    game = pyspiel.load_game("python_block_dominoes")
    pick = random.Random(seed)
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(pick.choices(outcomes, weights)[0])
            else:
                state.apply_action(pick.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)


def tcglab_game(game_id: str, players: int):
    """A tcglab game's random legal actions a second, as bench/rl_envs.py's bare engine."""
    return lambda seconds, seed: engine_actions(game_id, players, seconds, seed)


def subjects() -> dict:
    table = {"rlcard uno": uno, "openspiel block dominoes (python)": dominoes}
    for game_id, players in GAMES:
        table[f"tcglab {game_id} ({players}p)"] = tcglab_game(game_id, players)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per subject and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; figures are medians")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    runs: dict[str, list[float]] = {name: [] for name in subjects()}
    for round_no in range(args.rounds):
        for name, measure in subjects().items():
            runs[name].append(measure(args.seconds, seed=round_no + 1))
    medians = {name: statistics.median(values) for name, values in runs.items()}
    anchor = medians["rlcard uno"]
    rows = [
        {"subject": name, "actions_per_s": round(rate), "vs_uno": round(rate / anchor, 2)}
        for name, rate in medians.items()
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'subject':<36} {'actions/s':>10} {'x UNO':>6}")
    for row in rows:
        print(f"{row['subject']:<36} {row['actions_per_s']:>10,} {row['vs_uno']:>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
