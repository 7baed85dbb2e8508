"""The rulebook's ability notation, parsed into ability objects (PGT-9, PGT-13).

An activated ability reads "condition：content" (PGT-9.2, PGT-9.4); anything without "："
is a continuous ability (PGT-9.3). Full-width and half-width forms are both accepted.

Conditions (PGT-9.5), written one after another before "："
  Ａ  attack: the turn player's combat phase, one untapped character, taps it (PGT-9.5.1)
  Ｔ  tap this untapped character (PGT-9.5.2)
  Ｒ  only as this character is turned face-up (PGT-9.5.3, PGT-GAP-19)
  ××cnt(n)  remove n ×× counters from this character, 1 if no number (PGT-9.5.4)
  ０  no condition (PGT-9.5.5)
Content clauses, separated by spaces
  P3D+1 / M(火)2D+2 / M2D   an attack or effect with attack power (PGT-13.12, PGT-13.13)
  レンジ2 / 対象2           its range (PGT-13.8, default 1) and how many targets (PGT-GAP-21)
  アタック+2D-4             folded into your own attack's check (PGT-11.5)
  妨害-2                    a modifier on the opponent's pending check
  振りなおし / 敵振りなおし  reroll your own / the opponent's check (PGT-14.2.7)
  P-def+2 / M-def+2         one friendly character, until the round ends
  星cnt+1                   put counters on this character (PGT-GAP-20)
  表向き / 裏向き            turn an enemy face-down character up / this character down
  ドロー1                   draw cards
  1ラウンド1回              a non-standard condition (PGT-9.5.6): once per round
  《見抜き》 / 《帰還》       a named effect written in Python
  特攻(闇)+2                with an attack: a face-up 闇 target's defence counts 2 lower
Continuous abilities: "イノセンス M(光)2D+1" (PGT-13.10), "カウンター P2D+2"
(PGT-13.11; PGT-GAP-14 the card gives the dice), "護衛" (may guard any friendly character),
"耐性(火)+2" (P-def and M-def 2 higher against 火 attack power). The two attribute texts
are worked out in `attributes.py`; what every ability says to players is written by its
parts (`parts.text`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property

from tcglab.games.pgt.attributes import ATTRIBUTES

NAMED_EFFECTS = {
    "見抜き": "peek",  # look at one face-down enemy character
    "帰還": "recall",  # return this character to its owner's hand
}
_MINUS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2013": "-"})
_ATTACK = re.compile(r"(P|M(?:\(([^()]+)\))?)(\d+)D([+-]\d+)?")
_CONDITION = re.compile(r"A|T|R|0|([^\x00-\x7f]+?)cnt(?:\((\d+)個?\))?")
_CLAUSES = (
    ("range", re.compile(r"レンジ([123])")),
    ("targets", re.compile(r"対象([1-6])")),
    ("boost", re.compile(r"アタック\+(?:(\d+)D)?([+-]\d+)?")),
    ("disrupt", re.compile(r"妨害-(\d+)")),
    ("reroll", re.compile(r"振りなおし")),
    ("enemy_reroll", re.compile(r"敵振りなおし")),
    ("defence", re.compile(r"(P|M)-def\+(\d+)")),
    ("add_counters", re.compile(r"([^\x00-\x7f]+?)cnt\+(\d+)")),
    ("reveal", re.compile(r"表向き")),
    ("hide", re.compile(r"裏向き")),
    ("draw", re.compile(r"ドロー(\d)")),
    ("once", re.compile(r"1ラウンド1回")),
    ("named", re.compile(r"《(.+)》")),
    ("bane", re.compile(r"特攻\(([^()]*)\)\+(\d+)")),
)
_WARD = re.compile(r"耐性\(([^()]*)\)\+(\d+)")
MOST_EDGE = 3  # 特攻 and 耐性 shift a defence by 1 to 3
EXPECTED = (
    "expected 'conditions：content' (conditions Ａ Ｔ Ｒ ０ ××cnt(n); content such as "
    "P3D+1, M(火)2D レンジ2, P3D 特攻(闇)+2, アタック+2D-4, 振りなおし, P-def+2, 星cnt+1, "
    "表向き) or a continuous 'イノセンス M(光)2D', 'カウンター P2D+1', '護衛', '耐性(火)+2'"
)


class NotationError(ValueError):
    """A notation problem at a 1-based character position of the ability text."""

    def __init__(self, position: int, problem: str) -> None:
        super().__init__(f"position {position}: {problem}")
        self.position = position


@dataclass(frozen=True)
class Strike:
    """The attack-power part of an ability: PnD+a or M(attr)nD+a (PGT-13.12, 13.13)."""

    mode: str  # "P" reads P-def, "M" reads M-def
    attribute: str  # attack attribute of an M attack, "" if none (PGT-GAP-21)
    dice: int
    modifier: int

    def __str__(self) -> str:
        attr = f"({self.attribute})" if self.attribute else ""
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.mode}{attr}{self.dice}D{mod}"


@dataclass(frozen=True)
class Ability:
    text: str
    # activated abilities
    conditions: tuple[str, ...] = ()  # "A", "T", "R", "0"
    counter_cost: tuple[tuple[str, int], ...] = ()  # PGT-9.5.4
    once_per_round: bool = False  # PGT-9.5.6
    strike: Strike | None = None
    range: int = 1  # PGT-13.9.1
    max_targets: int = 1
    effects: tuple[tuple, ...] = ()  # everything but the strike, e.g. ("boost", 2, -4)
    bane: tuple = ()  # 特攻: (attribute, n) of the strike's target it is strong against
    # continuous abilities
    keyword: str = ""  # "innocence", "counter", "bodyguard", "ward"
    ward: tuple = ()  # 耐性: (attribute, n) of the attack power it resists

    @property
    def activated(self) -> bool:
        return not self.keyword

    # conditions are read in every activation window, so each answer is kept
    @cached_property
    def is_attack(self) -> bool:
        return "A" in self.conditions

    @cached_property
    def on_flip(self) -> bool:
        return "R" in self.conditions

    @cached_property
    def taps(self) -> bool:
        return "A" in self.conditions or "T" in self.conditions

    @cached_property
    def kind(self) -> str:
        """Which check window the ability belongs to: 'reroll' abilities only in the
        reroll step (PGT-14.2.7), 'boost' only while a check is still to be made."""
        first = self.effects[0][0] if self.effects else "strike"
        if first in ("reroll", "enemy_reroll"):
            return "reroll"
        if first in ("boost", "disrupt"):
            return first
        return "strike" if self.strike else "effect"

    @cached_property
    def target_kind(self) -> str:
        """What the player must choose when using it (PGT-9.6, PGT-14.1.1)."""
        if self.strike:
            return "enemy_in_range"
        for effect in self.effects:
            if effect[0] == "defence":
                return "ally"
            if effect[0] == "reveal" or effect == ("named", "peek"):
                return "enemy_face_down"
        return "none"


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_MINUS).strip()


def parse_ability(text: str) -> Ability:
    """Read one ability; raises NotationError with the position of the first problem."""
    raw = normalize(text)
    if not raw:
        raise NotationError(1, f"empty ability; {EXPECTED}")
    if ":" not in raw:
        return _continuous(raw, text)
    head, _, body = raw.partition(":")
    conditions, costs, pos = [], [], 0
    while pos < len(head):
        m = _CONDITION.match(head, pos)
        if m is None:
            raise NotationError(pos + 1, f"unknown activation condition {head[pos:]!r}; {EXPECTED}")
        if m[1]:
            costs.append((m[1], int(m[2] or 1)))
        elif m[0] not in conditions:
            conditions.append(m[0])
        pos = m.end()
    if not conditions and not costs:
        raise NotationError(1, f"no activation condition before '：'; {EXPECTED}")
    offset = len(head) + 1
    fields = _content(body, offset)
    ability = Ability(text, tuple(conditions), tuple(costs), **fields)
    _check(ability, offset)
    return ability


def _content(body: str, offset: int) -> dict:
    strike, rng, targets, once, bane, effects = None, None, None, False, (), []
    for m in re.finditer(r"\S+", body):
        word, at = m[0], offset + m.start() + 1
        a = _ATTACK.fullmatch(word)
        if a:
            if strike:
                raise NotationError(at, "an ability has one attack (P or M) at most")
            strike = _strike(a, at)
            continue
        for clause, pattern in _CLAUSES:
            c = pattern.fullmatch(word)
            if c:
                name = clause
                break
        else:
            raise NotationError(at, f"cannot read {word!r}; {EXPECTED}")
        if name == "range":
            rng = int(c[1])
        elif name == "targets":
            targets = int(c[1])
        elif name == "once":
            once = True
        elif name == "bane":
            if bane:
                raise NotationError(at, "an ability has one 特攻 at most")
            bane = _edge("特攻", c, at)
        else:
            effects.append(_effect(name, c, at))
    if strike is None and (rng or targets or bane):
        raise NotationError(offset + 1, "レンジ, 対象 and 特攻 belong to an attack (P or M)")
    if strike is None and not effects:
        raise NotationError(offset + 1, f"the ability has no effect; {EXPECTED}")
    if strike and effects:
        raise NotationError(offset + 1, "an attack ability cannot carry other effects")
    return {
        "strike": strike,
        "range": rng or 1,
        "max_targets": targets or 1,
        "once_per_round": once,
        "effects": tuple(effects),
        "bane": bane,
    }


def _strike(m: re.Match, at: int = 1) -> Strike:
    dice = int(m[3])
    if not 1 <= dice <= 5:
        raise NotationError(at, f"an attack rolls 1 to 5 dice, not {dice}")
    return Strike(m[1][0], m[2] or "", dice, int(m[4] or 0))


def _edge(word: str, c: re.Match, at: int) -> tuple[str, int]:
    """The (attribute, n) of 特攻(x)+n or 耐性(x)+n: one of the six attributes (PGT-4.6)."""
    if c[1] not in ATTRIBUTES:
        raise NotationError(
            at + len(word) + 1, f"{word} names one attribute of {' '.join(ATTRIBUTES)}"
        )
    n = int(c[2])
    if not 1 <= n <= MOST_EDGE:
        raise NotationError(at, f"{word} shifts a defence by +1 to +{MOST_EDGE}, not +{n}")
    return c[1], n


def _effect(name: str, c: re.Match, at: int) -> tuple:
    if name == "boost":
        if not c[1] and not c[2]:
            raise NotationError(at, "アタック+ needs dice or a modifier, e.g. アタック+2D-4")
        return ("boost", int(c[1] or 0), int(c[2] or 0))
    if name == "disrupt":
        return ("disrupt", -int(c[1]))
    if name == "defence":
        return ("defence", c[1], int(c[2]))
    if name == "add_counters":
        return ("add_counters", c[1], int(c[2]))
    if name == "draw":
        return ("draw", int(c[1]))
    if name == "named":
        if c[1] not in NAMED_EFFECTS:
            known = ", ".join(f"《{n}》" for n in NAMED_EFFECTS)
            raise NotationError(at, f"unknown named effect 《{c[1]}》; named effects: {known}")
        return ("named", NAMED_EFFECTS[c[1]])
    return (name,)


def _check(ab: Ability, offset: int) -> None:
    """Combinations the rules cannot carry out, and abilities that could be used
    without end (which would let a phase never close, PGT-9.9)."""
    if ab.is_attack and not ab.strike:
        raise NotationError(1, "an Ａ ability must be an attack (P or M)")
    if ab.is_attack and ab.on_flip:
        raise NotationError(1, "an ability cannot be both Ａ and Ｒ")
    kinds = {e[0] for e in ab.effects}
    if len(ab.effects) > 1 and kinds & {"boost", "disrupt", "reroll", "enemy_reroll"}:
        raise NotationError(offset + 1, "boosts and rerolls stand alone in an ability")
    targeted = [e for e in ab.effects if e[0] in ("defence", "reveal") or e == ("named", "peek")]
    if len({e[0] for e in targeted}) > 1:
        raise NotationError(offset + 1, "an ability chooses one kind of target")
    limited = ab.taps or ab.on_flip or ab.counter_cost or ab.once_per_round
    if not limited:
        raise NotationError(1, "a ０ ability needs a cost: ××cnt(n) or 1ラウンド1回")
    if any(e[0] == "add_counters" for e in ab.effects) and ab.counter_cost:
        raise NotationError(1, "an ability cannot both pay and place counters")


def _continuous(raw: str, text: str) -> Ability:
    word, _, rest = raw.partition(" ")
    rest = rest.strip()
    if word == "護衛" and not rest:
        return Ability(text, keyword="bodyguard")
    ward = _WARD.fullmatch(raw)
    if ward:
        return Ability(text, keyword="ward", ward=_edge("耐性", ward, 1))
    want = {"イノセンス": ("innocence", "M"), "カウンター": ("counter", "P")}.get(word)
    if want is None:
        raise NotationError(1, f"unknown continuous ability {raw!r}; {EXPECTED}")
    m = _ATTACK.fullmatch(rest)
    if m is None or m[1][0] != want[1]:
        mode = "a mental M(..)nD+a" if want[1] == "M" else "a physical PnD+a"
        raise NotationError(len(word) + 2, f"{word} takes {mode} attack (PGT-GAP-14)")
    return Ability(text, keyword=want[0], strike=_strike(m), range=3 if want[1] == "M" else 1)
