"""Human messages of a draft table's events in English and Japanese.

The wording is in the catalogues `messages/draft/en.toml` and `messages/draft/ja.toml`
(read by `tcglab.engine.messages`); this module works out the few fields they use from
an event's data. A game's own events are worded by the game's messages, its two seats
named as the tournament's players who play it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tcglab.engine.messages import Messages, named, seat_name
from tcglab.games.pgt import messages

FOLDER = Path(__file__).with_name("messages") / "draft"


def _pair(d: dict) -> dict:
    """The two players of a match, and its games won by each so far."""
    a, b = d["players"]
    fields = {"a": a, "b": b}
    if "wins" in d:
        fields.update(w1=d["wins"][0], w2=d["wins"][1])
    return fields


def _game_won(d: dict) -> dict:
    """Who won the game: `won_en` and `won_ja` only where somebody did."""
    fields = _pair(d)
    names = [seat_name(w) for w in d["winners"]]
    if names:
        fields.update(won_en=" and ".join(names), won_ja="・".join(names))
    return fields


def _match_won(d: dict) -> dict:
    """The match's score, highest first; `even` where six games left it level."""
    high, low = max(d["wins"]), min(d["wins"])
    return {**_pair(d), "high": high, "low": low, "end": "even" if high == low else "won"}


DERIVE = {
    "pairings": lambda d: {"order_ja": "、".join(seat_name(s) for s in d["order"])},
    "match": _pair,
    "game_won": _game_won,
    "match_won": _match_won,
}


@cache
def catalogue() -> Messages:
    """The draft table's event messages in every language, read once."""
    return Messages(FOLDER, derive=DERIVE)


def describe(kind: str, data: dict, lang: str = "en") -> str:
    pair = data.get("pair")
    if pair is not None:  # an event of a game, relayed: its seats are the pair's players
        with named([seat_name(seat) for seat in pair]):
            return messages.describe(kind, data, lang)
    return catalogue().describe(kind, data, lang)
