"""Continuous effects: every change to a character's technique and guard, and how they
compose into the values the battle and effect rules read.

A value is worked out in one order, the order its changes took effect (timestamp
order): the printed number first, then the character's support entry (PS-11.1.5,
part of the card itself, so in effect since it arrived), then each lasting effect in
the order it was applied (`st.lasting` is kept in that order). Every change today is
an addition, so the order changes no total, but it is the rule a change of another
kind would follow. Clamping comes last: current technique is never below 0 (PS-GAP-9)
and damage never below 0 (PS-9.5.1).

Guard is damage reduction: it lowers every damage the character takes, from battles
(PS-9.5.1, PS-9.7.3) and from card effects alike, since no card text limits it.

A lasting effect covers one character (its uid) or, as an aura, every character of one
side (uid `EVERY`), those that arrive later included, for as long as it lasts: until
the reset phase (`until` = `TURN`, PS-8.5.1) or while the event it came from stays on
the field (`until` = that event's uid, PS-WE-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tcglab.games.ps.field import Unit
    from tcglab.games.ps.state import PSState

TECHNIQUE, GUARD = "technique", "guard"
EVERY = 0  # the uid of an aura: every character of its side
TURN = 0  # `until` of an effect that ends at the reset phase
_new = tuple.__new__


class Lasting(NamedTuple):
    """One lasting change of a value, in force until `until` ends."""

    side: int
    uid: int  # the character it changes, or EVERY
    stat: str  # TECHNIQUE or GUARD
    amount: int
    until: int  # TURN, or the uid of the event whose stay it lasts


def add(st: PSState, side: int, uid: int, stat: str, amount: int, until: int) -> None:
    """A change takes effect: appended, so `st.lasting` stays in timestamp order. It
    is a tuple, replaced whole, so clones share it."""
    # at the tuple's own constructor: the NamedTuple's runs as Python even when compiled
    st.lasting = (*st.lasting, _new(Lasting, (side, uid, stat, amount, until)))


def end(st: PSState, until: int) -> None:
    """PS-8.5.1 / PS-11.2.2 every change lasting until `until` stops."""
    for effect in st.lasting:  # most often none: the tuple is kept as it is
        if effect.until == until:
            st.lasting = tuple(e for e in st.lasting if e.until != until)
            return


def forget(st: PSState, uid: int) -> None:
    """A character left the field: changes aimed at it end (a uid never returns)."""
    for effect in st.lasting:  # most often none: the tuple is kept as it is
        if effect.uid == uid:
            st.lasting = tuple(e for e in st.lasting if e.uid != uid)
            return


def support_count(st: PSState, seat: int, unit: Unit) -> int:
    """PS-11.1.5 the other characters of its work on its own field."""
    cards = st.cards.cards
    work = cards[unit.card].work
    return sum(1 for u in st.units[seat] if u.uid != unit.uid and cards[u.card].work == work)


def support(st: PSState, seat: int, unit: Unit) -> tuple[int, int]:
    """PS-11.1.5 / PS-10.1.2 the (technique, guard) a character's support entries give
    it, by the number of other characters of its work on its side; PS-GAP-11 exclusive
    tiers by default, the highest entry past the last."""
    count = support_count(st, seat, unit)
    if not count:
        return 0, 0
    tiers = st.cards.cards[unit.card].support
    if st.options["support_tiers"] == "exclusive":
        return tiers[min(count, len(tiers)) - 1]
    chosen = tiers[: min(count, len(tiers))]
    return sum(t[0] for t in chosen), sum(t[1] for t in chosen)


def bonuses(st: PSState, seat: int, unit: Unit) -> tuple[int, int]:
    """Technique and guard added to a character: support, then lasting effects in the
    order they took effect."""
    tech, guard = support(st, seat, unit)
    uid = unit.uid
    for effect in st.lasting:
        if effect.side == seat and (effect.uid == uid or effect.uid == EVERY):
            if effect.stat == TECHNIQUE:
                tech += effect.amount
            else:
                guard += effect.amount
    return tech, guard


def technique(st: PSState, seat: int, unit: Unit) -> int:
    """PS-GAP-9 current technique: printed value plus support and effects, >= 0."""
    value = st.cards.cards[unit.card].technique + bonuses(st, seat, unit)[0]
    return value if value > 0 else 0


def battle_damage(st: PSState, seat: int, striker: Unit, target: Unit) -> int:
    """PS-9.5.1 / PS-9.7.3 the striker's printed technique through the target's sense,
    then support and other modifiers (technique bonuses, the target's guard);
    fractions rounded up, never below 0."""
    cards = st.cards.cards
    tech = bonuses(st, seat, striker)[0]
    guard = bonuses(st, 1 - seat, target)[1]
    return cards[target.card].sense.apply(cards[striker.card].technique, tech - guard)


def effect_damage(st: PSState, side: int, target: Unit, amount: int) -> int:
    """Damage a card effect deals a character, less its guard, never below 0."""
    value = amount - bonuses(st, side, target)[1]
    return value if value > 0 else 0
