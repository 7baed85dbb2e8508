"""`chance`: the player rolls the die, and the card's later parts work only on a given
number or more."""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.games.higurashi.parts.base import Number, Part


@dataclass(frozen=True, kw_only=True)
class Chance(Part):
    kind = "chance"
    params = {"at_least": Number(2, 6)}  # noqa: RUF012
    leads = True

    at_least: int = 6

    def apply(self, st, seat, event, target):
        card = st.event_card(event)
        die = st.rng.roll(6, "chance")
        st.emit("roll", seat=seat, die=die, purpose=card.id)
        if die < self.at_least:
            st.emit("fizzle", seat=seat, card=card.id, name=card.name_en)
            return False
        return True

    def text(self, words):
        n = self.at_least
        # The character is chosen before the roll, so the roll's clause names it first.
        chosen = words.target(words.aim) if words.aim is not None and not words.named else ""
        if words.ja:
            faces = "6" if n == 6 else "5か6" if n == 5 else f"{n}以上"
            return (f"{chosen}を選んで" if chosen else "") + f"賽を振り、{faces}なら"
        faces = "a 6" if n == 6 else "a 5 or 6" if n == 5 else f"a {n} or higher"
        return (f"choose {chosen} and " if chosen else "") + f"roll the die: on {faces}, "
