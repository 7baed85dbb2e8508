"""The Precious Memories card pool: characters, events and support cards, read from
TOML (one file per work) and checked on load.

A card is printed with a cost and a source (PM-1.5, PM-1.6), a colour, and by kind:
characters AP/DP (none for support-only characters), traits, keywords (PM-1.11) and
at most one text; events a [phase/turn] tag (PM-1.8) and one effect; support cards
the values they lend to the character they are set on (PM-1.7.3). What a card does is
made of parts (parts.py): the effect of its text and its lasting parts. Its text is
written from its keywords and parts, in Japanese and English, and the text printed in
the card file (`printed_ja`, `printed_en`) must read exactly the same, so what a card
says is what it does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tcglab.engine.actions import KeepsActions
from tcglab.engine.cardfile import FieldReader, card_tables, check_unique, face, read_toml
from tcglab.engine.errors import CardDataError
from tcglab.games.pm.parts import PARTS, Part
from tcglab.games.pm.texts import COLOURS, PHASES, TURNS, describe_card

CARD_DIR = Path(__file__).with_name("cards")
KINDS = ("character", "event", "support")
TRIGGERS = ("event", "approach")  # interrupt targets (PM-1.8.2)


@dataclass(frozen=True)
class Text:
    """A character's activated text (PM-1.7.4) or an event's use (PM-1.7.2), tagged
    [phase/turn] (PM-1.8.1)."""

    phase: str
    turn: str
    effect: Part
    trigger: str = ""  # interrupt target when turn == "interrupt"
    pay: int = 0  # sources to pay
    colour: str = ""  # the sources must be of this colour (PM-1.7.4)
    rest: bool = False  # rest the character to use it (PM-1.7.4)


@dataclass(frozen=True)
class Card(KeepsActions):
    id: str
    work: str
    no: int
    kind: str
    name_ja: str
    name_en: str
    cost: int
    source: int
    colour: str
    traits: tuple[str, ...] = ()
    ap: int | None = None
    dp: int | None = None
    active: bool = False  # PM-1.11.1
    natural: int | None = None  # PM-1.11.2
    combi: bool = False  # PM-1.11.4
    link: str = ""  # PM-1.11.6
    adversity: int | None = None  # PM-1.11.5, gates the card's text
    brk: bool = False  # PM-1.11.3
    source3: int | None = None  # the source becomes 3 with this many point cards
    lasting: tuple[Part, ...] = ()  # values while on the field (parts.Lasting)
    text: Text | None = None
    text_ja: str = ""
    text_en: str = ""
    names: frozenset = frozenset()
    info: dict = field(compare=False, repr=False, default_factory=dict)
    # The actions naming this card, made once each and kept by a number (`action`).
    actions: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    @property
    def has_values(self) -> bool:
        return self.ap is not None

    @property
    def lends_active(self) -> bool:
        """A support card lending [アクティブ] to its character (PM-1.11.1)."""
        return any(getattr(part, "active", False) for part in self.lasting)

    @property
    def parts(self) -> tuple[Part, ...]:
        """Every part of the card: its lasting ones, then its text's effect."""
        return self.lasting + ((self.text.effect,) if self.text is not None else ())


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]
    by_id: dict
    works: dict  # work code -> (ja, en)
    traits: dict  # trait key (English) -> Japanese
    digest: str

    def index(self, card_id: str) -> int:
        return self.by_id[card_id]


CARD_FIELDS = {
    "id", "no", "kind", "name_ja", "name_en", "cost", "source", "colour", "traits", "ap",
    "dp", "active", "natural", "combi", "link", "adversity", "break", "source3", "lasting",
    "text", "printed_ja", "printed_en",
}  # fmt: skip
TEXT_FIELDS = {"phase", "turn", "trigger", "pay", "colour", "rest", "effect"}


def _tens(r: FieldReader, name: str, low: int, high: int) -> int | None:
    value = r.number(name, low, high, optional=True)
    if value is not None and value % 10:
        raise r.fail(name, f"must be a multiple of 10, not {value}")
    return value


def read_part(r: FieldReader, data: dict | None, prefix: str, kind: str, traits: dict) -> Part:
    """One part from its table, by the kind it names (parts.PARTS)."""
    r.prefix = prefix
    try:
        data = data or {}
        part_kind = PARTS[r.one_of("kind", tuple(PARTS), table=data)]
        if kind not in part_kind.holders:
            raise r.fail("kind", f"{part_kind.kind} is for {' or '.join(part_kind.holders)} cards")
        made = part_kind.read(r, data)
        trait = getattr(made, "trait", "")
        if trait and trait not in traits:
            raise r.fail("trait", f"must name a trait of the work: {', '.join(traits)}")
        return made
    finally:
        r.prefix = ""


def _lasting(r: FieldReader, kind: str, traits: dict) -> tuple[Part, ...]:
    found = []
    for data in r.tables("lasting"):
        made = read_part(r, data, "lasting.", kind, traits)
        if not made.lasting:
            raise r.fail("lasting", f"{made.kind} is the effect of a text, not a lasting part")
        found.append(made)
    return tuple(found)


def _text(r: FieldReader, data: dict, kind: str, traits: dict) -> Text:
    r.prefix = "text."
    r.only(TEXT_FIELDS, data)
    turn = r.one_of("turn", tuple(TURNS), table=data)
    trigger = r.one_of("trigger", TRIGGERS, table=data) if turn == "interrupt" else ""
    phase = r.one_of("phase", tuple(PHASES), table=data)
    pay = r.number("pay", 0, 6, 0, data)
    colour = r.one_of("colour", ("", *COLOURS), "", data)
    rest = r.flag("rest", False, data)
    r.prefix = ""
    effect = read_part(r, r.table("effect", data), "text.effect.", kind, traits)
    if effect.lasting:
        raise r.fail("text", f"{effect.kind} is a lasting part: list it under lasting")
    text = Text(phase, turn, effect, trigger, pay, colour, rest)
    if kind == "character" and not (text.rest or text.pay):
        # Every character text costs something, so no turn can repeat one forever.
        raise r.fail("text", "a character text must rest the character or cost sources")
    if kind == "character" and not text.pay and effect.wakes:
        # Two characters could wake each other for free without end.
        raise r.fail("text", "a text that makes characters active must cost sources")
    if kind == "event" and (text.rest or text.pay):
        raise r.fail("text", "an event is paid by its cost, not by pay or rest")
    if effect.answers and not (turn == "interrupt" and trigger == effect.answers):
        raise r.fail("text", f"{effect.kind} is an interrupt on an {effect.answers}")
    if effect.target == "self" and kind != "character":
        raise r.fail("text.effect.target", "only a character text can target itself")
    return text


def read_card(r: FieldReader, work: str, traits: dict) -> Card:
    r.only(CARD_FIELDS)
    kind = r.one_of("kind", KINDS)
    no = r.number("no", 1, 999)
    traits_of = r.entry.get("traits", [])
    if not isinstance(traits_of, list) or any(t not in traits for t in traits_of):
        raise r.fail("traits", f"must list traits of the work: {', '.join(traits)}")
    ap, dp = _tens(r, "ap", 0, 150), _tens(r, "dp", 0, 150)
    if (ap is None) != (dp is None):
        raise r.fail("ap", "a character has both AP and DP or neither")
    if kind != "character" and ap is not None:
        raise r.fail("ap", "only characters have AP/DP")
    text_data = r.table("text")
    text = _text(r, text_data, kind, traits) if text_data is not None else None
    if kind == "event" and text is None:
        raise r.fail("text", "an event needs its [phase/turn] text")
    if kind == "support" and text is not None:
        raise r.fail("text", "support cards lend values instead of texts")
    card = Card(
        id=f"{work}-{no:03d}",
        work=work,
        no=no,
        kind=kind,
        name_ja=r.text("name_ja"),
        name_en=r.text("name_en"),
        cost=r.number("cost", 0, 6),
        source=r.number("source", 1, 2),
        colour=r.one_of("colour", tuple(COLOURS)),
        traits=tuple(traits_of),
        ap=ap,
        dp=dp,
        active=r.flag("active"),
        natural=r.number("natural", 0, 6, optional=True),
        combi=r.flag("combi"),
        link=r.text("link", ""),
        adversity=r.number("adversity", 1, 6, optional=True),
        brk=r.flag("break"),
        source3=r.number("source3", 1, 6, optional=True),
        lasting=_lasting(r, kind, traits),
        text=text,
    )
    _check_keywords(r, card)
    return card


def _check_keywords(r: FieldReader, card: Card) -> None:
    if card.kind != "character":
        for name in ("active", "natural", "combi", "link"):
            if getattr(card, name) not in (False, None, ""):
                raise r.fail(name, "only characters have this keyword")
    if card.brk and card.kind != "event":
        raise r.fail("break", "[ブレイク] is a keyword of events")
    if card.combi and " & " not in card.name_en:
        raise r.fail("name_en", "a [コンビ] card has two names joined by ' & '")
    if card.id != r.card:
        raise r.fail("id", f"must be {card.id} (work code and card No)")


def _check_printed(r: FieldReader, card: Card) -> None:
    """The text printed in the card file is exactly what its keywords and parts write,
    so a card cannot say one thing and do another."""
    for name, written in (("printed_ja", card.text_ja), ("printed_en", card.text_en)):
        printed = r.text(name, "")
        if printed != written:
            raise r.fail(name, f"the card's parts read {written!r}")


def _names(card: Card) -> frozenset:
    """PM-1.11.4 a [コンビ] character has both names; others one."""
    return frozenset(card.name_en.split(" & ")) if card.combi else frozenset((card.name_en,))


def read_work(path: Path) -> tuple[str, tuple[str, str], dict, list[tuple[FieldReader, Card]]]:
    data = read_toml(path)
    work = data.get("work")
    if not isinstance(work, dict) or not {"code", "title_ja", "title_en"} <= set(work):
        raise CardDataError(f"{path}: needs a [work] table with code, title_ja and title_en")
    traits = data.get("traits", {})
    read = []
    for index, entry in enumerate(card_tables(path, data, "card")):
        r = FieldReader(path, entry, index)
        read.append((r, read_card(r, work["code"], traits)))
    check_unique(path, [card for _, card in read])
    return work["code"], (work["title_ja"], work["title_en"]), traits, read


def read_card_set(directory: Path) -> CardSet:
    read, works, traits, blob = [], {}, {}, b""
    for path in sorted(directory.glob("*.toml")):
        code, titles, work_traits, work_read = read_work(path)
        works[code] = titles
        traits.update(work_traits)
        read.extend(work_read)
        blob += path.read_bytes() + b"\0"
    check_unique(directory, [card for _, card in read])
    finished, seen = [], {}
    names_ja = {card.name_en: card.name_ja for _, card in read}  # a link may name a card
    for r, card in read:
        seen[card.id] = len(finished)
        ja, en = describe_card(card, names_ja | traits)
        done = _with(card, text_ja=ja, text_en=en, names=_names(card))
        _check_printed(r, done)
        done.info.update(_info(done, works))
        finished.append(done)
    for card in finished:
        if (
            card.link
            and card.link not in traits
            and not any(card.link in c.names for c in finished)
        ):
            raise CardDataError(
                f"{directory}: card {card.id}: field 'link': {card.link!r} names no card or trait"
            )
    return CardSet(tuple(finished), seen, works, traits, hashlib.sha256(blob).hexdigest())


def _with(card: Card, **changes) -> Card:
    values = {name: getattr(card, name) for name in card.__dataclass_fields__ if name != "info"}
    values.update(changes)
    return Card(**values)


def _info(card: Card, works: dict) -> dict:
    info = {
        **face(card),
        "kind": card.kind,
        "work": works[card.work][1],
        "cost": card.cost,
        "source": card.source,
        "colour": card.colour,
        "text": card.text_en,
        "text_ja": card.text_ja,
    }
    if card.kind == "character":
        info.update(traits=list(card.traits), ap=card.ap, dp=card.dp)
    if card.text is not None:
        info.update(phase=card.text.phase, turn=card.text.turn, effect=card.text.effect.kind)
    return info


@cache
def card_set() -> CardSet:
    """The shipped card pool, read once."""
    return read_card_set(CARD_DIR)
