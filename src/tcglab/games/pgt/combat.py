"""The combat phase and every ability in progress: the attack procedure (PGT-14.2),
effects with attack power (PGT-14.3) and other effects (PGT-14.1), as stages of one
small machine; guard, Innocence, Counter and the action check (PGT-10, PGT-11)."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.unavailable import Why, why
from tcglab.games.pgt import abilities, turn
from tcglab.games.pgt.abilities import SLOTS, candidates, new_proc
from tcglab.games.pgt.attributes import compared_defence
from tcglab.games.pgt.dice import roll_value
from tcglab.games.pgt.parts import strike_text, text
from tcglab.games.pgt.procedure import automatic, decision
from tcglab.games.pgt.words import say, seen

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

# PGT-14.2 (1) occur, (2) window 1, (3) guard, (4) window 2, (5) Innocence, (6) check,
# (7) rerolls, (8) fumble/critical, (9) window 3, (10) compare, (11) Counter.
ATTACK = (
    "targets",
    "pay",
    "w1",
    "guard",
    "w2",
    "innocence",
    "check",
    "reroll",
    "fumble",
    "w3",
    "compare",
    "counter",
    "end",
)
# PGT-14.3 the same without a guard step.
STRIKE = tuple(s for s in ATTACK if s not in ("guard", "w2"))
# PGT-14.1 (1) occur, (2) window, (3)-(5) no check is needed, (6) apply.
EFFECT = ("targets", "pay", "w1", "apply", "end")
ORDER = {"attack": ATTACK, "strike": STRIKE, "effect": EFFECT}
NEXT = {kind: dict(pairwise(order)) for kind, order in ORDER.items()}


@automatic("proc")
def run(st: PgtState, pid: int) -> None:
    """Carry an ability in progress through its steps until one waits for something (a
    decision or another step it put on the stack) or the game is over. Going on here
    does what the step machine would do next, without handing back to it each time."""
    p, stack = st.procs[pid], st.stack
    order = NEXT[p["kind"]]
    step = ("proc", pid)
    while True:
        stage = p["stage"]
        if stage == "end":
            st.procs.pop()  # abilities nest, so the one ending is always the innermost
            return
        p["stage"] = order[stage]
        stack.append(step)
        STAGES[stage](st, pid, p)
        if st.result is not None or stack[-1] is not step:
            return
        stack.pop()


def stage_window(st: PgtState, pid: int, p: dict) -> None:
    """PGT-14.2.2 / 14.2.4 / 14.2.9 / 14.1.2 both players may use abilities, turn player
    first; inside a reroll window only rerolls (PGT-14.2.7)."""
    check = p["check"] if p["mode"] == "reroll" else -1
    st.stack.append(("win", st.turn_player, 0, p["mode"], check))


# -- the combat phase (PGT-7.3, PGT-14.2.1) --------------------------------------------


def _combat_actions(st: PgtState, seat: int) -> list[Action]:
    """PGT-9.5.1 one Ａ ability of one untapped face-up character, with a target in
    range (PGT-10.2); PGT-GAP-10 not attacking is allowed."""
    acts = []
    for slot, inst in enumerate(st.field[seat]):
        if inst < 0 or not st.up[inst] or st.tapped[inst]:
            continue
        card = st.card(inst)
        for index, ab in enumerate(card.abilities):
            if ab.is_attack and candidates(st, seat, inst, ab, ()):
                acts.append(card.action(_attack_action, slot, index))
    if acts:
        acts.append(NO_ATTACK)
    return acts


NO_ATTACK = say("no attack", "no_attack")


def attack_problem(st: PgtState, seat: int, inst: int, ab) -> Why | None:
    """Why an Ａ ability cannot be the attack now (what `_combat_actions` tests), or
    None if it can."""
    if not st.up[inst]:  # PGT-12.2 / PGT-12.4 a face-down character has no printed ability
        return why("face_down", "PGT-12.4")
    if st.tapped[inst]:  # PGT-9.5.1 one untapped character
        return why("tapped", "PGT-9.5.1")
    if not candidates(st, seat, inst, ab, ()):  # PGT-10.2 an enemy within range
        return why("out_of_range", "PGT-10.2", range=ab.range)
    return None


def _attack_action(card, slot: int, index: int) -> Action:
    return say(
        f"attack {SLOTS[slot]} {index + 1}",
        "attack",
        card=card,
        ability=(text, card.abilities[index]),
    )


@decision("combat", _combat_actions)
def declare(st: PgtState, action: Action, seat: int) -> None:
    if action.id == "no attack":
        st.emit("no_attack", seat=seat)
        return
    _, slot, number = action.id.split(" ")
    st.attacked = True
    new_proc(st, "attack", seat, st.field[seat][SLOTS.index(slot)], int(number) - 1)


# -- guard (PGT-10.3, PGT-14.2.3, PGT-GAP-8, PGT-GAP-21) ---------------------------------


def may_guard(st: PgtState, guard: int, target: int) -> bool:
    """PGT-GAP-8 orthogonally next to the target in its row, or in front of a back-row
    target; "護衛" guards anyone of its party."""
    if st.keyword(guard, "bodyguard"):
        return True
    a, b = st.slot(guard), st.slot(target)
    if a // 3 == b // 3:
        return abs(a - b) == 1
    if a % 3 != b % 3:
        return False
    return a < 3 or st.options["guard_from_behind"]


def _guard_actions(st: PgtState, seat: int, pid: int) -> list[Action]:
    p = st.procs[pid]
    targets = p["targets"]
    acts = []
    for index, target in enumerate(targets):
        if index in p["guarded"] or st.loc[target] < 0:
            continue  # a guard is not guarded in turn
        for guard in st.field[seat]:
            free = guard >= 0 and not st.tapped[guard] and guard not in targets
            if free and may_guard(st, guard, target):
                g, t = SLOTS[st.slot(guard)], SLOTS[st.slot(target)]
                acts.append(
                    say(f"guard {g} {t}", "guard", target=t, guard=g, **seen(st, guard, seat))
                )
    if acts:
        acts.append(NO_GUARD)
    return acts


NO_GUARD = say("no guard", "no_guard")


def stage_guard(st: PgtState, pid: int, p: dict) -> None:
    st.stack.append(("guard", 1 - p["seat"], pid))


@decision("guard", _guard_actions)
def guard(st: PgtState, action: Action, seat: int, pid: int) -> None:
    """The guard taps and becomes the target (range is not checked again, PGT-13.9.5)."""
    if action.id == "no guard":
        return
    _, g, t = action.id.split(" ")
    p = st.procs[pid]
    guard_inst, target = st.field[seat][SLOTS.index(g)], st.field[seat][SLOTS.index(t)]
    index = p["targets"].index(target)
    st.tapped[guard_inst] = True
    targets = list(p["targets"])
    targets[index] = guard_inst
    p["targets"] = tuple(targets)
    p["guarded"] = (*p["guarded"], index)
    st.emit("guard", seat=seat, guard=st.ref(guard_inst), target=st.ref(target))
    st.stack.append(("guard", seat, pid))


# -- Innocence (PGT-13.10, PGT-14.2.5, PGT-14.3.3) ----------------------------------------


def stage_innocence(st: PgtState, pid: int, p: dict) -> None:
    if p["mode_pm"] != "P" or p["invalid"]:
        return
    for target in reversed(p["targets"]):
        if st.loc[target] >= 0 and st.keyword(target, "innocence"):
            st.stack.append(("innocence", st.owner(target), pid, target))


def _keyword_actions(word: str):
    def actions(st: PgtState, seat: int, pid: int, inst: int) -> list[Action]:
        p = st.procs[pid]
        attacker = p["actor"]
        if st.loc[inst] < 0 or st.loc[attacker] < 0 or not st.keyword(inst, word):
            return []
        if word == "innocence" and p["invalid"]:
            return []
        back_row = st.slot(inst) >= 3 or st.slot(attacker) >= 3
        if word == "counter" and st.options["counter_needs_range1"] and back_row:
            return []  # PGT-GAP-18 a range-1 attack: both in their front rows
        strike = st.keyword(inst, word).strike
        return [
            say(word, "strike_back", word=word, card=st.card(inst), strike=(strike_text, strike)),
            say("decline", "decline", word=word),
        ]

    return actions


def _strike_back(st: PgtState, word: str, seat: int, pid: int, inst: int) -> None:
    p = st.procs[pid]
    index = st.card(inst).abilities.index(st.keyword(inst, word))
    new_proc(
        st,
        "strike",
        seat,
        inst,
        index,
        stage="pay",
        targets=(p["actor"],),
        purpose=word,
        parent=pid,
    )


@decision("innocence", _keyword_actions("innocence"))
def innocence(st: PgtState, action: Action, seat: int, pid: int, inst: int) -> None:
    """A range-3 mental attack on the attacker first (PGT-GAP-14: dice from the card)."""
    if action.id == "innocence":
        _strike_back(st, "innocence", seat, pid, inst)


# -- the action check (PGT-11, PGT-14.2.6 - 14.2.8) ---------------------------------------


def _dice_actions(st: PgtState, seat: int, pid: int) -> list[Action]:
    """PGT-11.4 roll any number of dice up to n; PGT-GAP-6 at least one, declared first."""
    p = st.procs[pid]
    n = p["dice"]
    return [] if n == 1 else list(_dice_choices(n, p["mod"]))


@cache
def _dice_choices(n: int, mod: int) -> tuple[Action, ...]:
    suffix = f"{mod:+d}" if mod else ""
    return tuple(say(f"roll {k}", "roll", k=k, n=n, mod=suffix) for k in range(1, n + 1))


def roll(st: PgtState, pid: int, k: int) -> None:
    p = st.procs[pid]
    p["k"] = k
    p["faces"] = tuple(st.rng.roll(6, "dice") for _ in range(k))
    st.emit("roll", seat=p["seat"], dice=k, mod=p["mod"], faces=list(p["faces"]))


def _roll_one(st: PgtState, seat: int, pid: int) -> None:
    roll(st, pid, 1)


@decision("dice", _dice_actions, _roll_one)
def choose_dice(st: PgtState, action: Action, seat: int, pid: int) -> None:
    roll(st, pid, int(action.id.split(" ")[1]))


def stage_check(st: PgtState, pid: int, p: dict) -> None:
    st.stack.append(("dice", p["seat"], pid))


def stage_reroll(st: PgtState, pid: int, p: dict) -> None:
    """PGT-14.2.7 / 14.3.5 only reroll abilities (PGT-GAP-24)."""
    st.stack.append(("win", st.turn_player, 0, "reroll", pid))


def stage_fumble(st: PgtState, pid: int, p: dict) -> None:
    """PGT-14.2.8 a fumble is 0, a critical hit 99, and an invalid attack 0."""
    value = roll_value(p["faces"], p["mod"])
    if p["invalid"]:
        value = 0
    p["value"] = value
    faces = p["faces"]
    st.emit(
        "check",
        seat=p["seat"],
        faces=list(faces),
        mod=p["mod"],
        value=value,
        fumble=1 in faces,
        critical=all(f == 6 for f in faces),
        invalid=p["invalid"],
    )


# -- comparing and Counter (PGT-14.2.10, PGT-14.2.11) ------------------------------------


def stage_compare(st: PgtState, pid: int, p: dict) -> None:
    """Attack power >= the defence it reads retires the target (PGT-13.12, 13.13);
    PGT-GAP-21 one comparison per target of the one check."""
    failed = []
    invalid_fails = p["invalid"] and st.options["invalid_always_fails"]  # PGT-GAP-16
    for target in p["targets"]:
        if st.loc[target] < 0:
            continue  # PGT-14.1.6 a target gone from the field is not compared
        defence = st.defence(target, p["mode_pm"])
        defence = compared_defence(st, p, target, defence)  # 特攻 and 耐性 (PGT-GAP-21)
        success = p["value"] >= defence and not invalid_fails
        st.emit(
            "compare",
            seat=p["seat"],
            target=st.ref(target),
            value=p["value"],
            defence=defence,
            mode=p["mode_pm"],
            success=success,
        )
        if not success:
            failed.append(target)
        elif p["purpose"] == "innocence":
            innocence_succeeds(st, p, target)
        else:
            turn.retire(st, target, p["purpose"] or p["kind"])
        if st.result is not None:
            return
    p["failed"] = tuple(failed)


def innocence_succeeds(st: PgtState, p: dict, attacker: int) -> None:
    """PGT-13.10 the physical attack becomes invalid; PGT-GAP-15 the attacker stays
    unless the innocence_retires option says otherwise."""
    st.procs[p["parent"]]["invalid"] = True
    st.emit("invalid", at=st.ref(attacker))
    if st.options["innocence_retires"]:
        turn.retire(st, attacker, "innocence")


def stage_counter(st: PgtState, pid: int, p: dict) -> None:
    """PGT-14.2.11 a failed physical attack on a character with Counter."""
    if p["mode_pm"] != "P":
        return
    for target in reversed(p["failed"]):
        st.stack.append(("counter", st.owner(target), pid, target))


def _counter_actions(st: PgtState, seat: int, pid: int, inst: int) -> list[Action]:
    if seat < 0:
        return []
    return _keyword_counter(st, seat, pid, inst)


_keyword_counter = _keyword_actions("counter")


@decision("counter", _counter_actions)
def counter(st: PgtState, action: Action, seat: int, pid: int, inst: int) -> None:
    """PGT-13.11 a range-1 physical attack back; success retires the attacker."""
    if action.id == "counter":
        _strike_back(st, "counter", seat, pid, inst)


STAGES = {
    "targets": abilities.stage_targets,
    "pay": abilities.stage_pay,
    "w1": stage_window,
    "w2": stage_window,
    "w3": stage_window,
    "guard": stage_guard,
    "innocence": stage_innocence,
    "check": stage_check,
    "reroll": stage_reroll,
    "fumble": stage_fumble,
    "compare": stage_compare,
    "counter": stage_counter,
    "apply": abilities.stage_apply,
}
