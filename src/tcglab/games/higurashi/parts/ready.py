"""`ready`: one of the player's sideways characters stands up and may act again."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Ready(Part):
    kind = "ready"
    areas = ("own_char",)
    keep = 3

    def apply(self, st, seat, event, target):
        st.side[target] = False
        st.emit("ready", seat=seat, target=st.ref(target), name=st.char(target).name_en)
        return True

    def text(self, words):
        chosen = words.target(self)
        return words.say(f"turn {chosen} upright", f"{chosen}を縦向きに戻す")

    def worth(self, target):
        return target["attack"]
