"""`equip`: equipment that stays attached to the player's character, out of the hand,
and changes its values while it stays (G4-6.2; a continuous effect, continuous.py)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import continuous
from tcglab.games.higurashi.parts.base import Number, Part, own_view


@dataclass(frozen=True, kw_only=True)
class Equip(Part):
    kind = "equip"
    areas = ("own_char",)
    params = {"attack": Number(-9, 9, 0), "defence": Number(-9, 9, 0)}  # noqa: RUF012
    keep = 7
    eager = True

    attack: int = 0
    defence: int = 0

    def problem(self) -> str | None:
        return None if self.attack or self.defence else "equipment must change something"

    def apply(self, st, seat, event, target):
        card = st.event_card(event)
        st.emit(
            "equip",
            own_view(st, [target], seat),
            seat=seat,
            card=card.id,
            name=card.name_en,
            targets=[st.name(target, None)],
        )
        continuous.equip(st, event, target, self.attack, self.defence)
        return True

    def text(self, words):
        chosen, it = words.target(self), words.target(self)  # the second time it is "it"
        changes = words.changes(self.attack, self.defence)
        if words.ja:
            return f"装備品として{chosen}に付け、{it}の{changes}する（装備中は手札に数えない）"
        return (
            f"attach this to {chosen} as equipment, giving {it} {changes} "
            "(it no longer counts toward your hand)"
        )

    def worth(self, target):
        return target["attack"] - (self.defence > 0) * target["defence"]
