"""The Pretty Good Tactics card set: 180 characters (PGT-3.1) read from TOML and checked.

Each card carries what PGT-4 prints on it: name, score (PGT-4.2), P-def (PGT-4.4),
M-def (PGT-4.5), attribute (PGT-4.6) and abilities (PGT-4.7) in the rulebook's own
notation, parsed by `notation.parse_ability`. What its 耐性 abilities add up to is kept
beside it for `attributes.compared_defence`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.cardfile import FieldReader, card_tables, face, read_toml
from tcglab.engine.errors import CardDataError
from tcglab.games.pgt import parts
from tcglab.games.pgt.attributes import ATTRIBUTES
from tcglab.games.pgt.notation import Ability, NotationError, parse_ability

CARD_DIR = Path(__file__).with_name("cards")
CARD_COUNT = 180  # PGT-3.1
FIELDS = {"id", "name_ja", "name_en", "score", "pdef", "mdef", "attribute", "abilities"}


# slots: a card's fields are read in every activation window and legal-action list,
# and a slot is read without a dict look-up
@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name_ja: str
    name_en: str
    score: int
    pdef: int
    mdef: int
    attribute: str
    abilities: tuple[Ability, ...]
    # (index, ability, lead part, aimed part) of the abilities usable in activation
    # windows: activated, not Ａ (only as the attack) and not Ｒ (only on flipping); the
    # parts say when it may be used and what it aims at (parts.lead, parts.aimed)
    in_windows: tuple = field(compare=False, repr=False, default=())
    # those of them that do not tap the character, all it may use while tapped (PGT-9.5.2)
    untapped_windows: tuple = field(compare=False, repr=False, default=())
    # the actions naming this card, each built once (`action`): by builder, then number
    actions: dict = field(compare=False, repr=False, default_factory=dict)
    # 耐性: attribute -> how much higher its defences count against that attack power
    wards: dict = field(compare=False, repr=False, default_factory=dict)
    info: dict = field(compare=False, repr=False, default_factory=dict)

    # dicts typed for the compiled build: a look-up in a dict it knows is one C call,
    # where `.get` on an unknown object is a method looked up and called
    @cython.locals(table=dict, made=dict)
    def action(self, build, slot: int, index: int = 0):
        """The action `build(card, slot, index)` makes for this card (turn it up, use or
        attack with ability `index` from `slot`, one of the six places), made once: such
        choices recur all game. Kept by `build`, then by one number for slot and index
        (a look-up by number is quicker than by a tuple)."""
        table = self.actions
        made = table.get(build)
        if made is None:
            made = table[build] = {}
        # one number per (slot, index) as slot is 0..5; consecutive indices or slots give
        # numbers that differ in their low bits, where a dict looks first
        key = index * 6 + slot
        action = made.get(key)
        if action is None:
            action = made[key] = build(self, slot, index)
        return action

    def __getstate__(self) -> list:
        """A card sent to another process (a state for parallel search) leaves the
        actions built here behind: they are built again there as needed. The values
        in field order, as the dataclass's own `__setstate__` takes them."""
        return [{} if f.name == "actions" else getattr(self, f.name) for f in fields(self)]

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


def read_card(path: Path, entry: dict, index: int) -> Card:
    read = FieldReader(path, entry, index)
    read.only(FIELDS)
    attribute = read.one_of("attribute", ATTRIBUTES)
    texts = entry.get("abilities", [])
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise read.fail("abilities", "must be a list of ability texts")
    abilities = []
    for number, text in enumerate(texts, start=1):
        try:
            abilities.append(parse_ability(text))
        except NotationError as exc:
            raise CardDataError(
                f"{path}: card {read.card}: ability {number} {text!r}: {exc}"
            ) from None
    in_windows = tuple(
        (i, a, parts.lead(a), parts.aimed(a))
        for i, a in enumerate(abilities)
        if a.activated and not a.is_attack and not a.on_flip
    )
    result = Card(
        **read.names(),
        score=read.number("score", 0, 10),
        pdef=read.number("pdef", 0, 30),
        mdef=read.number("mdef", 0, 30),
        attribute=attribute,
        abilities=tuple(abilities),
        in_windows=in_windows,
        untapped_windows=tuple(entry for entry in in_windows if not entry[1].taps),
    )
    for ability in abilities:
        if ability.ward:
            kind, n = ability.ward
            result.wards[kind] = result.wards.get(kind, 0) + n
    result.info.update(
        face(result),
        score=result.score,
        pdef=result.pdef,
        mdef=result.mdef,
        attribute=result.attribute,
        abilities=list(texts),
        abilities_en=[parts.text(a) for a in abilities],
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
                raise CardDataError(f"{path}: card {card.id}: the id is used twice")
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
