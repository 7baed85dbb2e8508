"""`tcglab arena`: a round robin of agents, with win rates, intervals and Elo ratings
accumulated across runs."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tcglab.cli.arguments import add_batch_arguments, add_game_arguments, add_json, parse_options
from tcglab.cli.command import Command
from tcglab.cli.errors import OK
from tcglab.cli.sim import add_backend_arguments, command_line
from tcglab.engine import get_game
from tcglab.lab.backends import backend
from tcglab.sim import Progress, split_specs


def arena_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_batch_arguments(parser, "seed of the schedule, 0 to 2**64-1")
    parser.add_argument(
        "--agents",
        required=True,
        metavar="A,B,...",
        help="the agents to pit against each other: random, heuristic, easy, normal, hard or "
        "an ismcts spec (ismcts:iters=400,rollout=heuristic); a name=value item belongs to "
        "the spec before it",
    )
    add_backend_arguments(parser)
    parser.add_argument(
        "--records",
        type=Path,
        metavar="DIR",
        help="keep the game records in the new folder DIR (run.json, Parquet tables games "
        "and cards) for `tcglab report` (needs the lab extra)",
    )
    parser.add_argument(
        "--db",
        type=Path,
        metavar="FILE",
        help="SQLite file the results accumulate in (default: arena.db in the user data "
        "folder, $XDG_DATA_HOME/tcglab or ~/.local/share/tcglab)",
    )
    add_json(parser, "the report")


def arena_command(args: argparse.Namespace) -> int:
    from tcglab.sim.arena import format_report, run_arena

    game = get_game(args.game)
    options = parse_options(game, args.option)
    specs = split_specs(args.agents)
    where = backend(args.backend, args.jobs, args.address)
    with Progress(args.games, "games") as bar:
        report = run_arena(
            game.id,
            specs,
            args.games,
            seed=args.seed,
            db_path=args.db,
            progress=lambda done, total: bar.update(done),
            players=args.players,
            options=options,
            backend=where,
            records=args.records,
            command=command_line(args),
        )
    print(json.dumps(report, ensure_ascii=False) if args.json else format_report(report))
    return OK


ARENA = Command(
    "arena",
    "pit agents against each other: win rates with intervals and Elo ratings",
    "Play a round robin of the given agents, seats rotated so that every agent plays "
    "every seat equally and decks swapped where the game has them. Prints each agent's "
    "win rate with its 95% interval and Elo ratings over every game stored for this "
    "game; results accumulate in an SQLite file across runs.",
    "tcglab arena higurashi --agents heuristic,random --games 200\n"
    "tcglab arena pgt --agents ismcts:iters=200,heuristic --games 60 --jobs 2\n"
    "tcglab arena ps --agents hard,normal,easy --games 90 --json\n"
    "tcglab arena ps --agents heuristic,random --games 400 --records runs/ps-arena",
    arena_arguments,
    arena_command,
)
