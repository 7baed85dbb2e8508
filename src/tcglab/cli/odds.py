"""`tcglab odds`: the exact chances of a dice check, for games whose rules let a
player choose how many dice to roll (the game's "odds" tool)."""

from __future__ import annotations

import argparse
import json

from tcglab.cli.arguments import add_json, text_of_at_most, whole_number
from tcglab.cli.command import Command
from tcglab.cli.errors import OK, UsageError
from tcglab.engine import get_game

MAX_TARGET = 999  # past any value a check of at most 40 characters can reach


def odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game id with dice checks (pgt)")
    parser.add_argument(
        "expression",
        nargs="?",
        type=text_of_at_most(40),
        help="a dice check: nD (roll up to n dice), then any number of +mD (an attack "
        "boost's dice, folded in) and +a or -a (modifiers), e.g. 3D+1 or 3D+2D-4; "
        "1 to 10 dice in all, numbers of at most 2 digits, spaces and full-width "
        "characters allowed",
    )
    parser.add_argument(
        "--target",
        type=whole_number(1, MAX_TARGET),
        metavar="T",
        help=f"the defence to reach, 1 to {MAX_TARGET}",
    )
    parser.add_argument(
        "--chart",
        action="store_true",
        help="print the chart of every dice count for targets 2 to 30 instead: of the "
        "expression's dice and modifier, or of 1 to 5 dice without one; not with --target "
        "or --json",
    )
    add_json(
        parser,
        "expression, target, by_dice (dice, p_success, p_fumble, p_critical as exact "
        "fractions) and best_dice",
    )


def odds_command(args: argparse.Namespace) -> int:
    odds = get_game(args.game).capability("odds").run
    if args.chart:
        for given, flag in ((args.target, "--target"), (args.json or None, "--json")):
            if given is not None:
                raise UsageError(
                    f"--chart prints a table for every target from 2 to 30, so it does not "
                    f"go with {flag}; for one target give an expression and --target T"
                )
        print(odds.chart(args.expression))
        return OK
    if args.expression is None or args.target is None:
        raise UsageError("give a dice expression and --target T (e.g. 3D+1 --target 8), or --chart")
    report = odds.report(args.expression, args.target)
    print(json.dumps(report) if args.json else odds.text(report))
    return OK


ODDS = Command(
    "odds",
    "exact success chances of a dice check, for every number of dice",
    "Compute exactly, for every number of dice you may roll, the chance that a check "
    "reaches the target, and its fumble and critical chances; the best count is marked. "
    "Attack boosts fold into one check (PGT-11.5): 3D+2D-4 is one 5D-4 check.",
    "tcglab odds pgt 3D+1 --target 8\ntcglab odds pgt 3D+2D-4 --target 10 --json\n"
    "tcglab odds pgt --chart\ntcglab odds pgt 3D+1 --chart",
    odds_arguments,
    odds_command,
)
