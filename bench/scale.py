"""Games per second on 1 and 2 workers, on local processes and on a local Ray
instance, and the efficiency of going from 1 to 2 (games/s on 2 over twice games/s on
1; 1.0 is linear). Also, once, what keeping records costs a single process.

Not a test: it measures and prints. Each figure is the best of `--runs` runs (the
configurations taking turns), timed from the first game to the last range's results,
so starting Ray is not in it. A machine whose cores are busy with other work shows
less than it can do.

    python bench/scale.py [--game ps] [--games 4000] [--runs 2] [--backends processes,ray]
                          [--records] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from tcglab.engine import get_game
from tcglab.lab.backends import backend
from tcglab.lab.records import RecordWriter, run_facts
from tcglab.sim.batch import Batch, run_parts


def timed_run(batch: Batch, games: int, name: str, workers: int) -> float:
    """Seconds from the first game to the last range's results."""
    where = backend(name, workers)
    finished = []
    start = time.perf_counter()
    run_parts(batch, games, where, lambda part: finished.append(time.perf_counter()))
    return finished[-1] - start


def records_cost(game, games: int, runs: int) -> dict:
    """This process (`local`), the same games with and without records written to a
    run folder, as `tcglab sim --backend local --records DIR` plays them."""
    options = game.resolve_options()
    best = {}
    for _ in range(runs):
        for records in (False, True):
            batch = Batch(game.id, 0, game.default_players, options, ("random",) * 2,
                          records=records)  # fmt: skip
            folder = Path(tempfile.mkdtemp()) / "run"
            writer = RecordWriter(folder, run_facts(game, "bench", {}, None)) if records else None
            keep = None if writer is None else lambda part, w=writer: w.add(part.games, part.cards)
            start = time.perf_counter()
            run_parts(batch, games, backend("local"), keep)
            if writer is not None:
                writer.close({})
            seconds = time.perf_counter() - start
            shutil.rmtree(folder.parent, ignore_errors=True)
            best[records] = min(best.get(records, seconds), seconds)
    return {
        "games": games,
        "plain_games_per_s": games / best[False],
        "records_games_per_s": games / best[True],
        "cost": best[True] / best[False] - 1,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ps")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--backends", default="processes,ray")
    parser.add_argument("--records", action="store_true", help="keep records while timing")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    options = game.resolve_options()
    batch = Batch(game.id, 0, game.default_players, options, ("random",) * game.default_players,
                  records=args.records)  # fmt: skip
    names = args.backends.split(",")
    best: dict[tuple[str, int], float] = {}
    for _ in range(args.runs):  # the configurations take turns, so a busy spell hits all
        for name in names:
            for workers in (1, 2):
                seconds = timed_run(batch, args.games, name, workers)
                best[name, workers] = min(best.get((name, workers), seconds), seconds)
    rows = []
    for name in names:
        one, two = args.games / best[name, 1], args.games / best[name, 2]
        rows.append({"backend": name, "games_per_s_1": one, "games_per_s_2": two,
                     "efficiency": two / (2 * one)})  # fmt: skip
    cost = records_cost(game, min(args.games, 2000), args.runs)
    if args.json:
        print(json.dumps({"game": game.id, "games": args.games, "scale": rows, "records": cost}))
        return 0
    print(f"{game.id}: {args.games} random games a run, best of {args.runs}")
    print(f"{'backend':<10} {'1 worker':>10} {'2 workers':>10} {'efficiency':>11}")
    for row in rows:
        print(f"{row['backend']:<10} {row['games_per_s_1']:>10.1f} {row['games_per_s_2']:>10.1f} "
              f"{row['efficiency']:>11.2f}")  # fmt: skip
    print(f"records in one process: {cost['plain_games_per_s']:.1f} games/s without, "
          f"{cost['records_games_per_s']:.1f} with ({cost['cost']:+.1%})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
