"""`die`: a die modifier, played on the roll in flight right after it is rolled: the
roller's own (`own_roll`) or an opponent's against the player's character
(`enemy_roll`). Never counted in advance (G4-8.3, G4-GAP-11)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import continuous
from tcglab.games.higurashi.parts.base import Number, Part


@dataclass(frozen=True, kw_only=True)
class Die(Part):
    kind = "die"
    timings = ("own_roll", "enemy_roll")
    areas = ("roll",)
    params = {"amount": Number(-9, 9)}  # noqa: RUF012
    keep = 4

    amount: int = 0

    def problem(self) -> str | None:
        return None if self.amount else "a die effect must change the roll"

    def apply(self, st, seat, event, target):
        total = continuous.modify_roll(st, self.amount)
        card = st.event_card(event)
        st.emit(
            "modify", seat=seat, card=card.id, name=card.name_en, amount=self.amount, total=total
        )
        return True

    def text(self, words):
        n = abs(self.amount)
        if self.amount > 0:
            return words.say(f"add {n} to that roll", f"その出目に{n}を足す")
        return words.say(f"subtract {n} from that roll", f"その出目から{n}を引く")

    @property
    def roll_change(self):
        return self.amount
