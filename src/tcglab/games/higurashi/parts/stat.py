"""`stat`: attack and defence change until the end of this turn, or until the start of
the player's next turn (a continuous effect, see continuous.py)."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi import continuous
from tcglab.games.higurashi.parts.base import Choice, Number, Part, own_view

UNTIL = {
    "turn": ("until the end of this turn", "このターンの終わりまで"),
    "next_turn": ("until the start of your next turn", "次の自分のターンの開始まで"),
}


@dataclass(frozen=True, kw_only=True)
class Stat(Part):
    kind = "stat"
    areas = ("own_char", "all_own", "enemy_char")
    params = {  # noqa: RUF012
        "attack": Number(-9, 9, 0),
        "defence": Number(-9, 9, 0),
        "duration": Choice(tuple(UNTIL)),
    }
    keep = 5

    attack: int = 0
    defence: int = 0
    duration: str = "turn"

    def problem(self) -> str | None:
        return None if self.attack or self.defence else "a stat effect must change something"

    def apply(self, st, seat, event, target):
        lasts = ("end", st.turn) if self.duration == "turn" else ("start", seat)
        chosen = list(st.rows[seat]) if self.area == "all_own" else [target]
        continuous.add(st, chosen, self.attack, self.defence, lasts)
        st.emit(
            "modified",
            own_view(st, chosen, seat),
            seat=seat,
            card=st.event_card(event).id,
            targets=[st.name(i, None) for i in chosen],
            attack=self.attack,
            defence=self.defence,
            until=self.duration,
        )
        return True

    def text(self, words):
        en, ja = UNTIL[self.duration]
        if words.ja:
            return f"{words.target(self)}の{words.changes(self.attack, self.defence, ja)}する"
        return f"give {words.target(self)} {words.changes(self.attack, self.defence)} {en}"

    def worth(self, target):
        if self.area == "enemy_char":  # weaken the strongest enemy
            return target["attack"]
        return target["attack"] - (self.defence > 0) * target["defence"]

    def opening(self):
        if self.duration != "turn":
            return None
        if self.area != "enemy_char" and self.attack > 0:
            return (self.attack, 0)
        if self.area == "enemy_char" and self.defence < 0:
            return (0, self.defence)
        return None

    @property
    def guards(self):
        return self.duration == "next_turn"
