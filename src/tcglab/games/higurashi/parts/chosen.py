"""The parts that act on the one character chosen as the card is played and say so in
one clause: each is a row of data in chosen.toml (its area, how much the agent keeps and
wants it, what aiming it is worth, its clause in English and Japanese) and a function
here that carries it out. A new such mechanic is one function and one row."""

from __future__ import annotations

from pathlib import Path

from tcglab.engine.cardfile import read_toml
from tcglab.games.higurashi import table
from tcglab.games.higurashi.parts.base import Part


def _capture(st, seat, event, target) -> bool:
    """G4-8.6 subjugation (制圧): the enemy goes to the player's captured pile."""
    table.capture(st, target, seat, "subjugate")
    return True


def _steal(st, seat, event, target) -> bool:
    """G4-8.5 / G4-8.6 the 「お持ち帰り」 kind: the enemy becomes the player's own,
    equipment and all; not captured, and the row may grow past five."""
    was = st.ref(target)
    victim = table.leave_row(st, target, keep_equipment=True)
    st.rows[seat].append(target)
    st.owner[target] = seat
    st.known[target] |= 1 << seat
    card = st.char(target)
    named = {"name": card.name_en, "card": card.id}
    public = named if st.up[target] else {}
    st.emit("steal", {seat: named}, seat=seat, victim=victim, was=was, now=st.ref(target), **public)
    table.check_elimination(st, victim)
    return True


def _reveal(st, seat, event, target) -> bool:
    """An enemy turned face-up without a roll."""
    table.reveal(st, target, st.event_card(event).id)
    return True


def _peek(st, seat, event, target) -> bool:
    """The player looks in secret: it stays face-down and hidden from everyone else."""
    st.known[target] |= 1 << seat
    card = st.char(target)
    secret = {seat: {"card": card.id, "name": card.name_en}}
    st.emit("peek", secret, seat=seat, target=st.ref(target))
    return True


def _ready(st, seat, event, target) -> bool:
    """A sideways character of the player's stands up and may act again."""
    st.side[target] = False
    st.emit("ready", seat=seat, target=st.ref(target), name=st.char(target).name_en)
    return True


def _hide(st, seat, event, target) -> bool:
    """G4-3.1 face-down again: whoever saw it still knows it, but it must be scouted
    again to be attacked."""
    st.up[target] = False
    st.emit("hide", seat=seat, target=st.ref(target), name=st.char(target).name_en)
    return True


# What aiming a part at a character (as an observation shows it) is worth to the agent.
WORTH = {
    "points": lambda target: target["card"]["points"],
    "attack": lambda target: target["attack"],
    "weakness": lambda target: -target["defence"],
}

DOES = {
    "capture": _capture,
    "steal": _steal,
    "reveal": _reveal,
    "peek": _peek,
    "ready": _ready,
    "hide": _hide,
}


def _part(kind: str, row: dict) -> type[Part]:
    """The part class of one row of chosen.toml: `Part` with the row's settings."""
    does, worth = DOES[kind], WORTH[row["worth"]]
    return type(
        kind.capitalize(),
        (Part,),
        {
            "__module__": __name__,  # where pickle looks the class up, compiled or not
            "__doc__": does.__doc__,
            "kind": kind,
            "areas": (row["area"],),
            "keep": row["keep"],
            "eager": row["eager"],
            "clause": (row["en"], row["ja"]),
            "apply": lambda self, st, seat, event, target: does(st, seat, event, target),
            "worth": lambda self, target: worth(target),
        },
    )


CHOSEN = tuple(
    _part(kind, row) for kind, row in read_toml(Path(__file__).with_name("chosen.toml")).items()
)
# Each class by its name in this module, as pickle finds classes (search workers).
globals().update((part.__name__, part) for part in CHOSEN)
