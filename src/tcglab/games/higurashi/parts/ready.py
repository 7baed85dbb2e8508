"""`ready`: one of the player's sideways characters stands up and may act again."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Ready(Part):
    kind = "ready"
    areas = ("own_char",)
    keep = 3
    clause = ("turn {chosen} upright", "{chosen}を縦向きに戻す")

    def apply(self, st, seat, event, target):
        st.side[target] = False
        st.emit("ready", seat=seat, target=st.ref(target), name=st.char(target).name_en)
        return True

    def worth(self, target):
        return target["attack"]
