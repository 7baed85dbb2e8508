"""Human messages for Princess Scramble events, written from the data the viewer may
see: the wording is in the catalogues `messages/en.toml` and `messages/ja.toml`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcglab.engine.messages import Messages
from tcglab.engine.unavailable import Reasons
from tcglab.games.ps.cards import card_set

FOLDER = Path(__file__).with_name("messages")


@cache
def _ja_names() -> dict[str, str]:
    """English card and ability names of the shipped pool -> Japanese. Every version of
    a heroine shares one name in both languages, so the map is well defined."""
    names = {}
    for card in card_set().cards:
        names[card.name_en] = card.name_ja
        if card.kind == "character" and card.ability is not None:
            names[card.ability_name_en] = card.ability_name_ja
    return names


def card_name(name: str, lang: str) -> str:
    """A card or ability name as a message shows it: in Japanese, the Japanese name in
    brackets; a name outside the shipped pool (a test's own cards) as it is."""
    if lang != "ja":
        return name
    return f"「{_ja_names().get(name, name)}」"


def _modify(data: dict) -> dict:
    """A guard change reads as less (or more) damage taken."""
    if data["stat"] != "guard":
        return {}
    amount = data["amount"]
    return {"less": amount} if amount >= 0 else {"more": -amount}


MESSAGES = Messages(FOLDER, card_name=card_name, derive={"modify": _modify})


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event, in Japanese for "ja" and in English otherwise."""
    return MESSAGES.describe(kind, data, lang)


# Why an option cannot be taken now, in words: the catalogues' [terms.unable].
REASONS = Reasons(lambda: MESSAGES)
