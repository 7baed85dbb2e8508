"""How fast the search AI thinks: ISMCTS iterations a second on mid-game decisions of
every game, with random and with heuristic playouts, and the speed-up of a
root-parallel search (`workers=2`) over one process at the same iteration budget.

Not a test: it measures and prints. Decisions are taken from seeded random games at
the first point past a tenth of the way in where the mover has three choices or more;
every figure is the median over those decisions. On a shared machine the speed-up is
only as good as the idle cores: run it alone.

    python bench/search_speed.py [--game ID ...] [--decisions N] [--iters N]
                                 [--rollout random|heuristic ...] [--workers N] [--json]

`--rollout random --workers 1` measures random playouts alone, the quickest check of
the search's own speed; `--cpu` times by CPU time instead of the wall clock, so that
other processes on a shared machine count less (with `--workers 1` only).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tcglab.agents.base import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import games, get_game
from tcglab.engine.rng import Rng


def decisions(game, count: int) -> list:
    """Mid-game positions with at least three legal actions, from seeded random games."""
    found, seed = [], 0
    while len(found) < count and seed < count * 20:
        seed += 1
        state, rng = game.new_state(seed, game.default_players), Rng(seed)
        steps = 0
        while not state.over:
            legal = state.legal_actions()
            if steps >= 12 and len(legal) >= 3:
                found.append(state.clone())
                break
            state.apply(rng.choice(legal))
            steps += 1
    return found


def seconds_per_decision(
    game, states: list, spec: str, clock=time.perf_counter
) -> tuple[float, float]:
    """(median seconds a decision, median iterations a second) of `spec` over `states`,
    timed by `clock`."""
    times, rates = [], []
    for index, state in enumerate(states):
        agent = make_agent(spec, game, index + 1)
        start = clock()
        agent.choose(Decision(state))
        spent = clock() - start
        times.append(spent)
        rates.append(agent.last_iterations / spent)
    return statistics.median(times), statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game id (default: all)")
    parser.add_argument("--decisions", type=int, default=6, help="positions per game")
    parser.add_argument("--iters", type=int, default=200, help="iterations per decision")
    parser.add_argument(
        "--rollout",
        action="append",
        choices=("random", "heuristic"),
        help="playouts to measure (default: both)",
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="workers of the parallel run; 1 skips it"
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time, steadier on a busy machine (with --workers 1)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers takes a whole number of 1 or more, not {args.workers}")
    if args.cpu and args.workers > 1:
        parser.error("--cpu times one process, so it takes --workers 1")
    clock = time.process_time if args.cpu else time.perf_counter
    rollouts = args.rollout or ["random", "heuristic"]
    rows = []
    for game_id in args.game or list(games()):
        game = get_game(game_id)
        states = decisions(game, args.decisions)
        row = {"game": game_id, "decisions": len(states)}
        for rollout in rollouts:
            spec = f"ismcts:iters={args.iters},rollout={rollout}"
            rate = seconds_per_decision(game, states, spec, clock)[1]
            row[f"{rollout}_iters_per_s"] = round(rate)
        if args.workers > 1:
            spec = f"ismcts:iters={args.iters},rollout={rollouts[-1]}"
            parallel = f"{spec},workers={args.workers}"
            make_agent(parallel, game, 0).choose(Decision(states[0]))  # start the pool
            one = seconds_per_decision(game, states, spec)[0]
            many = seconds_per_decision(game, states, parallel)[0]
            row.update(seconds_1_worker=round(one, 3), seconds_n_workers=round(many, 3))
            row["speed_up"] = round(one / many, 2)
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    head = [f"iterations/s ({rollout} playouts)" for rollout in rollouts]
    if args.workers > 1:
        head += ["s/decision, 1 worker", f"{args.workers} workers", "speed-up"]
    print("| game | " + " | ".join(head) + " |")
    print("|---|" + "---:|" * len(head))
    for r in rows:
        cells = [f"{r[f'{rollout}_iters_per_s']:,}" for rollout in rollouts]
        if args.workers > 1:
            cells += [str(r["seconds_1_worker"]), str(r["seconds_n_workers"]), f"{r['speed_up']}x"]
        print(f"| {r['game']} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
