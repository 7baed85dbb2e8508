"""`draw`: the player draws event cards; past the hand limit, use or discard
(G4-GAP-5)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import table
from tcglab.games.higurashi.parts.base import Counted


@dataclass(frozen=True, kw_only=True)
class Draw(Counted):
    kind = "draw"

    def apply(self, st, seat, event, target):
        table.draw(st, seat, self.amount)
        st.stack.append(("trim", seat))  # G4-GAP-5 drawing past the limit: use or discard
        return True

    def text(self, words):
        n = self.amount
        return words.say(
            f"draw {n} event card{'' if n == 1 else 's'}", f"イベントカードを{n}枚引く"
        )
