"""Activated abilities: activation windows (PGT-9.7-9.9, PGT-GAP-13), using an ability
(PGT-9.6, PGT-14.1), flipping face-down characters (PGT-12) with their Ｒ abilities
(PGT-9.5.3, PGT-GAP-19), and the effects that carry no attack power."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.pgt import formation, turn
from tcglab.games.pgt.messages import ability_ja, name_ja
from tcglab.games.pgt.notation import describe
from tcglab.games.pgt.procedure import decision

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

FLIP = -1  # PGT-12.2 the one ability of a face-down character: "０：このキャラを表向きにする"
SLOTS = ("F1", "F2", "F3", "B1", "B2", "B3")
MAX_DICE = 10  # the most dice one check may roll here, boosts included


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


def ability_of(st: PgtState, proc: dict):
    return None if proc["ab"] < 0 else st.card(proc["actor"]).abilities[proc["ab"]]


# -- what may be used now ----------------------------------------------------------------


def pending_check(st: PgtState, seat: int, own: bool) -> int:
    """The innermost attack or strike of `seat` (own) or of the opponent whose check is
    still to be rolled: what an attack boost or a disruption acts on (PGT-11.5)."""
    for pid in range(len(st.procs) - 1, -1, -1):
        p = st.procs[pid]
        waiting = (
            p["kind"] != "effect" and p["faces"] is None and p["stage"] not in ("targets", "pay")
        )
        if waiting and (p["seat"] == seat) == own:
            return pid
    return -1


def payable(st: PgtState, inst: int, index: int, ab) -> bool:
    """PGT-9.5 the activation condition can be met now."""
    if ab.taps and st.tapped[inst]:
        return False
    if ab.counter_cost:
        have = dict(st.counters.get(inst, ()))
        if any(have.get(name, 0) < n for name, n in ab.counter_cost):
            return False
    return not (ab.once_per_round and (inst, index) in st.used)


def has_targets(st: PgtState, seat: int, inst: int, ab) -> bool:
    kind = ab.target_kind
    return kind == "none" or bool(candidates(st, seat, inst, ab, ()))


def candidates(st: PgtState, seat: int, inst: int, ab, chosen: tuple) -> list[int]:
    """Legal targets (PGT-9.6): enemies in range for attack power (PGT-13.9), friendly
    characters, or face-down enemies."""
    kind = ab.target_kind
    if kind == "ally":
        return [i for i in st.field[seat] if i >= 0 and i not in chosen]
    enemy = [i for i in st.field[1 - seat] if i >= 0 and i not in chosen]
    if kind == "enemy_face_down":
        bit = 1 << seat
        peek = ab.effects[0] == ("named", "peek")
        return [i for i in enemy if not st.up[i] and not (peek and st.known[i] & bit)]
    row = 0 if st.slot(inst) < 3 else 1
    reach = ab.range
    return [i for i in enemy if row + 1 + (st.slot(i) >= 3) <= reach]  # PGT-13.8


def usable(st: PgtState, seat: int, mode: str, check: int) -> list[Action]:
    """The abilities `seat` may use in a window: any while their condition is met
    (PGT-9.7), but only rerolls in a reroll window (PGT-14.2.7, PGT-GAP-24)."""
    acts = []
    procs = st.procs
    boost = disrupt = None
    flipping = [p["actor"] for p in procs if p["ab"] == FLIP]
    for slot, inst in enumerate(st.field[seat]):
        if inst < 0:
            continue
        if not st.up[inst]:
            if mode == "normal" and inst not in flipping:  # PGT-12.3 turn up whenever you like
                card = st.card(inst)
                acts.append(_flip_action(slot, card.name_en, card.name_ja))
            continue
        for index, ab in st.card(inst).in_windows:
            kind = ab.kind
            if mode == "reroll":
                if kind != "reroll":
                    continue
                own = procs[check]["seat"] == seat
                if own != (ab.effects[0][0] == "reroll"):
                    continue
            elif kind == "reroll":
                continue
            elif kind == "boost":
                if boost is None:
                    boost = pending_check(st, seat, True)
                if boost < 0:
                    continue
            elif kind == "disrupt":
                if disrupt is None:
                    disrupt = pending_check(st, seat, False)
                if disrupt < 0:
                    continue
            if payable(st, inst, index, ab) and has_targets(st, seat, inst, ab):
                card = st.card(inst)
                acts.append(_use_action(slot, index, card.name_en, card.name_ja, ab))
    return acts


@cache
def _flip_action(slot: int, en: str, ja: str) -> Action:
    return Action(f"flip {SLOTS[slot]}", f"Turn {en} face-up", f"{ja}を表向きにする")


@cache
def _use_action(slot: int, index: int, en: str, ja: str, ab) -> Action:
    where = SLOTS[slot]
    return Action(
        f"use {where} {index + 1}",
        f"{en} ({where}): {describe(ab)}",
        f"{ja}（{where}）：{ability_ja(ab)}",
    )


# -- activation windows (PGT-9.8, PGT-14.1.2, PGT-GAP-13) ---------------------------------


PASS = Action("pass", "Use no ability now", "今は能力を使わない")


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
    if ab.kind == "reroll":
        check = check if mode == "reroll" else -1
    elif ab.kind in ("boost", "disrupt"):
        check = pending_check(st, seat, ab.kind == "boost")
    new_proc(st, kind, seat, inst, index, mode=mode, check=check)


# -- choosing targets and meeting the condition (PGT-14.1.1, PGT-14.2.1) ------------------


def _target_actions(st: PgtState, seat: int, pid: int) -> list[Action]:
    p = st.procs[pid]
    ab = ability_of(st, p)
    chosen = p["targets"]
    if len(chosen) >= ab.max_targets:
        return []
    acts = [
        _target_action(st.ref(i), st.name(i, seat))
        for i in candidates(st, seat, p["actor"], ab, chosen)
    ]
    if acts and chosen:
        n = len(chosen)
        acts.append(
            Action("done", f"No more targets ({n} chosen)", f"対象の選択を終える（{n}人選択済み）")
        )
    return acts


@cache
def _target_action(ref: str, name: str) -> Action:
    return Action(f"target {ref}", f"Target {name}", f"{name_ja(name)}を対象にする")


@decision("target", _target_actions)
def choose_target(st: PgtState, action: Action, seat: int, pid: int) -> None:
    if action.id == "done":
        return
    p = st.procs[pid]
    p["targets"] = (*p["targets"], st.at(action.id.split(" ")[1]))
    st.stack.append(("target", seat, pid))


def stage_targets(st: PgtState, pid: int, p: dict) -> None:
    ab = ability_of(st, p)
    if ab is not None and ab.target_kind != "none":
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
    text = "０：このキャラを表向きにする" if ab is None else ab.text
    st.emit(
        "use",
        seat=p["seat"],
        actor=st.ref(inst),
        name=st.name(inst, None),
        process=p["kind"],
        purpose=p["purpose"],
        ability=text,
        targets=[st.ref(t) for t in p["targets"]],
    )


def set_counters(st: PgtState, inst: int, have: dict) -> None:
    kept = tuple(sorted((k, v) for k, v in have.items() if v > 0))
    if kept:
        st.counters[inst] = kept
    else:
        st.counters.pop(inst, None)


# -- applying an effect (PGT-14.1.6) -----------------------------------------------------


def still_legal(st: PgtState, p: dict, target: int) -> bool:
    """A target is illegal once it left the field, or a face-down target was turned up."""
    if st.loc[target] < 0:
        return False
    ab = ability_of(st, p)
    return ab is None or ab.target_kind != "enemy_face_down" or not st.up[target]


def stage_apply(st: PgtState, pid: int, p: dict) -> None:
    """PGT-14.1.6 apply the effect, unless every target first chosen became illegal."""
    targets = p["targets"]
    if targets and not any(still_legal(st, p, t) for t in targets):
        st.emit("fizzle", seat=p["seat"], ability=ability_of(st, p).text)
        return
    ab = ability_of(st, p)
    if ab is None:
        if st.loc[p["actor"]] >= 0 and not st.up[p["actor"]]:
            flip(st, p["actor"])
        return
    for effect in ab.effects:
        EFFECTS[effect[0]](st, p, effect)


def flip(st: PgtState, inst: int) -> None:
    """PGT-12.3 turn face-up for good; PGT-GAP-19 its Ｒ abilities may then be used."""
    st.up[inst] = True
    st.known[inst] = 0xFF
    card = st.card(inst)
    st.emit("flip", seat=st.owner(inst), at=st.ref(inst), card=card.id, name=card.name_en)
    if any(ab.on_flip for ab in card.abilities):
        st.stack.append(("r_use", st.owner(inst), inst, 0))


def _r_actions(st: PgtState, seat: int, inst: int, done: int) -> list[Action]:
    if st.loc[inst] < 0 or not st.up[inst]:
        return []
    acts = []
    slot = SLOTS[st.slot(inst)]
    for index, ab in enumerate(st.card(inst).abilities):
        if ab.on_flip and not done & (1 << index) and has_targets(st, seat, inst, ab):
            if ab.kind == "boost" and pending_check(st, seat, True) < 0:
                continue
            if ab.kind in ("reroll", "disrupt"):
                continue
            acts.append(
                Action(
                    f"use {slot} {index + 1}",
                    f"On flip: {describe(ab)}",
                    ability_ja(ab),  # it starts with 表向きにした時
                )
            )
    if acts:
        acts.append(Action("skip", "Use no on-flip ability", "表向きにした時の能力を使わない"))
    return acts


@decision("r_use", _r_actions)
def use_on_flip(st: PgtState, action: Action, seat: int, inst: int, done: int) -> None:
    """PGT-9.5.3 an Ｒ ability, used at once as the character turns face-up."""
    if action.id == "skip":
        return
    index = int(action.id.split(" ")[2]) - 1
    st.stack.append(("r_use", seat, inst, done | (1 << index)))
    begin(st, seat, action.id)


def _boost(st, p, e):
    """PGT-11.5 folded into the target attack's single check."""
    target = st.procs[p["check"]] if 0 <= p["check"] < len(st.procs) else None
    if target is None or target["faces"] is not None:
        st.emit("fizzle", seat=p["seat"], ability=ability_of(st, p).text)
        return
    target["dice"] = min(MAX_DICE, target["dice"] + (e[1] if e[0] == "boost" else 0))
    target["mod"] += e[2] if e[0] == "boost" else e[1]
    st.emit(
        "boost",
        seat=p["seat"],
        of=target["seat"],
        dice=target["dice"],
        mod=target["mod"],
    )


def _reroll(st, p, e):
    """PGT-14.2.7 reroll the check's dice, then the check is read again."""
    target = st.procs[p["check"]]
    target["faces"] = tuple(st.rng.roll() for _ in range(target["k"]))
    st.emit("reroll", seat=p["seat"], of=target["seat"], faces=list(target["faces"]))


def _defence(st, p, e):
    target = p["targets"][0]
    dp, dm = st.mods.get(target, (0, 0))
    st.mods[target] = (dp + e[2], dm) if e[1] == "P" else (dp, dm + e[2])
    st.emit("defence", at=st.ref(target), mode=e[1], amount=e[2])


def _add_counters(st, p, e):
    inst = p["actor"]
    if st.loc[inst] < 0:
        return
    have = dict(st.counters.get(inst, ()))
    have[e[1]] = have.get(e[1], 0) + e[2]
    set_counters(st, inst, have)
    st.emit("counters", at=st.ref(inst), name=e[1], count=have[e[1]])


def _reveal(st, p, e):
    for target in p["targets"]:
        if st.loc[target] >= 0 and not st.up[target]:
            flip(st, target)


def _hide(st, p, e):
    inst = p["actor"]
    if st.loc[inst] >= 0 and st.up[inst]:
        st.up[inst] = False  # everyone who saw it still knows it
        st.emit("hide", at=st.ref(inst), name=st.card(inst).name_en)


def _draw(st, p, e):
    for _ in range(e[1]):
        formation.draw(st, p["seat"])


def _named(st, p, e):
    seat, inst = p["seat"], p["actor"]
    if e[1] == "peek":
        target = p["targets"][0]
        st.known[target] |= 1 << seat
        card = st.card(target)
        st.emit(
            "peek", {seat: {"card": card.id, "name": card.name_en}}, seat=seat, at=st.ref(target)
        )
    elif e[1] == "recall" and st.loc[inst] >= 0:
        at = st.ref(inst)
        owner = turn.leave_field(st, inst)
        st.hands[owner].append(inst)
        st.up[inst] = False
        st.emit("recall", seat=owner, at=at, name=st.card(inst).name_en)


EFFECTS = {
    "boost": _boost,
    "disrupt": _boost,
    "reroll": _reroll,
    "enemy_reroll": _reroll,
    "defence": _defence,
    "add_counters": _add_counters,
    "reveal": _reveal,
    "hide": _hide,
    "draw": _draw,
    "named": _named,
}
