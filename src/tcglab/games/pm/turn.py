"""Setting up, the turn structure (PM-1.10.3), drawing, activation, hand adjustment,
victory (PM-1.1) and the end of a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.piles import take_card
from tcglab.engine.state import Result
from tcglab.games.pm.procedure import automatic, decision
from tcglab.games.pm.words import say

if TYPE_CHECKING:
    from tcglab.games.pm.state import PMState

OPENING_HAND = 7  # PM-GAP-1
HAND_LIMIT = 7  # PM-1.10.7.1
POINTS_TO_LOSE = 7  # PM-1.1.1, PM-1.4.3


def set_up(st: PMState) -> None:
    """PM-GAP-2 shuffle, decide the first player (PM-1.10.1), draw the opening hands
    (PM-GAP-1), then begin at the first player's turn-start processing."""
    for seat in range(2):
        st.rng.shuffle(st.deck[seat])
    choice = st.options["first_player"]
    st.first = st.rng.below(2, "first_player") if choice == "random" else int(choice[1]) - 1
    st.emit("first_player", seat=st.first, how="coin toss" if choice == "random" else "fixed")
    for seat in (st.first, 1 - st.first):
        draw(st, seat, OPENING_HAND)
    st.stack.append(("turn_start", st.first))
    if st.options["redraw"]:
        st.stack.append(("redraw", 1 - st.first))
        st.stack.append(("redraw", st.first))


REDRAW_CHOICES = (say("keep", "keep"), say("redraw", "redraw"))


@decision("redraw", lambda st, seat: list(REDRAW_CHOICES))
def redraw(st: PMState, action: Action, seat: int) -> None:
    """PM-GAP-1 one redraw: the 7 go to the bottom of the deck, 7 new ones are drawn."""
    if action.id == "keep":
        st.emit("keep_hand", seat=seat)
        return
    hand = st.hand[seat]
    st.deck[seat][:0] = hand  # the bottom is the front of the list, in hand order
    st.bottom[seat] = len(hand)
    st.hand[seat] = []
    st.emit("redraw", seat=seat)
    draw(st, seat, OPENING_HAND)


@automatic("turn_start")
def begin_turn(st: PMState, seat: int) -> None:
    """PM-1.10.3 (1) turn-start processing: draw, then activate; then the main phase,
    the approach phase and turn-end processing follow."""
    st.turn += 1
    st.current = seat
    st.emit("turn", seat=seat, turn=st.turn)
    st.stack.append(("turn_end", seat))
    st.stack.append(("approach_declare", seat))
    st.stack.append(("window", seat, "main", 0, 1))
    draw(st, seat, turn_draw(st, seat))
    if st.result is None:
        activate_all(st, seat)


def turn_draw(st: PMState, seat: int) -> int:
    """PM-1.10.4.1 draw 2; PM-1.10.2 (1) the first player draws 1 on turn 1."""
    return 1 if first_turn(st, seat) else 2


def first_turn(st: PMState, seat: int) -> bool:
    """PM-1.10.2 the first player's turn 1 (card text cannot lift its limits)."""
    return st.turn == 1 and seat == st.first


def activate_all(st: PMState, seat: int) -> None:
    """PM-1.10.4.2 every rested character on one's own field becomes active."""
    woken = [i for i in st.main[seat] + st.support[seat] if st.rested[i]]
    for inst in woken:
        st.rested[inst] = False
    if woken:
        st.emit("activate", seat=seat, count=len(woken))


def draw(st: PMState, seat: int, count: int) -> None:
    """Draw from the top of the deck area; running out loses at once (PM-1.4.1,
    PM-GAP-19)."""
    deck = st.deck[seat]
    drawn = []
    for _ in range(min(count, len(deck))):
        drawn.append(deck.pop())
    st.bottom[seat] = min(st.bottom[seat], len(deck))
    st.hand[seat].extend(drawn)
    ids = sorted([st.card(i).id for i in drawn])  # a hand has no order (a list: no generator)
    st.emit("draw", {seat: {"cards": ids}}, seat=seat, count=len(drawn))
    check_victory(st)


def check_victory(st: PMState) -> None:
    """PM-1.1.1 seven point cards and PM-1.1.2 an empty deck lose at once (PM-GAP-19);
    PM-1.1.3 both at the same time is a draw. Face-down points count (PM-GAP-14)."""
    if st.result is not None:
        return
    lost = [len(st.points[s]) >= POINTS_TO_LOSE or not st.deck[s] for s in range(2)]
    if not any(lost):
        return
    scores = (len(st.points[1]), len(st.points[0]))
    if all(lost):
        end_game(st, (), scores, "draw")
        return
    loser = lost.index(True)
    reason = "seven_points" if len(st.points[loser]) >= POINTS_TO_LOSE else "deck_out"
    end_game(st, (1 - loser,), scores, reason)


def end_game(st: PMState, winners: tuple, scores: tuple, reason: str) -> None:
    st.result = Result(winners, scores, reason)
    st.stack.clear()
    st.emit("game_over", winners=list(winners), scores=list(scores), reason=reason)


@automatic("turn_end")
def turn_end(st: PMState, seat: int) -> None:
    """PM-1.10.3 (4) turn-end processing: hand adjustment, then the turn passes."""
    st.stack.append(("next_turn", seat))
    st.stack.append(("trim", seat))


def _trim_actions(st: PMState, seat: int) -> list[Action]:
    if len(st.hand[seat]) <= HAND_LIMIT:
        return []
    cards = {card.id: card for card in map(st.card, st.hand[seat])}
    extra = len(st.hand[seat]) - HAND_LIMIT
    return [say(f"discard {i}", "discard", card=cards[i], extra=extra) for i in sorted(cards)]


@decision("trim", _trim_actions)
def trim(st: PMState, action: Action, seat: int) -> None:
    """PM-1.10.7.1 the turn player discards down to 7 cards (PM-WE-11)."""
    inst = take_from_hand(st, seat, action.id.split(" ", 1)[1])
    st.discard[seat].append(inst)
    st.emit("discard", seat=seat, card=st.card(inst).id, name=st.name(inst), why="hand limit")
    st.stack.append(("trim", seat))


@automatic("next_turn")
def next_turn(st: PMState, seat: int) -> None:
    """PM-GAP-20 effects "until end of turn" end with turn-end processing; then the
    other player's turn begins (PM-1.10.3)."""
    st.mods = []
    st.discount = [0, 0]
    st.emit("end_turn", seat=seat)
    st.stack.append(("turn_start", 1 - seat))


def take_from_hand(st: PMState, seat: int, card_id: str) -> int:
    """The first card of the hand with this id, taken out of it."""
    return take_card(st.hand[seat], card_id, st.card)


def phase_of(st: PMState) -> str:
    """Which phase of PM-1.10.3 the game is in, for observers."""
    if st.result is not None:
        return "over"
    if st.turn == 0:
        return "setup"
    names = [step[0] for step in st.stack]
    if "approach_done" in names:
        return "approach"
    if any(s[0] == "window" and s[2] == "main" for s in st.stack):
        return "main"
    if "approach_declare" in names:
        return "approach"
    return "end"
