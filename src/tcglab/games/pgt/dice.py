"""Exact odds for Pretty Good Tactics action checks (行動判定, PGT-11).

An "nD+a" check rolls k dice, 1 <= k <= n, chosen before the roll (PGT-11.1, PGT-11.4,
PGT-GAP-6). Its value is the sum plus a, except that any 1 is a fumble worth 0 and all
6s is a critical hit worth 99 (PGT-11.2, PGT-11.3, PGT-14.2.8). Attack boosts "+mD+b"
fold into the same check (PGT-11.5). Everything here is exact (fractions.Fraction); the
rulebook's 3.5-per-die heuristic (PGT-11.6) is never used, because it is wrong for some
targets (PGT-WE-2). `chart` is the probability chart the rulebook promised but does not
contain (PGT-GAP-23). Values are not clamped: the rules are silent on a sum plus a
negative modifier below 0, or a non-critical value above 99, so both are kept literally.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

__all__ = [
    "CRITICAL_VALUE",
    "FUMBLE_VALUE",
    "READ_DICE",
    "DiceExpr",
    "Odds",
    "best_dice",
    "chart",
    "check_distribution",
    "critical_probability",
    "format_chart",
    "format_fraction",
    "fumble_probability",
    "odds_table",
    "parse_expr",
    "roll_value",
    "success_probability",
]

FUMBLE_VALUE = 0  # PGT-11.3: a fumble's value
CRITICAL_VALUE = 99  # PGT-11.3: a critical hit's value
# PGT-11.1 and PGT-11.5 set no upper limit on the dice of one check: the checks the
# engine makes roll every die they have, boosts included. Only the text reader below has
# a bound, on what the odds command accepts as input.
READ_DICE = 10

_FACES = range(1, 7)
_SAFE_FACES = range(2, 7)  # faces that do not fumble (PGT-11.2)
_EXPECTED_FORM = "expected something like 3D+1 or 3D+2D-4"


def _check_dice(k: int) -> None:
    """PGT-11.1 and PGT-GAP-6: a check rolls at least 1 die, and no rule caps the count."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"number of dice must be a whole number of at least 1, got {k!r}")


# --- dice expressions ("nD+a") ------------------------------------------------------------


@dataclass(frozen=True)
class DiceExpr:
    """An "nD+a" ability: roll up to `dice` dice and add `modifier` (PGT-11.1)."""

    dice: int
    modifier: int

    def __post_init__(self) -> None:
        _check_dice(self.dice)
        if isinstance(self.modifier, bool) or not isinstance(self.modifier, int):
            raise ValueError(f"dice modifier must be a whole number, got {self.modifier!r}")

    def fold(self, boost: DiceExpr) -> DiceExpr:
        """Fold an attack boost "+mD+b" into this check (PGT-11.5): 3D + (2D-4) is 5D-4."""
        return DiceExpr(self.dice + boost.dice, self.modifier + boost.modifier)

    def __str__(self) -> str:
        return f"{self.dice}D{self.modifier:+d}" if self.modifier else f"{self.dice}D"


# Minus-like characters NFKC leaves alone; the rulebook and digest write "2D−4".
_MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2013": "-"})
# The notation, after spaces are dropped: a check "nD" (a printed boost may lead with
# "+"), then any number of boost dice "+mD" and modifiers "+a" / "-a". Numbers have at
# most 2 digits and the dice total at most READ_DICE: the bounds of typed input.
_CHECK = re.compile(r"\+?([0-9]{1,2})D")
_TERM = re.compile(r"([+-])([0-9]{1,2})(D?)")
_LONGEST = 40  # characters of an expression, spaces included


def parse_expr(text: str) -> DiceExpr:
    """Read an ability's dice expression, e.g. "3D+1", "2d-4" or "３Ｄ＋１" (PGT-11.1).

    The expression starts with its dice, "nD"; then come any number of "+mD" (an attack
    boost's dice) and "+a" or "-a" (modifiers), summed dice with dice and modifiers with
    modifiers, so an attack and its boost read as one check: "3D+2D-4" is 5D-4
    (PGT-11.5). A leading "+" is allowed (a boost is printed "+2D-4"). Spaces and
    full-width characters are accepted; each number has at most 2 digits, the whole at
    most 40 characters, and the dice must total 1 to READ_DICE. Dice cannot be
    subtracted. Bad input raises ValueError with a one-line message.
    """
    if not isinstance(text, str):
        raise TypeError(f"dice expression must be a string, got {type(text).__name__}")
    if len(text) > _LONGEST:
        raise ValueError(
            f"cannot read dice expression {text[:20]!r}... ({len(text)} characters): at most "
            f"{_LONGEST}, {_EXPECTED_FORM}"
        )
    normal = unicodedata.normalize("NFKC", text).translate(_MINUS_SIGNS)
    compact = "".join(normal.split()).upper()

    def refuse(reason: str) -> ValueError:
        return ValueError(f"cannot read dice expression {text!r}: {reason}; {_EXPECTED_FORM}")

    first = _CHECK.match(compact)
    if first is None:
        if not compact:
            raise refuse("it is empty")
        if re.match(r"\+?[0-9]{3,}D", compact):
            raise refuse("the number of dice has at most 2 digits")
        raise refuse("it must start with its dice, nD")
    dice, modifier = int(first[1]), 0
    pos = first.end()
    while pos < len(compact):
        if re.match(r"[+-][0-9]{3,}", compact[pos:]):
            raise refuse("each modifier and boost has at most 2 digits")
        term = _TERM.match(compact, pos)
        if term is None:
            raise refuse(f"after {compact[:pos]} come only +mD, +a or -a, not {compact[pos:]!r}")
        if term[3] and term[1] == "-":
            raise refuse("dice cannot be subtracted")
        sign, number, is_dice = term.groups()
        if is_dice:
            dice += int(number)
        else:
            modifier += -int(number) if sign == "-" else int(number)
        pos = term.end()
    if not 1 <= dice <= READ_DICE:
        raise refuse(f"dice must total 1 to {READ_DICE}, not {dice}")
    return DiceExpr(dice, modifier)


# --- one concrete roll --------------------------------------------------------------------


def roll_value(faces: Sequence[int], modifier: int) -> int:
    """The value of one rolled check (PGT-11.2, PGT-11.3, PGT-14.2.8).

    Any 1 is a fumble (0), whatever the modifier; all 6s is a critical hit (99); otherwise
    the faces' sum plus the modifier. E.g. (6,6,6,6,1) with -4 is 0 and (2,3,4,5,6) is 16.
    """
    _check_dice(len(faces))
    if any(face not in _FACES for face in faces):
        raise ValueError(f"die faces must be 1 to 6, got {tuple(faces)!r}")
    if 1 in faces:
        return FUMBLE_VALUE
    if all(face == 6 for face in faces):
        return CRITICAL_VALUE
    return sum(faces) + modifier


# --- exact distributions ------------------------------------------------------------------


# _SAFE[k]: the ways for k dice, none showing 1, to total each sum 2k..6k (index 0 is
# sum 2k). Each die is one convolution with the faces 2..6 of the row before, so k dice
# cost O(k) work over the previous row and O(k**2) in all, never the 6**k outcomes; rows
# are kept, so a check of many dice costs its convolutions once.
_SAFE: list[tuple[int, ...]] = [(1,)]  # zero dice: one way to total 0


def _safe_sum_counts(k: int) -> tuple[int, ...]:
    """Ways for k dice, none showing 1, to total each sum 2k..6k (index 0 is sum 2k)."""
    while len(_SAFE) <= k:
        counts = _SAFE[-1]
        grown = [0] * (len(counts) + 4)
        for offset, ways in enumerate(counts):
            for face_offset in range(5):  # faces 2..6 add 0..4 to the offset from 2k
                grown[offset + face_offset] += ways
        _SAFE.append(tuple(grown))
    return _SAFE[k]


@lru_cache(maxsize=4096)
def _value_counts(k: int, modifier: int) -> tuple[tuple[int, int], ...]:
    """(value, ways out of 6**k) for a check with exactly k dice, sorted by value."""
    _check_dice(k)
    ways: dict[int, int] = {}
    safe = _safe_sum_counts(k)
    # PGT-11.2/11.3: every roll with a 1 is a fumble, worth 0.
    ways[FUMBLE_VALUE] = 6**k - sum(safe)
    for offset, count in enumerate(safe[:-1]):  # every safe sum but the all-6 one
        value = 2 * k + offset + modifier
        ways[value] = ways.get(value, 0) + count
    # The only safe roll totalling 6k is all 6s: a critical hit, worth 99.
    ways[CRITICAL_VALUE] = ways.get(CRITICAL_VALUE, 0) + safe[-1]
    return tuple(sorted(ways.items()))


def check_distribution(k: int, modifier: int) -> dict[int, Fraction]:
    """Exact distribution of the check value when rolling exactly k dice (PGT-11.1-11.3).

    Fumbles are folded into value 0 and critical hits into 99 (PGT-14.2.8). The result is
    a fresh dict (value -> probability); its probabilities sum to 1.
    """
    total = 6**k
    return {value: Fraction(ways, total) for value, ways in _value_counts(k, modifier)}


@lru_cache(maxsize=65536)
def success_probability(k: int, modifier: int, target: int) -> Fraction:
    """P(value >= target) rolling exactly k dice with this modifier (PGT-10.4, PGT-14.2.10).

    A target of 0 or less (e.g. a face-down character's defence, PGT-12.2) is met even by
    a fumble.
    """
    ways = sum(count for value, count in _value_counts(k, modifier) if value >= target)
    return Fraction(ways, 6**k)


def fumble_probability(k: int) -> Fraction:
    """P(at least one die shows 1) with k dice, i.e. 1 - (5/6)**k (PGT-11.2)."""
    _check_dice(k)
    return 1 - Fraction(5, 6) ** k


def critical_probability(k: int) -> Fraction:
    """P(every die shows 6) with k dice, i.e. (1/6)**k (PGT-11.2)."""
    _check_dice(k)
    return Fraction(1, 6) ** k


# --- choosing how many dice (PGT-11.4) ----------------------------------------------------


@dataclass(frozen=True)
class Odds:
    """The odds of rolling exactly `dice` dice of a check against one target."""

    dice: int
    p_success: Fraction
    p_fumble: Fraction
    p_critical: Fraction


def odds_table(expr: DiceExpr, target: int) -> list[Odds]:
    """Odds for every legal choice k = 1..expr.dice of an "nD+a" check (PGT-11.4)."""
    return [
        Odds(
            dice=k,
            p_success=success_probability(k, expr.modifier, target),
            p_fumble=fumble_probability(k),
            p_critical=critical_probability(k),
        )
        for k in range(1, expr.dice + 1)
    ]


def best_dice(expr: DiceExpr, target: int) -> int:
    """The k in 1..expr.dice with the highest success probability; ties go to fewer dice.

    Exact, unlike the PGT-11.6 heuristic: for 3D+1 against 8 this is 3, not 2 (PGT-WE-2).
    """
    return max(
        range(1, expr.dice + 1),
        key=lambda k: (success_probability(k, expr.modifier, target), -k),
    )


# --- the missing appendix chart (PGT-GAP-23) ----------------------------------------------


def chart(
    max_dice: int = 5, modifier: int = 0, targets: Iterable[int] = range(2, 31)
) -> list[list[Fraction]]:
    """The probability chart the rulebook refers to but lacks (PGT-11.6, PGT-GAP-23).

    One row per target, in the order given; row[i] is the success probability of rolling
    exactly i + 1 dice with this modifier.
    """
    _check_dice(max_dice)
    return [
        [success_probability(k, modifier, target) for k in range(1, max_dice + 1)]
        for target in targets
    ]


def format_fraction(f: Fraction) -> str:
    """A probability as text: "31/54", or "1" and "0" for whole numbers."""
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def format_chart(
    max_dice: int = 5,
    modifier: int = 0,
    targets: Iterable[int] = range(2, 31),
    digits: int = 4,
) -> str:
    """`chart` as a Markdown table with decimals and the best k per target (PGT-GAP-23)."""
    target_list = list(targets)
    rows = chart(max_dice, modifier, target_list)
    suffix = f"{modifier:+d}" if modifier else ""
    header = ["T", *(f"{k}D{suffix}" for k in range(1, max_dice + 1)), "best k"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for target, row in zip(target_list, rows, strict=True):
        best = max(range(max_dice), key=lambda i: (row[i], -i)) + 1
        cells = [str(target), *(f"{float(p):.{digits}f}" for p in row), str(best)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
