"""The Princess Scramble card pool, read from TOML and checked (PS-11, PS-GAP-18).

A character card (PS-11.1.1) carries what the battle rules read: its work in place of
an attribute (PS-10.1.1), level (= cost, PS-GAP-17), technique and sense (PS-11.1.3;
sense is an operation on incoming technique, PS-9.5.1), life (PS-11.1.4), one to
three support entries (PS-11.1.5) and at most one special ability. An event card
carries its level and one effect (PS-11.2). Effects are drawn from a small
vocabulary shared by events and abilities.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import NamedTuple

from tcglab.engine.cardfile import card_tables, read_toml
from tcglab.engine.errors import CardDataError

CARD_DIR = Path(__file__).with_name("cards")

# effect -> (what it is aimed at, whether it has an amount, whether it lasts)
# aims: "own" one of your characters, "enemy" one of the opponent's characters,
# "own_damaged", "own_exhausted", "enemy_standby" the same with a condition, "none"
# no target.
EFFECTS: dict[str, tuple[str, bool, bool]] = {
    "boost": ("own", True, True),  # technique +n
    "rally": ("none", True, True),  # technique +n to every own character
    "shield": ("own", True, True),  # damage taken -n
    "weaken": ("enemy", True, True),  # technique -n
    "heal": ("own_damaged", True, False),  # remove n damage
    "strike": ("enemy", True, False),  # n damage to a character
    "burn": ("none", True, False),  # n damage to the opposing player
    "draw": ("none", True, False),  # draw n cards
    "ready": ("own_exhausted", False, False),  # back to standby
    "tire": ("enemy_standby", False, False),  # to exhausted
    "revive": ("none", False, False),  # last character of the trash back to the field
}
TIMINGS = ("normal", "battle")
COSTS = ("none", "exhaust")
SUPPORT_KEYS = ("technique", "guard")


class Sense(NamedTuple):
    """PS-9.5.1 a sense modifies the technique it meets: `add` adds a whole number,
    otherwise it multiplies by num/den (a division is a multiplication by 1/n)."""

    add: bool
    num: int
    den: int
    text: str

    def apply(self, technique: int, bonus: int) -> int:
        """Technique through this sense, then `bonus` added; fractions rounded up,
        never below 0 (PS-9.5.1)."""
        if self.add:
            value = technique + self.num + bonus
            return value if value > 0 else 0
        top = technique * self.num + bonus * self.den
        value = -(-top // self.den)
        return value if value > 0 else 0


def parse_sense(text: str) -> Sense:
    """`0`, `+2`, `-1`, `x2`, `x1/2`, `x3/2`, `/2` (`×` and `*` also mean times)."""
    raw = text.strip().replace("×", "x").replace("*", "x").replace("÷", "/")
    try:
        if raw.startswith("x"):
            num, _, den = raw[1:].partition("/")
            sense = Sense(False, int(num), int(den or 1), raw)
        elif raw.startswith("/"):
            sense = Sense(False, 1, int(raw[1:]), raw)
        else:
            value = int(raw)
            sense = Sense(True, value, 1, f"{value:+d}" if value else "0")
    except ValueError:
        sense = None
    bad_fraction = sense is not None and not sense.add and (sense.num < 0 or sense.den < 1)
    if sense is None or bad_fraction or abs(sense.num) > 9 or sense.den > 9:
        raise ValueError(f"sense {text!r} is not +n, -n, xn, xn/m or /m")
    return sense


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    duration: str = "instant"  # "turn" until the reset phase, "field" while the event stays
    timing: str = "normal"
    cost: str = "none"  # abilities only: "exhaust" turns the character sideways

    @property
    def aim(self) -> str:
        return EFFECTS[self.kind][0]


@dataclass(frozen=True)
class Character:
    id: str
    name_ja: str
    name_en: str
    title_ja: str
    title_en: str
    work: str
    level: int
    technique: int
    sense: Sense
    life: int
    support: tuple[tuple[int, int], ...]  # per entry (technique, guard)
    ability: Effect | None
    ability_name_en: str = ""
    ability_text_ja: str = ""
    ability_text_en: str = ""
    kind: str = "character"
    info: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def name(self) -> str:
        return self.name_en


@dataclass(frozen=True)
class EventCard:
    id: str
    name_ja: str
    name_en: str
    level: int
    effect: Effect
    text_ja: str
    text_en: str
    kind: str = "event"
    info: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def name(self) -> str:
        return self.name_en


@dataclass(frozen=True)
class CardSet:
    cards: tuple  # Character | EventCard, indexed by the numbers a state holds
    digest: str
    works: dict = field(compare=False, default_factory=dict)  # id -> (name_ja, name_en)
    index: dict = field(compare=False, repr=False, default_factory=dict)
    cheapest: dict = field(compare=False, repr=False, default_factory=dict)

    def number(self, card_id: str) -> int:
        return self.index[card_id]

    def card(self, card_id: str):
        return self.cards[self.index[card_id]]


class _Reader:
    """Reads one card table, naming file, card and field in every complaint."""

    def __init__(self, path: str, entry: dict, index: int) -> None:
        self.path, self.entry = path, entry
        self.card = entry.get("id") if isinstance(entry.get("id"), str) else f"#{index + 1}"
        self.prefix = ""  # "ability." while reading the ability table

    def fail(self, name: str, problem: str) -> CardDataError:
        name = self.prefix + name
        return CardDataError(f"{self.path}: card {self.card}: field {name!r}: {problem}")

    def text(self, name: str, default: str | None = None, table: dict | None = None) -> str:
        value = (self.entry if table is None else table).get(name, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.fail(name, "missing or not a non-empty string")
        return value

    def number(self, name: str, low: int, high: int, table: dict | None = None) -> int:
        value = (self.entry if table is None else table).get(name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(name, f"must be a whole number from {low} to {high}, not {value!r}")
        return value

    def one_of(self, name: str, allowed, default=None, table: dict | None = None) -> str:
        value = (self.entry if table is None else table).get(name, default)
        if value not in allowed:
            shown = ", ".join(allowed)
            raise self.fail(name, f"must be one of {shown}, not {value!r}")
        return value

    def only(self, known: set[str], table: dict | None = None) -> None:
        for name in self.entry if table is None else table:
            if name not in known:
                raise self.fail(name, f"unknown field; fields: {', '.join(sorted(known))}")

    def effect(self, table: dict, where: str, ability: bool) -> Effect:
        self.prefix = where
        known = {"effect", "amount", "duration", "timing"}
        if ability:
            known |= {"cost", "name_ja", "name_en", "text_ja", "text_en"}
            for name in ("name_ja", "name_en", "text_ja", "text_en"):
                self.text(name, table=table)
        self.only(known, table)
        kind = self.one_of("effect", tuple(EFFECTS), table=table)
        _, has_amount, lasts = EFFECTS[kind]
        amount = self.number("amount", 1, 5, table) if has_amount else 0
        if not has_amount and "amount" in table:
            raise self.fail("amount", f"effect {kind} takes no amount")
        durations = (("turn",) if ability else ("turn", "field")) if lasts else ("instant",)
        duration = self.one_of("duration", durations, durations[0], table)
        timing = self.one_of("timing", TIMINGS, "normal", table)
        cost = self.one_of("cost", COSTS, "none", table) if ability else "none"
        self.prefix = ""
        return Effect(kind, amount, duration, timing, cost)


def _read_table(path: Path, key: str) -> list[dict]:
    return card_tables(path, read_toml(path), key)


CHARACTER_FIELDS = {
    "id",
    "name_ja",
    "name_en",
    "title_ja",
    "title_en",
    "work",
    "level",
    "technique",
    "sense",
    "life",
    "support",
    "ability",
}


def read_character(path: str, entry: dict, index: int, works: dict) -> Character:
    r = _Reader(path, entry, index)
    r.only(CHARACTER_FIELDS)
    try:
        sense = parse_sense(r.text("sense"))
    except ValueError as exc:
        raise r.fail("sense", str(exc)) from None
    support = entry.get("support")
    if not isinstance(support, list) or not 1 <= len(support) <= 3:
        raise r.fail("support", "must be a list of 1 to 3 entries (PS-11.1.5)")
    tiers = []
    for table in support:
        if not isinstance(table, dict) or not table:
            raise r.fail("support", "each entry is a table such as {technique = 1}")
        r.prefix = "support."
        r.only(set(SUPPORT_KEYS), table)
        tiers.append(tuple(r.number(k, 0, 5, table) if k in table else 0 for k in SUPPORT_KEYS))
        r.prefix = ""
    ability = entry.get("ability")
    if ability is not None and not isinstance(ability, dict):
        raise r.fail("ability", "must be a table")
    card = Character(
        id=r.text("id"),
        name_ja=r.text("name_ja"),
        name_en=r.text("name_en"),
        title_ja=r.text("title_ja", ""),
        title_en=r.text("title_en", ""),
        work=r.one_of("work", tuple(works)),
        level=r.number("level", 0, 6),
        technique=r.number("technique", 0, 9),
        sense=sense,
        life=r.number("life", 1, 9),
        support=tuple(tiers),
        ability=None if ability is None else r.effect(ability, "ability.", True),
        ability_name_en="" if ability is None else ability["name_en"],
        ability_text_ja="" if ability is None else ability["text_ja"],
        ability_text_en="" if ability is None else ability["text_en"],
    )
    card.info.update(
        id=card.id,
        kind="character",
        name=card.name_en,
        name_ja=card.name_ja,
        title=card.title_en,
        title_ja=card.title_ja,
        work=card.work,
        level=card.level,
        technique=card.technique,
        sense=card.sense.text,
        life=card.life,
        support=[dict(zip(SUPPORT_KEYS, tier, strict=True)) for tier in card.support],
        ability=None
        if ability is None
        else {
            "name": card.ability_name_en,
            "name_ja": ability["name_ja"],
            "text": card.ability_text_en,
            "text_ja": card.ability_text_ja,
            "cost": card.ability.cost,
            "timing": card.ability.timing,
            "effect": card.ability.kind,
            "amount": card.ability.amount,
        },
    )
    return card


def read_event(path: str, entry: dict, index: int) -> EventCard:
    r = _Reader(path, entry, index)
    common = {"id", "name_ja", "name_en", "level", "text_ja", "text_en"}
    r.only(common | {"effect", "amount", "duration", "timing"})
    card = EventCard(
        id=r.text("id"),
        name_ja=r.text("name_ja"),
        name_en=r.text("name_en"),
        level=r.number("level", 0, 6),
        effect=r.effect({k: v for k, v in entry.items() if k not in common}, "", False),
        text_ja=r.text("text_ja"),
        text_en=r.text("text_en"),
    )
    card.info.update(
        id=card.id,
        kind="event",
        name=card.name_en,
        name_ja=card.name_ja,
        level=card.level,
        timing=card.effect.timing,
        effect=card.effect.kind,
        amount=card.effect.amount,
        duration=card.effect.duration,
        text=card.text_en,
        text_ja=card.text_ja,
    )
    return card


def build_card_set(works: dict, characters: list[dict], events: list[dict], where="cards"):
    """A checked card set from plain tables (the shipped files, or a test's own cards)."""
    cards = [read_character(where, e, i, works) for i, e in enumerate(characters)]
    cards += [read_event(where, e, i) for i, e in enumerate(events)]
    blob = repr((sorted(works.items()), characters, events)).encode()
    return _finish(where, cards, hashlib.sha256(blob).hexdigest(), dict(works))


def _finish(where, cards: list, digest: str, works: dict) -> CardSet:
    """The set with its id index and the cheapest event level of each timing."""
    index = {}
    for number, card in enumerate(cards):
        if card.id in index:
            raise CardDataError(f"{where}: card {card.id}: field 'id': used by two cards")
        index[card.id] = number
    cheapest = {}
    for card in cards:
        if card.kind == "event":
            timing = card.effect.timing
            cheapest[timing] = min(cheapest.get(timing, card.level), card.level)
    return CardSet(tuple(cards), digest, works, index, cheapest)


def read_card_set(directory: Path) -> CardSet:
    works_path = directory / "works.toml"
    works = {}
    for index, entry in enumerate(_read_table(works_path, "work")):
        r = _Reader(str(works_path), entry, index)
        r.only({"id", "name_ja", "name_en"})
        works[r.text("id")] = (r.text("name_ja"), r.text("name_en"))
    characters, events = [], []
    for path in sorted(directory.glob("*.toml")):
        if path.name != "works.toml":
            characters += [(path, e) for e in _tables(path, "character")]
            events += [(path, e) for e in _tables(path, "event")]
    chars = [read_character(str(p), e, i, works) for i, (p, e) in enumerate(characters)]
    evs = [read_event(str(p), e, i) for i, (p, e) in enumerate(events)]
    blob = b"\0".join(p.read_bytes() for p in sorted(directory.glob("*.toml")))
    return _finish(directory, chars + evs, hashlib.sha256(blob).hexdigest(), works)


def _tables(path: Path, key: str) -> list[dict]:
    return card_tables(path, read_toml(path), key, required=False)


@cache
def card_set() -> CardSet:
    """The shipped card pool, read once."""
    return read_card_set(CARD_DIR)
