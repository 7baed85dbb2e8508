"""Effect parts: the pieces card texts are made of.

Each kind of part is one class here, holding everything about that kind: what it may
be aimed at and when it has something to work on (legality), what it does
(application), its text in Japanese and English written from its parameters, and what
it is worth to the heuristic agent. Cards combine parts in their TOML: a text (an
event's use, a character's activated text, PM-1.7.2, PM-1.7.4) carries one `effect`
part, and `lasting` parts change values for as long as their card is on the field
(composed in values.py, PM-GAP-24). A new mechanic is one new class.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, ClassVar

from tcglab.games.pm import paying, turn, values
from tcglab.games.pm.places import retire
from tcglab.games.pm.texts import signed

if TYPE_CHECKING:
    from tcglab.engine.cardfile import FieldReader
    from tcglab.games.pm.cards import Card
    from tcglab.games.pm.state import PMState

PARTS: dict[str, type[Part]] = {}

# What a part may be aimed at, as the card says it.
AIMS = {
    "none": ("", ""),
    "self": ("このキャラ", "this character"),
    "own": ("自分のキャラ1枚", "one of your characters"),
    "opp": ("相手のメインエリアのキャラ1枚", "one of your opponent's main characters"),
    "all_own": ("自分のメインエリアの全てのキャラ", "each of your main characters"),
    "own_in_approach": (
        "アプローチに参加している自分のキャラ1枚",
        "one of your characters taking part in the approach",
    ),
    "opp_in_approach": (
        "アプローチに参加している相手のキャラ1枚",
        "one of your opponent's characters taking part in the approach",
    ),
}
TENS = ("ap", "dp", "max_dp")  # AP/DP are written in tens


def part(cls):
    """Register a part kind under its `kind`."""
    PARTS[cls.kind] = cls
    return cls


def pick(lang: str, ja: str, en: str) -> str:
    return ja if lang == "ja" else en


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Part:
    """One piece of a card's text. `target` is one of the kind's `aims`."""

    target: str = "none"

    kind: ClassVar[str] = ""
    aims: ClassVar[tuple[str, ...]] = ("none",)
    # whole-number parameters as (name, lowest, highest)
    bounds: ClassVar[tuple[tuple[str, int, int], ...]] = ()
    lasting: ClassVar[bool] = False  # a lasting part instead of a text's effect
    holders: ClassVar[tuple[str, ...]] = ("character", "event")  # card kinds that carry it
    wakes: ClassVar[bool] = False  # makes characters active (so a text must cost sources)
    answers: ClassVar[str] = ""  # only an interrupt on this trigger may carry it

    # -- reading ---------------------------------------------------------------------

    @classmethod
    def read(cls, r: FieldReader, data: dict) -> Part:
        """The part from its TOML table, each value checked against the kind."""
        names = {f.name for f in fields(cls)}
        r.only({"kind", *names}, data)
        given = {"target": r.one_of("target", cls.aims, "none", data)}
        for name, low, high in cls.bounds:
            given[name] = r.number(name, low, high, 0, data)
            if name in TENS and given[name] % 10:
                raise r.fail(name, f"must be a multiple of 10, not {given[name]}")
        for name in sorted(names - set(given)):
            default = cls.__dataclass_fields__[name].default
            read = r.flag if isinstance(default, bool) else r.text
            given[name] = read(name, default, data)
        made = cls(**given)
        made.check(r)
        return made

    def check(self, r: FieldReader) -> None:
        """Refuse parameters that do not fit together."""

    # -- legality --------------------------------------------------------------------

    def candidates(self, st: PMState, found: list[int]) -> list[int]:
        """Of the characters it is aimed at, those it can work on."""
        return found

    def usable(self, st: PMState, seat: int) -> bool:
        """For an unaimed part: whether it has something to work on now."""
        return True

    def fits(self, st: PMState, about: int) -> bool:
        """For an interrupt: whether it may answer the card `about`."""
        return True

    # -- application -----------------------------------------------------------------

    def apply(self, st: PMState, seat: int, source: int, target: int) -> None:
        """Carry it out for `seat`, from the card `source`, on `target` (-1 if unaimed;
        the card answered, for an interrupt)."""

    # -- text ------------------------------------------------------------------------

    def text(self, lang: str, names: dict) -> str:
        """One sentence in `lang` ("ja" or "en"); `names` gives trait and card names in
        Japanese."""
        raise NotImplementedError

    def who(self, lang: str) -> str:
        return pick(lang, *AIMS[self.target])

    # -- the heuristic agent -----------------------------------------------------------

    def main_worth(self, obs: dict, seat: int, hand: list[Card]) -> bool:
        """Whether the agent plays it in its main phase."""
        return False

    def sway(self, view: dict) -> None:
        """What it does to one participant of an approach (an observed character), for
        the agent weighing who would exit."""


def with_values(st: PMState, found: list[int]) -> list[int]:
    return [i for i in found if st.card(i).has_values]


# -- effects until end of turn on AP/DP and cost (PM-GAP-20, PM-GAP-24) ------------------


def modify(st: PMState, seat: int, chosen: list[int], how: str, ap=0, dp=0, cost=0) -> None:
    for inst in chosen:
        values.change(st, inst, how, ap, dp, cost)
    st.emit(
        "modified",
        seat=seat,
        how=how,
        targets=[st.ref(i) for i in chosen],
        names=[st.name(i) for i in chosen],
        ap=ap,
        dp=dp,
        cost=cost,
        now=[list(st.values(i)) for i in chosen],
    )


@part
@dataclass(frozen=True)
class Buff(Part):
    """+AP/+DP (and cost) until end of turn; aimed at all one's main characters, it may
    be limited to one trait."""

    ap: int = 0
    dp: int = 0
    cost: int = 0
    trait: str = ""

    kind = "buff"
    aims = ("self", "own", "opp", "all_own", "own_in_approach", "opp_in_approach")
    bounds = (("ap", -90, 90), ("dp", -90, 90), ("cost", -6, 6))

    def check(self, r):
        if self.trait and self.target != "all_own":
            raise r.fail("trait", "only an all_own effect is limited to a trait")

    def group(self, st: PMState, seat: int) -> list[int]:
        trait = self.trait
        return [
            i
            for i in st.main[seat]
            if st.card(i).has_values and (not trait or trait in st.card(i).traits)
        ]

    def candidates(self, st, found):
        return with_values(st, found)

    def usable(self, st, seat):
        return bool(self.group(st, seat))

    def apply(self, st, seat, source, target):
        chosen = self.group(st, seat) if self.target == "all_own" else [target]
        modify(st, seat, chosen, "add", self.ap, self.dp, self.cost)

    def text(self, lang, names):
        amount = f"{signed(self.ap)}/{signed(self.dp)}"
        if self.trait:
            trait = names.get(self.trait, self.trait)
            ja_who = f"自分のメインエリアの特徴【{trait}】を持つ全てのキャラ"
            en_who = f"each of your main characters with the trait {self.trait}"
        else:
            ja_who, en_who = AIMS[self.target]
        if lang == "ja":
            extra = f"。さらにコスト{signed(self.cost)}" if self.cost else ""
            return f"{ja_who}は、ターン終了時まで{amount}を得る{extra}。"
        extra = f" and {signed(self.cost)} cost" if self.cost else ""
        return f"{capital(en_who)} gets {amount}{extra} until end of turn."

    def sway(self, view):
        view["ap"], view["dp"] = max(view["ap"] + self.ap, 0), max(view["dp"] + self.dp, 0)


@part
@dataclass(frozen=True)
class Become(Part):
    """AP/DP become X/Y until end of turn."""

    ap: int = 0
    dp: int = 0

    kind = "set"
    aims = ("self", "own", "opp", "own_in_approach", "opp_in_approach")
    bounds = (("ap", -90, 90), ("dp", -90, 90))

    def candidates(self, st, found):
        return with_values(st, found)

    def apply(self, st, seat, source, target):
        modify(st, seat, [target], "set", self.ap, self.dp)

    def text(self, lang, names):
        if lang == "ja":
            return f"{self.who('ja')}のAP/DPは、ターン終了時まで{self.ap}/{self.dp}になる。"
        return f"{capital(self.who('en'))} has AP/DP {self.ap}/{self.dp} until end of turn."

    def sway(self, view):
        view["ap"], view["dp"] = self.ap, self.dp


@part
@dataclass(frozen=True)
class Swap(Part):
    """AP and DP change places until end of turn."""

    kind = "swap"
    aims = ("self", "own", "opp", "own_in_approach", "opp_in_approach")

    def candidates(self, st, found):
        return with_values(st, found)

    def apply(self, st, seat, source, target):
        modify(st, seat, [target], "swap")

    def text(self, lang, names):
        if lang == "ja":
            return f"{self.who('ja')}のAPとDPを、ターン終了時まで入れ替える。"
        return f"Swap the AP and DP of {self.who('en')} until end of turn."

    def sway(self, view):
        view["ap"], view["dp"] = view["dp"], view["ap"]


# -- cards, characters and the point area ---------------------------------------------------


@part
@dataclass(frozen=True)
class Draw(Part):
    amount: int = 1

    kind = "draw"
    bounds = (("amount", 1, 6),)

    def apply(self, st, seat, source, target):
        turn.draw(st, seat, self.amount)

    def text(self, lang, names):
        if lang == "ja":
            return f"カードを{self.amount}枚引く。"
        return f"Draw {self.amount} card{'s' * (self.amount > 1)}."

    def main_worth(self, obs, seat, hand):
        return obs["seats"][seat]["hand_size"] <= 4


@part
@dataclass(frozen=True)
class Rest(Part):
    kind = "rest"
    aims = ("opp", "opp_in_approach")

    def candidates(self, st, found):
        return [i for i in found if not st.rested[i]]

    def apply(self, st, seat, source, target):
        st.rested[target] = True
        st.emit("rest", seat=seat, target=st.ref(target), name=st.name(target))

    def text(self, lang, names):
        return pick(lang, f"{self.who('ja')}を休息状態にする。", f"Rest {self.who('en')}.")

    def main_worth(self, obs, seat, hand):
        return True


@part
@dataclass(frozen=True)
class Activate(Part):
    kind = "activate"
    aims = ("self", "own")
    wakes = True

    def candidates(self, st, found):
        return [i for i in found if st.rested[i]]

    def apply(self, st, seat, source, target):
        st.rested[target] = False
        st.emit("wake", seat=seat, target=st.ref(target), name=st.name(target))

    def text(self, lang, names):
        return pick(lang, f"{self.who('ja')}を活動状態にする。", f"Make {self.who('en')} active.")


@part
@dataclass(frozen=True)
class Rally(Part):
    """Every rested character in one's main area becomes active."""

    kind = "rally"
    wakes = True

    def usable(self, st, seat):
        return any(st.rested[i] for i in st.main[seat])

    def apply(self, st, seat, source, target):
        woken = [i for i in st.main[seat] if st.rested[i]]
        for inst in woken:
            st.rested[inst] = False
        st.emit("rally", seat=seat, count=len(woken))

    def text(self, lang, names):
        return pick(
            lang,
            "自分のメインエリアの休息状態のキャラ全てを活動状態にする。",
            "Make every rested character in your main area active.",
        )

    def main_worth(self, obs, seat, hand):
        return True


@part
@dataclass(frozen=True)
class Refresh(Part):
    """The face-down point card with the highest source turns face-up (the first such
    card of the point area on a tie)."""

    kind = "refresh"

    def usable(self, st, seat):
        return any(st.down[i] for i in st.points[seat])

    def apply(self, st, seat, source, target):
        down = [i for i in st.points[seat] if st.down[i]]
        if not down:
            return
        best = max(down, key=lambda i: (paying.source_of(st, seat, i), -st.points[seat].index(i)))
        st.down[best] = False
        st.emit("refresh", seat=seat, target=st.ref(best), card=st.card(best).id)

    def text(self, lang, names):
        return pick(
            lang,
            "自分のポイント置き場の裏向きのカードのうちソースが最も大きい1枚を表向きにする。",
            "Turn the face-down card with the highest source in your point area face-up.",
        )

    def main_worth(self, obs, seat, hand):
        return True


@part
@dataclass(frozen=True)
class CostDown(Part):
    """The next character one makes appear this turn costs less (PM-GAP-20)."""

    amount: int = 1

    kind = "cost_down"
    bounds = (("amount", 1, 6),)

    def apply(self, st, seat, source, target):
        st.discount[seat] += self.amount
        st.emit("discount", seat=seat, amount=st.discount[seat])

    def text(self, lang, names):
        return pick(
            lang,
            f"このターン、次に自分が登場させるキャラのコストは{self.amount}少なくなる。",
            f"The next character you make appear this turn costs {self.amount} less.",
        )

    def main_worth(self, obs, seat, hand):
        return any(card.is_character and card.cost >= 2 for card in hand)


@part
@dataclass(frozen=True)
class Retire(Part):
    """A character of DP at most `max_dp` exits to the discard."""

    max_dp: int = 0

    kind = "retire"
    aims = ("opp",)
    bounds = (("max_dp", 0, 90),)

    def candidates(self, st, found):
        return [i for i in found if st.values(i)[1] <= self.max_dp]

    def apply(self, st, seat, source, target):
        retire(st, [target], "effect")

    def text(self, lang, names):
        if lang == "ja":
            return f"DP{self.max_dp}以下の{self.who('ja')}を退場させる。"
        return f"Retire {self.who('en')} with DP {self.max_dp} or less."

    def main_worth(self, obs, seat, hand):
        return True


@part
@dataclass(frozen=True)
class Negate(Part):
    """An interrupt on an event (PM-1.8.2, PM-GAP-22): that event of cost at most
    `max_cost` is cancelled and goes to the discard."""

    max_cost: int = 0

    kind = "negate"
    bounds = (("max_cost", 0, 6),)
    holders = ("event",)
    answers = "event"

    def fits(self, st, about):
        return st.card(about).cost <= self.max_cost

    def apply(self, st, seat, source, target):
        for index in range(len(st.stack) - 1, -1, -1):
            step = st.stack[index]
            if step[0] == "resolve" and step[2] == target:
                st.stack[index] = ("negated", *step[1:])
                break

    def text(self, lang, names):
        return pick(
            lang,
            f"そのイベント（コスト{self.max_cost}以下）の効果を打ち消し、捨て札にする。",
            f"Cancel that event if its cost is {self.max_cost} or less; it goes to the discard.",
        )


# -- lasting parts: values while the card is on the field (PM-GAP-24) --------------------------


@dataclass(frozen=True)
class Lasting(Part):
    """+AP/+DP for as long as the card stays on the field, to what `reach` names: the
    card itself (`self`), its owner's main characters of one trait (`aura`) or the
    character a support card is set on (`host`). Gated by the card's [逆境X]."""

    ap: int = 0
    dp: int = 0

    lasting = True
    bounds = (("ap", -90, 90), ("dp", -90, 90))
    reach: ClassVar[str] = "self"

    def amount(self) -> str:
        return f"{signed(self.ap)}/{signed(self.dp)}"


@part
@dataclass(frozen=True)
class Bonus(Lasting):
    kind = "bonus"
    holders = ("character",)

    def check(self, r):
        if (self.ap, self.dp) == (0, 0):
            raise r.fail("ap", "a bonus changes AP or DP")

    def text(self, lang, names):
        return pick(
            lang, f"このキャラは{self.amount()}を得る。", f"This character gets {self.amount()}."
        )


@part
@dataclass(frozen=True)
class Aura(Lasting):
    """It covers a character that arrives later, for as long as its source stays."""

    trait: str = ""

    kind = "aura"
    holders = ("character",)
    reach = "aura"

    def check(self, r):
        if (self.ap, self.dp) == (0, 0):
            raise r.fail("ap", "an aura changes AP or DP")
        if not self.trait:
            raise r.fail("trait", "an aura names the trait it covers")

    def text(self, lang, names):
        if lang == "ja":
            trait = names.get(self.trait, self.trait)
            return f"自分のメインエリアの特徴【{trait}】を持つキャラは{self.amount()}を得る。"
        return f"Your main characters with the trait {self.trait} get {self.amount()}."


@part
@dataclass(frozen=True)
class Lend(Lasting):
    """A support card's values, and perhaps [アクティブ], for its character (PM-1.7.3)."""

    active: bool = False

    kind = "lend"
    holders = ("support",)
    reach = "host"

    def text(self, lang, names):
        if lang == "ja":
            extra = "と〔アクティブ〕" if self.active else ""
            return f"自分のキャラ1枚にセットする。そのキャラは{self.amount()}{extra}を得る。"
        extra = " and [Active]" if self.active else ""
        return f"Set on one of your characters: it gets {self.amount()}{extra}."
