"""What Higurashi's actions say: each label is a template in `messages/actions/en.toml`
and `ja.toml`, filled from the action's data only when a client, the terminal or a log
reads it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tcglab.engine.messages import Messages

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


def _faces(need: int, lang: str) -> str:
    """The die faces that succeed (G4-4.2), as a phrase."""
    if lang == "ja":
        if need <= 1:
            return "どの目でも成功"
        return "6で成功" if need == 6 else f"{need}〜6で成功"
    if need <= 1:
        return "any roll"
    return "a 6" if need == 6 else f"{need}-6"


WORDS = Messages(Path(__file__).with_name("messages") / "actions", specs={"faces": _faces})
say = WORDS.action


def seen(st: HigurashiState, inst: int, seat: int) -> dict:
    """A character as `seat` may name it: the card and its owner if that seat knows it,
    else its owner and its place in that row (the templates' two wordings)."""
    owner = st.owner[inst]
    if st.known[inst] & (1 << seat):
        return {"card": st.char(inst), "owner": owner}
    return {"owner": owner, "place": st.rows[owner].index(inst) + 1}
