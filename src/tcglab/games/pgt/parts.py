"""Abilities as parts: one small part per kind of effect (DESIGN section 4).

A card's ability (a `notation.Ability`) is read as a list of parts, each with its
parameters (`parts_of`): its attack power (a strike, with 特攻 as a clause of it), each
effect clause, or its one continuous keyword. Each part says

- when it may be used (`aim`: the check it acts on, -1 for none, or None when it cannot
  be used now) and on what (`targets`, `candidates`, `still_legal`);
- what it does (`apply`, PGT-14.1.6);
- its text in English and Japanese, generated from its parameters (`say`);
- its worth to the heuristic agent (`worth`: use it now?; `value`: on a card).

Every text a player reads of an ability (card texts, action labels) is `text(ab, lang)`,
made by its parts, so it cannot drift from what the ability does. A new mechanic is one
new part registered in PARTS (and its clause in the notation).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from tcglab.games.pgt import formation, turn
from tcglab.games.pgt.attributes import ATTRIBUTES

if TYPE_CHECKING:
    from tcglab.games.pgt.notation import Ability, Strike
    from tcglab.games.pgt.state import PgtState


# -- rules the parts share ------------------------------------------------------------


def ability_of(st: PgtState, p: dict):
    """The ability an ability in progress uses (None for turning face-up)."""
    return None if p["ab"] < 0 else st.card(p["actor"]).abilities[p["ab"]]


def pending_check(st: PgtState, seat: int, own: bool) -> int:
    """What an attack boost acts on (own): the innermost attack of `seat` whose check is
    still to be rolled, since PGT-11.5 adds "+nD+a" to an attack and PGT-13.6 makes an
    attack only an Ａ ability (not Counter, Innocence or another effect with attack
    power). What a disruption acts on (not own): the innermost check of the opponent,
    attack or strike, still to be rolled."""
    for pid in range(len(st.procs) - 1, -1, -1):
        p = st.procs[pid]
        kind = p["kind"]
        waiting = (
            (kind == "attack" or (kind == "strike" and not own))
            and p["faces"] is None
            and p["stage"] not in ("targets", "pay")
        )
        if waiting and (p["seat"] == seat) == own:
            return pid
    return -1


def flip(st: PgtState, inst: int) -> None:
    """PGT-12.3 turn face-up for good; PGT-GAP-19 its Ｒ abilities may then be used."""
    st.up[inst] = True
    st.known[inst] = 0xFF
    card = st.card(inst)
    st.emit("flip", seat=st.owner(inst), at=st.ref(inst), card=card.id, name=card.name_en)
    if any(ab.on_flip for ab in card.abilities):
        st.stack.append(("r_use", st.owner(inst), inst, 0))


def set_counters(st: PgtState, inst: int, have: dict) -> None:
    """PGT-9.5.4 / PGT-GAP-20 the counters on a character, none kept at 0."""
    kept = tuple(sorted((k, v) for k, v in have.items() if v > 0))
    if kept:
        st.counters[inst] = kept
    else:
        st.counters.pop(inst, None)


def fizzle(st: PgtState, p: dict) -> None:
    """PGT-14.1.6 an effect with nothing left to act on has no effect."""
    st.emit("fizzle", seat=p["seat"], ability=ability_of(st, p).text)


class Situation(NamedTuple):
    """What the agent sees when it weighs using an ability: its seat, the abilities in
    progress (as observed), whether it is its turn, and `succeeds(proc)`, whether a
    rolled check beats its target as far as the seat can tell (None if unknown)."""

    seat: int
    procs: list
    my_turn: bool
    succeeds: Callable[[dict], bool | None]


# -- the parts ------------------------------------------------------------------------


class Part:
    """One kind of effect. `args` are its parameters as the notation read them."""

    key = ""
    #: what the player chooses on use: 'none', 'ally', 'enemy_face_down', 'enemy_in_range'
    targets = "none"
    #: a clause of the part before it (its text joins that one's with a comma)
    clause = False
    #: the text of a part that takes no parameters: (English, Japanese)
    words = ("", "")

    def aim(self, st: PgtState, seat: int, mode: str, check: int) -> int | None:
        """PGT-9.7 usable in any window while its condition is met, but not in a reroll
        window (PGT-14.2.7, PGT-GAP-24); it acts on no check."""
        return None if mode == "reroll" else -1

    def candidates(self, st: PgtState, seat: int, inst: int, ab, chosen: tuple) -> list[int]:
        return []

    def still_legal(self, st: PgtState, target: int) -> bool:
        """PGT-14.1.6 a target that left the field is illegal."""
        return st.loc[target] >= 0

    def apply(self, st: PgtState, p: dict, args: tuple) -> None:
        """PGT-14.1.6 what the effect does (parts with attack power work through the
        check instead, PGT-14.2, PGT-14.3)."""

    def say(self, args: tuple, lang: str) -> str:
        """Its text in `lang`, written from its parameters (`words` if it has none)."""
        if not self.words[0]:
            raise NotImplementedError(self.key)
        return self.words[lang == "ja"]

    def worth(self, args: tuple, seen: Situation) -> bool:
        """Use it on your own turn while nothing else is going on."""
        return seen.my_turn and not seen.procs

    def value(self, args: tuple) -> float:
        """What the ability adds to a card, in the agent's units."""
        return 1


# Attributes (PGT-4.6) and counter kinds (PGT-GAP-20) are printed as one kanji each; the
# English text names them in words.
ENGLISH = {
    **{kanji: word.capitalize() for kanji, word in ATTRIBUTES.items()},
    "星": "Star",
    "月": "Moon",
    "花": "Flower",
    "霊": "Spirit",
}


def english(kanji: str) -> str:
    """An attribute or counter kind in English (a kind with no word stays as printed)."""
    return ENGLISH.get(kanji, kanji)


def strike_text(s: Strike, lang: str = "en") -> str:
    """'mental (光) 3D+1' / '精神攻撃(光) 3D+1': kind, attack attribute and check."""
    mod = f"{s.modifier:+d}" if s.modifier else ""
    if lang == "ja":
        kind = "物理攻撃" if s.mode == "P" else "精神攻撃"
        attr = f"({s.attribute})" if s.attribute else ""
    else:
        kind = "physical" if s.mode == "P" else "mental"
        attr = f" ({english(s.attribute)})" if s.attribute else ""
    return f"{kind}{attr} {s.dice}D{mod}"


class StrikePart(Part):
    """Attack power PnD+a / M(x)nD+a (PGT-13.12, 13.13): an attack if Ａ (PGT-13.6),
    else an effect with attack power (PGT-14.3); args (strike, range, targets, attack)."""

    key = "strike"
    targets = "enemy_in_range"

    def candidates(self, st, seat, inst, ab, chosen):
        """PGT-13.8 / 13.9 enemies within the range from the user's row."""
        reach = ab.range - 1 - (st.loc[inst] % 6 >= 3)  # steps left past the enemy front
        return [
            i
            for slot, i in enumerate(st.field[1 - seat])
            if i >= 0 and (slot >= 3) <= reach and i not in chosen
        ]

    def say(self, args, lang):
        strike, reach, most, attack = args
        if lang == "ja":
            said = f"{strike_text(strike, lang)}、レンジ{reach}"
            return said + (f"、対象{most}人まで" if most > 1 else "")
        said = ("attack" if attack else "strike") + f" {strike_text(strike, lang)}"
        said += f", range {reach}"
        return said + (f", up to {most} targets" if most > 1 else "")

    def value(self, args):
        strike, reach, _most, attack = args
        return max(0, strike.dice * 2 + strike.modifier + reach) if attack else 1


class BanePart(Part):
    """特攻(x)+n, a clause of a strike: a face-up x target's defence counts n lower
    (worked out where attack power meets defence, attributes.py); args (x, n)."""

    key = "bane"
    clause = True

    def say(self, args, lang):
        attr, n = args
        if lang == "ja":
            return f"{attr}属性のキャラに+{n}"
        return f"+{n} against {english(attr)} characters"


class BoostPart(Part):
    """アタック+mD+b (PGT-11.5): folded into the user's own attack's single check, so
    only while that attack waits for its check; args (m, b)."""

    key = "boost"

    def aim(self, st, seat, mode, check):
        if mode == "reroll":
            return None
        pid = pending_check(st, seat, True)
        return pid if pid >= 0 else None

    def apply(self, st, p, args):
        _fold(st, p, *args)

    def say(self, args, lang):
        dice, mod = args
        shown = (f"+{dice}D" if dice else "") + (f"{mod:+d}" if mod else "")
        if lang == "ja":
            return f"自分のアタックの行動判定に{shown}"
        return f"your attack's check gets {shown}"

    def worth(self, args, seen):
        return True


class DisruptPart(Part):
    """妨害-n: a modifier on the opponent's check still to be rolled; args (-n,)."""

    key = "disrupt"

    def aim(self, st, seat, mode, check):
        if mode != "normal":
            return None
        pid = pending_check(st, seat, False)
        return pid if pid >= 0 else None

    def apply(self, st, p, args):
        _fold(st, p, 0, args[0])

    def say(self, args, lang):
        if lang == "ja":
            return f"相手がこれから振る行動判定に{args[0]:+d}"
        return f"the opponent's pending check gets {args[0]:+d}"

    def worth(self, args, seen):
        return True


def _fold(st: PgtState, p: dict, dice: int, mod: int) -> None:
    """PGT-11.5 dice and modifier folded into the target check; PGT-11.1 sets no cap."""
    target = st.procs[p["check"]] if 0 <= p["check"] < len(st.procs) else None
    if target is None or target["faces"] is not None:
        fizzle(st, p)
        return
    target["dice"] += dice
    target["mod"] += mod
    st.emit("boost", seat=p["seat"], of=target["seat"], dice=target["dice"], mod=target["mod"])


class RerollPart(Part):
    """振りなおし: reroll the user's own check (PGT-14.2.7), only in the reroll step
    (PGT-GAP-24); args ()."""

    key = "reroll"
    own = True
    words = ("reroll your check's dice", "自分の行動判定のサイコロを振りなおす")

    def aim(self, st, seat, mode, check):
        if mode != "reroll" or (st.procs[check]["seat"] == seat) != self.own:
            return None
        return check

    def apply(self, st, p, args):
        """PGT-14.2.7 reroll the check's dice, then the check is read again."""
        target = st.procs[p["check"]]
        target["faces"] = tuple(st.rng.roll(6, "reroll") for _ in range(target["k"]))
        st.emit("reroll", seat=p["seat"], of=target["seat"], faces=list(target["faces"]))

    def worth(self, args, seen):
        """Reroll your own failing check, or the opponent's succeeding one."""
        proc = seen.procs[-1]
        succeeds = seen.succeeds(proc)
        return succeeds is not None and succeeds != (proc["seat"] == seen.seat)


class EnemyRerollPart(RerollPart):
    """敵振りなおし: the opponent rerolls their check (PGT-14.2.7); args ()."""

    key = "enemy_reroll"
    own = False
    words = ("the opponent rerolls their check's dice", "相手に行動判定のサイコロを振りなおさせる")


class DefencePart(Part):
    """P-def+n / M-def+n: one friendly character, until the round ends (PGT-4.4, 4.5);
    args (mode, n)."""

    key = "defence"
    targets = "ally"

    def candidates(self, st, seat, inst, ab, chosen):
        return [i for i in st.field[seat] if i >= 0 and i not in chosen]

    def apply(self, st, p, args):
        mode, n = args
        target = p["targets"][0]
        dp, dm = st.mods.get(target, (0, 0))
        st.mods[target] = (dp + n, dm) if mode == "P" else (dp, dm + n)
        st.emit("defence", at=st.ref(target), mode=mode, amount=n)

    def say(self, args, lang):
        mode, n = args
        if lang == "ja":
            return f"味方キャラ1人の{mode}-defをこのラウンド中+{n}"
        return f"a friendly character gets {mode}-def +{n} this round"

    def worth(self, args, seen):
        """Shore up a defence while the opponent's attack is under way."""
        return any(p["seat"] != seen.seat for p in seen.procs)


class CountersPart(Part):
    """××cnt+n: put counters on this character (PGT-GAP-20); args (name, n)."""

    key = "add_counters"

    def apply(self, st, p, args):
        name, n = args
        inst = p["actor"]
        if st.loc[inst] < 0:
            return
        have = dict(st.counters.get(inst, ()))
        have[name] = have.get(name, 0) + n
        set_counters(st, inst, have)
        st.emit("counters", at=st.ref(inst), name=name, count=have[name])

    def say(self, args, lang):
        name, n = args
        if lang == "ja":
            return f"このキャラに{name}cntを{n}個置く"
        return f"put {n} {english(name)} counter{'s' if n > 1 else ''} here"


class FaceDownEnemyPart(Part):
    """A part aimed at one face-down enemy character (PGT-12), illegal once it is up."""

    targets = "enemy_face_down"

    def candidates(self, st, seat, inst, ab, chosen):
        return [i for i in st.field[1 - seat] if i >= 0 and i not in chosen and not st.up[i]]

    def still_legal(self, st, target):
        return st.loc[target] >= 0 and not st.up[target]


class RevealPart(FaceDownEnemyPart):
    """表向き: turn a face-down enemy character face-up (PGT-12.3); args ()."""

    key = "reveal"
    words = ("turn a face-down enemy character face-up", "敵軍の裏向きキャラ1人を表向きにする")

    def apply(self, st, p, args):
        for target in p["targets"]:
            if st.loc[target] >= 0 and not st.up[target]:
                flip(st, target)


class PeekPart(FaceDownEnemyPart):
    """《見抜き》: secretly look at a face-down enemy the user does not know; args ()."""

    key = "peek"
    words = ("secretly look at a face-down enemy character", "敵軍の裏向きキャラ1人をこっそり見る")

    def candidates(self, st, seat, inst, ab, chosen):
        bit = 1 << seat
        found = super().candidates(st, seat, inst, ab, chosen)
        return [i for i in found if not st.known[i] & bit]

    def apply(self, st, p, args):
        seat, target = p["seat"], p["targets"][0]
        st.known[target] |= 1 << seat
        card = st.card(target)
        st.emit(
            "peek", {seat: {"card": card.id, "name": card.name_en}}, seat=seat, at=st.ref(target)
        )

    def worth(self, args, seen):
        return False


class HidePart(Part):
    """裏向き: turn this character face-down; everyone who saw it still knows it."""

    key = "hide"
    words = ("turn this character face-down", "このキャラを裏向きにする")

    def apply(self, st, p, args):
        inst = p["actor"]
        if st.loc[inst] >= 0 and st.up[inst]:
            st.up[inst] = False
            st.emit("hide", at=st.ref(inst), name=st.card(inst).name_en)


class DrawPart(Part):
    """ドローn: draw cards (PGT-GAP-2: none from an empty deck); args (n,)."""

    key = "draw"

    def apply(self, st, p, args):
        for _ in range(args[0]):
            formation.draw(st, p["seat"])

    def say(self, args, lang):
        n = args[0]
        return f"カードを{n}枚引く" if lang == "ja" else f"draw {n} card{'s' if n > 1 else ''}"


class RecallPart(Part):
    """《帰還》: return this character to its owner's hand, face-down; args ()."""

    key = "recall"
    words = ("return this character to your hand", "このキャラを手札に戻す")

    def apply(self, st, p, args):
        inst = p["actor"]
        if st.loc[inst] < 0:
            return
        at = st.ref(inst)
        owner = turn.leave_field(st, inst)
        st.hands[owner].append(inst)
        st.up[inst] = False
        st.emit("recall", seat=owner, at=at, name=st.card(inst).name_en)

    def worth(self, args, seen):
        return False


class KeywordPart(Part):
    """A continuous ability (PGT-9.3): nothing to use; it works where its rule is."""

    def worth(self, args, seen):
        return False


class StrikeBackPart(KeywordPart):
    """Innocence (PGT-13.10) or Counter (PGT-13.11): a strike back whose dice the card
    gives (PGT-GAP-14), offered in the attack's own steps (combat.py); args (strike,)."""

    names = ("", "")  # English, Japanese

    def say(self, args, lang):
        return f"{self.names[lang == 'ja']} {strike_text(args[0], lang)}"

    def value(self, args):
        return 2


class InnocencePart(StrikeBackPart):
    key = "innocence"
    names = ("Innocence", "イノセンス")


class CounterPart(StrikeBackPart):
    key = "counter"
    names = ("Counter", "カウンター")


class BodyguardPart(KeywordPart):
    """護衛: may guard any friendly character (combat.may_guard); args ()."""

    key = "bodyguard"
    words = (
        "Bodyguard: may guard any friendly character",
        "護衛：味方のどのキャラでもガードできる",
    )


class WardPart(KeywordPart):
    """耐性(x)+n: P-def and M-def n higher against x attack power (attributes.py);
    args (x, n)."""

    key = "ward"

    def say(self, args, lang):
        attr, n = args
        if lang == "ja":
            return f"耐性({attr})：{attr}属性の攻撃に対してP-defとM-defが+{n}"
        attr = english(attr)
        return f"Resist {attr}: P-def and M-def +{n} against {attr} attacks"


PARTS: dict[str, Part] = {
    part.key: part
    for part in (
        StrikePart(),
        BanePart(),
        BoostPart(),
        DisruptPart(),
        RerollPart(),
        EnemyRerollPart(),
        DefencePart(),
        CountersPart(),
        RevealPart(),
        PeekPart(),
        HidePart(),
        DrawPart(),
        RecallPart(),
        InnocencePart(),
        CounterPart(),
        BodyguardPart(),
        WardPart(),
    )
}


# -- an ability as its parts ----------------------------------------------------------


# An ability is what its text says (the notation reads a text one way only), so what is
# worked out for an ability is kept by its text: a string hashes once, an Ability on
# every look-up.
_PARTS: dict[str, tuple[tuple[Part, tuple], ...]] = {}
_AIMED: dict[str, Part | None] = {}


def parts_of(ab: Ability) -> tuple[tuple[Part, tuple], ...]:
    """The ability's parts with their parameters, in the order its text reads."""
    found = _PARTS.get(ab.text)
    if found is None:
        found = _PARTS[ab.text] = _read_parts(ab)
    return found


def _read_parts(ab: Ability) -> tuple[tuple[Part, tuple], ...]:
    if ab.keyword:
        args = {"bodyguard": (), "ward": ab.ward}.get(ab.keyword, (ab.strike,))
        return ((PARTS[ab.keyword], args),)
    found = []
    if ab.strike:
        found.append((PARTS["strike"], (ab.strike, ab.range, ab.max_targets, ab.is_attack)))
        if ab.bane:
            found.append((PARTS["bane"], ab.bane))
    for effect in ab.effects:
        key, args = (effect[1], ()) if effect[0] == "named" else (effect[0], effect[1:])
        found.append((PARTS[key], args))
    return tuple(found)


def lead(ab: Ability) -> Part:
    """The part that decides when the ability may be used: the first (the notation lets
    boosts and rerolls stand only alone)."""
    found = _PARTS.get(ab.text) or parts_of(ab)
    return found[0][0]


def aimed(ab: Ability) -> Part | None:
    """The part whose targets the player chooses on use (PGT-9.6), if any."""
    text = ab.text
    if text not in _AIMED:
        _AIMED[text] = next((part for part, _ in parts_of(ab) if part.targets != "none"), None)
    return _AIMED[text]


def apply(st: PgtState, p: dict, ab: Ability) -> None:
    """PGT-14.1.6 every part of the ability, in its order."""
    for part, args in parts_of(ab):
        part.apply(st, p, args)


def worth(ab: Ability, seen: Situation) -> bool:
    part, args = parts_of(ab)[0]
    return part.worth(args, seen)


def value(ab: Ability) -> float:
    part, args = parts_of(ab)[0]
    return part.value(args)


_CONDITIONS = {
    "en": {"A": "Attack", "T": "Tap", "R": "On flip", "0": "Free"},
    "ja": {"A": "アタック", "T": "タップ", "R": "表向きにした時", "0": "条件なし"},
}


def conditions(ab: Ability, lang: str) -> str:
    """The activation condition (PGT-9.5) as players read it."""
    words = [_CONDITIONS[lang][c] for c in ab.conditions]
    if lang == "ja":
        words += [f"{name}cntを{n}個取り除く" for name, n in ab.counter_cost]
        words += ["1ラウンド1回"] if ab.once_per_round else []
        return "、".join(words)
    words += [
        f"remove {n} {english(name)} counter{'s' if n > 1 else ''}" for name, n in ab.counter_cost
    ]
    words += ["once a round"] if ab.once_per_round else []
    return ", ".join(words)


_TEXTS: dict[tuple[str, str], str] = {}


def text(ab: Ability, lang: str = "en") -> str:
    """The ability in `lang` ("en" or "ja"), made by its parts: card texts and labels."""
    lang = "ja" if lang == "ja" else "en"
    key = (ab.text, lang)
    if key not in _TEXTS:
        _TEXTS[key] = _write(ab, lang)
    return _TEXTS[key]


def _write(ab: Ability, lang: str) -> str:
    found = parts_of(ab)
    if ab.keyword:
        part, args = found[0]
        return part.say(args, lang)
    comma, semicolon = ("、", "、") if lang == "ja" else (", ", "; ")
    what = ""
    for part, args in found:
        if what:
            what += comma if part.clause else semicolon
        what += part.say(args, lang)
    return f"{conditions(ab, lang)}{'：' if lang == 'ja' else ': '}{what}"
