"""Effect parts: the small pieces the effects of events and special abilities are made
of (PS-8.3.3, PS-8.3.4, PS-11.2).

Each kind of part is one class here, and everything about that kind lives in it: what
it may be aimed at and when it can act (legality), what it does (application), its
text in English and Japanese generated from its parameters, and what it is worth to
the heuristic agent. A card's `Effect` combines one to three parts with the card's
timing and cost; the text a player reads is generated from them, so it says exactly
what the card does. A new mechanic is one new class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from tcglab.games.ps import field, values, zones
from tcglab.games.ps.values import EVERY, GUARD, TECHNIQUE, TURN

if TYPE_CHECKING:
    from tcglab.games.ps.field import Unit
    from tcglab.games.ps.state import PSState

# When a lasting part ends, as its text says it.
UNTIL = {
    "en": {"turn": "until end of turn", "field": "while this event stays on the field"},
    "ja": {"turn": "ターン終了時まで", "field": "このイベントが場にある間"},
}


class Seen(NamedTuple):
    """The table as the heuristic agent sees it when it weighs an effect: its own side
    and the opponent's (observation dicts), the moment (main, end, battle) and whether
    it is the attacker of the battle in progress."""

    me: dict
    foe: dict
    moment: str
    attacking: bool

    @property
    def mine(self) -> list[dict]:
        return self.me["characters"]

    @property
    def theirs(self) -> list[dict]:
        return self.foe["characters"]


def left(unit: dict) -> int:
    """Damage a character (as observed) can still take."""
    return unit["life"] - unit["damage"]


def worth(unit: dict) -> int:
    """How much a character (as observed) is worth keeping, or taking down."""
    return unit["technique"] + left(unit) + unit["card"]["level"]


PARTS: dict[str, type[Part]] = {}


def part(cls):
    """Register a part kind under its `kind`."""
    PARTS[cls.kind] = cls
    return cls


@dataclass(frozen=True)
class Part:
    """One piece of an effect. `amount` for the kinds that take one; `duration` is
    "instant", or for lasting kinds "turn" (PS-8.5.1) or "field" (while the event stays,
    PS-WE-8)."""

    amount: int = 0
    duration: str = "instant"

    kind: ClassVar[str] = ""
    # "none", or what it is aimed at: "own" / "enemy" character, the same with a
    # condition ("own_damaged", "own_exhausted", "enemy_standby").
    aim: ClassVar[str] = "none"
    takes_amount: ClassVar[bool] = True
    lasting: ClassVar[bool] = False
    # the agent would rather use an exhausting ability with it than attack
    worth_an_attack: ClassVar[bool] = False
    text_en: ClassVar[str] = ""
    text_ja: ClassVar[str] = ""
    # aimed at the player's own side: `aim` starts "own" (set from `aim`, read often)
    own: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.own = cls.aim.startswith("own")

    # -- legality -------------------------------------------------------------------

    def fits(self, unit: Unit) -> bool:
        """Whether a character of the aimed side meets the aim's condition."""
        return True

    def candidates(self, st: PSState, seat: int) -> tuple[int, list[Unit]]:
        """The side it is aimed at and the characters there it may be aimed at."""
        side = seat if self.own else 1 - seat
        return side, [u for u in st.units[side] if self.fits(u)]

    def possible(self, st: PSState, seat: int) -> bool:
        """It has something to act on (an aimed part: a character to aim at); what
        `candidates` finds, without making the list."""
        if self.aim == "none":
            return True
        # a loop, not any() over a generator: asked for every aimed card, every turn
        for unit in st.units[seat if self.own else 1 - seat]:  # noqa: SIM110
            if self.fits(unit):
                return True
        return False

    # -- application ----------------------------------------------------------------

    def apply(self, st: PSState, seat: int, number: int, source: int, target: int) -> None:
        """Carry it out for `seat`, from card `number` placed or used as `source` (the
        event's or the character's uid), on the character `target` (0 if unaimed)."""
        raise NotImplementedError

    def until(self, source: int) -> int:
        """PS-8.5.1 "this turn" ends at the reset phase; "field" lasts while the event
        `source` stays (PS-WE-8)."""
        return source if self.duration == "field" else TURN

    # -- text -----------------------------------------------------------------------

    def text(self, lang: str) -> str:
        """One sentence in `lang`, filled from the parameters."""
        template = self.text_ja if lang == "ja" else self.text_en
        until = UNTIL["ja" if lang == "ja" else "en"].get(self.duration, "")
        plural = "" if self.amount == 1 else "s"
        return template.format(amount=self.amount, until=until, s=plural)

    def info(self) -> dict:
        return {"effect": self.kind, "amount": self.amount, "duration": self.duration}

    # -- the heuristic agent ----------------------------------------------------------

    def worth(self, seen: Seen) -> bool:
        """Whether the agent thinks it worth starting now."""
        return False

    def target_value(self, unit: dict, own: bool, seen: Seen) -> float:
        """How much the agent likes aiming it at this character."""
        if own:
            return unit["damage"] * 3 + unit["technique"] - unit["exhausted"]
        return unit["technique"] * 2 - left(unit)


def _modify(st: PSState, side: int, uid: int, stat: str, amount: int, part: Part, source: int):
    """A lasting change of one character's technique or guard."""
    index = st.find(uid)[1]
    values.add(st, side, uid, stat, amount, part.until(source))
    st.emit(
        "modify",
        seat=side,
        slot=index + 1,
        name=st.name(st.units[side][index].card),
        stat=stat,
        amount=amount,
        until=part.duration,
    )


class _Change(Part):
    """A lasting change to one stat of one character: what it changes, whose side of a
    battle it helps (the attacker's or the defender's) and when else it is worth it."""

    lasting = True
    stat: ClassVar[int]
    helps_attacker: ClassVar[bool]

    def apply(self, st, seat, number, source, target):
        _modify(st, seat, target, self.stat, self.amount, self, source)

    def worth(self, seen):
        if seen.moment == "battle":  # in a battle window a change helps one side
            return seen.attacking == self.helps_attacker
        return self.worth_outside_battle(seen)

    def worth_outside_battle(self, seen: Seen) -> bool:
        raise NotImplementedError(self.kind)


@part
class Boost(_Change):
    """Technique +n on one of the player's characters: it helps an attacker."""

    kind, aim, stat, helps_attacker = "boost", "own", TECHNIQUE, True
    text_en = "Give one of your characters +{amount} technique {until}."
    text_ja = "自分のキャラクター1体のテクニックを{until}+{amount}する。"

    def worth_outside_battle(self, seen):
        return seen.moment == "main" and any(
            not u["exhausted"] and not u["sick"] for u in seen.mine
        )


@part
class Rally(Boost):
    """Every own character: "until end of turn" reaches those on the field now;
    "while this event stays" is an aura over the side, newcomers included."""

    kind, aim, worth_an_attack = "rally", "none", True
    text_en = "Give each of your characters +{amount} technique {until}."
    text_ja = "自分のキャラクター全員のテクニックを{until}+{amount}する。"
    aura_en = "While this event stays on the field, all your characters get +{amount} technique."
    aura_ja = "このイベントが場にある間、自分のキャラクター全員のテクニックは+{amount}される。"

    def apply(self, st, seat, number, source, target):
        if self.duration == "field":
            values.add(st, seat, EVERY, TECHNIQUE, self.amount, source)
            st.emit("aura", seat=seat, name=st.name(number), amount=self.amount)
            return
        for unit in list(st.units[seat]):
            _modify(st, seat, unit.uid, TECHNIQUE, self.amount, self, source)

    def text(self, lang):
        if self.duration != "field":
            return super().text(lang)
        return (self.aura_ja if lang == "ja" else self.aura_en).format(amount=self.amount)


@part
class Shield(_Change):
    """Damage reduction (guard): less damage of every kind, battle or effect."""

    kind, aim, stat, helps_attacker = "shield", "own", GUARD, False
    text_en = "One of your characters takes {amount} less damage {until}."
    text_ja = "自分のキャラクター1体が受けるダメージを{until}{amount}減らす。"

    def worth_outside_battle(self, seen):
        return seen.moment == "main" and bool(seen.theirs) and bool(seen.mine)


@part
class Weaken(Shield):
    """Technique -n on an opponent's character; worth what a shield is worth (both help
    the defending side of a battle)."""

    kind, aim = "weaken", "enemy"
    text_en = "Give one of the opponent's characters -{amount} technique {until}."
    text_ja = "相手のキャラクター1体のテクニックを{until}-{amount}する。"

    def apply(self, st, seat, number, source, target):
        _modify(st, 1 - seat, target, TECHNIQUE, -self.amount, self, source)


@part
class Heal(Part):
    kind, aim = "heal", "own_damaged"
    text_en = "Remove up to {amount} damage from one of your damaged characters."
    text_ja = "ダメージを受けている自分のキャラクター1体から、ダメージを{amount}点まで取り除く。"

    def fits(self, unit):
        return unit.damage > 0

    def apply(self, st, seat, number, source, target):
        side, index = st.find(target)
        unit = st.units[side][index]
        healed = min(unit.damage, self.amount)
        st.units[side][index] = field.damaged(unit, unit.damage - healed)
        st.emit("heal", seat=side, slot=index + 1, name=st.name(unit.card), amount=healed)

    def worth(self, seen):
        return any(u["damage"] for u in seen.mine)


@part
class Strike(Part):
    """Effect damage, less the target's guard (values.effect_damage). It accumulates like
    battle damage (PS-6.6) and downs a character at its life (PS-11.1.4); only battles
    cost the player for a down (PS-9.5.3)."""

    kind, aim, worth_an_attack = "strike", "enemy", True
    text_en = "Deal {amount} damage to one of the opponent's characters."
    text_ja = "相手のキャラクター1体に{amount}点のダメージを与える。"

    def apply(self, st, seat, number, source, target):
        side, index = st.find(target)
        unit = st.units[side][index]
        amount = values.effect_damage(st, side, unit, self.amount)
        _, down = zones.wound(st, side, index, amount)
        st.emit("strike", seat=side, slot=index + 1, name=st.name(unit.card), amount=amount)
        if down:
            zones.leave_field(st, side, target)

    def kills(self, unit: dict) -> bool:
        return left(unit) <= self.amount - unit["guard"]

    def worth(self, seen):
        return seen.moment == "end" or any(self.kills(u) for u in seen.theirs)

    def target_value(self, unit, own, seen):
        if self.kills(unit):
            return 100 + worth(unit)
        return super().target_value(unit, own, seen)


@part
class Burn(Part):
    kind, worth_an_attack = "burn", True
    text_en = "Deal {amount} damage to the opposing player."
    text_ja = "相手プレイヤーに{amount}点のダメージを与える。"

    def apply(self, st, seat, number, source, target):
        zones.hurt_player(st, 1 - seat, self.amount, "effect")

    def worth(self, seen):
        return True


@part
class Draw(Part):
    kind = "draw"
    text_en = "Draw {amount} card{s}."
    text_ja = "カードを{amount}枚引く。"

    def apply(self, st, seat, number, source, target):
        zones.draw(st, seat, self.amount, forced=False)

    def worth(self, seen):
        return seen.me["deck"] > 5


class _Turn(Part):
    """One character turned to exhausted or to standby, and an event saying so."""

    takes_amount = False
    exhausted: ClassVar[bool]  # what it turns the character to

    def fits(self, unit):
        return unit.exhausted != self.exhausted

    def apply(self, st, seat, number, source, target):
        side, index = st.find(target)
        unit = st.units[side][index]
        st.units[side][index] = field.exhausted(unit, self.exhausted)
        st.emit(self.kind, seat=side, slot=index + 1, name=st.name(unit.card))


@part
class Ready(_Turn):
    kind, aim, exhausted = "ready", "own_exhausted", False
    text_en = "Return one of your exhausted characters to standby."
    text_ja = "消耗状態の自分のキャラクター1体を待機状態にする。"

    def worth(self, seen):
        return seen.moment == "main" and any(u["exhausted"] and not u["sick"] for u in seen.mine)


@part
class Tire(_Turn):
    kind, aim, exhausted = "tire", "enemy_standby", True
    text_en = "Exhaust one of the opponent's standby characters."
    text_ja = "相手の待機状態のキャラクター1体を消耗状態にする。"

    def worth(self, seen):
        return seen.moment == "main" and any(not u["exhausted"] for u in seen.theirs)


@part
class Revive(Part):
    """The character most recently put in the trash returns without energy; PS-GAP-7
    decides what happens if its name is already on the field."""

    kind, takes_amount = "revive", False
    text_en = (
        "Put the character card most recently sent to your trash back onto your field, "
        "holding no energy."
    )
    text_ja = "自分のごみ箱に最後に送られたキャラクターカードを、エナジーを付けずに自分の場に戻す。"

    def possible(self, st, seat):
        cards = st.cards.cards
        return any(cards[c].kind == "character" for c in st.trash[seat])

    def apply(self, st, seat, number, source, target):
        trash, cards = st.trash[seat], st.cards.cards
        for index in range(len(trash) - 1, -1, -1):
            if cards[trash[index]].kind == "character":
                revived = trash.pop(index)
                st.emit("revive", seat=seat, name=cards[revived].name_en)
                zones.arrive(st, seat, revived, 0)
                return

    def worth(self, seen):
        return True


# -- what a card does: its parts, its timing and its cost -------------------------------

TIMINGS = ("normal", "battle")
COSTS = ("none", "exhaust")
MAX_PARTS = 3
FRAMES = {
    # (ability, timing, cost) -> (English lead-in, Japanese lead-in)
    (False, "normal", "none"): ("", ""),
    (False, "battle", "none"): ("Place only during a battle. ", "バトル中にのみ配置できる。"),
    (True, "normal", "none"): ("", ""),
    (True, "battle", "none"): ("During a battle: ", "バトル中："),
    (True, "normal", "exhaust"): ("Exhaust this character: ", "このキャラクターを消耗状態にする："),
    (True, "battle", "exhaust"): (
        "During a battle, exhaust this character: ",
        "バトル中、このキャラクターを消耗状態にする：",
    ),
}
ONCE_A_TURN = {"en": " (Once per turn.)", "ja": "（1ターンに1回）"}


@dataclass(frozen=True)
class Effect:
    """What an event or a special ability does: its parts in the order they act, at
    most one of them aimed (the target is chosen once, before any part acts); its timing
    (PS-GAP-12: "battle" only in battle windows) and, for abilities, its cost."""

    parts: tuple[Part, ...]
    timing: str = "normal"
    cost: str = "none"
    ability: bool = False

    @property
    def aimed(self) -> Part | None:
        for piece in self.parts:
            if piece.aim != "none":
                return piece
        return None

    def possible(self, st: PSState, seat: int) -> bool:
        """Every part has something to act on."""
        # a loop, not all() over a generator: asked for every event in hand, every turn
        for piece in self.parts:  # noqa: SIM110
            if not piece.possible(st, seat):
                return False
        return True

    def carry_out(self, st: PSState, seat: int, number: int, source: int, target: int) -> None:
        """Each part in turn; the aimed one on `target` while it is still on the field;
        nothing more once the game is over."""
        for piece in self.parts:
            if st.result is not None:
                return
            if piece.aim == "none":
                piece.apply(st, seat, number, source, 0)
            elif st.find(target)[0] >= 0:
                piece.apply(st, seat, number, source, target)

    def text(self, lang: str) -> str:
        """The card's text in `lang`, generated from its parts, timing and cost."""
        lang = "ja" if lang == "ja" else "en"
        lead = FRAMES[(self.ability, self.timing, self.cost)][lang == "ja"]
        body = ("" if lang == "ja" else " ").join(piece.text(lang) for piece in self.parts)
        if lead.endswith(": ") and lang == "en":
            body = body[0].lower() + body[1:]
        return lead + body + (ONCE_A_TURN[lang] if self.ability else "")

    def worth(self, seen: Seen) -> bool:
        return any(piece.worth(seen) for piece in self.parts)

    def info(self) -> list[dict]:
        return [piece.info() for piece in self.parts]
