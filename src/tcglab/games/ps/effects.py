"""Starting the effects of events and special abilities (PS-8.3.3, PS-8.3.4, PS-11.2):
when they may start, choosing the target of their aimed part, and carrying them out.
What each part does is in `parts.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.unavailable import Why, why
from tcglab.games.ps import field
from tcglab.games.ps.procedure import decision
from tcglab.games.ps.words import KEYS, say

if TYPE_CHECKING:
    from tcglab.games.ps.parts import Effect
    from tcglab.games.ps.state import PSState

# Which effect timing each kind of moment admits (PS-GAP-12, PS-GAP-16).
TIMING_AT = {"main": "normal", "end": "normal", "battle": "battle"}


def playable(st: PSState, seat: int, effect: Effect, moment: str) -> bool:
    """An effect may be started now if its timing fits and it has something to act on."""
    return effect.timing == TIMING_AT[moment] and effect.possible(st, seat)


def place_event(st: PSState, seat: int, number: int) -> field.Placed:
    """PS-11.2.1 the event is placed and takes effect; it holds its energy until the
    owner's next start phase (PS-11.2.2)."""
    placed = field.placed(st.uid(), number, st.card(number).level)
    st.events[seat].append(placed)
    return placed


def effect_of(st: PSState, number: int) -> Effect:
    card = st.card(number)
    return card.ability if card.kind == "character" else card.effect


def start_effect(st: PSState, seat: int, effect: Effect, number: int, source: int) -> None:
    """Aim the effect (a decision) or carry it out at once."""
    if effect.aimed is None:
        effect.carry_out(st, seat, number, source, 0)
    else:
        st.stack.append(("target", seat, number, source))


def _target_actions(st: PSState, seat: int, number: int, source: int) -> list[Action]:
    side, units = effect_of(st, number).aimed.candidates(st, seat)
    slots = {u.uid: i + 1 for i, u in enumerate(st.units[side])}
    card, own = st.card(number), side == seat
    return [
        say(f"target {slots[u.uid]}", "target", card=card, own=own, aim=st.card(u.card))
        for u in units
    ]


def pending(st: PSState) -> dict | None:
    """The effect waiting for its target, for observations: its card, its aimed part
    and the seat whose characters it may be aimed at."""
    if not st.stack or st.stack[-1][0] != "target":
        return None
    _, seat, number, _ = st.stack[-1]
    aimed = effect_of(st, number).aimed
    return {
        "card": st.card(number).id,
        "effect": aimed.kind,
        "amount": aimed.amount,
        "side": aimed.candidates(st, seat)[0],
    }


@decision("target", _target_actions)
def choose_target(st: PSState, action: Action, seat: int, number: int, source: int) -> None:
    effect = effect_of(st, number)
    side = effect.aimed.candidates(st, seat)[0]
    unit = st.units[side][int(action[0].split(" ")[1]) - 1]  # the id leads an Action
    effect.carry_out(st, seat, number, source, unit.uid)


# -- special abilities -----------------------------------------------------------------


def sick_blocks(st: PSState, unit) -> bool:
    """PS-6.4 / PS-GAP-6 a character placed this turn may not attack nor exhaust itself
    for an ability (unless summoning_sickness is none)."""
    return unit.sick and st.options["summoning_sickness"] != "none"


@cython.locals(slot=cython.Py_ssize_t, sickness=cython.bint)
def ability_actions(st: PSState, seat: int, timing: str) -> list[Action]:
    """PS-8.3.4 / PS-8.4.2 / PS-GAP-16 abilities of one's own characters, each once a turn."""
    units = st.units[seat]
    if not units:
        return []
    acts, cards = [], st.cards.cards
    sickness = st.options["summoning_sickness"] != "none"  # sick_blocks, read once
    for slot, unit in enumerate(units, start=1):
        card = cards[unit.card]
        ability = card.ability
        if ability is None or unit.used or ability.timing != timing:
            continue
        if ability.cost == "exhaust" and (unit.exhausted or (unit.sick and sickness)):
            continue
        if not ability.possible(st, seat):
            continue
        key = slot * 4 + USE
        # the action kept by the card, read without a call once it is made (Card.action)
        acts.append(card.actions.get(key) or card.action(_say_use, key, slot))
    return acts


USE = KEYS["use"]


def _say_use(card, slot: int) -> Action:
    return say(f"use {slot}", "use", card=card)


def ability_problem(st: PSState, seat: int, unit, timing: str) -> Why | None:
    """Why a character's special ability cannot be used now (what `ability_actions`
    tests), or None if it can or the character has none."""
    ability = st.cards.cards[unit.card].ability
    if ability is None:
        return None
    if ability.timing != timing:  # PS-GAP-16 its own timing
        return why("battle_only" if ability.timing == "battle" else "not_in_battle", "PS-GAP-16")
    if unit.used:  # PS-GAP-16 once a turn
        return why("used", "PS-GAP-16")
    if ability.cost == "exhaust":
        if unit.exhausted:
            return why("exhausted_cost", "PS-GAP-16")
        if sick_blocks(st, unit):
            return why("sick", "PS-GAP-6")
    if not ability.possible(st, seat):
        return why("no_target", "PS-8.3.4")
    return None


def use_ability(st: PSState, seat: int, slot: int) -> None:
    unit = st.units[seat][slot - 1]
    card = st.card(unit.card)
    exhaust = card.ability.cost == "exhaust"
    st.units[seat][slot - 1] = field.used(unit, True, unit.exhausted or exhaust)
    st.emit("ability", seat=seat, slot=slot, name=card.name_en, ability=card.ability_name_en)
    start_effect(st, seat, card.ability, unit.card, unit.uid)
