"""The kinds of effect part an event card is made of, by name. A new mechanic is one
new module here, listed below, or one row in `chosen.py` for a part that acts on the
chosen character and says so in one clause."""

from tcglab.games.higurashi.parts.base import Part
from tcglab.games.higurashi.parts.chance import Chance
from tcglab.games.higurashi.parts.chosen import CHOSEN
from tcglab.games.higurashi.parts.die import Die
from tcglab.games.higurashi.parts.draw import Draw
from tcglab.games.higurashi.parts.equip import Equip
from tcglab.games.higurashi.parts.recruit import Recruit
from tcglab.games.higurashi.parts.stat import Stat

KINDS = (Stat, Die, Equip, *CHOSEN, Draw, Recruit, Chance)
PARTS: dict[str, type[Part]] = {kind.kind: kind for kind in KINDS}

__all__ = ["PARTS", "Part"]
