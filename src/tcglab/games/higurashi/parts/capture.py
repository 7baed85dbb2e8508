"""`capture`: subjugation (制圧): an enemy character goes to the player's captured pile
(G4-8.6)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import table
from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Capture(Part):
    kind = "capture"
    areas = ("enemy_char",)
    keep = 9
    eager = True
    clause = (
        "subjugate {chosen} and put it in your captured pile",
        "{chosen}を制圧し、自分の獲得キャラにする",
    )

    def apply(self, st, seat, event, target):
        table.capture(st, target, seat, "subjugate")
        return True

    def worth(self, target):
        return target["card"]["points"]
