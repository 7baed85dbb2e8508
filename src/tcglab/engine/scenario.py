"""Positions as data: the parts of a scenario file every game shares.

A scenario is a TOML file that sets up a position of one game (zones by card id, whose
turn, the point of the turn), forces the random results it needs by purpose, and may
script actions and state what must then hold. The format is in docs/scenarios.md.

This module holds what the games build on: `ScenarioError` (one line naming file, line
and field), `Source` (the file's text, to find the line a field stands on), `Fields`
(reads one table of the file the way `FieldReader` reads a card) and `ScenarioFormat`,
which each game implements to build its states from a `[position]` table and write a
state back out as one. A game offers it as its `scenario` tool capability.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from tcglab.engine.errors import ScenarioError
from tcglab.engine.text import has_control_characters, has_hidden_characters

__all__ = ["Fields", "ScenarioError", "ScenarioFormat", "Source"]


class Source:
    """A scenario file's name and text, to tell which line a field stands on."""

    def __init__(self, name: str, text: str = "") -> None:
        self.name, self.lines = name, text.splitlines()

    def line_of(self, field: str) -> int | None:
        """The line (1-based) where a dotted field such as `position.p1.hand` or
        `expect.2.zones` is written: its own `key =` line, or the header of the
        closest table that holds it. None where the text does not show it."""
        parts = [p for p in field.split(".") if p]
        best, depth = None, 0  # the line found and how much of the field it names
        table: list[str] = []
        counts: dict[str, int] = {}
        for number, raw in enumerate(self.lines, 1):
            line = raw.strip()
            header = re.fullmatch(r"\[\[?\s*([^\]]+?)\s*\]\]?(\s*#.*)?", line)
            if header:
                table = [p.strip().strip('"') for p in header.group(1).split(".")]
                if line.startswith("[["):  # arrays of tables count from 1, as users do
                    key = ".".join(table)
                    counts[key] = counts.get(key, 0) + 1
                    table = [*table, str(counts[key])]
                if parts[: len(table)] == table and len(table) >= depth:
                    best, depth = number, len(table)
                continue
            key = re.match(r'("[^"]*"|[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\s*=', line)
            if not key:
                continue
            path = [*table, *[p.strip('"') for p in key.group(1).split(".")]]
            if parts[: len(path)] == path and len(path) >= depth:
                best, depth = number, len(path)
                if len(parts) == len(path) + 1 and parts[-1].isdigit():
                    return self._item_line(number, raw.index("=") + 1, int(parts[-1]))
            elif path[: len(parts)] == parts and len(parts) > depth:  # a key inside it
                best, depth = number, len(parts)
        return best

    def _item_line(self, number: int, column: int, item: int) -> int:
        """The line where the `item`-th (1-based) entry of the array that starts at
        `column` of line `number` begins; the key's own line if it cannot tell."""
        depth, count, quote, start = 0, 0, "", True
        for at in range(number - 1, len(self.lines)):
            text = self.lines[at][column:] if at == number - 1 else self.lines[at]
            escaped = False
            for char in text:
                if quote:
                    if escaped:
                        escaped = False
                    elif char == "\\" and quote == '"':
                        escaped = True
                    elif char == quote:
                        quote = ""
                    continue
                if char == "#":
                    break
                if char in "[{":
                    depth += 1
                elif char in "]}":
                    depth -= 1
                    if depth == 0:
                        return number
                elif char == "," and depth == 1:
                    start = True
                    continue
                if depth >= 1 and start and not char.isspace() and (depth > 1 or char not in "[{"):
                    count, start = count + 1, False
                    if count == item:
                        return at + 1
                if char in "\"'":
                    quote = char
        return number

    def fail(self, field: str, problem: str) -> ScenarioError:
        line = self.line_of(field) if field else None
        where = f"{self.name}:{line}" if line else self.name
        return ScenarioError(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")


class Fields:
    """One table of a scenario, read with complaints that name the file, the line and
    the field: `Fields(source, "position.p1", table)`. Every reader takes the key in
    the table and a default; a field without a default is required."""

    _MISSING = object()

    def __init__(self, source: Source, path: str, data: Any) -> None:
        self.source, self.path = source, path
        if not isinstance(data, dict):
            raise source.fail(path, "expected a table")
        self.data = data

    def field(self, name: str) -> str:
        """The dotted path of a field of this table; of the table itself for ""."""
        return f"{self.path}.{name}" if self.path and name else self.path or name

    def fail(self, name: str, problem: str) -> ScenarioError:
        return self.source.fail(self.field(name), problem)

    def has(self, name: str) -> bool:
        return name in self.data

    def get(self, name: str, default: Any = _MISSING) -> Any:
        if name in self.data:
            return self.data[name]
        if default is Fields._MISSING:
            raise self.fail(name, "missing")
        return default

    def only(self, *names: str) -> None:
        """Refuse keys this table does not take, saying which ones it does."""
        unknown = sorted(set(self.data) - set(names))
        if unknown:
            accepted = ", ".join(names) or "none"
            raise self.fail(unknown[0], f"not a field here; accepted: {accepted}")

    def _typed(self, name: str, default: Any, kind: type, expected: str):
        """The field's value if it is a `kind` (a bool is no number), else the one line
        saying what was expected."""
        value = self.get(name, default)
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise self.fail(name, f"expected {expected}")
        return value

    def text(self, name: str, default: Any = _MISSING) -> str:
        """A string without control characters but line breaks and tabs: every text of
        a scenario may reach a terminal or a page."""
        value = self._typed(name, default, str, "a string")
        if has_control_characters(value, allowed="\n\t"):
            raise self.fail(name, "control characters are not accepted (line breaks and tabs are)")
        return value

    def line(self, name: str, default: Any = _MISSING, most: int = 80) -> str:
        """One line of at most `most` characters that shows as it reads: a title or a
        name, which a person must be able to tell from any other."""
        value = self._typed(name, default, str, "a string")
        problem = line_problem(value, most)
        if problem:
            raise self.fail(name, problem)
        return value

    def number(
        self, name: str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None
    ) -> int:
        value = self._typed(name, default, int, "a whole number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(name, f"{value} is out of range; accepted: {_bounds(lo, hi)}")
        return value

    def flag(self, name: str, default: Any = _MISSING) -> bool:
        return self._typed(name, default, bool, "true or false")

    def one_of(self, name: str, choices, default: Any = _MISSING) -> str:
        value = self.get(name, default)
        if value not in choices:
            raise self.fail(
                name, f"{value!r} is not accepted; accepted: {', '.join(map(str, choices))}"
            )
        return value

    def items(self, name: str, default: Any = _MISSING) -> list:
        return self._typed(name, default, list, "a list")

    def cards(
        self, name: str, known, default: Any = _MISSING, most: int | None = None
    ) -> list[str]:
        """A list of card ids, each one the game knows, at most `most` of them."""
        value = self.items(name, default)
        for card in value:
            if not isinstance(card, str) or card not in known:
                raise self.fail(name, f"unknown card {card!r}")
        if most is not None and len(value) > most:
            raise self.fail(name, f"{len(value)} cards; the rules allow at most {most}")
        return value

    def table(self, name: str, default: Any = _MISSING) -> Fields:
        return Fields(self.source, self.field(name), self.get(name, default))

    def tables(self, name: str, default: Any = _MISSING) -> list[Fields]:
        value = self.items(name, default)
        return [Fields(self.source, f"{self.field(name)}.{i}", t) for i, t in enumerate(value, 1)]


def line_problem(text: str, most: int) -> str | None:
    """What keeps `text` from being one plain line of at most `most` characters: a
    control character (an escape a terminal would act on, a line break) or an invisible
    format character (a direction override or zero-width mark that lets one name pose
    as another); None when it is one."""
    if len(text) > most:
        return f"{len(text)} characters; at most {most} are accepted"
    if has_hidden_characters(text):
        return "one line of visible text: control and invisible format characters are not accepted"
    return None


def _bounds(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


class ScenarioFormat(ABC):
    """How one game's positions are written as scenarios. The kernel reads the rest of
    the file (game, options, players, random, script, expectations) and calls these.

    - `points`: the names `at` accepts, each with a few words a player would read
      ("main": "the main phase of the turn player").
    - `purposes`: the forced-random purposes the game's draws are tagged with, each
      with what it forces ("dice": "the dice of the next checks, in order").
    - `results`: the lowest and highest result a draw of each purpose gives ("dice":
      (1, 6)); a forced result outside them is refused as the file is read. A purpose
      not listed (a die whose sides a rule option sets) is checked when it is drawn.
    - `rule_prefix`: how the game's rule IDs begin ("PGT"), which a file's `rule` list
      is checked against; empty means the game id in capitals.
    """

    points: ClassVar[dict[str, str]] = {}
    purposes: ClassVar[dict[str, str]] = {}
    results: ClassVar[dict[str, tuple[int, int]]] = {}
    rule_prefix: ClassVar[str] = ""

    @abstractmethod
    def build(self, game, position: Fields, *, seed: int, options: dict, players: int):
        """The state the `[position]` table describes, ready for its next decision.
        Every mistake is a `ScenarioError` from `position` (`position.fail(...)`); a card
        in two places, a slot the rules do not have or a count over the rules' limits
        is refused, never clamped."""

    @abstractmethod
    def export(self, state) -> dict:
        """The `[position]` table of `state`: plain TOML data (strings, numbers,
        booleans, lists, tables) that `build` turns back into a state that plays on
        exactly as `state` does. `export(build(export(s))) == export(s)`."""

    def zones(self, state) -> dict[str, list[str]]:
        """Every zone's contents by card id, keyed as expectations name them
        ("p1.hand", "p2.deck", "p1.F1")."""
        return {}

    def values(self, state) -> dict[str, Any]:
        """The numbers and facts expectations may check, keyed by name ("p1.score",
        "p1.F1.ap", "turn")."""
        return {}

    def out(self, state, seat: int) -> bool:
        """Whether `seat` has lost while the game goes on without it (a player knocked
        out of a game of three or more); games nobody leaves early keep the default."""
        return False
