"""Cards moving between zones, and damage: drawing, taking from the hand, characters
arriving and going down, events leaving, damage to characters and players, and the
end of the game. The rules of turns, battles and effects are built on these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.state import Result
from tcglab.games.ps import values
from tcglab.games.ps.field import arrived, damaged

if TYPE_CHECKING:
    from tcglab.games.ps.field import Placed
    from tcglab.games.ps.state import PSState

PLAYER_LIFE = 10  # PS-4.1
FIELD_LIMIT = 4  # PS-11.1.2


def draw(st: PSState, seat: int, count: int, forced: bool = True) -> bool:
    """Draw from the top of the deck. PS-2.2 / PS-6.2 a draw the rules require that cannot be
    made loses the game; a card effect simply draws what is left. Returns False when
    the game ended."""
    deck, cards = st.deck[seat], st.cards.cards
    for _ in range(count):
        if not deck:
            if forced:
                st.emit("deck_out", seat=seat)
                end_game(st, 1 - seat, "deck_out")
                return False
            st.emit("deck_empty", seat=seat)
            return True
        number = deck.pop()
        st.hand[seat].append(number)
        card = cards[number]
        st.emit("draw", {seat: {"card": card.id, "name": card.name_en}}, seat=seat)
    return True


def take_from_hand(st: PSState, seat: int, card_id: str) -> int:
    """Remove the first card with this id from a hand."""
    hand, number = st.hand[seat], st.cards.number(card_id)
    hand.remove(number)
    return number


def same_name_on_field(st: PSState, seat: int, number: int) -> bool:
    """PS-6.7 / PS-GAP-7 characters are unique by name on their own side."""
    cards = st.cards.cards
    name = cards[number].name_en
    return any(cards[u.card].name_en == name for u in st.units[seat])


def arrive(st: PSState, seat: int, number: int, occ: int) -> None:
    """A character arrives on its owner's field; PS-GAP-7 if one of the same name is
    already there, the first stays and the newcomer goes to the trash."""
    if same_name_on_field(st, seat, number) or len(st.units[seat]) >= FIELD_LIMIT:
        st.trash[seat].append(number)
        st.emit("unique", seat=seat, card=st.card(number).id, name=st.name(number))
        return
    st.units[seat].append(arrived(st.uid(), number, occ))
    st.emit("arrive", seat=seat, slot=len(st.units[seat]), name=st.name(number), energy=occ)


def leave_field(st: PSState, seat: int, uid: int) -> None:
    """PS-11.1.4 a character goes down into the trash; PS-10.3.4 its energy is freed,
    and what lasted on it ends."""
    index = st.find(uid)[1]
    unit = st.units[seat].pop(index)
    st.trash[seat].append(unit.card)
    values.forget(st, uid)
    st.emit("down", seat=seat, slot=index + 1, name=st.name(unit.card), released=unit.occ)


def wound(st: PSState, seat: int, index: int, amount: int) -> tuple[int, bool]:
    """PS-6.6 / PS-11.1.4 damage accumulates on a character; returns its total and
    whether that reached its life (the caller sends it down)."""
    unit = st.units[seat][index]
    total = unit.damage + amount
    st.units[seat][index] = damaged(unit, total)
    return total, total >= st.card(unit.card).life


def remove_event(st: PSState, seat: int, placed: Placed) -> None:
    """An event leaves: to the trash, its energy freed, its lasting effects end."""
    st.events[seat].remove(placed)
    st.trash[seat].append(placed.card)
    values.end(st, placed.uid)
    st.emit("event_leaves", seat=seat, card=st.card(placed.card).id, name=st.name(placed.card))


def hurt_player(st: PSState, seat: int, amount: int, why: str) -> None:
    """PS-2.1 damage to a player; damage reaching player life loses at once."""
    if amount <= 0 or st.result is not None:
        return
    st.hurt[seat] += amount
    st.emit("player_damage", seat=seat, amount=amount, total=st.hurt[seat], why=why)
    if st.hurt[seat] >= PLAYER_LIFE:
        end_game(st, 1 - seat, "damage")


def end_game(st: PSState, winner: int, reason: str) -> None:
    """PS-7.2 the game ends as soon as one player meets a victory condition (PS-2);
    PS-8.6 nothing else happens at the end."""
    scores = tuple(1 if s == winner else 0 for s in (0, 1))
    st.result = Result((winner,), scores, reason)
    st.stack.clear()
    st.battle = None
    st.emit("game_over", winner=winner, reason=reason, damage=list(st.hurt))
