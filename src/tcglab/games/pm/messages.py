"""Human messages for Precious Memories events in English and Japanese: the wording is
in the catalogues `messages/en.toml` and `messages/ja.toml`; this module supplies the
Japanese card names and the few fields worked out from an event's data. A message is
written from the data the viewer may see (a drawn card's name only reaches the player
who drew it)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcglab.engine.errors import CardDataError
from tcglab.engine.messages import Messages
from tcglab.engine.unavailable import Reasons
from tcglab.games.pm.cards import card_set
from tcglab.games.pm.texts import signed
from tcglab.games.pm.words import place

FOLDER = Path(__file__).with_name("messages")


@cache
def japanese_names() -> dict[str, str]:
    """English card name -> Japanese name. Events carry the English name of a card on
    the table; every card of one English name must have one Japanese name."""
    names: dict[str, str] = {}
    for card in card_set().cards:
        if names.setdefault(card.name_en, card.name_ja) != card.name_ja:
            raise CardDataError(
                f"card {card.id}: field 'name_ja': {card.name_en!r} is already called "
                f"{names[card.name_en]!r}; one English name needs one Japanese name"
            )
    return names


@cache
def _japanese() -> dict[str, str]:
    """English names and card ids (both reach events) -> Japanese name."""
    return japanese_names() | {card.id: card.name_ja for card in card_set().cards}


@cache
def _english() -> dict[str, str]:
    """Card ids (which some events carry) -> English name."""
    return {card.id: card.name_en for card in card_set().cards}


def card_name(value, lang: str) -> str:
    """A card (its English name or id) or a list of them as `lang` reads it, by name
    and never by id: Japanese names in 「」, joined with 、."""
    if lang != "ja":
        names = _english()
        if isinstance(value, str):
            return names.get(value, value)
        return ", ".join(names.get(v, v) for v in value)
    names = _japanese()
    if isinstance(value, str):
        return f"「{names[value]}」"
    return "、".join(f"「{names[v]}」" for v in value)


def _draw(d: dict) -> dict:
    extra = {"plural": "" if d["count"] == 1 else "s"}
    if not d["count"]:
        extra["nothing"] = ""
    return extra


def _modified(d: dict) -> dict:
    extra = {
        "change": "add_cost" if d["how"] == "add" and d["cost"] else d["how"],
        "ap_signed": signed(d["ap"]),
        "dp_signed": signed(d["dp"]),
        "cost_signed": signed(d["cost"]),
    }
    if d["names"]:
        pairs = list(zip(d["names"], d["now"], strict=True))
        extra["now_en"] = ", ".join(f"{n} ({a}/{b})" for n, (a, b) in pairs)
        extra["now_ja"] = "、".join(f"{card_name(n, 'ja')}（{a}/{b}）" for n, (a, b) in pairs)
    return extra


def _exit_check(d: dict) -> dict:
    return {"gone": d["retired"]} if d["retired"] else {}


def _game_over(d: dict) -> dict:
    return {"winner": d["winners"][0]} if d["winners"] else {}


DERIVE = {
    "draw": _draw,
    "modified": _modified,
    "approach": lambda d: {
        "together": " and ".join(d["names"]),
        "together_ja": "と".join(card_name(n, "ja") for n in d["names"]),
    },
    "obstruct": lambda d: {"pair": f"{d['values'][0]}/{d['values'][1]}"},
    "allocate": lambda d: {"first": d["parts"][0], "second": d["parts"][1]},
    "exit_check": _exit_check,
    "retire": lambda d: {"listed": ", ".join(d["names"])},
    "game_over": _game_over,
}


@cache
def catalogue() -> Messages:
    """The game's messages in every language, read once."""
    return Messages(FOLDER, card_name=card_name, derive=DERIVE, place=place)


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event in `lang` ("en" or "ja"); the kind itself if unknown."""
    messages = catalogue()
    if kind not in messages.by_lang["en"].messages:
        return kind
    return messages.describe(kind, data, lang)


# Why an option cannot be taken now, in words: the catalogues' [terms.unable].
REASONS = Reasons(catalogue)
