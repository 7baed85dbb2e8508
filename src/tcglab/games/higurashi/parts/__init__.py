"""The kinds of effect part an event card is made of, by name. A new mechanic is one
new module here, listed below."""

from tcglab.games.higurashi.parts.base import Part
from tcglab.games.higurashi.parts.capture import Capture
from tcglab.games.higurashi.parts.chance import Chance
from tcglab.games.higurashi.parts.die import Die
from tcglab.games.higurashi.parts.draw import Draw
from tcglab.games.higurashi.parts.equip import Equip
from tcglab.games.higurashi.parts.hide import Hide
from tcglab.games.higurashi.parts.peek import Peek
from tcglab.games.higurashi.parts.ready import Ready
from tcglab.games.higurashi.parts.recruit import Recruit
from tcglab.games.higurashi.parts.reveal import Reveal
from tcglab.games.higurashi.parts.stat import Stat
from tcglab.games.higurashi.parts.steal import Steal

KINDS = (Stat, Die, Equip, Steal, Capture, Reveal, Peek, Ready, Hide, Draw, Recruit, Chance)
PARTS: dict[str, type[Part]] = {kind.kind: kind for kind in KINDS}

__all__ = ["PARTS", "Part"]
