"""The windows in which both players may act (PS-8.4, PS-GAP-12): the end phase, and
in a battle the window for cards that say so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.ps import effects, play
from tcglab.games.ps.effects import TIMING_AT
from tcglab.games.ps.procedure import decision
from tcglab.games.ps.words import say

if TYPE_CHECKING:
    from tcglab.games.ps.state import PSState

PASS = say("pass", "pass")


def window_open(st: PSState, seat: int, moment: str, abilities: list, free: int) -> bool:
    """Whether a seat is asked in a window, judged from what everyone can see (a
    usable ability, or cards in hand and `free` energy, the seat's unoccupied energy,
    for the cheapest event of this timing), so that being asked gives nothing about
    the hand away."""
    if abilities:
        return True
    cheapest = st.cards.cheapest.get(TIMING_AT[moment])
    return cheapest is not None and bool(st.hand[seat]) and free >= cheapest


def _window_actions(st: PSState, seat: int, moment: str, passes: int) -> list[Action]:
    acts = effects.ability_actions(st, seat, TIMING_AT[moment])
    hand = st.hand[seat]
    free = st.free_energy(seat) if hand else 0  # read once, for the window and the cards
    if not window_open(st, seat, moment, acts, free):
        return []
    if hand:
        acts[:0] = play.placeable(st, seat, moment, free)  # the cards first
    acts.append(PASS)
    return acts


def _window_pass(st: PSState, seat: int, moment: str, passes: int) -> None:
    """PS-GAP-12 the window closes once both players pass in a row."""
    if passes < 1:
        st.stack.append(("window", 1 - seat, moment, passes + 1))


@decision("window", _window_actions, _window_pass)
def window(st: PSState, action: Action, seat: int, moment: str, passes: int) -> None:
    """PS-8.4 end phase (and battle windows for cards that allow it): the turn player
    first, then the players alternate until both pass."""
    if action[0] == "pass":
        st.emit("pass", seat=seat)
        _window_pass(st, seat, moment, passes)
        return
    st.stack.append(("window", 1 - seat, moment, 0))
    verb, _, arg = action[0].partition(" ")  # an Action is a tuple led by its id
    if verb == "play":
        play.place_card(st, seat, arg)
    else:
        effects.use_ability(st, seat, int(arg))
