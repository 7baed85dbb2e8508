"""Card effects of events and special abilities (PS-8.3.3, PS-8.3.4, PS-11.2), their
targets, and the windows in which both players may act (PS-8.4, PS-GAP-12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.ps import play, turn
from tcglab.games.ps.field import Placed
from tcglab.games.ps.procedure import decision

if TYPE_CHECKING:
    from tcglab.games.ps.cards import Effect
    from tcglab.games.ps.state import PSState

PASS = Action("pass", "Pass", "パス")

# An action naming a card reads the same in every game over one card set, so each is
# built once, keyed by the set's digest: legal actions stay cheap in simulations.
_BUILT: dict[tuple, Action] = {}

# Which effect timing each kind of moment admits (PS-GAP-12, PS-GAP-16).
TIMING_AT = {"main": "normal", "end": "normal", "battle": "battle"}


def targets(st: PSState, seat: int, effect: Effect) -> tuple[int, list]:
    """The side an effect aims at and the characters it may be aimed at there."""
    aim = effect.aim
    if aim == "none":
        return seat, []
    side = seat if aim.startswith("own") else 1 - seat
    units = st.units[side]
    if aim == "own_damaged":
        units = [u for u in units if u.damage]
    elif aim == "own_exhausted":
        units = [u for u in units if u.exhausted]
    elif aim == "enemy_standby":
        units = [u for u in units if not u.exhausted]
    return side, units


def playable(st: PSState, seat: int, effect: Effect, moment: str) -> bool:
    """An effect may be started now if its timing fits and it has something to act on."""
    if effect.timing != TIMING_AT[moment]:
        return False
    if effect.aim != "none":
        return bool(targets(st, seat, effect)[1])
    if effect.kind == "revive":
        cards = st.cards.cards
        return any(cards[c].kind == "character" for c in st.trash[seat])
    return True


def place_event(st: PSState, seat: int, number: int) -> Placed:
    """PS-11.2.1 the event is placed and takes effect; it holds its energy until the
    owner's next start phase (PS-11.2.2)."""
    placed = Placed(st.uid(), number, st.card(number).level)
    st.events[seat].append(placed)
    return placed


def start_effect(st: PSState, seat: int, effect: Effect, number: int, source: int) -> None:
    """Aim the effect (a decision) or carry it out at once."""
    if effect.aim == "none":
        carry_out(st, seat, number, source, 0)
    else:
        st.stack.append(("target", seat, number, source))


def _effect_of(st: PSState, number: int) -> Effect:
    card = st.card(number)
    return card.ability if card.kind == "character" else card.effect


def _target_actions(st: PSState, seat: int, number: int, source: int) -> list[Action]:
    effect = _effect_of(st, number)
    side, units = targets(st, seat, effect)
    slots = {u.uid: i + 1 for i, u in enumerate(st.units[side])}
    acts, digest, own = [], st.cards.digest, side == seat
    for u in units:
        slot = slots[u.uid]
        key = (digest, "target", slot, number, u.card, own)
        if key not in _BUILT:
            _BUILT[key] = _target_action(st, slot, number, u.card, own)
        acts.append(_BUILT[key])
    return acts


def _target_action(st: PSState, slot: int, number: int, target: int, own: bool) -> Action:
    card, aim = st.card(number), st.card(target)
    whose, whose_ja = ("your", "自分の") if own else ("the opponent's", "相手の")
    return Action(
        f"target {slot}",
        f"{card.name_en} on {whose} {aim.name_en}",
        f"「{card.name_ja}」の対象：{whose_ja}「{aim.name_ja}」",
    )


def pending(st: PSState) -> dict | None:
    """The effect waiting for its target, for observations: its card and the seat
    whose characters it may be aimed at."""
    if not st.stack or st.stack[-1][0] != "target":
        return None
    _, seat, number, _ = st.stack[-1]
    effect = _effect_of(st, number)
    return {
        "card": st.card(number).id,
        "effect": effect.kind,
        "amount": effect.amount,
        "side": targets(st, seat, effect)[0],
    }


@decision("target", _target_actions)
def choose_target(st: PSState, action: Action, seat: int, number: int, source: int) -> None:
    side = targets(st, seat, _effect_of(st, number))[0]
    unit = st.units[side][int(action.id.split(" ")[1]) - 1]
    carry_out(st, seat, number, source, unit.uid)


def carry_out(st: PSState, seat: int, number: int, source: int, target: int) -> None:
    effect = _effect_of(st, number)
    RESOLVE[effect.kind](st, seat, effect, source, target)


def _until(effect: Effect, source: int) -> int:
    """PS-8.5.1 "this turn" effects end at the reset phase (0); "field" effects last
    while their event stays on the field (PS-WE-8)."""
    return source if effect.duration == "field" else 0


def _modify(st: PSState, stat: str, effect: Effect, source: int, uid: int, sign: int = 1):
    seat, index = st.find(uid)
    unit = st.units[seat][index]
    st.units[seat][index] = unit._replace(
        mods=(*unit.mods, (stat, sign * effect.amount, _until(effect, source)))
    )
    st.emit(
        "modify",
        seat=seat,
        slot=index + 1,
        name=st.name(unit.card),
        stat=stat,
        amount=sign * effect.amount,
        until=effect.duration,
    )


def _boost(st, seat, effect, source, target):
    _modify(st, "technique", effect, source, target)


def _rally(st, seat, effect, source, target):
    for unit in list(st.units[seat]):
        _modify(st, "technique", effect, source, unit.uid)


def _shield(st, seat, effect, source, target):
    _modify(st, "guard", effect, source, target)


def _weaken(st, seat, effect, source, target):
    _modify(st, "technique", effect, source, target, -1)


def _heal(st, seat, effect, source, target):
    side, index = st.find(target)
    unit = st.units[side][index]
    healed = min(unit.damage, effect.amount)
    st.units[side][index] = unit._replace(damage=unit.damage - healed)
    st.emit("heal", seat=side, slot=index + 1, name=st.name(unit.card), amount=healed)


def _strike(st, seat, effect, source, target):
    """Effect damage accumulates like battle damage (PS-6.6) and downs a character at
    its life (PS-11.1.4); only battles hurt the player for it (PS-9.5.3)."""
    side, index = st.find(target)
    unit = st.units[side][index]
    damage = unit.damage + effect.amount
    st.units[side][index] = unit._replace(damage=damage)
    st.emit("strike", seat=side, slot=index + 1, name=st.name(unit.card), amount=effect.amount)
    if damage >= st.card(unit.card).life:
        play.leave_field(st, side, target)


def _burn(st, seat, effect, source, target):
    turn.hurt_player(st, 1 - seat, effect.amount, "effect")


def _draw(st, seat, effect, source, target):
    turn.draw(st, seat, effect.amount, forced=False)


def _ready(st, seat, effect, source, target):
    side, index = st.find(target)
    unit = st.units[side][index]
    st.units[side][index] = unit._replace(exhausted=False)
    st.emit("ready", seat=side, slot=index + 1, name=st.name(unit.card))


def _tire(st, seat, effect, source, target):
    side, index = st.find(target)
    unit = st.units[side][index]
    st.units[side][index] = unit._replace(exhausted=True)
    st.emit("tire", seat=side, slot=index + 1, name=st.name(unit.card))


def _revive(st, seat, effect, source, target):
    """The character most recently put in the trash returns without energy; PS-GAP-7
    decides what happens if its name is already on the field."""
    trash, cards = st.trash[seat], st.cards.cards
    for index in range(len(trash) - 1, -1, -1):
        if cards[trash[index]].kind == "character":
            number = trash.pop(index)
            st.emit("revive", seat=seat, name=cards[number].name_en)
            play.arrive(st, seat, number, 0)
            return


RESOLVE = {
    "boost": _boost,
    "rally": _rally,
    "shield": _shield,
    "weaken": _weaken,
    "heal": _heal,
    "strike": _strike,
    "burn": _burn,
    "draw": _draw,
    "ready": _ready,
    "tire": _tire,
    "revive": _revive,
}


# -- special abilities -----------------------------------------------------------------


def sick_blocks(st: PSState, unit) -> bool:
    """PS-6.4 / PS-GAP-6 a character placed this turn may not attack nor exhaust itself
    for an ability (unless summoning_sickness is none)."""
    return unit.sick and st.options["summoning_sickness"] != "none"


def ability_actions(st: PSState, seat: int, timing: str) -> list[Action]:
    """PS-8.3.4 / PS-8.4.2 / PS-GAP-16 abilities of one's own characters, each once a turn."""
    acts, cards = [], st.cards.cards
    for slot, unit in enumerate(st.units[seat], start=1):
        card = cards[unit.card]
        ability = card.ability
        if ability is None or unit.used or ability.timing != timing:
            continue
        if ability.cost == "exhaust" and (unit.exhausted or sick_blocks(st, unit)):
            continue
        if ability.aim != "none" and not targets(st, seat, ability)[1]:
            continue
        if ability.kind == "revive" and not playable(st, seat, ability, "main"):
            continue
        key = (st.cards.digest, "use", slot, unit.card)
        acts.append(_BUILT.get(key) or _BUILT.setdefault(key, _use_action(slot, card)))
    return acts


def _use_action(slot: int, card) -> Action:
    return Action(
        f"use {slot}",
        f"{card.name_en}: {card.ability_text_en}",
        f"「{card.name_ja}」の特殊能力：{card.ability_text_ja}",
    )


def use_ability(st: PSState, seat: int, slot: int) -> None:
    unit = st.units[seat][slot - 1]
    card = st.card(unit.card)
    exhaust = card.ability.cost == "exhaust"
    st.units[seat][slot - 1] = unit._replace(used=True, exhausted=unit.exhausted or exhaust)
    st.emit("ability", seat=seat, slot=slot, name=card.name_en, ability=card.ability_name_en)
    start_effect(st, seat, card.ability, unit.card, unit.uid)


# -- windows where both players act ------------------------------------------------------


def window_open(st: PSState, seat: int, moment: str, abilities: list) -> bool:
    """Whether a seat is asked in a window, judged from what everyone can see (a
    usable ability, or cards in hand and free energy for the cheapest event of this
    timing), so that being asked gives nothing about the hand away."""
    if abilities:
        return True
    cheapest = st.cards.cheapest.get(TIMING_AT[moment])
    return cheapest is not None and bool(st.hand[seat]) and st.free_energy(seat) >= cheapest


def _window_actions(st: PSState, seat: int, moment: str, passes: int) -> list[Action]:
    abilities = ability_actions(st, seat, TIMING_AT[moment])
    if not window_open(st, seat, moment, abilities):
        return []
    return [*play.place_actions(st, seat, moment), *abilities, PASS]


def _window_pass(st: PSState, seat: int, moment: str, passes: int) -> None:
    """PS-GAP-12 the window closes once both players pass in a row."""
    if passes < 1:
        st.stack.append(("window", 1 - seat, moment, passes + 1))


@decision("window", _window_actions, _window_pass)
def window(st: PSState, action: Action, seat: int, moment: str, passes: int) -> None:
    """PS-8.4 end phase (and battle windows for cards that allow it): the turn player
    first, then the players alternate until both pass."""
    if action.id == "pass":
        st.emit("pass", seat=seat)
        _window_pass(st, seat, moment, passes)
        return
    st.stack.append(("window", 1 - seat, moment, 0))
    verb, _, arg = action.id.partition(" ")
    if verb == "play":
        play.place_card(st, seat, arg)
    else:
        use_ability(st, seat, int(arg))
