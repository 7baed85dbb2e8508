"""What the seat to move could ordinarily choose but cannot now, and why
(`State.unavailable`, tcglab.engine.unavailable): while forming a party, the
characters that cannot take the next slot (over the 10-point limit, PGT-8.1.1, or no
room left for the face-up characters that must stay, PGT-8.3) and "undo" once the
formation's take-backs are used up; in an activation window the abilities of its
face-up characters that would act there but whose condition cannot be met or that have
no target (PGT-9.5, PGT-9.6); in the combat phase its attacks (PGT-9.5.1, PGT-10.2).
The reasons are the ones the rules modules give a person who types a refused id
(`formation.placement_problem`, `abilities.window_problem`, `combat.attack_problem`);
only the seat's own hand and the public table are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.unavailable import Refusal, Refusals
from tcglab.games.pgt import abilities, combat, formation
from tcglab.games.pgt.messages import REASONS

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState


def placements(st: PgtState, seat: int) -> list[Refusal]:
    """The choices for the next slot that would leave the party impossible to finish
    (the ids and labels `formation._form_actions` gives the possible ones)."""
    placed = st.forming[seat]
    slot = len(placed)
    found = []
    for old, inst in enumerate(st.field[seat]):
        if inst < 0 or inst in placed:
            continue
        reason = formation.placement_problem(st, seat, inst)
        if reason is not None:
            keep = st.card(inst).action(formation.keep_choice, slot, old * 2 + st.up[inst])
            found.append(Refusal(keep, reason))
    for n, inst in enumerate(formation.hand_choices(st, seat), start=1):
        reason = formation.placement_problem(st, seat, inst)
        if reason is not None:
            put = st.card(inst).action(formation.put_choice, slot, n)
            found.append(Refusal(put, reason))
    reason = formation.empty_problem(st, seat)
    if reason is not None:
        found.append(Refusal(formation.EMPTY[slot], reason))
    reason = formation.undo_problem(st, seat)
    if reason is not None:
        found.append(Refusal(formation.UNDO[formation.last_choice(placed)], reason))
    return found


def window(st: PgtState, seat: int, mode: str, check: int) -> list[Refusal]:
    """The abilities of the seat's face-up characters that would act in this window
    (their lead part has something to act on, `abilities.usable`) but cannot be used."""
    found = []
    for slot, inst in enumerate(st.field[seat]):
        if inst < 0 or not st.up[inst]:
            continue
        card = st.card(inst)
        for index, ab, lead, aimed in card.in_windows:
            if lead.aim(st, seat, mode, check) is None:
                continue  # not an ability of this kind of window
            reason = abilities.window_problem(st, seat, inst, index, ab, aimed)
            if reason is not None:
                found.append(Refusal(card.action(abilities._use_action, slot, index), reason))
    return found


def attacks(st: PgtState, seat: int) -> list[Refusal]:
    """The Ａ abilities of the seat's characters that cannot be the attack now."""
    found = []
    for slot, inst in enumerate(st.field[seat]):
        if inst < 0:
            continue
        card = st.card(inst)
        for index, ab in enumerate(card.abilities):
            if not ab.is_attack:
                continue
            reason = combat.attack_problem(st, seat, inst, ab)
            if reason is not None:
                found.append(Refusal(card.action(combat._attack_action, slot, index), reason))
    return found


def _formation_why_not(st: PgtState, action_id: str):
    """The formation's own reason for a typed placement."""
    if st.stack[-1][0] == "form":
        return formation.why_not(st, st.to_move, action_id)
    return None


REFUSALS = Refusals(
    REASONS,
    {
        "form": lambda st, seat, step: placements(st, seat),
        "win": lambda st, seat, step: window(st, seat, step[3], step[4]),
        "combat": lambda st, seat, step: attacks(st, seat),
    },
    own=_formation_why_not,
)
