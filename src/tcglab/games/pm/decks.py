"""Deck lists and deck legality (PM-1.2).

A deck list is plain text, one `count card-id` per line (`4 SHD-001`); blank lines
and everything after `#` are ignored. The kernel's reader (`tcglab.engine.decklist`)
reads it within this game's limits: no count above 60, card ids in any case. A legal
deck has exactly 60 cards (PM-1.2.1) and at most 4 of one card, a card being one
title and card No (PM-1.2.2). PM-1.2.3 (card backs alike) holds for any deck tcglab
plays. Any legal deck may play (PM-2.0); the prebuilt decks each follow one plan of
PM-2.3, with their costs and sources spread as PM-2.2 advises, and a few keep a card
just for fun (PM-2.4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

from tcglab.engine.decklist import DeckFormat, DeckList
from tcglab.engine.errors import BadOption
from tcglab.games.pm.cards import CardSet

DECK_DIR = Path(__file__).with_name("decks")
DECK_SIZE = 60  # PM-1.2.1
MAX_COPIES = 4  # PM-1.2.2
DEFAULT_DECKS = ("harbor-rush", "academy-wall")
FORMAT = DeckFormat(
    largest_deck=DECK_SIZE,
    example="4 SHD-001",
    fold_case=True,
    not_a_line="line {line}: {text!r} is not 'count card-id' (e.g. {example!r})",
    unknown_card="line {line}: unknown card id {card!r}",
    no_copies="line {line}: a count must be at least 1, not {count}",
)


def read(cards: CardSet, text: str) -> DeckList:
    """A deck list's lines and the problems of its lines (the kernel's reader)."""
    return FORMAT.read(text, cards.by_id)


def legality(copies: Counter, line_of: Callable[[str], int | None] = lambda _: None) -> list[str]:
    """PM-1.2.1 exactly 60 cards; PM-1.2.2 at most 4 of one title and card No, with the
    first line listing an over-the-limit card where there is one."""
    problems = []
    size = sum(copies.values())
    if size != DECK_SIZE:
        problems.append(f"the deck has {size} cards; a deck has exactly {DECK_SIZE}")
    for card_id in sorted(copies):
        if copies[card_id] > MAX_COPIES:
            line = line_of(card_id)
            where = f"line {line}: " if line else ""
            problems.append(
                f"{where}{copies[card_id]} copies of {card_id}; at most {MAX_COPIES} of one card"
            )
    return problems


@cache
def prebuilt_texts() -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(DECK_DIR.glob("*.txt"))}


def prebuilt() -> dict[str, list[str]]:
    """The shipped decks by name (fresh lists, so a caller may change them)."""
    return {name: list(ids) for name, ids in _prebuilt_ids().items()}


@cache
def _prebuilt_ids() -> dict[str, tuple[str, ...]]:
    from tcglab.games.pm.cards import card_set

    return {name: tuple(read(card_set(), text).ids()) for name, text in prebuilt_texts().items()}


def from_text(cards: CardSet, text: str, seat: int) -> list[str]:
    """A prebuilt deck's name or a deck list's text, as card ids."""
    named = prebuilt().get(text.strip())
    if named is not None:
        return named
    deck = read(cards, text)
    if deck.problems:
        raise BadOption(f"deck {seat + 1}: {deck.problems[0]}")
    if deck.size > DECK_SIZE:
        raise BadOption(f"deck {seat + 1} is not legal: {legality(deck.copies())[0]}")
    return deck.ids()


def choose(cards: CardSet, given) -> list[list[str]]:
    """The two decks of a new game: lists of card ids, deck list texts or prebuilt deck
    names; without any, two prebuilt decks."""
    if given is None:
        decks = prebuilt()
        return [decks[DEFAULT_DECKS[0]], decks[DEFAULT_DECKS[1]]]
    if not isinstance(given, (list, tuple)) or len(given) != 2:
        raise BadOption("pm takes decks=[deck_a, deck_b], two lists of 60 card ids")
    chosen = []
    for seat, deck in enumerate(given):
        if isinstance(deck, str):
            deck = from_text(cards, deck, seat)
        deck = [str(c).upper() for c in deck]
        unknown = sorted({c for c in deck if c not in cards.by_id})
        if unknown:
            raise BadOption(f"deck {seat + 1}: unknown card id(s) {', '.join(unknown[:5])}")
        problems = legality(Counter(deck))
        if problems:
            raise BadOption(f"deck {seat + 1} is not legal: {'; '.join(problems)}")
        chosen.append(deck)
    return chosen
