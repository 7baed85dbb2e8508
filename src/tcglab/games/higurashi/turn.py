"""Setting up, the start and end of turns, and the hand limit (G4-2, G4-6.2); what
happens to the cards on the table is in table.py."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.higurashi import continuous, effects, table
from tcglab.games.higurashi.procedure import automatic, decision
from tcglab.games.higurashi.words import say

if TYPE_CHECKING:
    from tcglab.games.higurashi.cards import EventCard
    from tcglab.games.higurashi.state import HigurashiState

DEALT = 5  # G4-2.1


def set_up(st: HigurashiState) -> None:
    """G4-2.1 deal five face-down characters each; G4-GAP-4 shuffle the decks;
    G4-2.2 roll for the first player."""
    st.rng.shuffle(st.char_pile)
    st.rng.shuffle(st.event_deck)
    for seat in range(st.players):
        for _ in range(DEALT):
            inst = st.char_pile.pop()
            st.rows[seat].append(inst)
            st.owner[inst] = seat
            st.known[inst] = 1 << seat  # G4-2.1 each player looks at their own cards
    own = {seat: {"cards": [st.char(i).id for i in st.rows[seat]]} for seat in range(st.players)}
    st.emit("deal", own, players=st.players, each=DEALT)
    st.first = st.current = start_roll(st)
    st.stack.append(("turn_start", st.first))


def start_roll(st: HigurashiState) -> int:
    """G4-2.2 everyone rolls once, the highest starts; G4-GAP-14 tied highest reroll."""
    contenders = list(range(st.players))
    while True:
        rolls = {seat: st.rng.roll(6, "first_player") for seat in contenders}
        best = max(rolls.values())
        contenders = [seat for seat, value in rolls.items() if value == best]
        st.emit("start_roll", rolls={str(s): v for s, v in rolls.items()}, tied=len(contenders) > 1)
        if len(contenders) == 1:
            st.emit("first_player", seat=contenders[0])
            return contenders[0]


@automatic("turn_start")
def begin_turn(st: HigurashiState, seat: int) -> None:
    """G4-2.3: stand up (G4-GAP-6), draw one event, then act until you end the turn."""
    if st.played & (1 << seat):
        st.round += 1
        st.played = 0
    st.played |= 1 << seat
    limit = st.options["round_limit"]
    if limit and st.round > limit:
        table.end_game(st, "round_limit")
        return
    st.turn += 1
    st.current = seat
    st.emit("turn", seat=seat, turn=st.turn, round=st.round)
    stand_up(st, seat)
    continuous.start_of_turn(st, seat)
    st.stack.append(("main", seat))
    st.stack.append(("trim", seat))
    table.draw(st, seat, 1)


def stand_up(st: HigurashiState, seat: int) -> None:
    """G4-GAP-6 sideways characters stand up as their owner's turn begins, or every
    seat's as any turn begins where `sideways_until` says "next_turn"."""
    side = st.side
    if st.options["sideways_until"] == "next_turn":
        for row in st.rows:
            for inst in row:
                side[inst] = False
    else:
        for inst in st.rows[seat]:
            side[inst] = False


def end_turn(st: HigurashiState, seat: int) -> None:
    """G4-2.3 the player declares the end of the turn; "until end of turn" effects end
    and play passes clockwise to the next player still in the game (G4-GAP-15)."""
    st.emit("end_turn", seat=seat)
    continuous.end_of_turn(st)
    st.stack.append(("turn_start", table.next_seat(st, seat)))


def _trim_actions(st: HigurashiState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    if len(hand) <= st.options["hand_limit"]:
        return []
    ids = sorted({st.event_card(e).id for e in hand})
    acts = [discard_action(st.cards.event(i)) for i in ids]
    return acts + effects.plays(st, seat, "main")


@cache
def discard_action(card: EventCard) -> Action:
    return say(f"discard {card.id}", "discard", card=card)


@decision("trim", _trim_actions)
def trim_hand(st: HigurashiState, action: Action, seat: int) -> None:
    """G4-6.2 / G4-GAP-5: holding more than five events, use or discard until five."""
    st.stack.append(("trim", seat))
    verb, card_id = action[0].split(" ")  # an Action is a tuple led by its id
    if verb == "discard":
        inst = effects.take_from_hand(st, seat, card_id)
        st.discard.append(inst)
        st.emit("discard", seat=seat, card=card_id, name=st.event_card(inst).name_en)
    else:
        effects.begin_play(st, seat, card_id)
