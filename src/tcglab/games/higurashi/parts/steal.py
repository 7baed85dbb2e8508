"""`steal`: an enemy character becomes the player's own, the 「お持ち帰り」 kind (G4-8.5,
G4-8.6): not captured, and the row may grow past five."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import table
from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Steal(Part):
    kind = "steal"
    areas = ("enemy_char",)
    keep = 9
    eager = True
    clause = (
        "move {chosen} into your row as your own character",
        "{chosen}を自分の列に移し、自分のキャラクターにする",
    )

    def apply(self, st, seat, event, target):
        """G4-8.6 it is the thief's own from now on, equipment and all."""
        was = st.ref(target)
        victim = table.leave_row(st, target, keep_equipment=True)
        st.rows[seat].append(target)
        st.owner[target] = seat
        st.known[target] |= 1 << seat
        card = st.char(target)
        named = {"name": card.name_en, "card": card.id}
        public = named if st.up[target] else {}
        st.emit(
            "steal", {seat: named}, seat=seat, victim=victim, was=was, now=st.ref(target), **public
        )
        table.check_elimination(st, victim)
        return True

    def worth(self, target):
        return target["card"]["points"]
