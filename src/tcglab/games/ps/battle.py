"""Battles (PS-9): declaration, the attacking character, defenders, the attacker's
target, damage through sense and modifiers, and the defenders' strikes back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.unavailable import Why, why
from tcglab.games.ps import effects, field, values, zones
from tcglab.games.ps.procedure import automatic, decision
from tcglab.games.ps.words import KEYS, say

if TYPE_CHECKING:
    from tcglab.games.ps.field import Unit
    from tcglab.games.ps.state import PSState

HIT_PLAYER = say("target player", "hit_player")
PLAYER, NOBODY = 0, -1  # battle targets besides a character's uid (PS-9.4, PS-GAP-19)
NO_DEFENDERS = say("done", "no_defenders")
NO_MORE_DEFENDERS = say("done", "no_more_defenders")
ATTACK, DEFEND = KEYS["attack"], KEYS["defend"]


def _slot_action(st: PSState, verb: str, slot: int, number: int) -> Action:
    """`attack n` or `defend n` with the character in slot n."""
    return st.cards.cards[number].action(_say_slot, slot * 4 + KEYS[verb], verb, slot)


def _say_slot(card, verb: str, slot: int) -> Action:
    return say(f"{verb} {slot}", verb, card=card)


@cython.locals(slot=cython.Py_ssize_t, sickness=cython.bint)
def attack_actions(st: PSState, seat: int) -> list[Action]:
    """PS-8.3.5 / PS-9.1 a battle needs a standby character; PS-GAP-14 any number per turn;
    PS-GAP-6 not one placed this turn."""
    units = st.units[seat]
    if not units:
        return []
    acts, cards = [], st.cards.cards
    sickness = st.options["summoning_sickness"] != "none"  # effects.sick_blocks, read once
    for slot, unit in enumerate(units, start=1):
        if unit.exhausted or (unit.sick and sickness):
            continue
        card, key = cards[unit.card], slot * 4 + ATTACK
        # the action kept by the card, read without a call once it is made (Card.action)
        acts.append(card.actions.get(key) or card.action(_say_slot, key, "attack", slot))
    return acts


def attack_problem(st: PSState, unit: Unit) -> Why | None:
    """Why a character cannot start a battle now (what `attack_actions` tests), or None."""
    if unit.exhausted:  # PS-9.1 / PS-9.2 the attacker is a standby character
        return why("exhausted", "PS-9.1")
    if effects.sick_blocks(st, unit):
        return why("sick", "PS-GAP-6")
    return None


def declare(st: PSState, seat: int, slot: int) -> None:
    """PS-9.1 the turn player declares a battle; PS-9.2 exhausting one standby
    character makes it the attacking character."""
    unit = st.units[seat][slot - 1]
    st.units[seat][slot - 1] = field.exhausted(unit)
    st.battle = (unit.uid, (), PLAYER)
    st.emit("battle", seat=seat, slot=slot, name=st.name(unit.card))
    st.stack.append(("battle_end", seat))
    st.stack.append(("strike_back", seat))
    st.stack.append(("attack_damage", seat))
    st.stack.append(("pick_target", seat))
    st.stack.append(("window", seat, "battle", 0))  # PS-GAP-12 only cards that say so
    st.stack.append(("defend", 1 - seat))


def can_defend(st: PSState, unit: Unit) -> bool:
    """PS-9.3.1 only standby characters defend; PS-GAP-6 a newly placed one may,
    unless summoning_sickness is full."""
    if unit.exhausted:
        return False
    return not (unit.sick and st.options["summoning_sickness"] == "full")


@cython.locals(slot=cython.Py_ssize_t, full=cython.bint)
def _defend_actions(st: PSState, seat: int) -> list[Action]:
    """What `can_defend` allows, with the summoning_sickness option read once."""
    units = st.units[seat]
    if not units:
        return []
    acts, cards = [], st.cards.cards
    full = st.options["summoning_sickness"] == "full"
    for slot, unit in enumerate(units, start=1):
        if unit.exhausted or (unit.sick and full):
            continue
        card, key = cards[unit.card], slot * 4 + DEFEND
        acts.append(card.actions.get(key) or card.action(_say_slot, key, "defend", slot))
    if acts:
        acts.append(NO_MORE_DEFENDERS if st.battle[1] else NO_DEFENDERS)
    return acts


@decision("defend", _defend_actions)
def defend(st: PSState, action: Action, seat: int) -> None:
    """PS-9.3.2 / PS-6.9 the defender exhausts any number of standby characters, one at a
    time; the order chosen is the order they strike back in (PS-GAP-10)."""
    if action[0] == "done":  # an Action is a tuple led by its id
        return
    slot = int(action[0].split(" ")[1])
    unit = st.units[seat][slot - 1]
    st.units[seat][slot - 1] = field.exhausted(unit)
    attacker, defenders, target = st.battle
    st.battle = (attacker, (*defenders, unit.uid), target)
    st.emit("defend", seat=seat, slot=slot, name=st.name(unit.card))
    st.stack.append(("defend", seat))


def standing_defenders(st: PSState, seat: int) -> list[int]:
    """Slots of the declared defenders still on the field, in declaration order."""
    slots = {u.uid: i + 1 for i, u in enumerate(st.units[1 - seat])}
    return [slots[uid] for uid in st.battle[1] if uid in slots]


def _pick_actions(st: PSState, seat: int) -> list[Action]:
    slots = standing_defenders(st, seat)
    if not slots or st.unit(st.battle[0]) is None:
        return []  # no defender, or the attacking character left: nothing to pick
    side, cards, acts = st.units[1 - seat], st.cards.cards, []
    for slot in slots:
        card, amount = cards[side[slot - 1].card], preview(st, seat, side[slot - 1])
        acts.append(say(f"target {slot}", "hit", card=card, amount=amount))
    if st.options["hit_player_past_defenders"]:
        acts.append(HIT_PLAYER)
    return acts


def _to_player(st: PSState, seat: int) -> None:
    """PS-9.4 with no defending character the defending player is the target.
    PS-GAP-19 (PS-6.8) when defenders were declared but none is left, the battle deals
    no damage, unless defenders_gone is "player" (or hit_player_past_defenders made the
    player a target all along, PS-GAP-8)."""
    attacker, defenders, _ = st.battle
    options = st.options
    gone = (
        defenders
        and options["defenders_gone"] == "no_damage"
        and not options["hit_player_past_defenders"]
    )
    st.battle = (attacker, defenders, NOBODY if gone else PLAYER)


@decision("pick_target", _pick_actions, _to_player)
def pick_target(st: PSState, action: Action, seat: int) -> None:
    """PS-9.4 / PS-6.8 / PS-GAP-8 the attacker picks one of the defenders (the player only
    when none was declared, unless hit_player_past_defenders is on)."""
    arg = action[0].split(" ")[1]  # an Action is a tuple led by its id
    attacker, defenders, _ = st.battle
    target = PLAYER if arg == "player" else st.units[1 - seat][int(arg) - 1].uid
    st.battle = (attacker, defenders, target)


def preview(st: PSState, seat: int, target: Unit) -> int:
    return values.battle_damage(st, seat, st.unit(st.battle[0]), target)


def hit(st: PSState, seat: int, striker: Unit, target_uid: int) -> None:
    """PS-9.5.2 / PS-9.7.4 damage accumulates; at or over life the character goes
    down, and PS-9.5.3 / PS-9.7.5 its player takes 1 damage."""
    side, index = st.find(target_uid)
    target = st.units[side][index]
    amount = values.battle_damage(st, seat, striker, target)
    total, down = zones.wound(st, side, index, amount)
    st.emit(
        "hit",
        seat=side,
        slot=index + 1,
        name=st.name(target.card),
        by=st.name(striker.card),
        amount=amount,
        total=total,
        life=st.card(target.card).life,
    )
    if down:
        zones.leave_field(st, side, target_uid)
        zones.hurt_player(st, side, 1, "down")


@automatic("attack_damage")
def attack_damage(st: PSState, seat: int) -> None:
    """PS-9.5 the attacker's damage, to the chosen defender or to the player."""
    attacker_uid, _, target = st.battle
    attacker = st.unit(attacker_uid)
    if attacker is None:
        return  # the attacking character already left the field
    if target == PLAYER:
        # PS-9.5.4 / PS-GAP-9 current technique, no sense: a player has none
        amount = values.technique(st, seat, attacker)
        st.emit("attack_player", seat=seat, name=st.name(attacker.card), amount=amount)
        zones.hurt_player(st, 1 - seat, amount, "battle")
    elif target == NOBODY:
        st.emit("no_target", seat=seat, name=st.name(attacker.card))
    elif st.unit(target) is not None:
        hit(st, seat, attacker, target)


@automatic("strike_back")
def strike_back(st: PSState, seat: int) -> None:
    """PS-9.6 / PS-9.7 each defender still on the field strikes the attacking
    character (the only one: PS-9.6), in the order declared (PS-GAP-10); PS-9.7.1
    never the player; PS-9.7.2 stop once the attacker is down."""
    attacker_uid, defenders, _ = st.battle
    for uid in defenders:
        if st.result is not None or st.unit(attacker_uid) is None:
            return
        defender = st.unit(uid)
        if defender is not None:
            hit(st, 1 - seat, defender, attacker_uid)


@automatic("battle_end")
def battle_end(st: PSState, seat: int) -> None:
    """PS-9.8 the battle ends; damage stays on the characters (PS-6.6)."""
    st.battle = None
    st.emit("battle_end", seat=seat)


def view(st: PSState) -> dict | None:
    """The battle in progress, by seat and slot, for observations."""
    if st.battle is None:
        return None
    attacker, defenders, target = st.battle
    seat, index = st.find(attacker)
    other = 1 - st.current
    slots = {u.uid: i + 1 for i, u in enumerate(st.units[other])}
    return {
        "attacker_seat": st.current,
        "attacker": index + 1 if seat >= 0 else None,
        "defenders": [slots.get(uid) for uid in defenders],
        "target": None if target in (PLAYER, NOBODY) else slots.get(target),
    }
