"""Activated abilities: activation windows (PGT-9.7-9.9, PGT-GAP-13), using an ability
(PGT-9.6, PGT-14.1), and flipping face-down characters (PGT-12) with their Ｒ abilities
(PGT-9.5.3, PGT-GAP-19). What each kind of effect does, when and on what, is its part
(parts.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.unavailable import Why, why
from tcglab.games.pgt import parts
from tcglab.games.pgt.formation import SLOTS
from tcglab.games.pgt.messages import FLIP_TEXT
from tcglab.games.pgt.parts import ability_of, english, flip, set_counters
from tcglab.games.pgt.procedure import decision
from tcglab.games.pgt.words import say

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

FLIP = -1  # PGT-12.2 the one ability of a face-down character: "０：このキャラを表向きにする"


def new_proc(st: PgtState, kind: str, seat: int, actor: int, ab: int, **extra) -> int:
    """Start an ability in progress: 'attack' (PGT-14.2), 'strike' (an effect with attack
    power, PGT-14.3) or 'effect' (PGT-14.1)."""
    proc = {
        "kind": kind,
        "seat": seat,
        "actor": actor,
        "ab": ab,
        "stage": "targets",
        "targets": (),
        "mode": "normal",
        "check": -1,
        "guarded": (),
        "failed": (),
        "invalid": False,
        "purpose": "",
        "parent": -1,
        "k": 0,
        "faces": None,
        "value": None,
    }
    if ab >= 0:
        strike = st.card(actor).abilities[ab].strike
        if strike:
            proc.update(mode_pm=strike.mode, dice=strike.dice, mod=strike.modifier)
    proc.update(extra)
    st.procs.append(proc)
    st.stack.append(("proc", len(st.procs) - 1))
    return len(st.procs) - 1


# -- what may be used now ----------------------------------------------------------------


def condition_problem(st: PgtState, inst: int, index: int, ab) -> Why | None:
    """Why the activation condition cannot be met now (what `usable` tests), or None."""
    if ab.taps and st.tapped[inst]:  # PGT-9.5.1 / PGT-9.5.2 it taps to pay
        return why("tapped", "PGT-9.5.2")
    if ab.counter_cost:  # PGT-9.5.4 counters taken off it
        have = dict(st.counters.get(inst, ()))
        for name, n in ab.counter_cost:
            if have.get(name, 0) < n:
                held = have.get(name, 0)
                return why("counters", "PGT-9.5.4", name=name, en=english(name), need=n, have=held)
    if ab.once_per_round and (inst, index) in st.used:  # PGT-9.5.6 1ラウンド1回
        return why("once", "PGT-9.5.6")
    return None


def window_problem(st: PgtState, seat: int, inst: int, index: int, ab, aimed) -> Why | None:
    """Why an ability that could act in this window cannot be used now: its condition,
    or no legal target (PGT-9.6)."""
    reason = condition_problem(st, inst, index, ab)
    if reason is None and aimed is not None and not aimed.candidates(st, seat, inst, ab, ()):
        reason = why("no_target", "PGT-9.6")
    return reason


def has_targets(st: PgtState, seat: int, inst: int, ab) -> bool:
    return parts.aimed(ab) is None or bool(candidates(st, seat, inst, ab, ()))


def candidates(st: PgtState, seat: int, inst: int, ab, chosen: tuple) -> list[int]:
    """Legal targets (PGT-9.6), as the ability's aimed part names them: enemies in range
    for attack power (PGT-13.9), friendly characters, or face-down enemies."""
    part = parts.aimed(ab)
    return [] if part is None else part.candidates(st, seat, inst, ab, chosen)


@cython.locals(slot=cython.Py_ssize_t, inst=cython.Py_ssize_t)
def usable(st: PgtState, seat: int, mode: str, check: int) -> list[Action]:
    """The abilities `seat` may use in a window: any while their condition is met
    (PGT-9.7) and their lead part may act now (only rerolls in a reroll window,
    PGT-14.2.7, PGT-GAP-24; attack boosts only while the own attack waits, PGT-11.5)."""
    acts = []
    flipping = None  # the face-down characters already turning up (worked out if needed)
    cards, cid, up, tapped = st.cards.cards, st.cid, st.up, st.tapped
    for slot, inst in enumerate(st.field[seat]):
        if inst < 0:
            continue
        if not up[inst]:
            if mode == "normal":  # PGT-12.3 turn up whenever you like
                if flipping is None:
                    flipping = [p["actor"] for p in st.procs if p["ab"] == FLIP]
                if inst not in flipping:
                    acts.append(cards[cid[inst]].action(_flip_action, slot))
            continue
        card = cards[cid[inst]]
        # PGT-9.5 the activation condition can be met now: a tapped character cannot tap
        for index, ab, lead, aimed in card.untapped_windows if tapped[inst] else card.in_windows:
            if ab.counter_cost and not _counters_cover(st, inst, ab):
                continue
            if ab.once_per_round and (inst, index) in st.used:
                continue
            if lead.aim(st, seat, mode, check) is None:
                continue
            if aimed is None or aimed.candidates(st, seat, inst, ab, ()):
                acts.append(card.action(_use_action, slot, index))
    return acts


def _counters_cover(st: PgtState, inst: int, ab) -> bool:
    """PGT-9.5.4 the character holds the counters the ability takes off."""
    held = st.counters.get(inst)
    have = {} if held is None else dict(held)  # none on it, the usual case
    for name, n in ab.counter_cost:  # noqa: SIM110 (all(...) would build a generator)
        if have.get(name, 0) < n:
            return False
    return True


def _flip_action(card, slot: int, _index: int) -> Action:
    return say(f"flip {SLOTS[slot]}", "flip", card=card)


def _use_action(card, slot: int, index: int) -> Action:
    where, ab = SLOTS[slot], card.abilities[index]
    return say(f"use {where} {index + 1}", "use", card=card, where=where, ability=(parts.text, ab))


# -- activation windows (PGT-9.8, PGT-14.1.2, PGT-GAP-13) ---------------------------------


PASS = say("pass", "pass")


def _window_actions(st: PgtState, seat: int, passes: int, mode: str, check: int) -> list[Action]:
    acts = usable(st, seat, mode, check)
    if acts:
        acts.append(PASS)
    return acts


def _close_or_hand_over(st: PgtState, seat: int, passes: int, mode: str, check: int) -> None:
    """PGT-GAP-13 the window closes once both players have passed in a row."""
    if passes == 0:
        st.stack.append(("win", 1 - seat, 1, mode, check))


@decision("win", _window_actions, _close_or_hand_over)
def window(st: PgtState, action: Action, seat: int, passes: int, mode: str, check: int) -> None:
    """Players take turns to use one ability each, the turn player first (PGT-9.8); each
    is processed at once through its own steps, nested (PGT-14.1.2)."""
    if action.id == "pass":
        _close_or_hand_over(st, seat, passes, mode, check)
        return
    st.stack.append(("win", 1 - seat, 0, mode, check))
    begin(st, seat, action.id, mode, check)


def begin(st: PgtState, seat: int, action_id: str, mode: str = "normal", check: int = -1) -> None:
    verb, slot, *rest = action_id.split(" ")
    inst = st.field[seat][SLOTS.index(slot)]
    if verb == "flip":
        new_proc(st, "effect", seat, inst, FLIP, stage="pay")
        return
    index = int(rest[0]) - 1
    ab = st.card(inst).abilities[index]
    kind = "strike" if ab.strike else "effect"
    aim = parts.lead(ab).aim(st, seat, mode, check)  # the check it acts on, if any
    new_proc(st, kind, seat, inst, index, mode=mode, check=aim)


# -- choosing targets and meeting the condition (PGT-14.1.1, PGT-14.2.1) ------------------


def _target_actions(st: PgtState, seat: int, pid: int) -> list[Action]:
    p = st.procs[pid]
    ab = ability_of(st, p)
    chosen = p["targets"]
    if len(chosen) >= ab.max_targets:
        return []
    bit, cards, cid, loc, known = 1 << seat, st.cards.cards, st.cid, st.loc, st.known
    acts = []
    for i in candidates(st, seat, p["actor"], ab, chosen):
        # the target as `seen` names it: by its card if `seat` knows it, else its place
        at = loc[i]
        acts.append(
            cards[cid[i]].action(_target_action, at % 6, at // 6 * 2 + bool(known[i] & bit))
        )
    if acts and chosen:
        acts.append(say("done", "done", n=len(chosen)))
    return acts


def _target_action(card, slot: int, index: int) -> Action:
    """Target this character, at `slot` of seat index // 2, named by its card if the
    chooser knows it (index odd) and else by its place (`words.seen`)."""
    ref = f"P{index // 2 + 1}.{SLOTS[slot]}"
    if index % 2:
        return say(f"target {ref}", "target", card=card)
    return say(f"target {ref}", "target", where=ref)


@decision("target", _target_actions)
def choose_target(st: PgtState, action: Action, seat: int, pid: int) -> None:
    if action.id == "done":
        return
    p = st.procs[pid]
    p["targets"] = (*p["targets"], st.at(action.id.split(" ")[1]))
    st.stack.append(("target", seat, pid))


def stage_targets(st: PgtState, pid: int, p: dict) -> None:
    ab = ability_of(st, p)
    if ab is not None and parts.aimed(ab) is not None:
        st.stack.append(("target", p["seat"], pid))


def stage_pay(st: PgtState, pid: int, p: dict) -> None:
    """The condition is met and the effect or attack has occurred (PGT-14.1.1): tap for
    Ａ/Ｔ (PGT-9.5.1, 9.5.2), remove counters (PGT-9.5.4), mark a once-a-round use."""
    inst, ab = p["actor"], ability_of(st, p)
    if ab is not None:
        if ab.taps:
            st.tapped[inst] = True
        if ab.counter_cost:
            have = dict(st.counters.get(inst, ()))
            for name, n in ab.counter_cost:
                have[name] -= n
            set_counters(st, inst, have)
        if ab.once_per_round:
            st.used = (*st.used, (inst, p["ab"]))
    text = FLIP_TEXT if ab is None else ab.text
    st.emit(
        "use",
        {p["seat"]: {"card": st.card(inst).id}},  # the user knows its own character
        seat=p["seat"],
        actor=st.ref(inst),
        name=st.name(inst, None),
        process=p["kind"],
        purpose=p["purpose"],
        ability=text,
        targets=[st.ref(t) for t in p["targets"]],
    )


# -- applying an effect (PGT-14.1.6) -----------------------------------------------------


def still_legal(st: PgtState, p: dict, target: int) -> bool:
    """A target is illegal once it left the field, or as its part says (a face-down
    target turned up)."""
    ab = ability_of(st, p)
    part = None if ab is None else parts.aimed(ab)
    return st.loc[target] >= 0 if part is None else part.still_legal(st, target)


def stage_apply(st: PgtState, pid: int, p: dict) -> None:
    """PGT-14.1.6 apply the effect, unless every target first chosen became illegal."""
    targets = p["targets"]
    ab = ability_of(st, p)
    if targets and not any(still_legal(st, p, t) for t in targets):
        parts.fizzle(st, p)
        return
    if ab is None:
        if st.loc[p["actor"]] >= 0 and not st.up[p["actor"]]:
            flip(st, p["actor"])
        return
    parts.apply(st, p, ab)


def _r_actions(st: PgtState, seat: int, inst: int, done: int) -> list[Action]:
    if st.loc[inst] < 0 or not st.up[inst]:
        return []
    acts = []
    slot = SLOTS[st.slot(inst)]
    for index, ab in enumerate(st.card(inst).abilities):
        if ab.on_flip and not done & (1 << index) and has_targets(st, seat, inst, ab):
            if parts.lead(ab).aim(st, seat, "flip", -1) is None:
                continue  # rerolls only in the reroll step (PGT-GAP-24); no disruption on a flip
            acts.append(say(f"use {slot} {index + 1}", "on_flip", ability=(parts.text, ab)))
    if acts:
        acts.append(SKIP)
    return acts


SKIP = say("skip", "skip")


@decision("r_use", _r_actions)
def use_on_flip(st: PgtState, action: Action, seat: int, inst: int, done: int) -> None:
    """PGT-9.5.3 an Ｒ ability, used at once as the character turns face-up."""
    if action.id == "skip":
        return
    index = int(action.id.split(" ")[2]) - 1
    st.stack.append(("r_use", seat, inst, done | (1 << index)))
    begin(st, seat, action.id)
