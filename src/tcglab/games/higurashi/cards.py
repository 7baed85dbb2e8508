"""The Higurashi card set: 60 characters and 60 event cards, read from TOML and checked.

Character cards carry the printed values the rules use (G4-4 attack and defence,
G4-GAP-12 points, G4-9 background colour). Event cards are built from a small set of
generic effects (G4-GAP-3), each with its timing and area of effect (G4-6.1).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tcglab.engine.cardfile import card_tables, read_toml
from tcglab.engine.errors import CardDataError

CARD_DIR = Path(__file__).with_name("cards")
COLOURS = ("red", "blue", "green", "yellow", "purple")
TIMINGS = ("main", "own_roll", "enemy_roll")
AREAS = ("own_char", "enemy_char", "all_own", "roll", "self")
TARGETS = ("any", "face_up", "face_down", "sideways")
DURATIONS = ("turn", "next_turn")

# effect -> (timings it may have, areas it may have, extra fields it needs)
EFFECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "stat": (("main",), ("own_char", "all_own", "enemy_char"), ("attack", "defence", "duration")),
    "die": (("own_roll", "enemy_roll"), ("roll",), ("amount",)),
    "steal": (("main",), ("enemy_char",), ()),
    "capture": (("main",), ("enemy_char",), ()),
    "equip": (("main",), ("own_char",), ("attack", "defence")),
    "reveal": (("main",), ("enemy_char",), ()),
    "peek": (("main",), ("enemy_char",), ()),
    "ready": (("main",), ("own_char",), ()),
    "draw": (("main",), ("self",), ("amount",)),
    "recruit": (("main",), ("self",), ("amount",)),
    "hide": (("main",), ("own_char",), ()),
}


@dataclass(frozen=True)
class Character:
    id: str
    name_ja: str
    name_en: str
    attack: int
    defence: int
    points: int
    colour: str
    info: dict = field(compare=False, repr=False, default_factory=dict)


@dataclass(frozen=True)
class EventCard:
    id: str
    name_ja: str
    name_en: str
    copies: int
    timing: str
    area: str
    effect: str
    text_ja: str
    text_en: str
    attack: int = 0
    defence: int = 0
    amount: int = 0
    duration: str = "turn"
    target: str = "any"
    need: int = 0  # a die result of at least this is needed (0 = no roll)
    max_defence: int | None = None
    info: dict = field(compare=False, repr=False, default_factory=dict)


@dataclass(frozen=True)
class CardSet:
    characters: tuple[Character, ...]
    events: tuple[EventCard, ...]
    digest: str

    def event(self, event_id: str) -> EventCard:
        for card in self.events:
            if card.id == event_id:
                return card
        raise KeyError(event_id)


class _Reader:
    """Reads one card table, naming file, card and field in every complaint."""

    def __init__(self, path: Path, entry: dict, index: int) -> None:
        self.path, self.entry = path, entry
        self.card = entry.get("id") if isinstance(entry.get("id"), str) else f"#{index + 1}"

    def fail(self, name: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.path}: card {self.card}: field {name!r}: {problem}")

    def text(self, name: str) -> str:
        value = self.entry.get(name)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(name, "missing or not a non-empty string")
        return value

    def number(self, name: str, low: int, high: int, default: int | None = None) -> int:
        value = self.entry.get(name, default)
        if value is None:
            raise self.fail(name, "missing")
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(name, f"must be a whole number from {low} to {high}, not {value!r}")
        return value

    def one_of(self, name: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        value = self.entry.get(name, default)
        if value not in allowed:
            raise self.fail(name, f"must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def no_other_fields(self, known: set[str]) -> None:
        for name in self.entry:
            if name not in known:
                raise self.fail(name, f"unknown field; fields: {', '.join(sorted(known))}")


def _read_table(path: Path, key: str) -> list[dict]:
    return card_tables(path, read_toml(path), key)


def read_characters(path: Path) -> tuple[Character, ...]:
    cards = []
    for index, entry in enumerate(_read_table(path, "character")):
        r = _Reader(path, entry, index)
        r.no_other_fields({"id", "name_ja", "name_en", "attack", "defence", "points", "colour"})
        card = Character(
            id=r.text("id"),
            name_ja=r.text("name_ja"),
            name_en=r.text("name_en"),
            attack=r.number("attack", 0, 9),
            defence=r.number("defence", 0, 9),
            points=r.number("points", 0, 9),
            colour=r.one_of("colour", COLOURS),
        )
        card.info.update(
            id=card.id,
            name=card.name_en,
            name_ja=card.name_ja,
            attack=card.attack,
            defence=card.defence,
            points=card.points,
            colour=card.colour,
        )
        cards.append(card)
    _check_unique(path, cards)
    return tuple(cards)


def read_events(path: Path) -> tuple[EventCard, ...]:
    cards = []
    common = {
        "id",
        "name_ja",
        "name_en",
        "copies",
        "timing",
        "area",
        "effect",
        "text_ja",
        "text_en",
    }
    optional = {"target", "need", "max_defence"}
    for index, entry in enumerate(_read_table(path, "event")):
        r = _Reader(path, entry, index)
        effect = r.one_of("effect", tuple(EFFECTS))
        timings, areas, needed = EFFECTS[effect]
        r.no_other_fields(common | optional | set(needed))
        values = {name: r.number(name, -9, 9) for name in needed if name != "duration"}
        if "duration" in needed:
            values["duration"] = r.one_of("duration", DURATIONS)
        if "need" in entry:
            values["need"] = r.number("need", 2, 6)
        if "max_defence" in entry:
            values["max_defence"] = r.number("max_defence", 0, 9)
        card = EventCard(
            id=r.text("id"),
            name_ja=r.text("name_ja"),
            name_en=r.text("name_en"),
            copies=r.number("copies", 1, 60),
            timing=r.one_of("timing", timings),
            area=r.one_of("area", areas),
            effect=effect,
            text_ja=r.text("text_ja"),
            text_en=r.text("text_en"),
            target=r.one_of("target", TARGETS, "any"),
            **values,
        )
        card.info.update(
            id=card.id,
            name=card.name_en,
            name_ja=card.name_ja,
            timing=card.timing,
            area=card.area,
            text=card.text_en,
            text_ja=card.text_ja,
        )
        cards.append(card)
    _check_unique(path, cards)
    return tuple(cards)


def _check_unique(path: Path, cards: list) -> None:
    seen = set()
    for card in cards:
        if card.id in seen:
            raise CardDataError(f"{path}: card {card.id}: field 'id': used by two cards")
        seen.add(card.id)


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
