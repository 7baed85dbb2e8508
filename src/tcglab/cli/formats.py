"""The format flags `play` and `sim` share (--match, --championship N, --draft N), which
of the game's declared formats they ask for, and the game, players and options with it."""

from __future__ import annotations

import argparse

from tcglab.cli.arguments import parse_options, seat_number, whole_number
from tcglab.cli.errors import UsageError
from tcglab.engine import Capability, Game, get_game

# The formats there is a flag for; the game says which of them it has.
FORMAT_FLAGS = ("match", "championship", "draft")
MAX_CHAMPIONSHIP = 100  # games agreed in advance: the most a championship takes (G4-2.6)


def add_format_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--match",
        action="store_true",
        help="a match as the game's rules define it (Pretty Good Tactics: best of three, PGT-5.3)",
    )
    parser.add_argument(
        "--championship",
        type=whole_number(1, MAX_CHAMPIONSHIP),
        metavar="N",
        help=f"a championship of N games (Higurashi, G4-2.6: 1 to {MAX_CHAMPIONSHIP} games; "
        "scores add up, the highest total is champion and tied leaders alone play on)",
    )
    parser.add_argument(
        "--draft",
        type=seat_number,
        metavar="N",
        help="a draft table of N players: the same as --players N where the game's draft "
        "is for N (Pretty Good Tactics: 3 or 4 players draft their decks, then play the "
        "knockout of best-of-three matches at the same table)",
    )


def chosen(args: argparse.Namespace) -> tuple[Game, int, dict, Capability | None]:
    """What a `play` or `sim` command line asks for, each checked in turn: the game, the
    player count, every rule option's value and the format (None for single games)."""
    game = get_game(args.game)
    players = game.check_players(chosen_players(args))
    options = parse_options(game, args.option)
    return game, players, options, chosen_format(game, args, players)


def chosen_players(args: argparse.Namespace) -> int | None:
    """--draft N is --players N; both at once must agree."""
    if args.draft is None:
        return args.players
    if args.players is not None and args.players != args.draft:
        raise UsageError(
            f"--draft {args.draft} is a table of {args.draft}, not --players {args.players}; "
            "give one of them"
        )
    return args.draft


def chosen_format(game: Game, args: argparse.Namespace, players: int) -> Capability | None:
    """The format a flag asks for, as the game declares it; None for single games (at a
    table format's player counts, a game is that whole table)."""
    asked = [name for name in FORMAT_FLAGS if getattr(args, name) not in (None, False)]
    if len(asked) > 1:
        raise UsageError(f"--{asked[0]} and --{asked[1]} are different formats; choose one")
    if not asked:
        return None
    played = game.capability(asked[0])
    if not played.plays(players):
        raise UsageError(
            f"a {game.id} {played.name} is for {played.counts()} players, not {players}"
        )
    return played


def format_settings(played: Capability, args: argparse.Namespace) -> dict:
    """What the flag says about the format beyond asking for it: a championship's games."""
    return {"games": args.championship} if played.name == "championship" else {}
