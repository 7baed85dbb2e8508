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
        if args.deck is not None:
            raise UsageError(
                f"deck list takes only the game (tcglab deck list {game.id}), not "
                f"{quoted(args.deck)}; to see one deck: tcglab deck show {game.id} NAME"
            )
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
    ids = game.deck_ids(text)
    print(f"{path}: legal, {len(ids)} cards")
    for line in shape(game, ids):
        print(line)
    return OK


# The printed fields that are a card's cost and its group, the first a game's cards
# carry (as the browser's builder reads them).
COST_FIELDS = ("cost", "level", "score", "points")
GROUP_FIELDS = ("work", "attribute", "colour")


def shape(game, ids: list[str]) -> list[str]:
    """The deck's curve (cards at each cost or level, in order) and mix (cards of each
    work, attribute or colour, the most first), as bars a terminal shows."""
    faces = game.card_faces()
    cards = [faces[i] for i in ids if i in faces]
    lines = []
    for title, fields in (("curve", COST_FIELDS), ("mix", GROUP_FIELDS)):
        field = next((f for f in fields if any(c.get(f) not in (None, "") for c in cards)), None)
        if field is None:
            continue
        none = f"(no {field})"  # e.g. an event card has no work
        counts = Counter(none if c.get(field) in (None, "") else c[field] for c in cards)
        named = [v for v in counts if v != none]
        if title == "mix":
            named.sort(key=lambda v, counts=counts: (-counts[v], str(v)))
        else:
            named.sort()
        order = named + ([none] if none in counts else [])
        width = max(len(str(v)) for v in order)
        align = "<" if title == "mix" else ">"
        lines.append(f"{title} by {field}:")
        lines += [f"  {v!s:{align}{width}} {'#' * counts[v]} {counts[v]}" for v in order]
    return lines


DECK = Command(
    "deck",
    "check a deck list, or list and show the prebuilt decks",
    "A deck list is a text file with one 'count card-id' per line (Pretty Good Tactics: "
    "one card id per line) and # comments. check prints every problem with its line "
    "number and exits 1, or says the deck is legal and draws its curve (cards at each "
    "cost or level) and its mix (cards of each work, attribute or colour).",
    "tcglab deck check pm my-deck.txt\ntcglab deck list ps\n"
    "tcglab deck show pm harbor-rush > harbor.txt",
    deck_arguments,
    deck_command,
)
