"""Human messages for Higurashi events, in English and Japanese, written from the data
the viewer may see. The wording is data: `messages/en.toml` and `messages/ja.toml`
(read by tcglab.engine.messages); this module adds only what is worked out from an
event's data (a hidden card's place, lists of seats or names)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tcglab.engine.messages import Messages, seat_name
from tcglab.engine.unavailable import Reasons
from tcglab.games.higurashi.cards import card_set
from tcglab.games.higurashi.labels import hidden_ja

# How the English data name a character the viewer does not know (HigurashiState.name).
_HIDDEN_EN = re.compile(r"face-down card (\d+) of P(\d+)")


@cache
def japanese_names() -> dict[str, str]:
    """English card name -> Japanese card name over the shipped card set. Event data
    carry the English name the viewer may read; this gives the same card in Japanese."""
    cards = card_set()
    return {card.name_en: card.name_ja for card in (*cards.characters, *cards.events)}


def name_ja(name: str) -> str:
    """A card as the English data name it, in Japanese."""
    found = japanese_names().get(name)
    if found is not None:
        return found
    hidden = _HIDDEN_EN.fullmatch(name)
    if hidden:
        seat = int(hidden[2]) - 1
        return hidden_ja(seat, int(hidden[1]) - 1, seat_name(seat))
    return name


def _card_name(name: str, lang: str) -> str:
    """A card in `lang`; a face-down one by its place in the row of a seat as the table
    names it ("face-down card 2 of Tester"), never by the seat's number."""
    if lang == "ja":
        return name_ja(name)
    hidden = _HIDDEN_EN.fullmatch(name)
    if hidden:
        return f"face-down card {hidden[1]} of {seat_name(int(hidden[2]) - 1)}"
    return name


def _place(data: dict) -> dict:
    """A face-down target named by its place: its owner and its slot counted from 1."""
    seat, slot = str(data["target"]).split(".")
    return {"owner": int(seat), "place": int(slot) + 1}


def _signed(data: dict) -> dict:
    """Japanese writes no change as ±0."""
    return {f"{k}_signed": f"{data[k]:+d}" if data[k] else "±0" for k in ("attack", "defence")}


MESSAGES = Messages(
    Path(__file__).with_name("messages"),
    card_name=_card_name,
    derive={
        "scout": _place,
        "peek": _place,
        "modified": _signed,
        "equip": lambda d: {"first_target": d["targets"][0]},
        "attack_result": lambda d: {"at_least": max(1, d["needed"])},
        "counter_result": lambda d: {"at_least": max(1, d["needed"])},
    },
)
PIECES = frozenset(k for k in MESSAGES.kinds() if k.startswith(("each_", "join_")))
KINDS = frozenset(MESSAGES.kinds() - PIECES)  # one message per event kind


def _listed(lang: str, item: str, join: str, rows: list[dict]) -> str:
    """Several seats or names in one phrase, each written by the piece `item`."""
    joiner = MESSAGES.describe(join, {}, lang)
    return joiner.join(MESSAGES.describe(item, row, lang) for row in rows)


def _lists(kind: str, data: dict, lang: str) -> dict:
    if kind == "start_roll":
        rolls = [{"seat": int(s), "die": v} for s, v in data["rolls"].items()]
        return {"rolls_said": _listed(lang, "each_roll", "join_list", rolls)}
    if kind == "game_over":
        scores = [{"seat": s, "score": v} for s, v in enumerate(data["scores"])]
        return {
            "winners_said": _listed(
                lang, "each_seat", "join_and", [{"seat": w} for w in data["winners"]]
            ),
            "scores_said": _listed(lang, "each_score", "join_list", scores),
        }
    if kind == "modified":
        names = [{"name": name} for name in data["targets"]]
        return {"targets_said": _listed(lang, "each_name", "join_list", names)}
    return {}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event in `lang` ("en" or "ja")."""
    listed = _lists(kind, data, lang)
    return MESSAGES.describe(kind, {**data, **listed} if listed else data, lang)


# Why an option cannot be taken now, in words: the catalogues' [terms.unable].
REASONS = Reasons(lambda: MESSAGES)
