"""`hide`: one of the player's face-up characters is turned face-down again; everyone
who saw it still knows it, but it must be scouted again to be attacked (G4-3.1)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Hide(Part):
    kind = "hide"
    areas = ("own_char",)
    keep = 2
    clause = ("turn {chosen} face-down again", "{chosen}を裏向きに戻す")

    def apply(self, st, seat, event, target):
        st.up[target] = False
        st.emit("hide", seat=seat, target=st.ref(target), name=st.char(target).name_en)
        return True

    def worth(self, target):
        return -target["defence"]
