"""Playing event cards (G4-6): who may play which card when, on what, and carrying out
its parts in order. Any number may be played in a turn (G4-8.7). What each kind of
part does is in `parts/`."""

from __future__ import annotations

from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.unavailable import Why, why
from tcglab.games.higurashi.parts.survey import Survey, survey
from tcglab.games.higurashi.procedure import decision
from tcglab.games.higurashi.words import say

if TYPE_CHECKING:
    from tcglab.games.higurashi.cards import EventCard
    from tcglab.games.higurashi.state import HigurashiState


def take_from_hand(st: HigurashiState, seat: int, card_id: str) -> int:
    """Take out of the seat's hand the first instance of the card `card_id` (what
    `piles.take_card` does, reading the card set directly rather than calling back)."""
    hand, events, eid = st.hands[seat], st.cards.events, st.eid
    for inst in hand:
        if events[eid[inst]].id == card_id:
            hand.remove(inst)
            return inst
    raise KeyError(card_id)


def targets(st: HigurashiState, seat: int, card: EventCard) -> list[int]:
    """The characters a card may be played on (G4-6.1 area of effect)."""
    aim = card.aim
    if aim is None:
        return []
    pool = st.rows[seat] if aim.area == "own_char" else st.enemies(seat)
    return [i for i in pool if aim.fits(st, i)]


_by_id = itemgetter(0)  # an Action is a tuple led by its id


def plays(st: HigurashiState, seat: int, timing: str, table: Survey | None = None) -> list[Action]:
    """One action per distinct card in hand that may be played now (G4-6.1): its timing
    is `timing` and every part has something to act on. `table` is the seat's survey,
    worked out here on first need (only parts on a chosen character read it)."""
    hand = st.hands[seat]
    if not hand:
        return []
    seen, acts = [], []  # a handful of cards, each one object: a list beats a set
    plans, eid = st.cards.plans, st.eid
    for inst in hand:
        card, when, aims, checks = plans[eid[inst]]
        if when != timing or card in seen:
            continue
        seen.append(card)
        if table is None and aims:
            table = survey(st, seat)
        for usable in checks:
            if not usable(st, seat, table):
                break
        else:
            acts.append(play_action(card))
    if len(acts) > 1:  # by id, as Action orders itself, without calling its __lt__
        acts.sort(key=_by_id)
    return acts


def play_problem(
    st: HigurashiState, seat: int, card: EventCard, timing: str, table: Survey
) -> Why | None:
    """Why an event card in hand cannot be played now (what `plays` tests), or None:
    its timing, then each part's area of effect (G4-6.1); `table` is the seat's survey."""
    if card.timing != timing:
        return why("timing", "G4-6.1", timing=card.timing)
    for part in card.parts:
        if not part.usable(st, seat, table):
            return part_problem(part)
    return None


def part_problem(part) -> Why:
    """G4-6.1 a part with nothing in its area of effect: no character it may be played
    on, no character left to recruit, no roll in flight."""
    if part.chooses:
        return why("no_target", "G4-6.1")
    if part.kind == "recruit":
        return why("pile_empty", "G4-6.1")
    if part.area == "roll":
        return why("no_roll", "G4-6.1")
    return why("nothing", "G4-6.1")


@cache
def play_action(card: EventCard) -> Action:
    return say(f"play {card.id}", "play", card=card)


def begin_play(st: HigurashiState, seat: int, card_id: str) -> None:
    """Play a card on the player's turn: name its target next if it needs one."""
    inst = take_from_hand(st, seat, card_id)
    card = st.cards.events[st.eid[inst]]  # st.event_card, without the call
    st.emit("play", seat=seat, card=card.id, name=card.name_en, text=card.text_en)
    if card.aim is not None:
        st.stack.append(("event_target", seat, inst))
    else:
        resolve(st, seat, inst, None)


def _target_actions(st: HigurashiState, seat: int, inst: int) -> list[Action]:
    card = st.event_card(inst)
    known, cid, chars, owners, rows = st.known, st.cid, st.cards.characters, st.owner, st.rows
    bit = 1 << seat
    acts = []
    for i in targets(st, seat, card):
        owner = owners[i]
        place = owner * 64 + rows[owner].index(i)
        if known[i] & bit:  # named by its card, as `words.seen` names it; else by its place
            char = chars[cid[i]]  # kept under its identity: the action holds it, so it lives on
            key = id(char) * 1024 + place
        else:
            key, char = place, None
        made = card.actions.get(key)  # KeepsActions.action, without a call per target
        if made is None:
            made = card.action(_target_action, key, place, char)
        acts.append(made)
    return acts


def _target_action(event: EventCard, place: int, char) -> Action:
    """Play `event` on the character at `place` (owner * 64 + slot): by its card if the
    player knows it, else by its place."""
    owner, slot = divmod(place, 64)
    if char is not None:
        return say(f"target {owner}.{slot}", "target", event=event, card=char, owner=owner)
    return say(f"target {owner}.{slot}", "target", event=event, owner=owner, place=slot + 1)


@decision("event_target", _target_actions)
def choose_target(st: HigurashiState, action: Action, seat: int, inst: int) -> None:
    resolve(st, seat, inst, st.at(action[0][7:]))  # "target <seat>.<slot>"


def resolve(st: HigurashiState, seat: int, inst: int, target: int | None) -> None:
    """Carry out the card's parts in order; a part may stop the rest (a failed roll),
    and nothing more happens once the game is over or the chosen character has left
    the rows. The card then goes to the discard, unless it stays in play (equipment)."""
    for part in st.cards.events[st.eid[inst]].parts:  # st.event_card, without the call
        if st.result is not None or (part.chooses and st.owner[target] < 0):
            break
        if not part.apply(st, seat, inst, target):
            break
    if inst not in st.attached:
        st.discard.append(inst)
