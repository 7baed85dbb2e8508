"""The `tcglab` parser over every command, and `main`, which runs one and turns what
escapes it into an exit status."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from concurrent.futures.process import BrokenProcessPool

import tcglab
from tcglab.cli.arena import ARENA
from tcglab.cli.command import ArgumentParser
from tcglab.cli.deck import DECK
from tcglab.cli.errors import FAILED, INTERRUPTED, OK, USAGE, report_bug, report_error
from tcglab.cli.games import GAMES
from tcglab.cli.odds import ODDS
from tcglab.cli.play import PLAY
from tcglab.cli.replay import REPLAY
from tcglab.cli.report import REPORT
from tcglab.cli.scenario import SCENARIO
from tcglab.cli.serve import SERVE
from tcglab.cli.sim import SIM
from tcglab.engine import TcglabError

COMMANDS = (GAMES, PLAY, SIM, REPLAY, ARENA, REPORT, SERVE, ODDS, DECK, SCENARIO)


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="tcglab",
        description="Play, simulate and replay four Japanese trading-card games by their "
        "written rules.",
        epilog="examples:\n  tcglab games\n  tcglab play higurashi --players 3\n"
        "  tcglab sim higurashi --games 500 --seed 1 --json\n  tcglab replay game.json\n\n"
        "`tcglab COMMAND --help` explains each command.\n"
        "exit status: 0 done, 1 a replay diverged or a deck is not legal (or a bug in "
        "tcglab, said so), 2 bad input, 130 interrupted",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build = "compiled" if tcglab.compiled() else "pure Python"
    parser.add_argument(
        "--version", action="version", version=f"tcglab {tcglab.__version__} ({build})"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            help=command.summary,
            description=textwrap.fill(command.description, 80),
            epilog="examples:\n" + "".join(f"  {line}\n" for line in command.examples.split("\n")),
            formatter_class=argparse.RawDescriptionHelpFormatter,
            command=True,
        )
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


LOST_WORKER = (
    "a worker process stopped before its work was done (killed, perhaps for want of "
    "memory); run the command again, with fewer --jobs or workers if memory is short"
)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status. Nothing a person types or a file
    holds ends in a traceback: a mistake is one line with status 2, and anything else
    that escapes is reported in one line as a bug in tcglab."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        print("\ntcglab: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # e.g. `tcglab sim ... | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return FAILED
    except BrokenProcessPool:  # the system stopped a worker: not tcglab's defect
        print(f"tcglab: {LOST_WORKER}", file=sys.stderr)
        return FAILED
    except Exception as bug:
        return report_bug(bug)


def run(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and the one-line argument errors
        code = stop.code
        return code if isinstance(code, int) else OK if code is None else USAGE
    if args.command is None:
        parser.print_help()
        return OK
    try:
        return args.run(args)
    except TcglabError as error:
        return report_error(error)


if __name__ == "__main__":
    sys.exit(main())
