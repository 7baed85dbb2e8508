"""What one seat may know of a Higurashi championship, its events' messages and its text
picture for the terminal.

The standings, the games agreed and every finished game's result are public. Of the
game in progress a seat sees what its player sees, or, sitting out a decider, what a
spectator sees. The game's own texts (action labels, event messages, the board) name
its players P1, P2 ...; here they name the championship's players instead."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action, renamed
from tcglab.engine.messages import Messages, named, seat_name
from tcglab.games.higurashi import messages
from tcglab.games.higurashi import render as board

if TYPE_CHECKING:
    from tcglab.games.higurashi.championship_state import ChampionshipState

FOLDER = Path(__file__).with_name("messages") / "championship"
_LOCAL = re.compile(r"(?<![A-Za-z0-9_])P([1-5])(?![0-9])")


def _rename(text: str, seats, name) -> str:
    """A game's text with its player Pn named `name(seats[n - 1])`."""
    return _LOCAL.sub(lambda m: name(seats[int(m[1]) - 1]), text)


@lru_cache(maxsize=8192)
def rename(text: str, seats: tuple[int, ...]) -> str:
    """A game's text with its players named as the championship's P1, P2 ..."""
    return _rename(text, seats, lambda seat: f"P{seat + 1}")


def relabel(action: Action, seats: tuple[int, ...]) -> Action:
    """A game's action with its labels naming the championship's players."""
    return renamed(action, rename, seats)


def _together(field: str):
    """Several seats as one phrase: `together_en` ("P1, P2 and P3"), `together_ja`."""

    def derive(data: dict) -> dict:
        names = [seat_name(seat) for seat in data.get(field, ())]
        if not names:
            return {}
        english = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return {"together_en": english, "together_ja": "・".join(names)}

    return derive


@cache
def catalogue() -> Messages:
    """The championship's own event messages in every language, read once."""
    derive = {
        "championship_decider": _together("seats"),
        "championship_standing": _together("leaders"),
        "championship_won": _together("champions"),
    }
    return Messages(FOLDER, derive=derive)


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """An event's message; a game's event is told in the game's words, in a decider its
    players named by the championship seats they sit in (and the table's names)."""
    if kind.startswith("championship_"):
        return catalogue().describe(kind, data, lang)
    seats = data.get("table_seats")
    if seats is None:  # a game of every seat, each in their own
        return messages.describe(kind, data, lang)
    with named(()):
        text = messages.describe(kind, data, lang)
    return _rename(text, seats, seat_name)


def observe(st: ChampionshipState, seat: int | None) -> dict:
    local = st.local_seat(seat)
    sub = st.sub
    return {
        "game": "higurashi",
        "format": "championship",
        "seat": seat,
        "players": st.players,
        "to_move": st.to_move,
        "planned": st.planned,
        "played": len(st.records),
        "totals": list(st.totals),
        "games": [_record(record) for record in st.records],
        # The game in progress, or the last one once the championship is decided.
        "current": {
            "number": len(st.records) + (not sub.over),
            "seats": list(st.seats),
            "local_seat": local,
            "view": sub.observe(local),
        },
        "options": dict(st.options),
        "result": None if st.result is None else st.result.to_dict(),
    }


def _record(record: dict) -> dict:
    """A copy of a finished game's record, so an observation shares nothing with the state."""
    return {key: list(value) if isinstance(value, list) else value for key, value in record.items()}


def render(view: dict) -> str:
    """A text picture of a championship's observation: the standings, each finished
    game, then the board of the game in progress."""
    totals = ", ".join(f"{seat_name(s)} {total}" for s, total in enumerate(view["totals"]))
    current = view["current"]
    games = "1 game" if view["planned"] == 1 else f"{view['planned']} games"
    lines = [f"Championship of {games} · totals: {totals}"]
    for number, game in enumerate(view["games"], start=1):
        won = " and ".join(seat_name(w) for w in game["winners"]) or "nobody"
        scores = ", ".join(
            f"{seat_name(s)} {v}" for s, v in zip(game["seats"], game["scores"], strict=True)
        )
        lines.append(f"  game {number}: {won} won ({game['reason']}); {scores}")
    seats = tuple(current["seats"])
    playing = " · ".join(seat_name(s) for s in seats)
    sits_out = "" if current["local_seat"] is not None or view["seat"] is None else " (you sit out)"
    lines.append(f"Game {current['number']}: {playing}{sits_out}")
    lines.append(rename(board.render(current["view"]), seats).rstrip())
    result = view["result"]
    if result:
        champions = " and ".join(seat_name(w) for w in result["winners"])
        verb = "share the championship" if len(result["winners"]) > 1 else "is champion"
        lines.append(f"{champions} {verb}")
    return "\n".join(lines) + "\n"
