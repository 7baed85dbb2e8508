"""Setting up, the phases of a turn, drawing, the hand limit and the end of a game
(PS-2, PS-4, PS-7, PS-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.state import Result
from tcglab.games.ps.procedure import automatic, decision

if TYPE_CHECKING:
    from tcglab.games.ps.state import PSState

PLAYER_LIFE = 10  # PS-4.1
# An action naming a card reads the same in every game over one card set, so each is
# built once, keyed by the set's digest: legal actions stay cheap in simulations.
_BUILT: dict[tuple, Action] = {}


def set_up(st: PSState) -> None:
    """PS-7.1 / PS-GAP-5: shuffle both decks, choose the first player at random, draw the
    opening hands (PS-GAP-2); nothing else is laid out."""
    for seat in (0, 1):
        st.rng.shuffle(st.deck[seat])
    st.first = st.rng.below(2)
    st.emit("first_player", seat=st.first)
    for seat in (0, 1):
        draw(st, seat, st.options["opening_hand"], forced=False)
    st.stack.append(("turn_start", st.first))
    if st.options["mulligan"]:  # PS-GAP-3 off by default
        st.stack.append(("mulligan", 1 - st.first))
        st.stack.append(("mulligan", st.first))


MULLIGAN_CHOICES = (
    Action("keep", "Keep this opening hand", "この開始手札で始める"),
    Action(
        "mulligan",
        "Shuffle the hand into the deck and draw a new one",
        "マリガン：手札をデッキに戻してシャッフルし、引き直す",
    ),
)


def _mulligan_actions(st: PSState, seat: int) -> list[Action]:
    return list(MULLIGAN_CHOICES)


@decision("mulligan", _mulligan_actions)
def mulligan(st: PSState, action: Action, seat: int) -> None:
    """PS-4.3 / PS-GAP-3 (option): one redraw of the whole opening hand."""
    if action.id == "keep":
        st.emit("keep", seat=seat)
        return
    count = len(st.hand[seat])
    st.deck[seat].extend(st.hand[seat])
    st.hand[seat] = []
    st.rng.shuffle(st.deck[seat])
    st.emit("mulligan", seat=seat, cards=count)
    draw(st, seat, count, forced=False)


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


@automatic("turn_start")
def start_phase(st: PSState, seat: int) -> None:
    """PS-7.2 turns alternate. PS-8.1 start phase: PS-8.1.1 every own character to
    standby (its summoning sickness ends, PS-GAP-6), PS-8.1.2 every own event is
    destroyed, releasing its energy (PS-11.2.2, PS-10.3.4)."""
    st.turn += 1
    st.current = seat
    st.energy_placed = False
    st.emit("turn", seat=seat, turn=st.turn)
    st.units[seat] = [u._replace(exhausted=False, sick=False) for u in st.units[seat]]
    for placed in st.events[seat][:]:
        remove_event(st, seat, placed)
    st.stack.append(("reset", seat))
    st.stack.append(("window", seat, "end", 0))
    st.stack.append(("main", seat))
    st.stack.append(("draw_phase", seat))


def remove_event(st: PSState, seat: int, placed) -> None:
    """An event leaves: to the trash, its energy freed, its lasting effects end."""
    st.events[seat].remove(placed)
    st.trash[seat].append(placed.card)
    end_effects(st, placed.uid)
    st.emit("event_leaves", seat=seat, card=st.card(placed.card).id, name=st.name(placed.card))


def end_effects(st: PSState, until: int) -> None:
    """Strip every modifier lasting until `until` (0 = end of turn) from both fields."""
    for side in st.units:
        for index, unit in enumerate(side):
            if unit.mods and any(m[2] == until for m in unit.mods):
                side[index] = unit._replace(mods=tuple(m for m in unit.mods if m[2] != until))


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
    end_effects(st, 0)
    for side in st.units:
        for index, unit in enumerate(side):
            if unit.used:
                side[index] = unit._replace(used=False)
    st.emit("reset", seat=seat)
    st.stack.append(("turn_start", 1 - seat))
    st.stack.append(("trim", seat))


def _trim_actions(st: PSState, seat: int) -> list[Action]:
    hand = st.hand[seat]
    if len(hand) <= st.options["hand_limit"]:
        return []
    cards, digest = st.cards.cards, st.cards.digest
    ids = sorted({cards[c].id for c in hand})
    extra = len(hand) - st.options["hand_limit"]
    acts = []
    for i in ids:
        key = (digest, "discard", i, extra)
        acts.append(_BUILT.get(key) or _BUILT.setdefault(key, _discard(st, i, extra)))
    return acts


def _discard(st: PSState, card_id: str, extra: int) -> Action:
    card = st.cards.card(card_id)
    return Action(
        f"discard {card_id}",
        f"Discard {card.name_en} ({extra} more to discard)",
        f"「{card.name_ja}」を捨てる（あと{extra}枚）",
    )


@decision("trim", _trim_actions)
def trim_hand(st: PSState, action: Action, seat: int) -> None:
    """PS-8.5.2 / PS-WE-7 more than five cards: discard (PS-6.1) one at a time to
    exactly five."""
    number = take_from_hand(st, seat, action.id.split(" ", 1)[1])
    st.trash[seat].append(number)
    st.emit("discard", seat=seat, card=st.card(number).id, name=st.name(number))
    st.stack.append(("trim", seat))


def take_from_hand(st: PSState, seat: int, card_id: str) -> int:
    """Remove the first card with this id from a hand."""
    hand, number = st.hand[seat], st.cards.number(card_id)
    hand.remove(number)
    return number


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
