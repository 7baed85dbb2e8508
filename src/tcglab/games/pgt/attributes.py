"""Attributes (属性, PGT-4.6) where card text refers to them (PGT-4.7, PGT-GAP-21).

The rules give attributes no effect of their own; two card texts of tcglab's set read
them, both at the moment attack power meets defence (PGT-14.2.10, PGT-14.3.8):

  特攻(闇)+2  a clause of an attack or strike: against a face-up 闇 character the
             defence it is compared with counts 2 lower, never below 1, so a fumble
             (attack power 0) still fails (PGT-11.3)
  耐性(火)+2  a continuous ability (PGT-9.3): against attack power of attribute 火 this
             character's P-def and M-def count 2 higher

The attribute of attack power is the attack attribute written in "M(火)" if there is
one, else the attribute of the character it comes from. A face-down character has no
attribute and no abilities (PGT-12.2, PGT-12.4), so neither text works on or for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

ATTRIBUTES = {"火": "fire", "水": "water", "風": "wind", "地": "earth", "光": "light", "闇": "dark"}


def attack_attribute(st: PgtState, p: dict) -> str:
    """The attribute of an attack or strike in progress: M(x) first, else its maker's."""
    actor = p["actor"]
    card = st.card(actor)
    written = card.abilities[p["ab"]].strike.attribute
    if written:
        return written
    return card.attribute if st.up[actor] else ""  # PGT-12.2 face-down: no attribute


def compared_defence(st: PgtState, p: dict, target: int, defence: int) -> int:
    """The defence `target` shows attack power `p` in the comparison (PGT-14.2.10,
    PGT-14.3.8): its 耐性 against the attack's attribute raises it, the attack's 特攻
    against its attribute lowers it (to 1 at the least)."""
    if not st.up[target]:
        return defence  # PGT-12.2, PGT-12.4 face-down: no attribute, no 耐性
    card = st.card(target)
    if card.wards:
        defence += card.wards.get(attack_attribute(st, p), 0)
    bane = st.card(p["actor"]).abilities[p["ab"]].bane
    if bane and bane[0] == card.attribute:
        defence = max(min(defence, 1), defence - bane[1])
    return defence
