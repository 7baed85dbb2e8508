"""What the seat to move could ordinarily choose but cannot now, and why
(`State.unavailable`, tcglab.engine.unavailable): in its main phase energy from the
deck (PS-8.3.1), the cards in its hand (PS-8.3.2, PS-8.3.3, PS-10.3), its characters'
special abilities (PS-8.3.4) and battles (PS-9.1); in a window the cards in its hand
and its abilities (PS-GAP-12). The reasons are the ones the rules modules give a
person who types a refused id (`play.place_problem`, `play.energy_problem`,
`effects.ability_problem`, `battle.attack_problem`); only the seat's own hand and the
public table are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.unavailable import Refusal, Refusals
from tcglab.games.ps import battle, effects, play
from tcglab.games.ps.effects import TIMING_AT
from tcglab.games.ps.messages import REASONS
from tcglab.games.ps.words import say

if TYPE_CHECKING:
    from tcglab.games.ps.state import PSState


def energy(st: PSState, seat: int) -> list[Refusal]:
    """Energy from the deck top once it cannot be placed (the default `energy_from`;
    from the hand every card would be an option of its own, and the cards are listed
    as plays already)."""
    if st.options["energy_from"] != "deck":
        return []
    reason = play.energy_problem(st, seat)
    return [Refusal(play.DECK_ENERGY, reason)] if reason else []


def hand(st: PSState, seat: int, timing: str) -> list[Refusal]:
    """The cards in hand that cannot be placed now, one per card."""
    free, cards, found = st.free_energy(seat), st.cards.cards, []
    for number in sorted(set(st.hand[seat])):
        card = cards[number]
        reason = play.place_problem(st, seat, card, free, timing)
        if reason is not None:
            option = say(f"play {card.id}", "play", card=card, kind=card.kind, level=card.level)
            found.append(Refusal(option, reason))
    found.sort(key=lambda refusal: refusal.option.id)
    return found


def abilities(st: PSState, seat: int, timing: str) -> list[Refusal]:
    """The special abilities of the seat's characters that cannot be used now."""
    found, cards = [], st.cards.cards
    for slot, unit in enumerate(st.units[seat], start=1):
        reason = effects.ability_problem(st, seat, unit, timing)
        if reason is not None:
            found.append(Refusal(say(f"use {slot}", "use", card=cards[unit.card]), reason))
    return found


def battles(st: PSState, seat: int) -> list[Refusal]:
    """The characters that cannot start a battle now (PS-9.1)."""
    found = []
    for slot, unit in enumerate(st.units[seat], start=1):
        reason = battle.attack_problem(st, unit)
        if reason is not None:
            found.append(Refusal(battle._slot_action(st, "attack", slot, unit.card), reason))
    return found


def _main(st: PSState, seat: int, step: tuple) -> list[Refusal]:
    return (
        energy(st, seat)
        + hand(st, seat, "main")
        + abilities(st, seat, "normal")
        + battles(st, seat)
    )


def _window(st: PSState, seat: int, step: tuple) -> list[Refusal]:
    moment = step[2]
    return hand(st, seat, moment) + abilities(st, seat, TIMING_AT[moment])


REFUSALS = Refusals(
    REASONS,
    {"main": _main, "window": _window},
    own=play.why_not,  # the rules modules' own reason, a slip of the input included
)
