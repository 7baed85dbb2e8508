"""Deck lists (PS-3): a plain-text format, its checks, and the prebuilt decks.

A deck list has one `count card-id` line per card, e.g. `3 HS01`; a `#` starts a
comment and blank lines are ignored. A legal deck has 25 to 50 cards (PS-3.1) and at
most 3 cards of one name (PS-3.2), counting every version of a character together.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from tcglab.games.ps.cards import CardSet

DECK_DIR = Path(__file__).with_name("decks")
DECK_MIN, DECK_MAX = 25, 50  # PS-3.1
SAME_NAME_MAX = 3  # PS-3.2


def parse(text: str, cards: CardSet) -> tuple[list[str], list[str]]:
    """The card ids of a deck list, and every problem found with its line number."""
    ids, problems, lines_of = [], [], {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[0].isdigit():
            problems.append(
                f"line {number}: expected 'count card-id' such as '3 HS01', not {line!r}"
            )
            continue
        count, card_id = int(parts[0]), parts[1]
        if count < 1:
            problems.append(f"line {number}: the count must be 1 or more, not {count}")
            continue
        if card_id not in cards.index:
            problems.append(f"line {number}: no card has the id {card_id!r}")
            continue
        ids += [card_id] * count
        lines_of.setdefault(cards.card(card_id).name_en, []).append(number)
    problems += rule_problems(ids, cards, lines_of)
    return ids, problems


def rule_problems(ids: list[str], cards: CardSet, lines_of: dict | None = None) -> list[str]:
    """PS-3.1 deck size and PS-3.2 copies of one name."""
    problems = []
    if not DECK_MIN <= len(ids) <= DECK_MAX:
        problems.append(
            f"the deck has {len(ids)} cards; a deck has {DECK_MIN} to {DECK_MAX} (PS-3.1)"
        )
    names = Counter(cards.card(i).name_en for i in ids if i in cards.index)
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
    return rule_problems(list(ids), cards)


def to_text(ids: list[str], cards: CardSet) -> str:
    """A deck list in the file format, one line per distinct card."""
    counts = Counter(ids)
    return "".join(f"{counts[i]} {i}  # {cards.card(i).name_en}\n" for i in sorted(counts))


def prebuilt(cards: CardSet) -> dict[str, tuple[str, ...]]:
    """The shipped decks by name (file stem), each checked against the rules."""
    return _prebuilt(cards.digest, cards)


@cache
def _prebuilt(digest: str, cards: CardSet) -> dict[str, tuple[str, ...]]:
    decks = {}
    for path in sorted(DECK_DIR.glob("*.txt")):
        ids, problems = parse(path.read_text(encoding="utf-8"), cards)
        if problems:
            raise ValueError(f"{path}: {problems[0]}")
        decks[path.stem] = tuple(ids)
    return decks
