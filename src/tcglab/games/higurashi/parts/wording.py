"""Card text written from a card's timing and parts, in English and Japanese (the
parts write their own clauses; this holds what they share)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcglab.games.higurashi.parts.base import Part

LOOKS = {  # how a chosen character must lie, as the text says it
    "any": ("", ""),
    "face_up": ("face-up", "表向きの"),
    "face_down": ("face-down", "裏向きの"),
    "sideways": ("sideways", "横向きの"),
}


def signed(value: int) -> str:
    return f"{value:+d}"


class Wording:
    """Writes one card's text in one language, part by part. The first mention of the
    chosen character describes it in full; later mentions say "it"."""

    def __init__(self, lang: str, aim: Part | None) -> None:
        self.lang, self.aim, self.named = lang, aim, False

    @property
    def ja(self) -> bool:
        return self.lang == "ja"

    def say(self, en: str, ja: str) -> str:
        return ja if self.ja else en

    def target(self, part: Part) -> str:
        """What `part` acts on: all the player's characters, or the chosen one."""
        if part.area == "all_own":
            return self.describe(part)
        if self.named:
            return self.say("it", "そのキャラクター")
        self.named = True
        return self.describe(part)

    def describe(self, part: Part) -> str:
        if part.area == "all_own":
            return self.say("all of your characters", "自分のキャラクター全員")
        en, ja = LOOKS[part.target]
        limit_en = limit_ja = ""
        if part.max_defence is not None:
            limit_en = f" with defence {part.max_defence} or less"
            limit_ja = f"防御力{part.max_defence}以下の"
        if part.area == "own_char":
            noun = f"one of your {en} characters" if en else "one of your characters"
            return self.say(noun + limit_en, f"{limit_ja}{ja}自分のキャラクター1体")
        noun = f"one {en} enemy character" if en else "one enemy character"
        return self.say(noun + limit_en, f"{limit_ja}{ja}相手キャラクター1体")

    def changes(self, attack: int, defence: int, until: str = "") -> str:
        """Changes to attack and defence: "+1 attack and +1 defence" / "攻撃力と防御力を…+1"."""
        if self.ja:
            if attack and attack == defence:
                return f"攻撃力と防御力を{until}{signed(attack)}"
            said = [f"{n}を{signed(v)}" for n, v in (("攻撃力", attack), ("防御力", defence)) if v]
            return "、".join([said[0].replace("を", "を" + until, 1), *said[1:]])
        said = [
            f"{signed(v)} {name}" for name, v in (("attack", attack), ("defence", defence)) if v
        ]
        return " and ".join(said)


TIMING_TEXT = {
    "main": ("On your turn, ", "自分のターン中に、"),
    "own_roll": (
        "Right after you roll the die for your own scouting, attack or counter-attack, ",
        "自分の偵察・攻撃・カウンター攻撃の賽を振った直後に、",
    ),
    "enemy_roll": (
        "Right after an opponent rolls the die against one of your characters, ",
        "相手が自分のキャラクターに対して賽を振った直後に、",
    ),
}


def card_text(timing: str, parts: tuple[Part, ...], lang: str) -> str:
    """The text a player reads on a card, written from its timing and parts: the
    clauses in order, joined by "then" ("その後"), a lead-in clause (a roll the rest
    depends on) running straight into the next."""
    words = Wording(lang, next((p for p in parts if p.chooses), None))
    out = TIMING_TEXT[timing][1 if words.ja else 0]
    joiner = ""
    for part in parts:
        out += joiner + part.text(words)
        joiner = "" if part.leads else words.say(", then ", "。その後、")
    return out + words.say(".", "。")
