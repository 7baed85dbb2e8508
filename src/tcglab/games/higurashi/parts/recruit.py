"""`recruit`: characters from the top of the character pile join the player's row
face-down (G4-GAP-4); the game ends if the pile runs out (G4-7.1)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import table
from tcglab.games.higurashi.parts.base import Counted


@dataclass(frozen=True, kw_only=True)
class Recruit(Counted):
    kind = "recruit"

    def usable(self, st, seat, table):
        return bool(st.char_pile)

    def apply(self, st, seat, event, target):
        for _ in range(self.amount):
            if not st.char_pile:
                break
            inst = st.char_pile.pop()
            st.rows[seat].append(inst)
            st.owner[inst] = seat
            st.up[inst] = st.side[inst] = False
            st.known[inst] = 1 << seat
            card = st.char(inst)
            st.emit(
                "recruit",
                {seat: {"card": card.id, "name": card.name_en}},
                seat=seat,
                slot=len(st.rows[seat]) - 1,
                pile=len(st.char_pile),
            )
        if not st.char_pile:
            table.end_game(st, "pile_empty")
        return True

    def text(self, words):
        n = self.amount
        if n == 1:
            return words.say(
                "put the top card of the character pile face-down in your row as your own "
                "character",
                "キャラクターカードの山の一番上のカードを裏向きのまま自分の列に置き、"
                "自分のキャラクターにする",
            )
        return words.say(
            f"put the top {n} cards of the character pile face-down in your row as your own "
            "characters",
            f"キャラクターカードの山の上から{n}枚を裏向きのまま自分の列に置き、"
            "自分のキャラクターにする",
        )
