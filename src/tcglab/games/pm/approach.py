"""The approach phase (PM-1.10.6): declaring an approach, alone or linked, the
timings between its steps, obstruction, the point for an unobstructed approach, the
exit check and [ブレイク] point cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.unavailable import Why, why
from tcglab.games.pm import effects, paying, plays, turn, values
from tcglab.games.pm.places import in_main, retire
from tcglab.games.pm.procedure import automatic, decision
from tcglab.games.pm.words import say

END = say("end", "end")
LET_THROUGH = say("let through", "let_through")

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Card
    from tcglab.games.pm.state import PMState


def can_approach(st: PMState, seat: int, inst: int) -> bool:
    """PM-1.10.6.1 a. not appeared this turn (PM-1.11.1 [アクティブ] lifts this, card
    text winning over the rules by PM-1.3.1), b. in the turn player's main area,
    c. active."""
    if inst not in st.main[seat] or st.rested[inst]:
        return False
    return st.entered[inst] != st.turn or st.is_active_keyword(inst)


def approach_problem(st: PMState, seat: int, inst: int) -> Why | None:
    """Why a character of the turn player's main area cannot approach now (the tests of
    PM-1.10.6.1 that `can_approach` makes), or None if it can."""
    if st.rested[inst]:  # c. active
        return why("rested_approach", "PM-1.10.6.1")
    if st.entered[inst] == st.turn and not st.is_active_keyword(inst):  # a. (PM-1.11.1)
        return why("appeared", "PM-1.10.6.1")
    return None


def link_partners(st: PMState, seat: int, inst: int, ready: list[int]) -> list[int]:
    """PM-1.11.6 / PM-GAP-18 (c, d) an approach-capable main character with the
    named name or trait and without [コンビ]."""
    link = st.card(inst).link
    if not link:
        return []
    return [
        other
        for other in ready
        if other != inst
        and not st.card(other).combi
        and (link in st.card(other).names or link in st.card(other).traits)
    ]


def _declare_actions(st: PMState, seat: int) -> list[Action]:
    # PM-1.10.2 (2) no approach on the first player's turn 1, whatever the cards say
    # (PM-1.3.2: card text never overrides this).
    if turn.first_turn(st, seat):
        return []
    ready = [i for i in st.main[seat] if can_approach(st, seat, i)]
    if not ready:
        return []
    acts = []
    for inst, (ap, dp) in zip(ready, values.main_values(st, seat, ready), strict=True):
        card = st.card(inst)
        acts.append(say(f"approach {st.ref(inst)[3:]}", "approach", card=card, ap=ap, dp=dp))
    for inst in ready:
        for other in link_partners(st, seat, inst, ready):
            link = f"link {st.ref(inst)[3:]}+{st.ref(other)[3:]}"
            acts.append(say(link, "link", one=st.card(inst), two=st.card(other)))
    acts.append(END)
    return acts


@decision("approach_declare", _declare_actions)
def declare(st: PMState, action: Action, seat: int) -> None:
    """PM-1.10.6.1 rest the character(s) and declare; PM-GAP-5 after the approach the
    turn player may declare again; not declaring moves on to turn-end processing."""
    if action.id == "end":
        st.emit("no_approach", seat=seat)
        return
    refs = action.id.split(" ")[1].split("+")
    chosen = tuple(st.at(f"p{seat + 1}.{ref}") for ref in refs)
    for inst in chosen:
        st.rested[inst] = True
    st.approach = chosen
    st.obstructor = -1
    st.emit(
        "approach",
        seat=seat,
        actors=[st.ref(i) for i in chosen],
        names=[st.name(i) for i in chosen],
        values=[list(st.values(i)) for i in chosen],
    )
    opp = 1 - seat
    if st.options["approaches"] == "repeat":
        st.stack.append(("approach_declare", seat))
    st.stack.append(("approach_done", seat))
    st.stack.append(("window", seat, "approach", 0, 6))
    st.stack.append(("exit_check", seat))
    st.stack.append(("window", seat, "approach", 0, 4))
    st.stack.append(("obstruct_step", opp))
    st.stack.append(("window", seat, "approach", 0, 2))
    if st.hand[opp]:
        st.stack.append(("interrupt", opp, "approach", chosen[0]))


def broken(st: PMState) -> bool:
    """PM-GAP-8 a participant left the main area: no exit check and no point."""
    return any(not in_main(st, i) for i in st.approach) or (
        st.obstructor >= 0 and not in_main(st, st.obstructor)
    )


def abandon(st: PMState) -> None:
    """Skip to the end of this approach (the official ruling in PM-GAP-8)."""
    st.emit("approach_broken", seat=st.current)
    while st.stack and st.stack[-1][0] != "approach_done":
        st.stack.pop()


def obstructors(st: PMState, seat: int) -> list[int]:
    """PM-1.10.6.3 a. in the non-turn player's main area, b. active; PM-1.11.2 not of
    current cost X or less against an approacher with [天然X] (PM-GAP-17)."""
    found = []
    for inst in st.main[seat]:
        if st.rested[inst]:
            continue
        cost = st.cost(inst)
        if any(st.card(a).natural is not None and cost <= st.card(a).natural for a in st.approach):
            continue
        found.append(inst)
    return found


@automatic("obstruct_step")
def obstruct_step(st: PMState, seat: int) -> None:
    if broken(st):
        abandon(st)
    elif obstructors(st, seat):
        st.stack.append(("obstruct", seat))
    else:
        unobstructed(st, seat)


def _obstruct_actions(st: PMState, seat: int) -> list[Action]:
    acts = []
    for inst in obstructors(st, seat):
        ap, dp = st.values(inst)
        card = st.card(inst)
        acts.append(say(f"obstruct {st.ref(inst)[3:]}", "obstruct", card=card, ap=ap, dp=dp))
    acts.append(LET_THROUGH)
    return acts


@decision("obstruct", _obstruct_actions)
def obstruct(st: PMState, action: Action, seat: int) -> None:
    """PM-1.10.6.3 rest a character to obstruct (one at most, PM-GAP-6), or let the
    approach through."""
    if action.id == "let through":
        unobstructed(st, seat)
        return
    inst = st.at(f"p{seat + 1}.{action.id.split(' ')[1]}")
    st.rested[inst] = True
    st.obstructor = inst
    ap, dp = st.values(inst)
    st.emit("obstruct", seat=seat, actor=st.ref(inst), name=st.name(inst), values=[ap, dp])


def unobstructed(st: PMState, seat: int) -> None:
    """PM-1.10.6.3 no obstruction: no exit check; the top card of the non-turn
    player's own deck goes face-up into their point area, one card even for a linked
    approach (PM-1.11.6, PM-GAP-7)."""
    st.emit("unobstructed", seat=seat)
    add_point(st, seat)


def add_point(st: PMState, seat: int) -> None:
    inst = st.deck[seat].pop()
    st.bottom[seat] = min(st.bottom[seat], len(st.deck[seat]))
    st.points[seat].append(inst)
    st.down[inst] = False
    card = st.card(inst)
    st.emit("point", seat=seat, card=card.id, name=card.name_en, total=len(st.points[seat]))
    turn.check_victory(st)
    if st.result is None and card.brk:
        st.stack.append(("break", seat, inst))


def _break_actions(st: PMState, seat: int, inst: int) -> list[Action]:
    card = st.card(inst)
    if st.down[inst] or not effects.usable(st, seat, card.text.effect, inst):
        return []
    if st.options["break_pays_cost"] and not paying.payable(st, seat, card.cost, "", inst, None):
        return []
    return [say("break", "break", card=card), say("keep", "leave_up", card=card)]


@decision("break", _break_actions)
def play_break(st: PMState, action: Action, seat: int, inst: int) -> None:
    """PM-1.11.3 / PM-GAP-15 a [ブレイク] event put face-up in the point area may be
    played at once, in any phase, by turning it face-down; that is its whole cost
    unless the option break_pays_cost is on. It still counts as a point (PM-GAP-14)."""
    if action.id == "keep":
        return
    st.down[inst] = True
    card = st.card(inst)
    st.emit("break", seat=seat, card=card.id, name=card.name_en, text=card.text_en)
    plays.push_effect(st, seat, inst, "break")
    if st.options["break_pays_cost"]:
        paying.push_pay(st, seat, inst, card.cost, "", False)


@automatic("exit_check")
def exit_check(st: PMState, seat: int) -> None:
    """PM-1.10.6.4 the exit check, made only after an obstruction (PM-GAP-7) with
    every participant still in a main area (PM-GAP-8)."""
    if st.obstructor < 0:
        return
    if broken(st):
        abandon(st)
        return
    blocker_ap = st.values(st.obstructor)[0]
    if len(st.approach) == 2 and blocker_ap > 0:
        st.stack.append(("allocate", 1 - seat))
    else:
        settle(st, (blocker_ap,) * len(st.approach))


def _allocate_actions(st: PMState, seat: int) -> list[Action]:
    """PM-1.11.6 / PM-GAP-18 (a) any split of the obstructor's AP over the pair."""
    total = st.values(st.obstructor)[0]
    first, second = (st.card(i) for i in st.approach)
    splits = [(part, total - part) for part in range(0, total + 1, 10)]
    if total % 10:
        splits.append((total, 0))
    return [_allocation(part, rest, first, second) for part, rest in splits]


def _allocation(part: int, rest: int, first: Card, second: Card) -> Action:
    return say(
        f"allocate {part}/{rest}", "allocate", part=part, rest=rest, first=first, second=second
    )


@decision("allocate", _allocate_actions)
def allocate(st: PMState, action: Action, seat: int) -> None:
    parts = tuple(int(p) for p in action.id.split(" ")[1].split("/"))
    st.emit("allocate", seat=seat, parts=list(parts))
    settle(st, parts)


def settle(st: PMState, blows: tuple[int, ...]) -> None:
    """PM-1.10.6.4 AP >= DP retires the DP side, both ways at once (PM-WE-1, PM-WE-2);
    a linked pair adds its APs against the obstructor (PM-1.11.6, PM-GAP-18 b). Exits
    are the only things that happen at the same time here, and their order changes
    nothing, so the turn player's choice of order (PM-1.9.1) never arises."""
    blocker = st.obstructor
    attack = sum(st.values(i)[0] for i in st.approach)
    gone = []
    if attack >= st.values(blocker)[1]:
        gone.append(blocker)
    for inst, blow in zip(st.approach, blows, strict=True):
        if blow >= st.values(inst)[1]:
            gone.append(inst)
    st.emit(
        "exit_check",
        seat=st.current,
        approach=attack,
        obstructor_dp=st.values(blocker)[1],
        blows=list(blows),
        retired=[st.ref(i) for i in gone],
    )
    retire(st, gone, "exit check")


@automatic("approach_done")
def approach_done(st: PMState, seat: int) -> None:
    st.approach = ()
    st.obstructor = -1
    st.emit("approach_over", seat=seat)
