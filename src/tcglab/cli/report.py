"""`tcglab report`: the designer's report of one or more run folders of game records."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tcglab.cli.arguments import add_json, many
from tcglab.cli.command import Command
from tcglab.cli.errors import OK, UsageError
from tcglab.engine import get_game


def report_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game id the runs are of (see `tcglab games`)")
    parser.add_argument(
        "runs",
        nargs="+",
        type=Path,
        metavar="RUN",
        help="run folders written by `tcglab sim --records` or `tcglab arena --records`, "
        "all of this game and this tcglab version",
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="DIR",
        help="folder for report.html and the CSV tables (created if needed)",
    )
    add_json(parser, "the headline figures (games, first_seat, top_iwd, matchups)")


def report_command(args: argparse.Namespace) -> int:
    from tcglab.lab.report import build

    game = get_game(args.game)
    seen = {}
    for folder in args.runs:
        same = seen.setdefault(folder.resolve(), folder)
        if same is not folder:  # its games would be counted twice
            again = "" if str(same) == str(folder) else f" (as {same} and as {folder})"
            raise UsageError(
                f"the run folder {same} is given twice{again}; give each run folder once"
            )
    headline = build(game, args.runs, args.out)
    if args.json:
        print(json.dumps(headline, ensure_ascii=False))
    else:
        first = headline["first_seat"]
        rate = "n too small" if first["rate"] is None else f"{first['rate']:.1%}"
        games = many(headline["games"], "game")
        print(
            f"{game.id}: {games}; first seat won {rate} (n={first['n']})\n"
            f"report: {args.out / 'report.html'} and the CSV tables beside it"
        )
    return OK


REPORT = Command(
    "report",
    "the designer's report of recorded runs: card win rates, matchups, first seat",
    "Read run folders of game records (tcglab sim --records, tcglab arena --records) and "
    "write a self-contained report.html with plots and CSV tables: per card the 17lands "
    "win rates (GIH, OH, GD, GNS, IWD) with sample sizes and 95% intervals, play rate and "
    "mean turn played; the deck-against-deck matchup matrix; how strong going first is; "
    "game length and end reasons; in a draft ATA, ALSA and the win rate of the decks that "
    "took each card. A figure from too few games says n too small. Needs the lab extra.",
    "tcglab sim pm --games 2000 --records runs/pm-1\n"
    "tcglab report pm runs/pm-1 --out reports/pm\n"
    "tcglab report ps runs/ps-1 runs/ps-2 --out reports/ps --json",
    report_arguments,
    report_command,
)
