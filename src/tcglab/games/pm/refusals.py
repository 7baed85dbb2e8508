"""What the seat to move could ordinarily choose but cannot now, and why
(`State.unavailable`, tcglab.engine.unavailable): at a card-use timing the cards in
its hand (PM-1.7, PM-1.8) and the texts of its characters (PM-1.7.4), at an interrupt
its interrupt cards (PM-1.8.2), at an approach declaration its main characters
(PM-1.10.6.1). The reasons are the ones the rules modules give a person who types a
refused id (`plays.card_problem`, `plays.text_problem`, `plays.interrupt_problem`,
`approach.approach_problem`); only the seat's own hand and the public table are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.unavailable import Refusal, Refusals
from tcglab.games.pm import approach, plays
from tcglab.games.pm.messages import REASONS
from tcglab.games.pm.words import say

if TYPE_CHECKING:
    from tcglab.games.pm.state import PMState


def hand(st: PMState, seat: int, phase: str) -> list[Refusal]:
    """The cards in hand that cannot be played at this card-use timing, one per card id."""
    found, seen = [], set()
    for inst in st.hand[seat]:
        card = st.card(inst)
        if card.id in seen:
            continue
        seen.add(card.id)
        reason = plays.card_problem(st, seat, inst, phase)
        if reason is not None:
            play = say(f"play {card.id}", "play", card=card, cost=card.cost)
            found.append(Refusal(play, reason))
    found.sort(key=lambda refusal: refusal.option.id)
    return found


def texts(st: PMState, seat: int, phase: str) -> list[Refusal]:
    """The texts of the seat's characters that cannot be used now (PM-1.7.4)."""
    found = []
    for inst in st.main[seat] + st.support[seat]:
        card = st.card(inst)
        if card.text is None or not card.is_character:
            continue
        reason = plays.text_problem(st, seat, inst, phase)
        if reason is not None and not isinstance(reason, str):
            found.append(Refusal(say(f"use {st.ref(inst)}", "use", card=card), reason))
    return found


def interrupts(st: PMState, seat: int, trigger: str, about: int) -> list[Refusal]:
    """The interrupt cards in hand that cannot answer what happens now (PM-1.8.2)."""
    found, seen = [], set()
    for inst in st.hand[seat]:
        card = st.card(inst)
        if card.id in seen or card.text is None or card.text.turn != "interrupt":
            continue
        seen.add(card.id)
        reason = plays.interrupt_problem(st, seat, inst, trigger, about)
        if reason is not None:
            answer = say(f"play {card.id}", "interrupt", card=card)
            found.append(Refusal(answer, reason))
    found.sort(key=lambda refusal: refusal.option.id)
    return found


def approaches(st: PMState, seat: int) -> list[Refusal]:
    """The main characters that cannot approach now (PM-1.10.6.1)."""
    found = []
    for inst in st.main[seat]:
        reason = approach.approach_problem(st, seat, inst)
        if reason is not None:
            ap, dp = st.values(inst)
            go = say(f"approach {st.ref(inst)[3:]}", "approach", card=st.card(inst), ap=ap, dp=dp)
            found.append(Refusal(go, reason))
    return found


REFUSALS = Refusals(
    REASONS,
    {
        "window": lambda st, seat, step: hand(st, seat, step[2]) + texts(st, seat, step[2]),
        "interrupt": lambda st, seat, step: interrupts(st, seat, step[2], step[3]),
        "approach_declare": lambda st, seat, step: approaches(st, seat),
    },
    own=plays.why_not,  # the rules modules' own reason, a slip of the input included
)
