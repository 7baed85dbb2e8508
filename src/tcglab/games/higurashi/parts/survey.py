"""What a part's legality reads from the table, worked out once per decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


class Survey(NamedTuple):
    """The kinds of character on the table as one player sees targets, worked out once
    per decision so that each card in hand needs no scan of the rows of its own."""

    own: frozenset[str]  # target kinds (any, face_up, face_down, sideways) of own characters
    enemy: frozenset[str]  # the same among the opponents' characters
    weakest: int | None  # the lowest defence of a face-up enemy


def survey(st: HigurashiState, seat: int) -> Survey:
    up, side = st.up, st.side
    kinds: tuple[set[str], set[str]] = (set(), set())
    weakest = None
    for group, insts in ((0, st.rows[seat]), (1, st.enemies(seat))):
        found = kinds[group]
        for i in insts:
            found.add("face_up" if up[i] else "face_down")
            if side[i]:
                found.add("sideways")
            if group and up[i]:
                defence = st.defence(i)
                if weakest is None or defence < weakest:
                    weakest = defence
        if found:
            found.add("any")
    return Survey(frozenset(kinds[0]), frozenset(kinds[1]), weakest)
