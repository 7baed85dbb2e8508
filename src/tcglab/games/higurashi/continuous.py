"""Continuous effects: everything that changes a character's attack and defence, or a
die roll, kept in one place and composed by one rule.

The rule (G4-GAP-19; docs/higurashi.md, "Continuous effects"): a character's attack (or
defence) is its printed value, plus every modifier on it in timestamp order (the order
in which they began, stat cards and equipment alike), plus the bonus rule's +1 while it
holds (G4-9, G4-GAP-17); a sum below 0 is read as 0. A die roll counts as the die plus
every die modifier played on it, in the order played (G4-8.3); the total is not bounded.

`st.mods` holds the modifiers in timestamp order (a tuple, replaced whole when one begins
or ends, so clones share it), each `(char, attack, defence, lasts)`,
where `lasts` is until the end of a turn `("end", turn number)`, until the start of a
seat's turn `("start", seat)`, or while equipped `("equipped", event instance)` (which
`st.attached` maps to `char`).
`st.datk` / `st.ddef` are each character's sum of modifiers and `st.atk` / `st.dfn`
printed value plus that sum, worked out again whenever a modifier begins or ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


def set_printed_values(st: HigurashiState) -> None:
    """The printed values of the identities the character instances now have."""
    chars = st.cards.characters
    st.printed_atk = [chars[c].attack for c in st.cid]
    st.printed_dfn = [chars[c].defence for c in st.cid]
    refresh(st)


def refresh(st: HigurashiState) -> None:
    """Sum every modifier per character, in timestamp order."""
    datk, ddef = [0] * len(st.cid), [0] * len(st.cid)
    atk, dfn = st.printed_atk[:], st.printed_dfn[:]
    for inst, da, dd, _ in st.mods:
        datk[inst] += da
        ddef[inst] += dd
        atk[inst] += da
        dfn[inst] += dd
    st.datk, st.ddef, st.atk, st.dfn = datk, ddef, atk, dfn


def attack(st: HigurashiState, inst: int) -> int:
    """A character's attack as the rule composes it (G4-GAP-19: never below 0)."""
    value = st.atk[inst]
    if st.options["bonus_rule"]:
        value += bonus(st, st.owner[inst])
    return value if value > 0 else 0


def defence(st: HigurashiState, inst: int) -> int:
    """A character's defence as the rule composes it (G4-GAP-19: never below 0)."""
    value = st.dfn[inst]
    if st.options["bonus_rule"]:
        value += bonus(st, st.owner[inst])
    return value if value > 0 else 0


def bonus(st: HigurashiState, seat: int) -> int:
    """G4-9 / G4-GAP-17: +1 while all of a seat's 5+ characters are face-up in one colour."""
    if not st.options["bonus_rule"] or seat < 0:
        return 0
    row = st.rows[seat]
    if len(row) < 5:
        return 0
    up = st.up
    for i in row:  # a loop, not all(...): no generator made at every decision
        if not up[i]:
            return 0
    return 1 if len({st.char(i).colour for i in row}) == 1 else 0


# -- beginning and ending ---------------------------------------------------------


def add(st: HigurashiState, insts: list[int], attack: int, defence: int, lasts: tuple) -> None:
    """Modifiers begin now, one per character: they come last in timestamp order."""
    st.mods += tuple([(inst, attack, defence, lasts) for inst in insts])
    refresh(st)


def equip(st: HigurashiState, event: int, inst: int, attack: int, defence: int) -> None:
    """G4-6.2 equipment stays attached to its character, out of the hand, and changes its
    values while it stays."""
    st.attached[event] = inst
    add(st, [inst], attack, defence, ("equipped", event))


def _end(st: HigurashiState, lasts: tuple) -> None:
    """End every modifier with this lifetime."""
    mods = st.mods
    for mod in mods:
        if mod[3] == lasts:  # one ends: keep the rest, in timestamp order
            st.mods = tuple([m for m in mods if m[3] != lasts])
            refresh(st)
            return


def end_of_turn(st: HigurashiState) -> None:
    """G4-2.3 "until the end of this turn" modifiers end with the turn."""
    _end(st, ("end", st.turn))


def start_of_turn(st: HigurashiState, seat: int) -> None:
    """Modifiers lasting until the start of a seat's next turn end as that turn begins
    (or when the seat is out of the game)."""
    _end(st, ("start", seat))


def leaves_play(st: HigurashiState, inst: int) -> list[int]:
    """A character leaves the rows: its modifiers end and its equipment comes off.
    Returns the equipment, for the discard."""
    gear = [e for e, i in st.attached.items() if i == inst]
    for event in gear:
        del st.attached[event]
    kept = [m for m in st.mods if m[0] != inst]
    if len(kept) != len(st.mods):
        st.mods = tuple(kept)
        refresh(st)
    return gear


# -- the roll in flight -----------------------------------------------------------


def modify_roll(st: HigurashiState, amount: int) -> int:
    """G4-8.3 a die modifier counts once the die is rolled; returns the new total."""
    *rest, die, modifier = st.roll
    st.roll = (*rest, die, modifier + amount)
    return die + modifier + amount
