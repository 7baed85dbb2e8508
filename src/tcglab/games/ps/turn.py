"""Setting up, the phases of a turn, the draw phase and the hand limit (PS-4, PS-7,
PS-8); drawing and the end of a game are in `zones.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.ps import values
from tcglab.games.ps.field import stood_up, used
from tcglab.games.ps.procedure import automatic, decision
from tcglab.games.ps.words import BY_ID, say
from tcglab.games.ps.zones import draw, remove_event, take_from_hand

if TYPE_CHECKING:
    from tcglab.games.ps.state import PSState


def set_up(st: PSState) -> None:
    """PS-7.1 / PS-GAP-5: shuffle both decks, choose the first player at random, draw the
    opening hands (PS-GAP-2); nothing else is laid out."""
    for seat in (0, 1):
        st.rng.shuffle(st.deck[seat])
    st.first = st.rng.below(2, "first_player")
    st.emit("first_player", seat=st.first)
    for seat in (0, 1):
        draw(st, seat, st.options["opening_hand"], forced=False)
    st.stack.append(("turn_start", st.first))
    if st.options["mulligan"]:  # PS-GAP-3 off by default
        st.stack.append(("mulligan", 1 - st.first))
        st.stack.append(("mulligan", st.first))


MULLIGAN_CHOICES = (say("keep", "keep"), say("mulligan", "mulligan"))


@decision("mulligan", lambda st, seat: list(MULLIGAN_CHOICES))
def mulligan(st: PSState, action: Action, seat: int) -> None:
    """PS-4.3 / PS-GAP-3 (option): one redraw of the whole opening hand."""
    if action[0] == "keep":  # an Action is a tuple led by its id
        st.emit("keep", seat=seat)
        return
    count = len(st.hand[seat])
    st.deck[seat].extend(st.hand[seat])
    st.hand[seat] = []
    st.rng.shuffle(st.deck[seat])
    st.emit("mulligan", seat=seat, cards=count)
    draw(st, seat, count, forced=False)


@automatic("turn_start")
def start_phase(st: PSState, seat: int) -> None:
    """PS-7.2 turns alternate. PS-8.1 start phase: PS-8.1.1 every own character to
    standby (its summoning sickness ends, PS-GAP-6), PS-8.1.2 every own event is
    destroyed, releasing its energy (PS-11.2.2, PS-10.3.4)."""
    st.turn += 1
    st.current = seat
    st.energy_placed = False
    st.emit("turn", seat=seat, turn=st.turn)
    side = st.units[seat]
    for index, u in enumerate(side):
        if u.exhausted or u.sick:
            side[index] = stood_up(u)
    for placed in st.events[seat][:]:
        remove_event(st, seat, placed)
    st.stack.append(("reset", seat))
    st.stack.append(("window", seat, "end", 0))
    st.stack.append(("main", seat))
    draw_phase(st, seat)  # at once: it would be the very next step


@automatic("draw_phase")
def draw_phase(st: PSState, seat: int) -> None:
    """PS-8.2 / PS-GAP-4 draw one card (draw_count); PS-4.4 the first player draws on
    turn 1 too unless first_turn_draw is off."""
    if st.turn == 1 and not st.options["first_turn_draw"]:
        st.emit("no_first_draw", seat=seat)
        return
    draw(st, seat, st.options["draw_count"])


@automatic("reset")
def reset_phase(st: PSState, seat: int) -> None:
    """PS-8.5.1 effects "until end of turn" end; PS-8.5.2 hand down to the limit
    (PS-GAP-13 only the turn player); then the other player's turn."""
    values.end(st, values.TURN)
    for side in st.units:
        for index, u in enumerate(side):
            if u.used:
                side[index] = used(u, False, u.exhausted)
    st.emit("reset", seat=seat)
    if over_limit(st, seat):
        st.stack.append(("turn_start", 1 - seat))
        st.stack.append(("trim", seat))
    else:  # a trim with nothing to discard would be passed over: the next turn at once
        start_phase(st, 1 - seat)


def over_limit(st: PSState, seat: int) -> bool:
    """PS-8.5.2 more cards in hand than the limit: the turn player must discard."""
    return len(st.hand[seat]) > st.options["hand_limit"]


def _trim_actions(st: PSState, seat: int) -> list[Action]:
    """One discard per distinct card in hand, in the order of their ids."""
    hand = st.hand[seat]
    limit = st.options["hand_limit"]
    if len(hand) <= limit:
        return []
    cards = st.cards.cards
    extra = len(hand) - limit
    # kept on the card under a negative key, apart from its slot actions (words.KEYS)
    acts = [cards[number].action(_discard, -1 - extra, extra) for number in set(hand)]
    acts.sort(key=BY_ID)  # by id: "discard " and the card's id
    return acts


def _discard(card, extra: int) -> Action:
    return say(f"discard {card.id}", "discard", card=card, extra=extra)


@decision("trim", _trim_actions)
def trim_hand(st: PSState, action: Action, seat: int) -> None:
    """PS-8.5.2 / PS-WE-7 more than five cards: discard (PS-6.1) one at a time to
    exactly five."""
    number = take_from_hand(st, seat, action[0].split(" ", 1)[1])  # the id leads an Action
    st.trash[seat].append(number)
    st.emit("discard", seat=seat, card=st.card(number).id, name=st.name(number))
    if over_limit(st, seat):
        st.stack.append(("trim", seat))
