"""Where a card is: physical cards are instances 0..119, seat 0 owning 0..59 and seat
1 owning 60..119, and a card on the table is named by its position (`p1.M2` main
area, `p1.S1` support area, `p1.P3` point area). Leaving the field is here too, as
everything that removes a character goes through it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcglab.games.pm.state import PMState

DECK = 60  # PM-1.2.1 cards per deck, so instances per seat
AREAS = {"M": "main", "S": "support", "P": "points"}


def owner(inst: int) -> int:
    """The seat that owns a physical card (and so whose areas it stays in)."""
    return inst // DECK


def ref(st: PMState, inst: int) -> str:
    """A card's public position: p1.M2, p1.S1 or p1.P3."""
    seat = owner(inst)
    for letter, zone in (("M", st.main), ("S", st.support), ("P", st.points)):
        if inst in zone[seat]:
            return f"p{seat + 1}.{letter}{zone[seat].index(inst) + 1}"
    raise ValueError(f"instance {inst} is not on the table")


def at(st: PMState, position: str) -> int:
    """The instance at a position such as p2.M1 (IndexError, KeyError or ValueError
    when there is none)."""
    seat, place = position.split(".")
    zone = getattr(st, AREAS[place[0]])
    side, slot = int(seat[1:]) - 1, int(place[1:]) - 1
    if side < 0 or slot < 0:  # p0 or M0 names no place, not the last one
        raise IndexError(position)
    return zone[side][slot]


def on_field(st: PMState, inst: int) -> bool:
    seat = owner(inst)
    return inst in st.main[seat] or inst in st.support[seat]


def in_main(st: PMState, inst: int) -> bool:
    return inst in st.main[owner(inst)]


def retire(st: PMState, chosen: list[int], why: str) -> None:
    """A character exits to its owner's discard; support cards set on it go too
    (PM-GAP-11); its effects until end of turn end with it."""
    if not chosen:
        return
    refs = [ref(st, i) for i in chosen]
    names = [st.name(i) for i in chosen]
    for inst in chosen:
        seat = owner(inst)
        (st.main if inst in st.main[seat] else st.support)[seat].remove(inst)
        st.discard[seat].append(inst)
        st.rested[inst] = False
        st.entered[inst] = -1
        for sup, host in enumerate(st.host):
            if host == inst:
                st.host[sup] = -1
                st.discard[seat].append(sup)
    st.mods = [m for m in st.mods if m[0] not in chosen]
    st.emit("retire", seats=[owner(i) for i in chosen], targets=refs, names=names, why=why)
