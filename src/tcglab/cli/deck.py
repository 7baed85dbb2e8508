"""`tcglab deck`: check a deck list, or list and show the prebuilt decks."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from tcglab.cli.command import Command
from tcglab.cli.decks import read_deck_list
from tcglab.cli.errors import FAILED, OK, UsageError, quoted
from tcglab.engine import get_game


def deck_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action",
        choices=("check", "list", "show"),
        help="check a deck-list file, list the prebuilt decks, or show one as a deck list",
    )
    parser.add_argument("game", help="a game played with decks (pm, ps, pgt)")
    parser.add_argument("deck", nargs="?", help="check: a deck-list file; show: a deck name")


def deck_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    prebuilt = game.prebuilt_decks()
    if args.action == "list":
        if not prebuilt:
            raise UsageError(f"{game.id} has no prebuilt decks")
        for name, ids in prebuilt.items():
            print(f"{name:<20} {len(ids)} cards")
        return OK
    if args.deck is None:
        raise UsageError(
            f"deck {args.action} needs a {'file' if args.action == 'check' else 'name'}"
        )
    if args.action == "show":
        if args.deck not in prebuilt:
            raise UsageError(
                f"no prebuilt {game.id} deck {quoted(args.deck)}; decks: {', '.join(prebuilt)}"
            )
        for card_id, count in Counter(prebuilt[args.deck]).items():
            print(f"{count} {card_id}")
        return OK
    path = Path(args.deck)
    text = read_deck_list(path)
    problems = game.check_deck(text)
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        print(f"{path}: not legal ({len(problems)} problem{'s' * (len(problems) > 1)})")
        return FAILED
    print(f"{path}: legal, {len(game.deck_ids(text))} cards")
    return OK


DECK = Command(
    "deck",
    "check a deck list, or list and show the prebuilt decks",
    "A deck list is a text file with one 'count card-id' per line (Pretty Good Tactics: "
    "one card id per line) and # comments. check prints every problem with its line "
    "number and exits 1, or says the deck is legal.",
    "tcglab deck check pm my-deck.txt\ntcglab deck list ps\n"
    "tcglab deck show pm harbor-rush > harbor.txt",
    deck_arguments,
    deck_command,
)
