"""Human messages for Pretty Good Tactics events in English and Japanese.

The wording of events is in the catalogues `messages/en.toml` and `messages/ja.toml`
(read by `tcglab.engine.messages`); this module supplies the Japanese card names and the
few fields worked out from an event's data. The Japanese uses the rulebook's own terms
(キャラ, パーティー, アタック, 行動判定, リタイヤ ...). Events name cards in English; the
Japanese messages look each name up in the card set, where English names are unique, so
a viewer reads exactly the card it was shown and nothing more.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcglab.engine.messages import Messages, seat_name
from tcglab.engine.unavailable import Reasons
from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.formation import SLOTS
from tcglab.games.pgt.notation import Ability, Strike, parse_ability
from tcglab.games.pgt.parts import english, strike_text, text
from tcglab.games.pgt.words import place

FOLDER = Path(__file__).with_name("messages")
FACE_DOWN = "face-down "  # how an event names a character the viewer has not seen


@cache
def _names_ja() -> dict[str, str]:
    cards = card_set().cards
    return {c.name_en: c.name_ja for c in cards} | {c.id: c.name_ja for c in cards}


@cache
def _names_en() -> dict[str, str]:
    return {c.id: c.name_en for c in card_set().cards}


def name_en(card: str) -> str:
    """A card's English name from its id (a formation names its cards by id)."""
    return _names_en()[card]


def name_ja(name: str) -> str:
    """A card's Japanese name from its English name or id; a character the viewer has
    not seen by its position."""
    if name.startswith(FACE_DOWN):
        return f"裏向きキャラ（{name[len(FACE_DOWN) :]}）"
    return _names_ja()[name]


def card_name(name: str, lang: str) -> str:
    """A card as `lang` names it (events carry English names and card ids)."""
    return name_ja(name) if lang == "ja" else name


# -- fields worked out from an event's data ---------------------------------------------


def _who(d: dict) -> dict:
    """The character an event names, by its place and its face: [terms.who]."""
    face = "down" if d["name"].startswith(FACE_DOWN) else "up"
    return {"face": face, "where": d.get("actor") or d["at"]}


# The two seats of a game, which the catalogue names beside their dice and scores.
SEATS = {"one": 0, "two": 1}


def _standing(scores) -> dict:
    """Each score beside its player's name ("P1 3 P2 0", "Tester 3 P2 0")."""
    return {"s1": scores[0], "s2": scores[1], **SEATS}


def _formation(d: dict) -> dict:
    shown = [
        (slot, card) for slot, card in zip(SLOTS, d.get("cards") or d["slots"], strict=True) if card
    ]
    if not shown:
        return {}
    return {
        "party": ", ".join(
            f"{slot}={card if card == 'face-down' else name_en(card)}" for slot, card in shown
        ),
        "party_ja": "、".join(
            f"{slot}={'裏向き' if card == 'face-down' else name_ja(card)}" for slot, card in shown
        ),
    }


# The one ability a face-down character has (PGT-12.2), as events name it when it is
# used rather than an ability printed on the card.
FLIP_TEXT = "０：このキャラを表向きにする"


@cache
def ability_en(notation: str) -> str:
    """An ability an event names in its printed notation, as English players read it."""
    if notation == FLIP_TEXT:
        return "0: turn this character face-up"
    return text(parse_ability(notation), "en")


def _use(d: dict) -> dict:
    extra = _who(d)
    extra["ability_en"] = ability_en(d["ability"])
    if d["targets"]:
        extra["on"] = d["targets"]
    return extra


def _check(d: dict) -> dict:
    """The faces as summed, the modifier, and which [terms.check] reading applies: an
    invalid attack, a fumble and a critical hit come before the plain value."""
    outcome = next((key for key in ("invalid", "fumble", "critical") if d[key]), "value")
    return {
        "shown": "+".join(str(f) for f in d["faces"]),
        "bonus": f"({d['mod']:+d})" if d["mod"] else "",
        "outcome": outcome,
    }


def _dots(faces) -> str:
    return "・".join(str(f) for f in faces)


def _game_over(d: dict) -> dict:
    extra = _standing(d["scores"])
    if d["winners"]:
        names = [seat_name(w) for w in d["winners"]]
        extra.update(winners_en=" and ".join(names), winners_ja="と".join(names))
    return extra


DERIVE = {
    "first_roll": lambda d: {"p1": d["rolls"][0], "p2": d["rolls"][1], **SEATS},
    "formation": _formation,
    "use": _use,
    "roll": lambda d: {"dots": _dots(d["faces"]), "shown": ", ".join(map(str, d["faces"]))},
    "reroll": lambda d: {
        "dots": _dots(d["faces"]),
        "whose": "own" if d["of"] == d["seat"] else "other",
    },
    "check": _check,
    "retire": lambda d: {**_who(d), **_standing(d["score"])},
    "fizzle": lambda d: {"ability_en": ability_en(d["ability"])},
    "counters": lambda d: {"name_en": english(d["name"])},
    "flip": _who,
    "hide": _who,
    "recall": _who,
    "game_over": _game_over,
}


@cache
def catalogue() -> Messages:
    """The game's event messages in every language, read once."""
    return Messages(FOLDER, card_name=card_name, derive=DERIVE, place=place)


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event in `lang` ("ja", or English for anything else)."""
    return catalogue().describe(kind, data, lang)


# Why an option cannot be taken now, in words: the catalogues' [terms.unable].
REASONS = Reasons(catalogue)


# -- abilities in Japanese, for action labels: made by their parts ----------------------


def ability_ja(ab: Ability) -> str:
    """The ability in Japanese (the counterpart of its English text, parts.text)."""
    return text(ab, "ja")


def strike_ja(s: Strike) -> str:
    """'精神攻撃(光) 3D+1': the kind of attack, its attack attribute and its check."""
    return strike_text(s, "ja")
