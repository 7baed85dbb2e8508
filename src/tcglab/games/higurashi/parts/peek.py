"""`peek`: the player looks at a character in secret; it stays face-down and hidden
from everyone else."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi.parts.base import Part


@dataclass(frozen=True, kw_only=True)
class Peek(Part):
    kind = "peek"
    areas = ("enemy_char",)
    keep = 2
    eager = True
    clause = (
        "secretly look at {chosen} without showing it to the other players",
        "{chosen}を、他のプレーヤーに見せずにこっそり見る",
    )

    def apply(self, st, seat, event, target):
        st.known[target] |= 1 << seat
        card = st.char(target)
        secret = {seat: {"card": card.id, "name": card.name_en}}
        st.emit("peek", secret, seat=seat, target=st.ref(target))
        return True

    def worth(self, target):
        return target["attack"]
