"""Setting up, turns, drawing, the hand limit, elimination and the end of a game
(G4-2, G4-6.2, G4-7)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.state import Result
from tcglab.games.higurashi import effects
from tcglab.games.higurashi.cards import EventCard
from tcglab.games.higurashi.procedure import automatic, decision

if TYPE_CHECKING:
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
    st.emit("deal", players=st.players, each=DEALT)
    st.first = st.current = start_roll(st)
    st.stack.append(("turn_start", st.first))


def start_roll(st: HigurashiState) -> int:
    """G4-2.2 everyone rolls once, the highest starts; G4-GAP-14 tied highest reroll."""
    contenders = list(range(st.players))
    while True:
        rolls = {seat: st.rng.roll() for seat in contenders}
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
        end_game(st, "round_limit")
        return
    st.turn += 1
    st.current = seat
    st.emit("turn", seat=seat, turn=st.turn, round=st.round)
    everyone = st.options["sideways_until"] == "next_turn"
    for s in range(st.players) if everyone else (seat,):
        for inst in st.rows[s]:
            st.side[inst] = False
    expire(st, lambda kind, key: kind == "start" and key == seat)
    st.stack.append(("main", seat))
    st.stack.append(("trim", seat))
    draw(st, seat, 1)


def expire(st: HigurashiState, ends) -> None:
    kept = [m for m in st.mods if not ends(m[3], m[4])]
    if len(kept) != len(st.mods):
        st.mods = kept
        st.refresh_modifiers()


def end_turn(st: HigurashiState, seat: int) -> None:
    """G4-2.3 the player declares the end of the turn; "until end of turn" effects end
    and play passes clockwise to the next player still in the game (G4-GAP-15)."""
    st.emit("end_turn", seat=seat)
    expire(st, lambda kind, key: kind == "end" and key == st.turn)
    st.stack.append(("turn_start", next_seat(st, seat)))


def next_seat(st: HigurashiState, seat: int) -> int:
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
        card = st.event_card(inst)
        st.emit("draw", {seat: {"card": card.id, "name": card.name_en}}, seat=seat)


def _trim_actions(st: HigurashiState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    if len(hand) <= st.options["hand_limit"]:
        return []
    ids = sorted({st.event_card(e).id for e in hand})
    acts = [discard_action(st.cards.event(i)) for i in ids]
    return acts + effects.main_plays(st, seat)


@cache
def discard_action(card: EventCard) -> Action:
    return Action(f"discard {card.id}", f"Discard {card.name_en}", f"「{card.name_ja}」を捨てる")


@decision("trim", _trim_actions)
def trim_hand(st: HigurashiState, action: Action, seat: int) -> None:
    """G4-6.2 / G4-GAP-5: holding more than five events, use or discard until five."""
    st.stack.append(("trim", seat))
    verb, card_id = action.id.split(" ")
    if verb == "discard":
        inst = effects.take_from_hand(st, seat, card_id)
        st.discard.append(inst)
        st.emit("discard", seat=seat, card=card_id, name=st.event_card(inst).name_en)
    else:
        effects.begin_play(st, seat, card_id)


def leave_row(st: HigurashiState, inst: int, keep_equipment: bool = False) -> int:
    """Take a character out of its row; returns the seat that held it."""
    seat = st.owner[inst]
    st.rows[seat].remove(inst)
    st.owner[inst] = -1
    if not keep_equipment:
        mods = [m for m in st.mods if m[0] != inst]
        gear = [e for e, i in st.attached.items() if i == inst]
        for ev in gear:
            del st.attached[ev]
            st.discard.append(ev)
        if gear or len(mods) != len(st.mods):
            st.mods = mods
            st.refresh_modifiers()
    return seat


def capture(st: HigurashiState, inst: int, by: int, how: str) -> None:
    """G4-GAP-10 the defeated or subjugated character goes to the captured pile of the
    player who beat it (G4-8.6); it is nobody's character any more."""
    seat = leave_row(st, inst)
    st.up[inst] = True
    st.known[inst] = 0xFF
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
    st.alive[seat] = False
    st.discard.extend(st.hands[seat])
    st.hands[seat] = []
    expire(st, lambda kind, key: kind == "start" and key == seat)
    st.emit("eliminated", seat=seat)
    if sum(st.alive) == 1:
        end_game(st, "last_standing")
    elif seat == st.current:
        # Out on its own turn (its attacker fell to a counter): the turn ends at once,
        # and so do its "until end of turn" effects (G4-2.3).
        expire(st, lambda kind, key: kind == "end" and key == st.turn)
        st.stack.clear()
        st.roll = None
        st.stack.append(("turn_start", next_seat(st, seat)))


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
