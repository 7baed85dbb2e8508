"""How a Precious Memories scenario names a card and a pending step.

A card is named by where it is, as the game names it on the table (`p1.M2` main area,
`p1.S1` support area, `p1.P3` point area), a support card by its character and its
place among those set on it (`p1.M2+1`), and any other card by its zone and place
(`p1.hand.2`, `p1.deck.1` the top card, `p1.discard.3`, `playing.1` the first card
being played). A pending step is a table: its name and its arguments by name, seats
as "p1", cards by those names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pm.places import DECK, owner, ref
from tcglab.games.pm.texts import COLOURS

if TYPE_CHECKING:
    from tcglab.games.pm.state import PMState

SEATS = ("p1", "p2")
PILES = ("hand", "deck", "discard")
TABLE = {"M": "main", "S": "support", "P": "points"}
AREAS = ("M", "S")  # where an arriving character goes: the main or the support area

# Each step's arguments in order: a seat, a card (`card?`: or none), a whole number,
# true/false, or one of a few words.
STEPS: dict[str, tuple[tuple[str, object], ...]] = {
    "turn_start": (("seat", "seat"),),
    "turn_end": (("seat", "seat"),),
    "next_turn": (("seat", "seat"),),
    "redraw": (("seat", "seat"),),
    "trim": (("seat", "seat"),),
    "window": (
        ("seat", "seat"),
        ("phase", ("main", "approach")),
        ("passed", "int"),
        ("timing", "int"),
    ),
    "approach_declare": (("seat", "seat"),),
    "obstruct_step": (("seat", "seat"),),
    "obstruct": (("seat", "seat"),),
    "exit_check": (("seat", "seat"),),
    "allocate": (("seat", "seat"),),
    "approach_done": (("seat", "seat"),),
    "interrupt": (("seat", "seat"), ("answer", ("event", "approach")), ("to", "card")),
    "break": (("seat", "seat"), ("card", "card")),
    "pay": (
        ("seat", "seat"),
        ("card", "card"),
        ("left", "int"),
        ("colour", ("", *COLOURS)),
        ("needs_name", "flag"),
    ),
    "target": (
        ("seat", "seat"),
        ("card", "card"),
        ("mode", ("event", "text", "break", "interrupt")),
    ),
    "resolve": (
        ("seat", "seat"),
        ("card", "card"),
        ("target", "card?"),
        ("mode", ("event", "text", "break", "interrupt")),
    ),
    "negated": (
        ("seat", "seat"),
        ("card", "card"),
        ("target", "card?"),
        ("mode", ("event", "text", "break", "interrupt")),
    ),
    "place": (("seat", "seat"), ("card", "card")),
    "attach": (("seat", "seat"), ("card", "card")),
    "arrive": (("card", "card"), ("area", AREAS), ("over", "card?")),
}


def supports_of(st: PMState, host: int) -> list[int]:
    """The support cards set on a character, in the order the state keeps them."""
    return [sup for sup, on in enumerate(st.host) if on == host]


def name_of(st: PMState, inst: int) -> str:
    """Where a card is, as a scenario names it."""
    if inst in st.limbo:
        return f"playing.{st.limbo.index(inst) + 1}"
    if st.host[inst] >= 0:
        host = st.host[inst]
        return f"{name_of(st, host)}+{supports_of(st, host).index(inst) + 1}"
    seat = owner(inst)
    if any(inst in zone[seat] for zone in (st.main, st.support, st.points)):
        return ref(st, inst)
    if inst in st.deck[seat]:
        return f"{SEATS[seat]}.deck.{len(st.deck[seat]) - st.deck[seat].index(inst)}"
    for pile in ("hand", "discard"):
        if inst in getattr(st, pile)[seat]:
            return f"{SEATS[seat]}.{pile}.{getattr(st, pile)[seat].index(inst) + 1}"
    raise ValueError(f"card {inst % DECK + 1} of {SEATS[seat]} is in no zone")


def card_at(st: PMState, name: str) -> int:
    """The card a scenario's name points at; ValueError naming what is accepted."""
    fail = ValueError(
        f"{name!r} names no card; cards are named like p1.M1, p1.S2, p1.P3, p1.M1+1, "
        "p1.hand.2, p1.deck.1 (the top), p1.discard.3 or playing.1"
    )
    head, _, number = name.rpartition(".")
    if head == "playing":
        return _nth(st.limbo, number, fail)
    seat_text, _, place = name.partition(".")
    if seat_text not in SEATS:
        raise fail
    seat = SEATS.index(seat_text)
    if "+" in place:
        host, _, nth = place.partition("+")
        return _nth(supports_of(st, card_at(st, f"{seat_text}.{host}")), nth, fail)
    if place[:1] in TABLE and place[1:].isdigit():
        return _nth(getattr(st, TABLE[place[0]])[seat], place[1:], fail)
    pile, _, nth = place.partition(".")
    if pile == "deck":
        return _nth(st.deck[seat][::-1], nth, fail)
    if pile in PILES:
        return _nth(getattr(st, pile)[seat], nth, fail)
    raise fail


def _nth(items: list[int], number: str, fail: Exception) -> int:
    if not number.isdigit() or not 1 <= int(number) <= len(items):
        raise fail
    return items[int(number) - 1]


def step_table(st: PMState, step: tuple) -> dict:
    """A pending step as plain data: {"step": "pay", "seat": "p1", "card": ..., ...}."""
    name, *args = step
    table: dict = {"step": name}
    for (key, kind), value in zip(STEPS[name], args, strict=True):
        if kind == "seat":
            table[key] = SEATS[value]
        elif kind in ("card", "card?"):
            if value >= 0:
                table[key] = name_of(st, value)
        elif value != "" and value is not False:  # no colour, no name needed: left out
            table[key] = value
    return table
