"""The lists of what may be played now agree with the reasons given for what may not:
a card in hand is offered exactly when `card_problem` finds nothing against it, and a
character's text exactly when `text_problem` does (PM-1.5, PM-1.7, PM-1.8, PM-1.11.4,
PM-GAP-10). The lists test the same rules in a faster order; this keeps them one."""

import pytest

from tcglab.engine.rng import Rng
from tcglab.games.pm import GAME
from tcglab.games.pm.plays import card_problem, hand_plays, text_problem, text_uses


def expected_plays(st, seat, phase) -> list[str]:
    ids, seen = [], set()
    for inst in st.hand[seat]:
        card = st.card(inst)
        if card.id in seen:
            continue
        seen.add(card.id)  # copies of a card are one choice, tested on the first
        if card_problem(st, seat, inst, phase) is None:
            ids.append(f"play {card.id}")
    return sorted(ids)


def expected_uses(st, seat, phase) -> list[str]:
    return [
        f"use {st.ref(inst)}"
        for inst in st.main[seat] + st.support[seat]
        if text_problem(st, seat, inst, phase) is None
    ]


@pytest.mark.parametrize("options", [{}, {"unique_names": False}], ids=["defaults", "names"])
def test_what_is_offered_is_what_has_no_reason_against_it(options):
    checked = offered = 0
    for seed in range(6):
        st = GAME.new_state(seed, options=options)
        rng = Rng(seed)
        while not st.over:
            for seat in (0, 1):
                for phase in ("main", "approach"):
                    plays = sorted(a.id for a in hand_plays(st, seat, phase))
                    assert plays == expected_plays(st, seat, phase), (seed, len(st.history))
                    uses = [a.id for a in text_uses(st, seat, phase)]
                    assert uses == expected_uses(st, seat, phase), (seed, len(st.history))
                    checked += 1
                    offered += len(plays) + len(uses)
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 500 and offered > 200  # the games reached real choices
