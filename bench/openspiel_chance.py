"""What dice as chance nodes cost in the OpenSpiel games, and how many steps they are:
random play through pyspiel with `chance_limit` 36 (up to two dice as chance nodes)
and 0 (every roll sampled by the engine), in one run.

    python bench/openspiel_chance.py --seconds 3
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np
import pyspiel

from tcglab.rl import register_openspiel


def random_play(name: str, limit: int, seconds: float, seed: int) -> dict:
    game = pyspiel.load_game(name, {"chance_limit": limit})
    rng = np.random.default_rng(seed)
    steps = chance = 0
    sizes: Counter[int] = Counter()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                sizes[len(outcomes)] += 1
                chance += 1
                action = outcomes[int(rng.integers(len(outcomes)))][0]
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            steps += 1
    elapsed = time.perf_counter() - start
    return {"steps/s": steps / elapsed, "chance share": chance / max(1, steps), "sizes": sizes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and limit")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = register_openspiel()
    print("| game | steps/s, limit 36 | limit 0 | ratio | chance nodes | outcomes per node |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for name in names:
        on = random_play(name, 36, args.seconds, args.seed)
        off = random_play(name, 0, args.seconds, args.seed)
        sizes = ", ".join(f"{n}: {k}" for n, k in sorted(on["sizes"].items())) or "none"
        print(
            f"| {name} | {on['steps/s']:,.0f} | {off['steps/s']:,.0f} "
            f"| {on['steps/s'] / off['steps/s']:.2f} | {on['chance share']:.1%} | {sizes} |"
        )


if __name__ == "__main__":
    main()
