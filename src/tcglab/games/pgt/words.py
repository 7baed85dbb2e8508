"""What Pretty Good Tactics' actions say: each label is a template in
`messages/actions/en.toml` and `ja.toml`, filled from the action's data only when a
client, the terminal or a log reads it. Ability texts come as `(parts.text, ability)`
pairs (`{ability:said}`), so these words need nothing of the rules that use them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tcglab.engine.messages import Messages

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState


def place(ref: str, lang: str) -> tuple[int, str]:
    """A position ref the events carry ('P1.B1', PgtState.ref) as its seat and its slot
    as players of either language name it (B1: the rulebook's and the board's word),
    for `{at:place}`, which reads "Tester's B1"."""
    seat, slot = ref.split(".")
    return int(seat[1:]) - 1, slot


WORDS = Messages(Path(__file__).with_name("messages") / "actions", place=place)
say = WORDS.action


def seen(st: PgtState, inst: int, seat: int) -> dict:
    """A character as `seat` may name it: the card if that seat knows it, else its place
    (the templates' two wordings; PgtState.name says the same in English)."""
    if st.known[inst] & (1 << seat):
        return {"card": st.card(inst)}
    return {"where": st.ref(inst)}
