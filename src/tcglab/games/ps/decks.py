"""Deck lists (PS-3): a plain-text format, its checks, and the prebuilt decks.

A deck list has one `count card-id` line per card, e.g. `3 HS01`; a `#` starts a
comment and blank lines are ignored. The kernel's reader (`tcglab.engine.decklist`)
reads it within this game's limits (no count above 50). A legal deck has 25 to 50
cards (PS-3.1) and at most 3 cards of one name (PS-3.2), counting every version of a
character together.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tcglab.engine.decklist import DeckFormat, DeckList
from tcglab.games.ps.cards import CardSet

DECK_DIR = Path(__file__).with_name("decks")
DECK_MIN, DECK_MAX = 25, 50  # PS-3.1
SAME_NAME_MAX = 3  # PS-3.2
FORMAT = DeckFormat(
    largest_deck=DECK_MAX,
    example="3 HS01",
    not_a_line="line {line}: expected 'count card-id' such as {example!r}, not {text!r}",
    unknown_card="line {line}: no card has the id {card!r}",
    no_copies="line {line}: the count must be 1 or more, not {count}",
)


def read(text: str, cards: CardSet) -> DeckList:
    """A deck list's lines and the problems of its lines (the kernel's reader)."""
    return FORMAT.read(text, cards.index)


def check_text(text: str, cards: CardSet) -> list[str]:
    """Every problem of a deck list, each with its line number where it has one."""
    return read(text, cards).judged_by(lambda deck: deck_rules(deck, cards))


def deck_rules(deck: DeckList, cards: CardSet) -> list[str]:
    """The rules' problems of a deck list as read, naming the lines of a name."""
    lines_of: dict[str, list[int]] = {}
    for line, _, card_id in deck.entries:
        lines_of.setdefault(cards.card(card_id).name_en, []).append(line)
    return rule_problems(deck.copies(), cards, lines_of)


def rule_problems(copies: Counter, cards: CardSet, lines_of: dict | None = None) -> list[str]:
    """PS-3.1 deck size and PS-3.2 copies of one name, from the copies of each card id."""
    problems = []
    size = sum(copies.values())
    if not DECK_MIN <= size <= DECK_MAX:
        problems.append(f"the deck has {size} cards; a deck has {DECK_MIN} to {DECK_MAX} (PS-3.1)")
    names: Counter = Counter()
    for card_id, count in copies.items():
        if card_id in cards.index:
            names[cards.card(card_id).name_en] += count
    for name, count in sorted(names.items()):
        if count > SAME_NAME_MAX:
            where = ""
            if lines_of:
                where = "lines " + ", ".join(str(n) for n in lines_of[name]) + ": "
            problems.append(
                f"{where}{count} cards named {name}; at most {SAME_NAME_MAX} of a name (PS-3.2)"
            )
    return problems


def check_ids(ids, cards: CardSet) -> list[str]:
    """Problems of a deck given as a list of card ids."""
    if not isinstance(ids, list | tuple) or not all(isinstance(i, str) for i in ids):
        return ["a deck is a list of card ids"]
    unknown = sorted({i for i in ids if i not in cards.index})
    if unknown:
        return [f"no card has the id {unknown[0]!r}"]
    return rule_problems(Counter(ids), cards)


def to_text(ids: list[str], cards: CardSet) -> str:
    """A deck list in the file format, one line per distinct card."""
    counts = Counter(ids)
    return "".join(f"{counts[i]} {i}  # {cards.card(i).name_en}\n" for i in sorted(counts))


_PREBUILT: dict[str, dict[str, tuple[str, ...]]] = {}


def prebuilt(cards: CardSet) -> dict[str, tuple[str, ...]]:
    """The shipped decks by name (file stem), each checked against the rules; read
    once per card set, found again by its digest (hashing the set itself would cost
    more than a game)."""
    decks = _PREBUILT.get(cards.digest)
    if decks is None:
        decks = _PREBUILT[cards.digest] = _read_prebuilt(cards)
    return decks


def _read_prebuilt(cards: CardSet) -> dict[str, tuple[str, ...]]:
    decks = {}
    for path in sorted(DECK_DIR.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        problems = check_text(text, cards)
        if problems:
            raise ValueError(f"{path}: {problems[0]}")
        decks[path.stem] = tuple(read(text, cards).ids())
    return decks
