"""Seconds a search agent takes per decision, one decision at a time, in the arena's games.

Plays the games `tcglab arena GAME --agents SPEC,OTHER --players P --games N --seed S`
plays (the same schedule: deals, seats and agent seeds) and times each of the first
agent's decisions that offer a choice by processor time, which other work on a shared
machine lengthens less than the wall clock the arena reports. Prints the mean and the longest,
and the slowest decisions with their legal actions, playouts and the actions those
playouts played (for agents that report them, as ISMCTS does): where the time goes.

    python bench/decision_times.py GAME --agents SPEC,OTHER[,...] [--players P]
        [--games N] [--seed S] [--top K] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tcglab.engine import get_game
from tcglab.engine.decision import Decision
from tcglab.engine.errors import TcglabError
from tcglab.sim.arena import check_specs, deal_match, schedule
from tcglab.sim.batch import split_specs


def play(game, options: dict, match, timed: str) -> list[dict]:
    """One scheduled game; a row for each decision with a choice of the `timed` agent."""
    state, agents = deal_match(game, options, match)
    rows = []
    while state.result is None:
        seat = state.to_move
        decision = Decision(state)
        clock = time.process_time()
        action = agents[seat].choose(decision)
        seconds = time.process_time() - clock
        if match.seats[seat] == timed and len(decision.legal) > 1:
            agent = agents[seat]
            rows.append(
                {
                    "seconds": seconds,
                    "game": match.index,
                    "action": len(state.history),
                    "legal": len(decision.legal),
                    "playouts": getattr(agent, "last_iterations", None),
                    "steps": getattr(agent, "last_steps", None),
                }
            )
        state.apply(action.id)
    return rows


def measure(game_id: str, specs: list[str], players: int | None, games: int, seed: int):
    """Every timed decision of the first agent in the arena's games, slowest first."""
    game = get_game(game_id)
    players = game.check_players(players)
    specs = check_specs(game, specs)
    options = game.resolve_options()
    rows = []
    for match in schedule(specs, games, seed, players, sorted(game.prebuilt_decks())):
        rows.extend(play(game, options, match, specs[0]))
    rows.sort(key=lambda row: -row["seconds"])
    return {"game": game_id, "agent": specs[0], "players": players, "rows": rows}


def summary(figures: dict, top: int) -> str:
    rows = figures["rows"]
    mean = sum(row["seconds"] for row in rows) / len(rows) if rows else 0.0
    longest = rows[0]["seconds"] if rows else 0.0
    lines = [
        f"{figures['agent']} at {figures['players']} seats of {figures['game']}: "
        f"{len(rows)} decisions with a choice, {mean:.3f} s each on average, "
        f"{longest:.2f} s at most (processor time)"
    ]
    for row in rows[:top]:
        spent = f", {row['playouts']} playouts, {row['steps']} actions" if row["steps"] else ""
        lines.append(
            f"  {row['seconds']:.2f} s  game {row['game']}, action {row['action']}, "
            f"{row['legal']} legal{spent}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agents", required=True, help="the timed agent first, then the rest")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--top", type=int, default=6, help="slowest decisions to list")
    parser.add_argument("--json", action="store_true", help="print every decision as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.top < 0:
        print("decision_times: --games must be >= 1 and --top >= 0", file=sys.stderr)
        return 2
    try:
        specs = split_specs(args.agents)
        figures = measure(args.game, specs, args.players, args.games, args.seed)
    except TcglabError as exc:
        print(f"decision_times: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else summary(figures, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
