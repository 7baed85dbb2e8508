"""What a part's legality reads from the table, worked out once per decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.games.higurashi.continuous import bonus

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


class Survey(NamedTuple):
    """The kinds of character on the table as one player sees targets, worked out once
    per decision so that each card in hand needs no scan of the rows of its own."""

    own: frozenset[str]  # target kinds (any, face_up, face_down, sideways) of own characters
    enemy: frozenset[str]  # the same among the opponents' characters
    weakest: int | None  # the lowest defence of a face-up enemy


_new = tuple.__new__

# The target kinds a row shows, by a bit each for face-up (1), face-down (2) and
# sideways (4) characters seen in it; "any" wherever there is a character at all. Made
# once, so that a survey builds no sets.
_UP, _DOWN, _SIDE = 1, 2, 4
KINDS = tuple(
    frozenset(
        name
        for bit, name in ((_UP, "face_up"), (_DOWN, "face_down"), (_SIDE, "sideways"))
        if seen & bit
    )
    | (frozenset(("any",)) if seen else frozenset())
    for seen in range(8)
)


@cython.locals(
    own=cython.long,
    enemy=cython.long,
    weakest=cython.long,
    defence=cython.long,
    extra=cython.long,
    s=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
)
def survey(st: HigurashiState, seat: int) -> Survey:
    up, side, dfn, rows = st.up, st.side, st.dfn, st.rows
    rule = st.options["bonus_rule"]  # G4-9
    own = 0
    for i in rows[seat]:
        own |= (_UP if up[i] else _DOWN) | (_SIDE if side[i] else 0)
    enemy = 0
    weakest = -1  # none yet: a defence is never below 0
    for s in range(st.players):
        if s == seat:
            continue
        extra = -1  # the seat's G4-9 bonus, read on its first face-up character
        for i in rows[s]:
            if side[i]:
                enemy |= _SIDE
            if not up[i]:
                enemy |= _DOWN
                continue
            enemy |= _UP
            if extra < 0:
                extra = bonus(st, s) if rule else 0  # bonus is 0 while the rule is off
            defence = dfn[i] + extra  # continuous.defence, the owner being `s`
            if defence < 0:
                defence = 0
            if weakest < 0 or defence < weakest:
                weakest = defence
    # Survey(...) without its Python-level __new__: a survey is made at every decision
    return _new(Survey, (KINDS[own], KINDS[enemy], None if weakest < 0 else weakest))
