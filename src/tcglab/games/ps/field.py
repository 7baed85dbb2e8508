"""What lies on a field: characters (`Unit`) and events (`Placed`), as tuples that
are replaced whole when they change, so clones share them.

A changed character is made by the functions below rather than by `Unit._replace`,
which is several times slower, and at the tuple's own constructor rather than the
NamedTuple's, which runs as Python even in the compiled build: characters change at
nearly every step of a playout."""

from __future__ import annotations

from typing import NamedTuple


class Unit(NamedTuple):
    """A character on the field; what changes its technique and guard is kept apart,
    with every other lasting effect (`values.py`)."""

    uid: int
    card: int
    damage: int = 0  # PS-6.6 carried across turns
    exhausted: bool = False  # PS-5.2 sideways; PS-5.1 upright = standby
    sick: bool = True  # placed this turn (PS-6.4, PS-GAP-6)
    occ: int = 0  # energy occupied under it (PS-10.3.2)
    used: bool = False  # its ability was used this turn


class Placed(NamedTuple):
    """An event on the field (PS-11.2), holding its energy until it leaves."""

    uid: int
    card: int
    occ: int


_new = tuple.__new__


def exhausted(u: Unit, exhausted: bool = True) -> Unit:
    """PS-5.2 the character turned sideways (exhausted), or upright (standby)."""
    return _new(Unit, (u.uid, u.card, u.damage, exhausted, u.sick, u.occ, u.used))


def damaged(u: Unit, damage: int) -> Unit:
    """The character with this much damage on it (PS-6.6)."""
    return _new(Unit, (u.uid, u.card, damage, u.exhausted, u.sick, u.occ, u.used))


def used(u: Unit, used: bool, exhausted: bool) -> Unit:
    """The character with its ability used (or not) this turn, exhausted or not."""
    return _new(Unit, (u.uid, u.card, u.damage, exhausted, u.sick, u.occ, used))


def arrived(uid: int, card: int, occ: int) -> Unit:
    """A character just placed: standby, summoning sick (PS-6.4), holding `occ` energy."""
    return _new(Unit, (uid, card, 0, False, True, occ, False))


def placed(uid: int, card: int, occ: int) -> Placed:
    """An event just placed, holding `occ` energy."""
    return _new(Placed, (uid, card, occ))


def stood_up(u: Unit) -> Unit:
    """PS-8.1.1 to standby, its summoning sickness over (PS-GAP-6)."""
    return _new(Unit, (u.uid, u.card, u.damage, False, False, u.occ, u.used))
