"""The main decision of a turn, scouting (G4-3), attacks (G4-4), counter-attacks
(G4-5) and the die rolls they make, with their response windows."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.unavailable import Why, why
from tcglab.games.higurashi import continuous, effects, table, turn
from tcglab.games.higurashi.parts.survey import survey
from tcglab.games.higurashi.procedure import automatic, decision
from tcglab.games.higurashi.words import say

if TYPE_CHECKING:
    from tcglab.games.higurashi.parts.survey import Survey
    from tcglab.games.higurashi.state import HigurashiState

SCOUT_NEEDS = 4  # G4-3.2(c) 4-6 succeeds
# What a scenario forces each roll by: "dice" for attacks and counter-attacks alike.
ROLL_PURPOSE = {"scout": "scout", "attack": "dice", "counter": "dice"}


def needed_roll(difference: int) -> int:
    """G4-4.3 success on the top `difference` faces: a die of 7 - difference or more."""
    return 7 - difference


def hits(st: HigurashiState, difference: int, die: int, modifier: int) -> bool:
    """G4-4.3 with die modifiers; G4-GAP-8 a difference of 6 or more always succeeds."""
    if difference >= 6 and st.options["auto_success_at_6"]:
        return True
    return die + modifier >= needed_roll(difference)


def chance(need: int) -> Fraction:
    """The exact chance that one die shows `need` or more (G4-WE-2: difference / 6)."""
    return Fraction(min(6, max(0, 7 - need)), 6)


def attack_chance(difference: int, modifier: int = 0, auto_success_at_6: bool = True) -> Fraction:
    """Exact success chance of an attack or counter-attack (G4-4.3, G4-GAP-8)."""
    if difference >= 6 and auto_success_at_6:
        return Fraction(1)
    return chance(needed_roll(difference) - modifier)


def attack_targets(st: HigurashiState, seat: int, actor: int) -> list[int]:
    """G4-4.1 face-up enemies only; G4-4.2 whose defence the attack strictly exceeds,
    read from current values without die modifiers (G4-GAP-11)."""
    power = st.attack(actor)
    return [i for i in st.enemies(seat) if st.up[i] and power > st.defence(i)]


def scout_targets(st: HigurashiState, seat: int) -> list[int]:
    """G4-3.1 only face-down cards need scouting; any opponent's (G4-GAP-15)."""
    return [i for i in st.enemies(seat) if not st.up[i]]


# -- the main decision ----------------------------------------------------------


@cython.locals(slot=cython.Py_ssize_t, inst=cython.Py_ssize_t, extra=cython.long, power=cython.long)
def _main_actions(st: HigurashiState, seat: int) -> list[Action]:
    """G4-2.3 scout, attack, use events, or end the turn (G4-GAP-18)."""
    acts = []
    up, side, atk, cid, chars = st.up, st.side, st.atk, st.cid, st.cards.characters
    seen = survey(st, seat)
    can_scout = "face_down" in seen.enemy
    weakest = seen.weakest
    may_reveal = st.options["reveal_to_attack"]
    # G4-9, the same for each of the seat's characters (0 while the rule is off)
    extra = continuous.bonus(st, seat) if st.options["bonus_rule"] else 0
    for slot, inst in enumerate(st.rows[seat]):
        if side[inst]:  # G4-3.3 / G4-4.4 sideways characters neither scout nor attack
            continue
        card = chars[cid[inst]]
        face = up[inst]
        kept = card.actions  # KeepsActions.action, read here without a call per actor
        if can_scout:  # G4-3.2(a), G4-8.2 a face-down card may scout by revealing itself
            made = kept.get(slot * 4 + face)
            if made is None:
                made = card.action(_actor_action, slot * 4 + face, "scout", slot, face)
            acts.append(made)
        if weakest is not None and (face or may_reveal):
            power = atk[inst] + extra  # continuous.attack
            if power < 0:
                power = 0
            if power > weakest:
                made = kept.get(slot * 4 + 2 + face)
                if made is None:
                    made = card.action(_actor_action, slot * 4 + 2 + face, "attack", slot, face)
                acts.append(made)
    acts.extend(effects.plays(st, seat, "main", seen))
    acts.append(END_TURN)
    return acts


def _actor_action(card, verb: str, slot: int, face_up: bool) -> Action:
    return actor_action(verb, slot, card.name_en, card.name_ja, face_up)


END_TURN = say("end", "end")


def actor_problem(st: HigurashiState, inst: int, verb: str, seen: Survey) -> Why | None:
    """Why one of the seat's characters cannot scout or attack now (what `_main_actions`
    tests), or None if it can; `seen` is the seat's survey of the table."""
    if st.side[inst]:  # G4-3.3 / G4-4.4 sideways until its owner's next turn
        return why("sideways", "G4-3.3" if verb == "scout" else "G4-4.4")
    if verb == "scout":  # G4-3.1 only face-down cards need scouting
        return None if "face_down" in seen.enemy else why("nothing_to_scout", "G4-3.1")
    if seen.weakest is None:  # G4-4.1 only face-up cards can be attacked
        return why("no_face_up_enemy", "G4-4.1")
    if not st.up[inst] and not st.options["reveal_to_attack"]:
        return why("reveal_first", "G4-GAP-9")
    if st.attack(inst) <= seen.weakest:  # G4-4.2 strictly higher than the defence
        return why("too_weak", "G4-4.2", attack=st.attack(inst), weakest=seen.weakest)
    return None


@cache
def actor_action(verb: str, slot: int, name: str, name_ja: str, face_up: bool) -> Action:
    return say(f"{verb} {slot}", "actor", verb=verb, en=name, ja=name_ja, up=face_up)


@decision("main", _main_actions)
def main_choice(st: HigurashiState, action: Action, seat: int) -> None:
    verb, _, arg = action[0].partition(" ")  # an Action is a tuple led by its id
    if verb == "end":
        turn.end_turn(st, seat)
        return
    st.stack.append(("main", seat))
    if verb == "play":
        effects.begin_play(st, seat, arg)
        return
    inst = st.rows[seat][int(arg)]
    if not st.up[inst]:
        table.reveal(st, inst, verb)  # G4-3.2(a) for scouting, G4-GAP-9 for attacking
    st.stack.append((f"{verb}_target", seat, inst))


@cython.locals(s=cython.Py_ssize_t, slot=cython.Py_ssize_t, i=cython.Py_ssize_t, bit=cython.long)
def _scout_target_actions(st: HigurashiState, seat: int, actor: int) -> list[Action]:
    """The targets `scout_targets` finds, seat by seat and slot by slot, each named as
    `words.seen` names it."""
    up, known, cid, chars = st.up, st.known, st.cid, st.cards.characters
    bit = 1 << seat
    acts = []
    for s in range(st.players):
        if s == seat:
            continue
        for slot, i in enumerate(st.rows[s]):
            if not up[i]:
                told = 1 if known[i] & bit else 0
                # a key of its own: -1 to -2048, above the attack targets' keys
                key = -1 - (told * 16 + s) * 64 - slot
                card = chars[cid[i]]
                made = card.actions.get(key)
                if made is None:
                    made = card.action(_scout_action, key, s, slot, told)
                acts.append(made)
    return acts


def _scout_action(card, owner: int, slot: int, told: int) -> Action:
    """Scout the character at `slot` of `owner`'s row: by its card if the scout's
    player knows it, else by its place (`words.seen`)."""
    if told:
        return say(f"target {owner}.{slot}", "scout", card=card, owner=owner)
    return say(f"target {owner}.{slot}", "scout", owner=owner, place=slot + 1)


@decision("scout_target", _scout_target_actions)
def scout(st: HigurashiState, action: Action, seat: int, actor: int) -> None:
    """G4-3.2(b) name the enemy card, (c) roll."""
    target = st.at(action[0][7:])  # "target <seat>.<slot>"
    st.emit(
        "scout", seat=seat, actor=st.ref(actor), name=st.char(actor).name_en, target=st.ref(target)
    )
    roll(st, "scout", seat, actor, target)


@cython.locals(
    power=cython.long,
    extra=cython.long,
    defence=cython.long,
    need=cython.long,
    s=cython.Py_ssize_t,
    slot=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
)
def _attack_target_actions(st: HigurashiState, seat: int, actor: int) -> list[Action]:
    """The targets `attack_targets` finds, seat by seat and slot by slot."""
    power = st.attack(actor)
    up, dfn, cid, chars = st.up, st.dfn, st.cid, st.cards.characters
    rule = st.options["bonus_rule"]  # G4-9
    acts = []
    for s in range(st.players):
        if s == seat:
            continue
        extra = -1  # the seat's G4-9 bonus, read on its first face-up character
        for slot, i in enumerate(st.rows[s]):
            if up[i]:
                if extra < 0:
                    extra = continuous.bonus(st, s) if rule else 0
                defence = dfn[i] + extra  # continuous.defence, the owner being `s`
                if defence < 0:
                    defence = 0
                if power > defence:
                    need = needed_roll(power - defence)
                    # a key of its own: negative, unlike the actors' (`_main_actions`),
                    # and below -40000, unlike the scout targets'
                    key = -1 - ((need + 64) * 16 + s) * 64 - slot
                    card = chars[cid[i]]
                    made = card.actions.get(key)
                    if made is None:
                        made = card.action(_target_action, key, s, slot, need)
                    acts.append(made)
    return acts


def _target_action(card, owner: int, slot: int, need: int) -> Action:
    return say(f"target {owner}.{slot}", "attack", card=card, owner=owner, need=need)


def announce(st: HigurashiState, kind: str, seat: int, actor: int, target: int, **more) -> None:
    """The event of an attack (G4-4.3) or a counter-attack (G4-5.2): who attacks whom."""
    st.emit(
        kind,
        seat=seat,
        actor=st.ref(actor),
        name=st.char(actor).name_en,
        target=st.ref(target),
        target_name=st.char(target).name_en,
        **more,
    )


@decision("attack_target", _attack_target_actions)
def attack(st: HigurashiState, action: Action, seat: int, actor: int) -> None:
    target = st.at(action[0][7:])  # "target <seat>.<slot>"
    announce(st, "attack", seat, actor, target, attack=st.attack(actor), defence=st.defence(target))
    roll(st, "attack", seat, actor, target)


# -- rolls and their windows ------------------------------------------------------


def roll(st: HigurashiState, kind: str, seat: int, actor: int, target: int) -> None:
    """Roll the die, then open the roller's window and the defender's window for die
    modifiers (G4-8.3: modifiers count only once the die is rolled)."""
    die = st.rng.roll(6, ROLL_PURPOSE[kind])
    st.roll = (kind, seat, actor, target, die, 0)
    st.emit("roll", seat=seat, die=die, purpose=kind)
    st.stack.append(("resolve_roll",))
    st.stack.append(("window", st.owner[target], "enemy_roll"))
    st.stack.append(("window", seat, "own_roll"))


def _window_actions(st: HigurashiState, seat: int, timing: str) -> list[Action]:
    """Every seat holding any event card is asked, whether or not it holds a die card:
    asking only those who do would tell the table what is in their hands."""
    if not st.hands[seat]:
        return []
    kind, _, _, _, die, mod = st.roll
    acts = effects.plays(st, seat, timing)  # a new list, this decision's own
    acts.append(stand_action(kind, die, mod))
    return acts


@cache
def stand_action(kind: str, die: int, modifier: int) -> Action:
    """Play no (further) die card: the roll counts as it stands."""
    return say("pass", "stand", kind=kind, die=die, modifier=modifier)


@decision("window", _window_actions)
def roll_window(st: HigurashiState, action: Action, seat: int, timing: str) -> None:
    if action[0] == "pass":
        return
    inst = effects.take_from_hand(st, seat, action[0][5:])  # "play <card>"
    effects.resolve(st, seat, inst, None)  # G4-8.3 the die card changes the roll now
    st.stack.append(("window", seat, timing))


@automatic("resolve_roll")
def resolve_roll(st: HigurashiState) -> None:
    kind, seat, actor, target, die, mod = st.roll
    st.roll = None
    if kind == "scout":
        finish_scout(st, seat, actor, target, die + mod)
    else:
        finish_attack(st, kind, seat, actor, target, die, mod)


def finish_scout(st: HigurashiState, seat: int, actor: int, target: int, total: int) -> None:
    success = total >= SCOUT_NEEDS  # G4-3.2(c)
    st.emit("scout_result", seat=seat, success=success, total=total)
    if success and not st.up[target]:
        table.reveal(st, target, "scouted")  # G4-3.2(d)
    st.side[actor] = True  # G4-3.3 sideways whatever the outcome


def finish_attack(
    st: HigurashiState, kind: str, seat: int, actor: int, target: int, die: int, mod: int
) -> None:
    difference = st.attack(actor) - st.defence(target)
    success = hits(st, difference, die, mod)
    st.emit(
        f"{kind}_result",
        seat=seat,
        success=success,
        total=die + mod,
        needed=needed_roll(difference),
    )
    if kind == "attack" or st.options["counter_turns_sideways"]:
        st.side[actor] = True  # G4-4.4; G4-GAP-7 for a counter-attack
    if success:
        # G4-8.1 the loser of an attack or a counter-attack is removed (G4-GAP-10).
        table.capture(st, target, seat, kind)
    elif kind == "attack" and can_counter(st, target, actor):
        st.stack.append(("counter", st.owner[target], target, actor))
    # G4-GAP-16 a counter-attack is never countered: its target attacked, so it is
    # sideways (G4-4.4) and G4-5.1 already rules it out.


def can_counter(st: HigurashiState, defender: int, attacker: int) -> bool:
    """G4-5.1 not defeated, attack above the attacker's defence, and not sideways."""
    return (
        st.owner[defender] >= 0
        and st.owner[attacker] >= 0
        and not st.side[defender]
        and st.attack(defender) > st.defence(attacker)
    )


def _counter_actions(st: HigurashiState, seat: int, defender: int, attacker: int) -> list[Action]:
    if not can_counter(st, defender, attacker):
        return []
    need = needed_roll(st.attack(defender) - st.defence(attacker))
    return [
        say("counter", "counter", them=st.char(attacker), us=st.char(defender), need=need),
        DECLINE,  # G4-5.3 optional
    ]


DECLINE = say("decline", "decline")


@decision("counter", _counter_actions)
def counter(st: HigurashiState, action: Action, seat: int, defender: int, attacker: int) -> None:
    """G4-5.2 a counter-attack is resolved like an attack."""
    if action[0] == "decline":
        st.emit("no_counter", seat=seat)
        return
    announce(st, "counter", seat, defender, attacker)
    roll(st, "counter", seat, defender, attacker)
