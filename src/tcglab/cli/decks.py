"""Decks on the command line: a prebuilt deck's name or a deck-list file, per seat."""

from __future__ import annotations

import argparse
from pathlib import Path

from tcglab.cli.arguments import many
from tcglab.cli.errors import UsageError, quoted
from tcglab.cli.files import exists, read_file
from tcglab.engine import BadOption, Game

MAX_DECK_LIST_BYTES = 1024 * 1024


def add_deck_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="DECK",
        help="a deck for the next seat, in seat order (repeat it): the name of a prebuilt "
        "deck (tcglab deck list GAME) or a deck-list file; games without decks take none "
        "(default: the game's own choice)",
    )
    parser.add_argument(
        "--vs-deck", metavar="DECK", help="the second seat's deck (same as a second --deck)"
    )
    parser.add_argument("--decks", metavar="A,B", help="every seat's deck at once, comma-separated")


def read_decks(game: Game, args: argparse.Namespace, players: int) -> list[list[str]] | None:
    """Card ids per seat from prebuilt names or deck-list files; None for the default."""
    given = given_decks(args)
    if not given:
        return None
    if len(given) != players:
        raise UsageError(
            f"{many(len(given), 'deck')} given (--deck, --vs-deck, "
            f"--decks) for {players} seats; give one deck per seat"
        )
    return [deck_cards(game, each) for each in given]


def given_decks(args: argparse.Namespace) -> list[str]:
    """The decks named by --deck, --vs-deck and --decks, in seat order."""
    given = list(args.deck)
    if args.vs_deck:
        given.append(args.vs_deck)
    if args.decks:
        given += [name.strip() for name in args.decks.split(",") if name.strip()]
    return given


def deck_cards(game: Game, name_or_file: str) -> list[str]:
    prebuilt = game.prebuilt_decks()
    if name_or_file in prebuilt:
        return list(prebuilt[name_or_file])
    path = Path(name_or_file)
    if not exists(path):
        names = ", ".join(prebuilt) or "none"
        raise UsageError(
            f"{quoted(name_or_file)} is neither a prebuilt {game.id} deck ({names}) nor a file"
        )
    text = read_deck_list(path)
    try:
        return game.read_deck(text)
    except BadOption as exc:
        raise UsageError(f"{path}: {exc}") from None


def read_deck_list(path: Path) -> str:
    return read_file(path, "deck list", MAX_DECK_LIST_BYTES)
