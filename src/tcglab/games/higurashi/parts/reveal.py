"""`reveal`: an enemy character is turned face-up without a roll."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import table
from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Reveal(Part):
    kind = "reveal"
    areas = ("enemy_char",)
    keep = 4
    eager = True
    clause = (
        "turn {chosen} face-up without rolling the die",
        "{chosen}を、賽を振らずに表向きにする",
    )

    def apply(self, st, seat, event, target):
        table.reveal(st, target, st.event_card(event).id)
        return True

    def worth(self, target):
        return target["attack"]
