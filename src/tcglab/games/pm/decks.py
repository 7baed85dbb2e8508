"""Deck lists and deck legality (PM-1.2).

A deck list is plain text, one `count card-id` per line (`4 SHD-001`); blank lines
and everything after `#` are ignored. A legal deck has exactly 60 cards (PM-1.2.1)
and at most 4 of one card, a card being one title and card No (PM-1.2.2). PM-1.2.3
(card backs alike) holds for any deck tcglab plays. Any legal deck may play
(PM-2.0); the prebuilt decks each follow one plan of PM-2.3, with their costs and
sources spread as PM-2.2 advises, and a few keep a card just for fun (PM-2.4).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcglab.engine.errors import BadOption
from tcglab.games.pm.cards import CardSet

DECK_DIR = Path(__file__).with_name("decks")
DECK_SIZE = 60  # PM-1.2.1
MAX_COPIES = 4  # PM-1.2.2
DEFAULT_DECKS = ("harbor-rush", "academy-wall")


def parse(cards: CardSet, text: str) -> tuple[list[str], list[str]]:
    """The card ids of a deck list and every problem found, each with its line."""
    ids, problems = [], []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[0].isdigit():
            problems.append(f"line {number}: {line!r} is not 'count card-id' (e.g. '4 SHD-001')")
            continue
        count, card_id = int(parts[0]), parts[1].upper()
        if card_id not in cards.by_id:
            problems.append(f"line {number}: unknown card id {parts[1]!r}")
            continue
        if count < 1:
            problems.append(f"line {number}: a count must be at least 1, not {count}")
            continue
        ids.extend([card_id] * count)
    return ids, problems


def legality(ids: list[str]) -> list[str]:
    """PM-1.2.1 exactly 60 cards; PM-1.2.2 at most 4 of one title and card No."""
    problems = []
    if len(ids) != DECK_SIZE:
        problems.append(f"the deck has {len(ids)} cards; a deck has exactly {DECK_SIZE}")
    for card_id in sorted(set(ids)):
        if ids.count(card_id) > MAX_COPIES:
            problems.append(
                f"{ids.count(card_id)} copies of {card_id}; at most {MAX_COPIES} of one card"
            )
    return problems


def check_text(cards: CardSet, text: str) -> list[str]:
    """Every problem of a deck list, or an empty list when the deck is legal."""
    ids, problems = parse(cards, text)
    if problems:
        problems.extend(_with_lines(text, legality(ids)))
        return problems
    return _with_lines(text, legality(ids))


def _with_lines(text: str, problems: list[str]) -> list[str]:
    """Name the line of each over-the-limit card (the first line that lists it)."""
    out = []
    for problem in problems:
        card_id = problem.split(" of ")[1].split(";")[0] if " copies of " in problem else ""
        line = _line_of(text, card_id) if card_id else None
        out.append(f"line {line}: {problem}" if line else problem)
    return out


def _line_of(text: str, card_id: str) -> int | None:
    for number, raw in enumerate(text.splitlines(), start=1):
        parts = raw.split("#", 1)[0].split()
        if len(parts) == 2 and parts[1].upper() == card_id:
            return number
    return None


@cache
def prebuilt_texts() -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(DECK_DIR.glob("*.txt"))}


def prebuilt() -> dict[str, list[str]]:
    """The shipped decks by name (fresh lists, so a caller may change them)."""
    return {name: list(ids) for name, ids in _prebuilt_ids().items()}


@cache
def _prebuilt_ids() -> dict[str, tuple[str, ...]]:
    from tcglab.games.pm.cards import card_set

    return {name: tuple(parse(card_set(), text)[0]) for name, text in prebuilt_texts().items()}


def from_text(cards: CardSet, text: str, seat: int) -> list[str]:
    """A prebuilt deck's name or a deck list's text, as card ids."""
    named = prebuilt().get(text.strip())
    if named is not None:
        return named
    ids, problems = parse(cards, text)
    if problems:
        raise BadOption(f"deck {seat + 1}: {problems[0]}")
    return ids


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
        problems = legality(deck)
        if problems:
            raise BadOption(f"deck {seat + 1} is not legal: {'; '.join(problems)}")
        chosen.append(deck)
    return chosen
