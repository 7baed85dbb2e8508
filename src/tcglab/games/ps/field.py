"""What lies on a field: characters (`Unit`) and events (`Placed`), as tuples that
are replaced whole when they change, so clones share them."""

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
