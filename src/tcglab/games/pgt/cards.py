"""The Pretty Good Tactics card set: 180 characters (PGT-3.1) read from TOML and checked.

Each card carries what PGT-4 prints on it: name, score (PGT-4.2), P-def (PGT-4.4),
M-def (PGT-4.5), attribute (PGT-4.6) and abilities (PGT-4.7) in the rulebook's own
notation, parsed by `notation.parse_ability`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tcglab.engine.cardfile import card_tables, read_toml
from tcglab.engine.errors import CardDataError
from tcglab.games.pgt.notation import Ability, NotationError, describe, parse_ability

CARD_DIR = Path(__file__).with_name("cards")
CARD_COUNT = 180  # PGT-3.1
ATTRIBUTES = {"火": "fire", "水": "water", "風": "wind", "地": "earth", "光": "light", "闇": "dark"}
FIELDS = {"id", "name_ja", "name_en", "score", "pdef", "mdef", "attribute", "abilities"}


@dataclass(frozen=True)
class Card:
    id: str
    name_ja: str
    name_en: str
    score: int
    pdef: int
    mdef: int
    attribute: str
    abilities: tuple[Ability, ...]
    # (index, ability) of the abilities usable in activation windows: activated, not
    # Ａ (only as the attack) and not Ｒ (only on flipping)
    in_windows: tuple = field(compare=False, repr=False, default=())
    info: dict = field(compare=False, repr=False, default_factory=dict)

    def has(self, keyword: str) -> Ability | None:
        for ability in self.abilities:
            if ability.keyword == keyword:
                return ability
        return None


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]
    by_id: dict
    digest: str

    def card(self, card_id: str) -> Card:
        return self.cards[self.by_id[card_id]]


def _fail(path: Path, card: str, name: str, problem: str) -> CardDataError:
    return CardDataError(f"{path}: card {card}: field {name!r}: {problem}")


def _text(path, card, entry, name) -> str:
    value = entry.get(name)
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, card, name, "missing or not a non-empty string")
    return value


def _number(path, card, entry, name, low, high) -> int:
    value = entry.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(path, card, name, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def read_card(path: Path, entry: dict, index: int) -> Card:
    card = entry.get("id") if isinstance(entry.get("id"), str) else f"#{index + 1}"
    for name in entry:
        if name not in FIELDS:
            raise _fail(path, card, name, f"unknown field; fields: {', '.join(sorted(FIELDS))}")
    attribute = entry.get("attribute")
    if attribute not in ATTRIBUTES:
        raise _fail(path, card, "attribute", f"must be one of {' '.join(ATTRIBUTES)}")
    texts = entry.get("abilities", [])
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise _fail(path, card, "abilities", "must be a list of ability texts")
    abilities = []
    for number, text in enumerate(texts, start=1):
        try:
            abilities.append(parse_ability(text))
        except NotationError as exc:
            raise CardDataError(f"{path}: card {card}: ability {number} {text!r}: {exc}") from None
    result = Card(
        id=_text(path, card, entry, "id"),
        name_ja=_text(path, card, entry, "name_ja"),
        name_en=_text(path, card, entry, "name_en"),
        score=_number(path, card, entry, "score", 0, 10),
        pdef=_number(path, card, entry, "pdef", 0, 30),
        mdef=_number(path, card, entry, "mdef", 0, 30),
        attribute=attribute,
        abilities=tuple(abilities),
        in_windows=tuple(
            (i, a)
            for i, a in enumerate(abilities)
            if a.activated and not a.is_attack and not a.on_flip
        ),
    )
    result.info.update(
        id=result.id,
        name=result.name_en,
        name_ja=result.name_ja,
        score=result.score,
        pdef=result.pdef,
        mdef=result.mdef,
        attribute=result.attribute,
        abilities=list(texts),
        abilities_en=[describe(a) for a in abilities],
    )
    return result


def read_file(path: Path) -> list[Card]:
    entries = card_tables(path, read_toml(path), "card")
    return [read_card(path, entry, i) for i, entry in enumerate(entries)]


def read_card_set(directory: Path, count: int | None = CARD_COUNT) -> CardSet:
    paths = sorted(directory.glob("*.toml"))
    cards: list[Card] = []
    by_id: dict[str, int] = {}
    for path in paths:
        for card in read_file(path):
            if card.id in by_id:
                raise _fail(path, card.id, "id", "used by two cards")
            by_id[card.id] = len(cards)
            cards.append(card)
    if count is not None and len(cards) != count:
        raise CardDataError(f"{directory}: the game has {count} cards, the files hold {len(cards)}")
    blob = b"\0".join(path.read_bytes() for path in paths)
    return CardSet(tuple(cards), by_id, hashlib.sha256(blob).hexdigest())


@cache
def card_set() -> CardSet:
    """The shipped 180-card set, read once."""
    return read_card_set(CARD_DIR)
