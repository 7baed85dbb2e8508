"""How action labels name characters, rolls and die faces, in English and Japanese.
The Japanese wording uses the terms of the original rules: 偵察, 攻撃, カウンター攻撃."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.messages import seat_name

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState

_ROLLS_JA = {"scout": "偵察", "attack": "攻撃", "counter": "カウンター攻撃"}
# Seat names as labels print them, worked out once: labels are made at every decision.
SEATS = tuple(seat_name(seat) for seat in range(8))


def hidden_ja(seat: int, slot: int, owner: str | None = None) -> str:
    """A face-down character the viewer does not know, named by its place in a row (of
    `owner`, a seat name: a message gives the table's; else P1, P2 ...)."""
    return f"{SEATS[seat] if owner is None else owner}の列の{slot + 1}枚目（裏向き）"


def character_ja(st: HigurashiState, inst: int, seat: int) -> str:
    """How `seat` names a character in Japanese (HigurashiState.name in English): its
    name and owner if known, else its place in a row."""
    owner = st.owner[inst]
    if st.known[inst] & (1 << seat):
        return f"{st.char(inst).name_ja}（{SEATS[owner]}）"
    return hidden_ja(owner, st.rows[owner].index(inst))


def roll_ja(kind: str) -> str:
    """The action a die roll decides, in Japanese."""
    return _ROLLS_JA[kind]


def faces(need: int) -> str:
    """The die faces that succeed, as an English phrase."""
    if need <= 1:
        return "any roll"
    return "a 6" if need == 6 else f"{need}-6"


def faces_ja(need: int) -> str:
    """The die faces that succeed, as a Japanese phrase."""
    if need <= 1:
        return "どの目でも成功"
    return "6で成功" if need == 6 else f"{need}〜6で成功"
