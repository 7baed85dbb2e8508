"""The Precious Memories card pool: characters, events and support cards, read from
TOML (one file per work) and checked on load.

A card is printed with a cost and a source (PM-1.5, PM-1.6), a colour, and by kind:
characters AP/DP (none for support-only characters), traits, keywords (PM-1.11) and
at most one text; events a [phase/turn] tag (PM-1.8) and one effect; support cards
the values they lend to the character they are set on (PM-1.7.3). Texts are written
from the data, in Japanese and English, so what a card says is what it does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tcglab.engine.cardfile import read_toml
from tcglab.engine.errors import CardDataError

CARD_DIR = Path(__file__).with_name("cards")
KINDS = ("character", "event", "support")
COLOURS = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑"}
PHASES = {"main": "メイン", "approach": "アプローチ"}
TURNS = {"own": "自分", "opp": "相手", "both": "両方", "interrupt": "割り込み"}
TRIGGERS = ("event", "approach")  # interrupt targets (PM-1.8.2)
TARGETS = (
    "none",
    "self",
    "own",
    "opp",
    "all_own",
    "own_in_approach",
    "opp_in_approach",
)
# effect kind -> the fields it needs beyond kind and target
EFFECTS: dict[str, tuple[str, ...]] = {
    "buff": ("ap", "dp", "cost"),
    "set": ("ap", "dp"),
    "swap": (),
    "draw": ("amount",),
    "rest": (),
    "activate": (),
    "cost_down": ("amount",),
    "retire": ("max_dp",),
    "negate": ("max_cost",),
    "script": ("script",),
}
SCRIPTS = ("refresh", "rally")  # named effects written in Python (effects.py)
TARGET_NEEDS = {
    "buff": ("self", "own", "opp", "all_own", "own_in_approach", "opp_in_approach"),
    "set": ("self", "own", "opp", "own_in_approach", "opp_in_approach"),
    "swap": ("self", "own", "opp", "own_in_approach", "opp_in_approach"),
    "draw": ("none",),
    "rest": ("opp", "opp_in_approach"),
    "activate": ("self", "own"),
    "cost_down": ("none",),
    "retire": ("opp",),
    "negate": ("none",),
    "script": ("none",),
}


@dataclass(frozen=True)
class Effect:
    kind: str
    target: str = "none"
    ap: int = 0
    dp: int = 0
    cost: int = 0
    amount: int = 0
    max_dp: int = 0
    max_cost: int = 0
    trait: str = ""  # all_own: only characters with this trait
    script: str = ""


@dataclass(frozen=True)
class Text:
    """A character's activated text (PM-1.7.4) or an event's use (PM-1.7.2), tagged
    [phase/turn] (PM-1.8.1)."""

    phase: str
    turn: str
    effect: Effect
    trigger: str = ""  # interrupt target when turn == "interrupt"
    pay: int = 0  # sources to pay
    colour: str = ""  # the sources must be of this colour (PM-1.7.4)
    rest: bool = False  # rest the character to use it (PM-1.7.4)


@dataclass(frozen=True)
class Card:
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
    static: tuple[int, int] = (0, 0)  # a character's own lasting +AP/+DP
    aura: tuple[int, int] = (0, 0)  # +AP/+DP to the owner's main characters ...
    aura_trait: str = ""  # ... that have this trait
    lend: tuple[int, int] = (0, 0)  # a support card's +AP/+DP to its character
    grant_active: bool = False  # a support card lending [アクティブ]
    text: Text | None = None
    text_ja: str = ""
    text_en: str = ""
    names: frozenset = frozenset()
    info: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    @property
    def has_values(self) -> bool:
        return self.ap is not None


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]
    by_id: dict
    works: dict  # work code -> (ja, en)
    traits: dict  # trait key (English) -> Japanese
    digest: str

    def index(self, card_id: str) -> int:
        return self.by_id[card_id]


class _Reader:
    """Reads one card table, naming file, card and field in every complaint."""

    def __init__(self, path: Path, entry: dict, index: int) -> None:
        self.path, self.entry = path, entry
        self.card = entry.get("id") if isinstance(entry.get("id"), str) else f"#{index + 1}"

    def fail(self, name: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.path}: card {self.card}: field {name!r}: {problem}")

    def text(self, name: str, default: str | None = None) -> str:
        value = self.entry.get(name, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.fail(name, "missing or not a non-empty string")
        return value

    def number(self, name, low, high, default=None, table=None, optional=False):
        value = (self.entry if table is None else table).get(name, default)
        if value is None:
            if optional:
                return None
            raise self.fail(name, "missing")
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(name, f"must be a whole number from {low} to {high}, not {value!r}")
        return value

    def tens(self, name, low, high, default=None, table=None, optional=False):
        value = self.number(name, low, high, default, table, optional)
        if value is not None and value % 10:
            raise self.fail(name, f"must be a multiple of 10, not {value}")
        return value

    def flag(self, name: str) -> bool:
        value = self.entry.get(name, False)
        if not isinstance(value, bool):
            raise self.fail(name, f"must be true or false, not {value!r}")
        return value

    def one_of(self, name: str, allowed, default=None, table=None) -> str:
        value = (self.entry if table is None else table).get(name, default)
        if value not in allowed:
            raise self.fail(name, f"must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def table(self, name: str) -> dict | None:
        value = self.entry.get(name)
        if value is not None and not isinstance(value, dict):
            raise self.fail(name, "must be a table")
        return value

    def no_other_fields(self, known: set[str], table=None, where: str = "") -> None:
        for name in self.entry if table is None else table:
            if name not in known:
                raise self.fail(where + name, f"unknown field; fields: {', '.join(sorted(known))}")


CARD_FIELDS = {
    "id", "no", "kind", "name_ja", "name_en", "cost", "source", "colour", "traits", "ap",
    "dp", "active", "natural", "combi", "link", "adversity", "break", "source3", "static",
    "aura", "aura_trait", "lend", "grant_active", "text",
}  # fmt: skip
TEXT_FIELDS = {"phase", "turn", "trigger", "pay", "colour", "rest", "effect"}
EFFECT_FIELDS = {"kind", "target", "ap", "dp", "cost", "amount", "max_dp", "max_cost", "trait"}


def _effect(r: _Reader, data: dict) -> Effect:
    r.no_other_fields(EFFECT_FIELDS | {"script"}, data, "effect.")
    kind = r.one_of("effect.kind", tuple(EFFECTS), table={"effect.kind": data.get("kind")})
    target = data.get("target", "none")
    if target not in TARGET_NEEDS[kind]:
        raise r.fail("effect.target", f"{kind} takes {', '.join(TARGET_NEEDS[kind])}")
    values = {}
    for name in EFFECTS[kind]:
        if name == "script":
            values[name] = r.one_of("script", SCRIPTS, table=data)
        elif name in ("ap", "dp", "max_dp"):
            values[name] = r.tens(name, -90, 90, 0, data)
        else:
            values[name] = r.number(name, -6, 6, 0, data)
    if kind in ("draw", "cost_down") and values["amount"] < 1:
        raise r.fail("effect.amount", "must be at least 1")
    trait = data.get("trait", "")
    if trait and target != "all_own":
        raise r.fail("effect.trait", "only an all_own effect is limited to a trait")
    return Effect(kind, target, trait=trait, **values)


def _text(r: _Reader, data: dict, kind: str) -> Text:
    r.no_other_fields(TEXT_FIELDS, data, "text.")
    turn = r.one_of("text.turn", tuple(TURNS), table={"text.turn": data.get("turn")})
    trigger = ""
    if turn == "interrupt":
        trigger = r.one_of("text.trigger", TRIGGERS, table={"text.trigger": data.get("trigger")})
    text = Text(
        phase=r.one_of("text.phase", tuple(PHASES), table={"text.phase": data.get("phase")}),
        turn=turn,
        effect=_effect(r, data.get("effect") or {}),
        trigger=trigger,
        pay=r.number("pay", 0, 6, 0, data),
        colour=data.get("colour", ""),
        rest=bool(data.get("rest", False)),
    )
    if text.colour and text.colour not in COLOURS:
        raise r.fail("text.colour", f"must be one of {', '.join(COLOURS)}")
    if kind == "character" and not (text.rest or text.pay):
        # Every character text costs something, so no turn can repeat one forever.
        raise r.fail("text", "a character text must rest the character or cost sources")
    if kind == "character" and not text.pay and text.effect.kind in ("activate", "script"):
        # Two characters could wake each other for free without end.
        raise r.fail("text", "a text that makes characters active must cost sources")
    if kind == "event" and (text.rest or text.pay):
        raise r.fail("text", "an event is paid by its cost, not by pay or rest")
    if text.effect.kind == "negate" and not (turn == "interrupt" and trigger == "event"):
        raise r.fail("text", "negate is an interrupt on an event")
    if text.effect.target == "self" and kind != "character":
        raise r.fail("effect.target", "only a character text can target itself")
    return text


def _pair(r: _Reader, name: str) -> tuple[int, int]:
    value = r.entry.get(name, [0, 0])
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise r.fail(name, "must be [AP, DP], two whole numbers")
    if any(v % 10 for v in value):
        raise r.fail(name, "values must be multiples of 10")
    return value[0], value[1]


def read_card(r: _Reader, work: str, traits: dict) -> Card:
    r.no_other_fields(CARD_FIELDS)
    kind = r.one_of("kind", KINDS)
    no = r.number("no", 1, 999)
    traits_of = r.entry.get("traits", [])
    if not isinstance(traits_of, list) or any(t not in traits for t in traits_of):
        raise r.fail("traits", f"must list traits of the work: {', '.join(traits)}")
    ap, dp = r.tens("ap", 0, 150, optional=True), r.tens("dp", 0, 150, optional=True)
    if (ap is None) != (dp is None):
        raise r.fail("ap", "a character has both AP and DP or neither")
    if kind != "character" and ap is not None:
        raise r.fail("ap", "only characters have AP/DP")
    text_data = r.table("text")
    text = _text(r, text_data, kind) if text_data is not None else None
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
        link=r.entry.get("link", ""),
        adversity=r.number("adversity", 1, 6, optional=True),
        brk=r.flag("break"),
        source3=r.number("source3", 1, 6, optional=True),
        static=_pair(r, "static"),
        aura=_pair(r, "aura"),
        aura_trait=r.entry.get("aura_trait", ""),
        lend=_pair(r, "lend"),
        grant_active=r.flag("grant_active"),
        text=text,
    )
    _check_keywords(r, card, traits)
    return card


def _check_keywords(r: _Reader, card: Card, traits: dict) -> None:
    if card.kind != "character":
        for name in ("active", "natural", "combi", "link", "static", "aura"):
            if getattr(card, name) not in (False, None, "", (0, 0)):
                raise r.fail(name, "only characters have this keyword")
    if card.brk and card.kind != "event":
        raise r.fail("break", "[ブレイク] is a keyword of events")
    if card.kind != "support" and (card.grant_active or card.lend != (0, 0)):
        raise r.fail("lend", "only support cards lend values and keywords")
    if card.aura != (0, 0) and card.aura_trait not in traits:
        raise r.fail("aura_trait", f"must name a trait of the work: {', '.join(traits)}")
    if not isinstance(card.link, str):
        raise r.fail("link", "must be a name or a trait")
    if card.combi and " & " not in card.name_en:
        raise r.fail("name_en", "a [コンビ] card has two names joined by ' & '")
    if card.id != r.card:
        raise r.fail("id", f"must be {card.id} (work code and card No)")


def _names(card: Card) -> frozenset:
    """PM-1.11.4 a [コンビ] character has both names; others one."""
    return frozenset(card.name_en.split(" & ")) if card.combi else frozenset((card.name_en,))


def read_work(path: Path) -> tuple[str, tuple[str, str], dict, list[Card]]:
    data = read_toml(path)
    work = data.get("work")
    if not isinstance(work, dict) or not {"code", "title_ja", "title_en"} <= set(work):
        raise CardDataError(f"{path}: needs a [work] table with code, title_ja and title_en")
    traits = data.get("traits", {})
    entries = data.get("card")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CardDataError(f"{path}: expected [[card]] tables")
    cards = []
    for index, entry in enumerate(entries):
        card = read_card(_Reader(path, entry, index), work["code"], traits)
        cards.append(card)
    return work["code"], (work["title_ja"], work["title_en"]), traits, cards


def read_card_set(directory: Path) -> CardSet:
    from tcglab.games.pm.texts import describe_card

    cards, works, traits, blob = [], {}, {}, b""
    for path in sorted(directory.glob("*.toml")):
        code, titles, work_traits, work_cards = read_work(path)
        works[code] = titles
        traits.update(work_traits)
        cards.extend(work_cards)
        blob += path.read_bytes() + b"\0"
    finished, seen = [], {}
    names_ja = {card.name_en: card.name_ja for card in cards}  # a link may name a card
    for card in cards:
        if card.id in seen:
            raise CardDataError(f"{directory}: card {card.id}: field 'no': used by two cards")
        seen[card.id] = len(finished)
        ja, en = describe_card(card, names_ja | traits)
        done = _with(card, text_ja=ja, text_en=en, names=_names(card))
        done.info.update(_info(done, works, traits))
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


def _info(card: Card, works: dict, traits: dict) -> dict:
    info = {
        "id": card.id,
        "kind": card.kind,
        "name": card.name_en,
        "name_ja": card.name_ja,
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
