"""What the seat to move could ordinarily choose but cannot now, and why
(`State.unavailable`, tcglab.engine.unavailable): in its main decision the characters
that cannot scout (G4-3) or attack (G4-4) and the event cards that cannot be played
(G4-6.1); holding too many events, those same cards; in a roll's window its die cards
(G4-8.3). The reasons are the ones the rules modules give a person who types a
refused id (`combat.actor_problem`, `effects.play_problem`); only the seat's own
characters and hand and the public table are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.unavailable import Refusal, Refusals
from tcglab.games.higurashi import combat, effects
from tcglab.games.higurashi.messages import REASONS
from tcglab.games.higurashi.parts.survey import survey

if TYPE_CHECKING:
    from tcglab.games.higurashi.parts.survey import Survey
    from tcglab.games.higurashi.state import HigurashiState

ROLL_TIMINGS = ("own_roll", "enemy_roll")


def actors(st: HigurashiState, seat: int, seen: Survey) -> list[Refusal]:
    """The seat's characters that cannot scout or attack now."""
    found = []
    for slot, inst in enumerate(st.rows[seat]):
        card = st.char(inst)
        for verb in ("scout", "attack"):
            reason = combat.actor_problem(st, inst, verb, seen)
            if reason is not None:
                option = combat.actor_action(verb, slot, card.name_en, card.name_ja, st.up[inst])
                found.append(Refusal(option, reason))
    return found


def events(st: HigurashiState, seat: int, timing: str, seen: Survey, timings=None) -> list[Refusal]:
    """The event cards in hand (of `timings`, all if None) that cannot be played at
    `timing`, one per card id."""
    found, done = [], set()
    for inst in st.hands[seat]:
        card = st.event_card(inst)
        if card.id in done or (timings is not None and card.timing not in timings):
            continue
        done.add(card.id)
        reason = effects.play_problem(st, seat, card, timing, seen)
        if reason is not None:
            found.append(Refusal(effects.play_action(card), reason))
    found.sort(key=lambda refusal: refusal.option.id)
    return found


def _main(st: HigurashiState, seat: int, step: tuple) -> list[Refusal]:
    seen = survey(st, seat)
    return actors(st, seat, seen) + events(st, seat, "main", seen)


REFUSALS = Refusals(
    REASONS,
    {
        "main": _main,
        "trim": lambda st, seat, step: events(st, seat, "main", survey(st, seat)),
        "window": lambda st, seat, step: events(st, seat, step[2], survey(st, seat), ROLL_TIMINGS),
    },
)
