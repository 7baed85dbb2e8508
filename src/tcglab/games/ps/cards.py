"""The Princess Scramble card pool, read from TOML and checked (PS-11, PS-GAP-18).

A character card (PS-11.1.1) carries what the battle rules read: its work in place of
an attribute (PS-10.1.1), level (= cost, PS-GAP-17), technique and sense (PS-11.1.3;
sense is an operation on incoming technique, PS-9.5.1), life (PS-11.1.4), one to
three support entries (PS-11.1.5) and at most one special ability. An event card
carries its level and its effect (PS-11.2). Effects of both are made of the parts in
`parts.py`; the text a card shows is generated from them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import NamedTuple

from tcglab.engine.actions import KeepsActions
from tcglab.engine.cardfile import FieldReader, card_tables, check_unique, face, read_toml
from tcglab.games.ps.parts import COSTS, MAX_PARTS, PARTS, TIMINGS, Effect, Part

CARD_DIR = Path(__file__).with_name("cards")
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
class Character(KeepsActions):
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
    ability_name_ja: str = ""
    ability_name_en: str = ""
    kind: str = "character"
    info: dict = field(compare=False, repr=False, default_factory=dict)
    # The actions naming this card, made once each and kept by a number (`action`).
    actions: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def ability_text_en(self) -> str:
        return "" if self.ability is None else self.ability.text("en")

    @property
    def ability_text_ja(self) -> str:
        return "" if self.ability is None else self.ability.text("ja")


@dataclass(frozen=True)
class EventCard(KeepsActions):
    id: str
    name_ja: str
    name_en: str
    level: int
    effect: Effect
    kind: str = "event"
    info: dict = field(compare=False, repr=False, default_factory=dict)
    # The actions naming this card, made once each and kept by a number (`action`).
    actions: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def text_en(self) -> str:
        return self.effect.text("en")

    @property
    def text_ja(self) -> str:
        return self.effect.text("ja")


@dataclass(frozen=True)
class CardSet:
    cards: tuple  # Character | EventCard, indexed by the numbers a state holds
    digest: str
    works: dict = field(compare=False, default_factory=dict)  # id -> (name_ja, name_en)
    index: dict = field(compare=False, repr=False, default_factory=dict)
    cheapest: dict = field(compare=False, repr=False, default_factory=dict)
    # By card number, what deciding whether a card in hand may be placed reads (every
    # main phase and window, play.placeable), as plain tuples: (level, whether it is a
    # character, its English name, and for an event its effect and its effect's timing).
    placing: tuple = field(compare=False, repr=False, default=())

    def number(self, card_id: str) -> int:
        return self.index[card_id]

    def card(self, card_id: str):
        return self.cards[self.index[card_id]]


# -- reading effects --------------------------------------------------------------------

PART_FIELDS = {"kind", "amount", "duration"}


def read_part(r: FieldReader, table: dict, ability: bool) -> Part:
    """One `{ kind = ..., amount = ..., duration = ... }` table of `effects`."""
    r.only(PART_FIELDS, table)
    kind = PARTS[r.one_of("kind", tuple(PARTS), table=table)]
    if kind.takes_amount:
        amount = r.number("amount", 1, 5, table=table)
    elif "amount" in table:
        raise r.fail("amount", f"a {kind.kind} part takes no amount")
    else:
        amount = 0
    durations = ("instant",)
    if kind.lasting:
        durations = ("turn",) if ability else ("turn", "field")  # abilities leave nothing
    duration = r.one_of("duration", durations, durations[0], table)
    return kind(amount, duration)


def read_effect(r: FieldReader, table: dict, ability: bool) -> Effect:
    """The `effects` list of an event or an ability, with its timing and cost."""
    tables = r.tables("effects", table)
    if not 1 <= len(tables) <= MAX_PARTS:
        raise r.fail(
            "effects", f"must list 1 to {MAX_PARTS} parts such as {{ kind = 'draw', amount = 1 }}"
        )
    outer = r.prefix
    parts = []
    for n, entry in enumerate(tables, start=1):
        r.prefix = f"{outer}effects.{n}."
        parts.append(read_part(r, entry, ability))
    r.prefix = outer
    if sum(p.aim != "none" for p in parts) > 1:
        raise r.fail("effects", "at most one part may be aimed at a character")
    timing = r.one_of("timing", TIMINGS, "normal", table)
    cost = r.one_of("cost", COSTS, "none", table) if ability else "none"
    return Effect(tuple(parts), timing, cost, ability)


# -- reading cards ------------------------------------------------------------------------

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
ABILITY_FIELDS = {"name_ja", "name_en", "effects", "timing", "cost"}
EVENT_FIELDS = {"id", "name_ja", "name_en", "level", "effects", "timing"}


def _support(r: FieldReader, entry: dict) -> tuple[tuple[int, int], ...]:
    support = entry.get("support")
    if not isinstance(support, list) or not 1 <= len(support) <= 3:
        raise r.fail("support", "must be a list of 1 to 3 entries (PS-11.1.5)")
    tiers = []
    for table in support:
        if not isinstance(table, dict) or not table:
            raise r.fail("support", "each entry is a table such as {technique = 1}")
        r.prefix = "support."
        r.only(set(SUPPORT_KEYS), table)
        tiers.append(tuple(r.number(k, 0, 5, 0, table) for k in SUPPORT_KEYS))
        r.prefix = ""
    return tuple(tiers)


def read_character(path, entry: dict, index: int, works: dict) -> Character:
    r = FieldReader(path, entry, index)
    r.only(CHARACTER_FIELDS)
    try:
        sense = parse_sense(r.text("sense"))
    except ValueError as exc:
        raise r.fail("sense", str(exc)) from None
    support = _support(r, entry)
    table = r.table("ability")
    ability, names = None, ("", "")
    if table is not None:
        r.prefix = "ability."
        r.only(ABILITY_FIELDS, table)
        names = (r.text("name_ja", table=table), r.text("name_en", table=table))
        ability = read_effect(r, table, ability=True)
        r.prefix = ""
    card = Character(
        **r.names(),
        title_ja=r.text("title_ja", ""),
        title_en=r.text("title_en", ""),
        work=r.one_of("work", tuple(works)),
        level=r.number("level", 0, 6),
        technique=r.number("technique", 0, 9),
        sense=sense,
        life=r.number("life", 1, 9),
        support=support,
        ability=ability,
        ability_name_ja=names[0],
        ability_name_en=names[1],
    )
    card.info.update(
        face(card),
        kind="character",
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
            "name_ja": card.ability_name_ja,
            "text": card.ability_text_en,
            "text_ja": card.ability_text_ja,
            "cost": ability.cost,
            "timing": ability.timing,
            "effects": ability.info(),
        },
    )
    return card


def read_event(path, entry: dict, index: int) -> EventCard:
    r = FieldReader(path, entry, index)
    r.only(EVENT_FIELDS)
    card = EventCard(
        **r.names(),
        level=r.number("level", 0, 6),
        effect=read_effect(r, entry, ability=False),
    )
    card.info.update(
        face(card),
        kind="event",
        level=card.level,
        timing=card.effect.timing,
        effects=card.effect.info(),
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
    check_unique(where, cards)
    index = {card.id: number for number, card in enumerate(cards)}
    cheapest = {}
    for card in cards:
        if card.kind == "event":
            timing = card.effect.timing
            cheapest[timing] = min(cheapest.get(timing, card.level), card.level)
    placing = tuple(
        (card.level, True, card.name_en, None, "")
        if card.kind == "character"
        else (card.level, False, card.name_en, card.effect, card.effect.timing)
        for card in cards
    )
    return CardSet(tuple(cards), digest, works, index, cheapest, placing)


def read_card_set(directory: Path) -> CardSet:
    works_path = directory / "works.toml"
    works = {}
    for index, entry in enumerate(card_tables(works_path, read_toml(works_path), "work")):
        r = FieldReader(works_path, entry, index)
        r.only({"id", "name_ja", "name_en"})
        works[r.text("id")] = (r.text("name_ja"), r.text("name_en"))
    characters, events = [], []
    for path in sorted(directory.glob("*.toml")):
        if path.name != "works.toml":
            data = read_toml(path)
            characters += [(path, e) for e in card_tables(path, data, "character", False)]
            events += [(path, e) for e in card_tables(path, data, "event", False)]
    chars = [read_character(p, e, i, works) for i, (p, e) in enumerate(characters)]
    evs = [read_event(p, e, i) for i, (p, e) in enumerate(events)]
    blob = b"\0".join(p.read_bytes() for p in sorted(directory.glob("*.toml")))
    return _finish(directory, chars + evs, hashlib.sha256(blob).hexdigest(), works)


@cache
def card_set() -> CardSet:
    """The shipped card pool, read once."""
    return read_card_set(CARD_DIR)
