"""The Higurashi card set: 60 characters and 60 event cards, read from TOML and checked.

Character cards carry the printed values the rules use (G4-4 attack and defence,
G4-GAP-12 points, G4-9 background colour). An event card is a timing and a list of
effect parts (G4-GAP-3, G4-6.1; the kinds are in `parts/`); the text players read is
written from the parts, so it cannot drift from what the card does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from tcglab.engine.actions import KeepsActions
from tcglab.engine.cardfile import FieldReader, card_tables, check_unique, face, read_toml
from tcglab.engine.errors import CardDataError
from tcglab.games.higurashi.parts import PARTS, Part
from tcglab.games.higurashi.parts.base import CHOSEN, TARGETS, TIMINGS, Choice
from tcglab.games.higurashi.parts.wording import card_text

if TYPE_CHECKING:
    from collections.abc import Callable

CARD_DIR = Path(__file__).with_name("cards")
COLOURS = ("red", "blue", "green", "yellow", "purple")


@dataclass(frozen=True)
class Character(KeepsActions):
    id: str
    name_ja: str
    name_en: str
    attack: int
    defence: int
    points: int
    colour: str
    info: dict = field(compare=False, repr=False, default_factory=dict)
    # The actions naming this card, made once each and kept by a number (`action`).
    actions: dict = field(compare=False, repr=False, default_factory=dict)


@dataclass(frozen=True, eq=False)  # each card is one object, compared and hashed as such
class EventCard(KeepsActions):
    id: str
    name_ja: str
    name_en: str
    copies: int
    timing: str
    parts: tuple[Part, ...]
    info: dict = field(compare=False, repr=False, default_factory=dict)
    # Its target actions, made once each and kept by a number (`action`).
    actions: dict = field(compare=False, repr=False, default_factory=dict)

    @cached_property
    def aim(self) -> Part | None:
        """The part that says which character the card is played on, if it needs one."""
        return next((p for p in self.parts if p.chooses), None)

    @cached_property
    def checks(self) -> tuple:
        """Its parts' legality checks (`Part.usable`), bound once, as they run for every
        card in hand at every decision; a part acting on the player with the base check
        can always act and needs none."""
        return tuple(
            part.usable
            for part in self.parts
            if part.area != "self" or type(part).usable is not Part.usable
        )

    @cached_property
    def area(self) -> str:
        """The card's area of effect (G4-6.1): its chosen character's, else its first part's."""
        return (self.aim or self.parts[0]).area

    @cached_property
    def text_en(self) -> str:
        return card_text(self.timing, self.parts, "en")

    @cached_property
    def text_ja(self) -> str:
        return card_text(self.timing, self.parts, "ja")

    # -- its value for the heuristic agent, from its parts ---------------------------

    keep = cached_property(lambda self: max(p.keep for p in self.parts))
    eager = cached_property(lambda self: any(p.eager for p in self.parts))
    roll_change = cached_property(lambda self: sum(p.roll_change for p in self.parts))
    guards = cached_property(lambda self: any(p.guards for p in self.parts))

    def opening(self) -> tuple[int, int] | None:
        return next((o for o in (p.opening() for p in self.parts) if o is not None), None)

    def worth(self, target: dict) -> float:
        return sum(p.worth(target) for p in self.parts)


@dataclass(frozen=True)
class CardSet:
    characters: tuple[Character, ...]
    events: tuple[EventCard, ...]
    digest: str

    @property
    def cards(self) -> tuple[Character | EventCard, ...]:
        """Every printed card, characters first (the faces the kernel lists)."""
        return (*self.characters, *self.events)

    @cached_property
    def plans(self) -> tuple:
        """Per event card, by its index: `(card, timing, aims, checks)`, what
        `effects.plays` reads of each card in hand at every decision, read once here
        (`aims`: it is played on a chosen character)."""
        return tuple((card, card.timing, card.aim is not None, card.checks) for card in self.events)

    @cached_property
    def _events_by_id(self) -> dict[str, EventCard]:
        return {card.id: card for card in self.events}

    def event(self, event_id: str) -> EventCard:
        return self._events_by_id[event_id]


def _read_cards(path: Path, key: str, read_card: Callable[[FieldReader], object]) -> tuple:
    """Every `[[key]]` table of a card file, each read by `read_card`; ids once each."""
    tables = card_tables(path, read_toml(path), key)
    cards = tuple(read_card(FieldReader(path, entry, index)) for index, entry in enumerate(tables))
    check_unique(path, cards)
    return cards


def read_characters(path: Path) -> tuple[Character, ...]:
    return _read_cards(path, "character", read_character)


def read_character(r: FieldReader) -> Character:
    """One `[[character]]` table as a card."""
    r.only({"id", "name_ja", "name_en", "attack", "defence", "points", "colour"})
    names = r.names()
    printed = {
        "attack": r.number("attack", 0, 9),
        "defence": r.number("defence", 0, 9),
        "points": r.number("points", 0, 9),
        "colour": r.one_of("colour", COLOURS),
    }
    card = Character(**names, **printed)
    card.info.update(face(card), **printed)  # its face shows all it has
    return card


def read_part(r: FieldReader, table: dict, timing: str) -> Part:
    """One `[[event.effects]]` table: its kind, where it acts, which character it may be
    played on, and the kind's own parameters."""
    kind = PARTS[r.one_of("kind", tuple(PARTS), table=table)]
    known = {"kind", *kind.params}
    if len(kind.areas) > 1:
        known.add("area")
    area = r.one_of("area", kind.areas, kind.areas[0], table=table)
    if area in CHOSEN:
        known |= {"target", "max_defence"}
    r.only(known, table=table)
    if timing not in kind.timings:
        raise r.fail("kind", f"a {kind.kind} effect is played at {', '.join(kind.timings)}")
    values = {}
    for name, spec in kind.params.items():
        if isinstance(spec, Choice):
            values[name] = r.one_of(name, spec.allowed, spec.default, table=table)
        else:
            values[name] = r.number(name, spec.low, spec.high, spec.default, table=table)
    part = kind(
        area=area,
        target=r.one_of("target", TARGETS, "any", table=table),
        max_defence=r.number("max_defence", 0, 9, table=table, optional=True),
        **values,
    )
    problem = part.problem()
    if problem:
        raise r.fail("kind", problem)
    return part


def read_parts(r: FieldReader, timing: str) -> tuple[Part, ...]:
    tables = r.tables("effects")
    if not tables:
        raise r.fail("effects", "an event card needs at least one [[event.effects]] table")
    parts = []
    for number, table in enumerate(tables, 1):
        r.prefix = f"effects[{number}]."
        parts.append(read_part(r, table, timing))
    r.prefix = ""
    aims = {(p.area, p.target, p.max_defence) for p in parts if p.chooses}
    if len(aims) > 1:  # they act on one chosen character, so they must describe it alike
        raise r.fail("effects", "parts acting on the chosen character differ in area or target")
    return tuple(parts)


def read_events(path: Path) -> tuple[EventCard, ...]:
    return _read_cards(path, "event", read_event)


def read_event(r: FieldReader) -> EventCard:
    """One `[[event]]` table as a card, its parts read with it."""
    r.only({"id", "name_ja", "name_en", "copies", "timing", "effects"})
    timing = r.one_of("timing", TIMINGS)
    card = EventCard(
        **r.names(),
        copies=r.number("copies", 1, 60),
        timing=timing,
        parts=read_parts(r, timing),
    )
    card.info.update(
        face(card),
        timing=card.timing,
        area=card.area,
        text=card.text_en,
        text_ja=card.text_ja,
    )
    return card


def read_card_set(directory: Path) -> CardSet:
    chars_path, events_path = directory / "characters.toml", directory / "events.toml"
    characters, events = read_characters(chars_path), read_events(events_path)
    if len(characters) != 60:  # G4-1.1
        raise CardDataError(
            f"{chars_path}: the game has 60 character cards, this file {len(characters)}"
        )
    if sum(e.copies for e in events) != 60:  # G4-1.2
        raise CardDataError(
            f"{events_path}: the game has 60 event cards, the copies add up to "
            f"{sum(e.copies for e in events)}"
        )
    blob = chars_path.read_bytes() + b"\0" + events_path.read_bytes()
    return CardSet(characters, events, hashlib.sha256(blob).hexdigest())


@cache
def card_set() -> CardSet:
    """The shipped card set, read once."""
    return read_card_set(CARD_DIR)
