"""The main phase (PS-8.3): placing energy, characters and events for their level,
energy occupied and released (PS-10.2, PS-10.3), the four-character limit and
same-name uniqueness (PS-11.1.2, PS-6.7), and why a refused action was refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.unavailable import Why, why
from tcglab.games.ps import battle, effects, zones
from tcglab.games.ps.effects import TIMING_AT
from tcglab.games.ps.procedure import decision
from tcglab.games.ps.words import BY_ID, KEYS, say
from tcglab.games.ps.zones import FIELD_LIMIT, same_name_on_field

if TYPE_CHECKING:
    from tcglab.games.ps.state import PSState

DECK_ENERGY = say("energy", "deck_energy")
END_MAIN = say("end", "end")


def energy_actions(st: PSState, seat: int) -> list[Action]:
    """PS-8.3.1 / PS-GAP-1 one energy a turn: the deck top (default) or a hand card;
    PS-10.2.1 any card will do as energy."""
    if st.energy_placed:
        return []
    if st.options["energy_from"] == "deck":
        if not st.deck[seat]:
            return []  # PS-GAP-1 impossible with an empty deck, and no loss
        return [DECK_ENERGY]
    cards = st.cards.cards
    return [
        say(f"energy {pos}", "energy", card=cards[number])
        for pos, number in enumerate(st.hand[seat], start=1)
    ]


def place_energy(st: PSState, seat: int, source: str) -> None:
    """PS-10.2.3 the card goes onto the field face-down as free energy (PS-10.2.4)."""
    st.energy_placed = True
    if source == "deck":
        st.energy[seat].append(st.deck[seat].pop())
        st.emit("energy", seat=seat, source="deck", total=len(st.energy[seat]))
    else:
        number = st.hand[seat].pop(int(source) - 1)
        st.energy[seat].append(number)
        card = st.card(number)
        st.emit(
            "energy",
            {seat: {"card": card.id, "name": card.name_en}},
            seat=seat,
            source="hand",
            position=int(source),
            total=len(st.energy[seat]),
        )


def can_place(st: PSState, seat: int, card, free: int, timing: str) -> bool:
    if card.level > free:  # PS-10.3.2 needs that much unoccupied energy
        return False
    if card.kind == "character":
        return (
            timing == "main"
            and len(st.units[seat]) < FIELD_LIMIT
            and not same_name_on_field(st, seat, st.cards.index[card.id])
        )
    return effects.playable(st, seat, card.effect, timing)


def place_problem(st: PSState, seat: int, card, free: int, timing: str) -> Why | None:
    """Why a card in hand cannot be placed now (what `can_place` tests), or None if it
    can; `free` is the seat's unoccupied energy."""
    if card.kind == "character":
        if timing != "main":
            return why("main_only", "PS-8.3.2")
        if len(st.units[seat]) >= FIELD_LIMIT:
            return why("field_full", "PS-11.1.2", limit=FIELD_LIMIT)
        if same_name_on_field(st, seat, st.cards.index[card.id]):
            return why("same_name", "PS-6.7", name=card.name_en)
    if card.level > free:  # PS-10.3.2 paying with occupied energy is not possible
        held = len(st.energy[seat]) - free
        return why("energy", "PS-10.3.2", level=card.level, free=free, held=held)
    if card.kind != "character":
        return effect_problem(st, seat, card.effect, timing, "PS-8.3.3")
    return None


def effect_problem(st: PSState, seat: int, effect, timing: str, rule: str) -> Why | None:
    """PS-GAP-12 / PS-GAP-16 an effect of another timing; `rule` an effect with nothing
    to act on (what `effects.playable` tests)."""
    if effect.timing != TIMING_AT[timing]:
        return why("battle_only" if effect.timing == "battle" else "not_in_battle", "PS-GAP-12")
    if not effect.possible(st, seat):
        return why("no_target", rule)
    return None


def energy_problem(st: PSState, seat: int) -> Why | None:
    """Why energy cannot be placed now (what `energy_actions` tests), or None."""
    if st.energy_placed:
        return why("energy_placed", "PS-8.3.1")
    if st.options["energy_from"] == "deck" and not st.deck[seat]:
        return why("deck_empty", "PS-GAP-1")
    return None


def place_actions(st: PSState, seat: int, timing: str) -> list[Action]:
    """One action per distinct card in hand that may be placed now (what `can_place`
    tests), in the order of their ids."""
    if not st.hand[seat]:
        return []
    return placeable(st, seat, timing, st.free_energy(seat))


@cython.locals(free=cython.long, room=cython.bint, level=cython.long, character=cython.bint)
def placeable(st: PSState, seat: int, timing: str, free: int) -> list[Action]:
    """`place_actions` for a seat with cards in hand and `free` unoccupied energy, read
    by the caller (a window reads it to know whether it opens at all); the room and
    names on the field are read once, each card's figures from `CardSet.placing`."""
    cards, placing, acts = st.cards.cards, st.cards.placing, []
    units = st.units[seat]
    room = timing == "main" and len(units) < FIELD_LIMIT
    names = None  # PS-6.7 the names on the seat's field, found on first need
    moment = TIMING_AT[timing]
    for number in set(st.hand[seat]):
        level, character, name, effect, effect_timing = placing[number]
        if level > free:  # PS-10.3.2 needs that much unoccupied energy
            continue
        if character:
            if not room:  # PS-8.3.2 in the main phase only; PS-11.1.2 four at most
                continue
            if names is None:
                names = {placing[u.card][2] for u in units}
            if name in names:
                continue
        elif effect_timing != moment or not effect.possible(st, seat):
            continue
        card = cards[number]
        # the action kept by the card, read without a call once it is made (Card.action)
        acts.append(card.actions.get(PLAY) or card.action(_place, PLAY))
    if len(acts) > 1:
        acts.sort(key=BY_ID)
    return acts


PLAY = KEYS["play"]


def _place(card) -> Action:
    return say(f"play {card.id}", "play", card=card, kind=card.kind, level=card.level)


def place_card(st: PSState, seat: int, card_id: str) -> None:
    """PS-8.3.2 / PS-8.3.3 / PS-8.4.1 a card from hand goes onto the field for its
    normal purpose, paid for with energy (PS-10.2.2, PS-10.3.1) by occupying
    unoccupied energy equal to its level (PS-10.3.2, PS-10.3.3, PS-GAP-17)."""
    number = zones.take_from_hand(st, seat, card_id)
    card = st.card(number)
    st.emit("place", seat=seat, card=card.id, name=card.name_en, type=card.kind, level=card.level)
    if card.kind == "character":
        zones.arrive(st, seat, number, card.level)
        return
    placed = effects.place_event(st, seat, number)
    effects.start_effect(st, seat, card.effect, number, placed.uid)


# -- the main decision ---------------------------------------------------------------


def _main_actions(st: PSState, seat: int) -> list[Action]:
    """PS-8.3 energy, characters, events, abilities, battles, or on to the end phase."""
    acts = energy_actions(st, seat)
    if st.hand[seat]:
        acts += placeable(st, seat, "main", st.free_energy(seat))
    if st.units[seat]:  # abilities and battles need a character
        acts += effects.ability_actions(st, seat, "normal")
        acts += battle.attack_actions(st, seat)
    acts.append(END_MAIN)
    return acts


@decision("main", _main_actions)
def main_choice(st: PSState, action: Action, seat: int) -> None:
    verb, _, arg = action[0].partition(" ")  # an Action is a tuple led by its id
    if verb == "end":
        st.emit("main_end", seat=seat)
        return
    st.stack.append(("main", seat))
    if verb == "energy":
        place_energy(st, seat, arg or "deck")
    elif verb == "play":
        place_card(st, seat, arg)
    elif verb == "use":
        effects.use_ability(st, seat, int(arg))
    else:
        battle.declare(st, seat, int(arg))


# -- refusals -------------------------------------------------------------------------


def why_not(st: PSState, action_id: str) -> Why | str | None:
    """A one-line reason for a refused main-phase action (the rules' reason, a Why
    worded by the catalogues, or a slip of the input), or None to use the generic one."""
    seat = st.to_move
    verb, _, arg = action_id.partition(" ")
    step = st.stack[-1][0] if st.stack else ""
    who = f"seat {seat}"
    if verb == "energy" and step == "main":
        if st.energy_placed:
            return energy_problem(st, seat)
        if st.options["energy_from"] == "deck" and arg:
            return "energy comes from the deck top under energy_from=deck; use 'energy'"
        if st.options["energy_from"] == "hand" and not arg:
            return f"name a hand position: 'energy 1' to 'energy {len(st.hand[seat])}'"
        return None
    if verb == "play" and step in ("main", "window"):
        return _why_not_place(st, seat, arg, who)
    return None


def _why_not_place(st: PSState, seat: int, card_id: str, who: str) -> Why | str | None:
    if card_id not in st.cards.index:
        return f"no card has the id {card_id!r}"
    number = st.cards.number(card_id)
    card = st.card(number)
    if number not in st.hand[seat]:
        return f"{who} has no {card_id} ({card.name_en}) in hand"
    step = st.stack[-1]
    timing = "main" if step[0] == "main" else step[2]
    return place_problem(st, seat, card, st.free_energy(seat), timing)
