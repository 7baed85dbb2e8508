"""Random-playout throughput and clone cost for every registered game.

Not a test: it measures and prints. A playout applies uniformly random legal actions
until the game ends, as a search rollout does. Clone cost is timed on states taken
from the middle of such games. Each figure is the median of several runs on one core.

    python bench/throughput.py [--games N] [--runs R] [--game ID] [--players P] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import timeit

from tcglab.engine import games, get_game
from tcglab.engine.rng import Rng


def playouts(game, players: int, count: int, seed: int) -> tuple[int, float]:
    """Play `count` random games; return (actions taken, seconds)."""
    actions = 0
    start = time.perf_counter()
    for index in range(count):
        state = game.new_state(seed + index, players)
        rng = Rng(seed + index)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def mid_game_states(game, players: int, count: int, seed: int) -> list:
    states = []
    for index in range(count):
        rng = Rng(seed + index)
        length = 0
        probe = game.new_state(seed + index, players)
        while not probe.over:
            probe.apply(rng.choice(probe.legal_actions()))
            length += 1
        state, rng = game.new_state(seed + index, players), Rng(seed + index)
        for _ in range(length // 2):
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def clone_microseconds(states: list) -> float:
    per_state = []
    for state in states:
        number = 2000
        per_state.append(min(timeit.repeat(state.clone, number=number, repeat=3)) / number * 1e6)
    return statistics.median(per_state)


def measure(game_id: str, players: int | None, games_per_run: int, runs: int) -> dict:
    game = get_game(game_id)
    players = players or game.default_players
    rates = []
    for run in range(runs):
        actions, seconds = playouts(game, players, games_per_run, seed=1000 * run)
        rates.append((games_per_run / seconds, actions / seconds, actions / games_per_run))
    clone_us = clone_microseconds(mid_game_states(game, players, 20, seed=777))
    return {
        "game": game_id,
        "players": players,
        "games_per_s": round(statistics.median(r[0] for r in rates), 1),
        "actions_per_s": round(statistics.median(r[1] for r in rates)),
        "actions_per_game": round(statistics.median(r[2] for r in rates), 1),
        "clone_us": round(clone_us, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per run (default 60)")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is shown")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, help="player count (default: the game's)")
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    args = parser.parse_args(argv)
    rows = []
    for game_id in args.game or list(games()):
        row = measure(game_id, args.players, args.games, args.runs)
        rows.append(row)
        if not args.json:
            print(
                f"{row['game']:<10} {row['players']} players  {row['games_per_s']:>8} games/s"
                f"  {row['actions_per_s']:>7} actions/s  {row['actions_per_game']:>6} actions/game"
                f"  clone {row['clone_us']:>5} us",
                flush=True,
            )
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
