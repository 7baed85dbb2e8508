"""Deck lists: the one reader of every game played with constructed decks.

A deck list is plain text with one card per line, `count card-id` (`4 SHD-001`) or,
where the game allows it, a bare `card-id` for one copy; everything after `#` is a
comment and blank lines are ignored. Each game gives the reader its limits and its
wording. The text's size, its number of lines and every count are checked against
those limits before anything is built, so a list asking for sixty million copies of a
card costs no more to refuse than one asking for five: a count with more digits than
the largest deck has is refused on sight, without being read as a number.

Every problem is one line, and a problem of one line of the list starts with its
number (`line 3: ...`). The rules of deck building (size, copies) stay with each game;
`DeckList.copies` gives them the counts without building the list of ids, and
`DeckList.judged_by(rules)` adds their problems to those of the lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container
from dataclasses import dataclass

from tcglab.engine.errors import BadOption


@dataclass(frozen=True)
class DeckFormat:
    """What one game reads in a deck list, and how it words the problems of a line.

    The wordings are format strings; each may use {line} (its number), {text} (the
    line without its comment), {card} (the id as written) and {count}.
    """

    largest_deck: int  # no legal deck holds more cards: no count may be higher
    example: str = "4 CARD-001"  # a line as it should be written
    fold_case: bool = False  # card ids are upper case and may be written in any case
    bare_ids: bool = False  # a line may be a card id alone, for one copy
    max_lines: int = 1_000  # blank and comment lines included
    max_chars: int = 100_000
    not_a_line: str = "line {line}: expected 'count card-id' such as {example!r}, not {text!r}"
    unknown_card: str = "line {line}: no card has the id {card!r}"
    no_copies: str = "line {line}: a count must be at least 1, not {count}"

    def read(self, text: str, cards: Container[str]) -> DeckList:
        """The lines of a deck list whose card ids are in `cards`, with every problem."""
        if not isinstance(text, str):
            return DeckList(self, [], ["a deck list is text, one card per line"], refused=True)
        if len(text) > self.max_chars:
            return DeckList(self, [], [self._too_long(len(text))], refused=True)
        lines = text.splitlines()
        if len(lines) > self.max_lines:
            return DeckList(self, [], [self._too_many_lines(len(lines))], refused=True)
        entries, problems = [], []
        for number, raw in enumerate(lines, start=1):
            entry, problem = self._read_line(number, raw.split("#", 1)[0].strip(), cards)
            if entry is not None:
                entries.append(entry)
            if problem is not None:
                problems.append(problem)
        return DeckList(self, entries, problems)

    def _read_line(self, number: int, line: str, cards: Container[str]):
        """One line as (line number, count, card id), or the problem it has."""
        if not line:
            return None, None
        parts = line.split()
        if len(parts) == 1 and self.bare_ids:
            parts = ["1", *parts]
        count_text, written = parts[0], parts[-1]
        if len(parts) != 2 or not count_text.isdecimal():
            return None, self.not_a_line.format(line=number, text=line, example=self.example)
        digits = count_text.lstrip("0") or "0"
        if len(digits) > len(str(self.largest_deck)) or int(digits) > self.largest_deck:
            return None, self._too_many_copies(number, digits, written)
        count = int(digits)
        if count < 1:
            return None, self.no_copies.format(line=number, count=count, card=written)
        card_id = written.upper() if self.fold_case else written
        if card_id not in cards:
            return None, self.unknown_card.format(line=number, card=written, count=count)
        return (number, count, card_id), None

    def _too_long(self, chars: int) -> str:
        return (
            f"the deck list is {chars} characters long; a deck list may have at most "
            f"{self.max_chars}"
        )

    def _too_many_lines(self, lines: int) -> str:
        return f"the deck list has {lines} lines; a deck list may have at most {self.max_lines}"

    def _too_many_copies(self, number: int, digits: str, card: str) -> str:
        most = f"more than any deck holds (at most {self.largest_deck} cards)"
        if len(digits) > 12:
            return f"line {number}: a count of {len(digits)} digits for {card[:40]} is {most}"
        return f"line {number}: {digits} copies of {card[:40]} are {most}"


@dataclass(frozen=True)
class DeckList:
    """A deck list as read: its good lines (line number, count, card id) and the
    problems of the others. A `refused` list was not read at all (not text, or past
    the game's limits of size), so the rules of deck building have nothing to judge."""

    format: DeckFormat
    entries: list[tuple[int, int, str]]
    problems: list[str]
    refused: bool = False

    @property
    def size(self) -> int:
        return sum(count for _, count, _ in self.entries)

    def copies(self) -> Counter:
        """How many copies of each card id the list asks for."""
        counted: Counter = Counter()
        for _, count, card_id in self.entries:
            counted[card_id] += count
        return counted

    def judged_by(self, rules: Callable[[DeckList], list[str]]) -> list[str]:
        """Every problem of the list: those of its lines, then what `rules` (the game's
        rules of deck building) find in it. A refused list is not judged."""
        if self.refused:
            return self.problems
        return self.problems + rules(self)

    def first_line(self, card_id: str) -> int | None:
        """The first line that lists `card_id`."""
        return next((line for line, _, listed in self.entries if listed == card_id), None)

    def ids(self) -> list[str]:
        """The card ids, one per copy, in the order of the list. Every count is at most
        the largest deck, so this is bounded by the lines times that; a list larger
        than the largest deck is refused rather than built."""
        if self.size > self.format.largest_deck:
            raise BadOption(
                f"the deck list has {self.size} cards; a deck has at most "
                f"{self.format.largest_deck}"
            )
        return [card_id for _, count, card_id in self.entries for _ in range(count)]
