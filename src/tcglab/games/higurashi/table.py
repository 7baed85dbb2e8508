"""What happens to the cards on the table, whatever caused it: a character turned
face-up, taken out of its row, captured; a player out of the game; event cards drawn;
the end of the game and its scores (G4-2.4 .. G4-2.7, G4-7, G4-GAP-4, G4-GAP-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.state import Result
from tcglab.games.higurashi import continuous

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState

# Who knows a card's identity: a bit per seat, and this one for spectators.
SPECTATOR = 1 << 7
EVERYONE = 0xFF  # a card everyone has seen: every seat bit and the spectator bit


def reveal(st: HigurashiState, inst: int, why: str) -> None:
    """A character is turned face-up, and everyone knows it from now on."""
    st.up[inst] = True
    st.known[inst] = EVERYONE
    card = st.char(inst)
    st.emit(
        "reveal",
        seat=st.owner[inst],
        slot=st.rows[st.owner[inst]].index(inst),
        card=card.id,
        name=card.name_en,
        why=why,
    )


def leave_row(st: HigurashiState, inst: int, keep_equipment: bool = False) -> int:
    """Take a character out of its row; returns the seat that held it. Unless it keeps
    its equipment (it changes owner, G4-8.6), its modifiers end and its equipment goes
    to the discard."""
    seat = st.owner[inst]
    st.rows[seat].remove(inst)
    st.owner[inst] = -1
    if not keep_equipment:
        st.discard.extend(continuous.leaves_play(st, inst))
    return seat


def capture(st: HigurashiState, inst: int, by: int, how: str) -> None:
    """G4-GAP-10 the defeated or subjugated character goes to the captured pile of the
    player who beat it (G4-8.6); it is nobody's character any more."""
    seat = leave_row(st, inst)
    st.up[inst] = True
    st.known[inst] = EVERYONE
    st.side[inst] = False
    st.captured[by].append(inst)
    card = st.char(inst)
    st.emit(
        "capture", by=by, seat=seat, card=card.id, name=card.name_en, points=card.points, how=how
    )
    check_elimination(st, seat)


def check_elimination(st: HigurashiState, seat: int) -> None:
    """G4-2.7 a player with no character cards is out; G4-2.4 the last one left wins."""
    if not st.alive[seat] or st.rows[seat]:
        return
    st.alive = (*st.alive[:seat], False, *st.alive[seat + 1 :])
    st.discard.extend(st.hands[seat])
    st.hands[seat] = []
    continuous.start_of_turn(st, seat)  # "until your next turn" ends: there is none
    st.emit("eliminated", seat=seat)
    if sum(st.alive) == 1:
        end_game(st, "last_standing")
    elif seat == st.current:
        # Out on its own turn (its attacker fell to a counter): the turn ends at once,
        # and so do its "until end of turn" effects (G4-2.3).
        continuous.end_of_turn(st)
        st.stack.clear()
        st.roll = None
        st.stack.append(("turn_start", next_seat(st, seat)))


def next_seat(st: HigurashiState, seat: int) -> int:
    """G4-2.2 clockwise, skipping players who are out (G4-GAP-15)."""
    for step in range(1, st.players + 1):
        candidate = (seat + step) % st.players
        if st.alive[candidate]:
            return candidate
    return seat


def draw(st: HigurashiState, seat: int, count: int) -> None:
    """Draw event cards; G4-GAP-4 an empty deck is rebuilt from the shuffled discard."""
    for _ in range(count):
        if not st.event_deck:
            if not (st.options["reshuffle_events"] and st.discard):
                st.emit("deck_empty", seat=seat)
                return
            st.event_deck, st.discard = st.discard, []
            st.rng.shuffle(st.event_deck)
            st.emit("reshuffle", cards=len(st.event_deck))
        inst = st.event_deck.pop()
        st.hands[seat].append(inst)
        card = st.cards.events[st.eid[inst]]  # st.event_card, without the call
        st.emit("draw", {seat: {"card": card.id, "name": card.name_en}}, seat=seat)


def end_game(st: HigurashiState, reason: str) -> None:
    """Scores (G4-2.5, G4-7.2, G4-GAP-13): eliminated players score 0. A survivor scores
    captured points plus its own characters' points, or captured points alone when the
    character pile ran out. The highest-scoring survivors win."""
    scores = []
    for seat in range(st.players):
        if not st.alive[seat]:
            scores.append(0)
            continue
        score = sum(st.char(i).points for i in st.captured[seat])
        if reason != "pile_empty":
            score += sum(st.char(i).points for i in st.rows[seat])
        scores.append(score)
    alive = [s for s in range(st.players) if st.alive[s]]
    best = max(scores[s] for s in alive)
    winners = tuple(s for s in alive if scores[s] == best)
    st.result = Result(winners, tuple(scores), reason)
    st.stack.clear()
    st.roll = None
    st.emit("game_over", winners=list(winners), scores=scores, reason=reason)
