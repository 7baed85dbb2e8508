"""What card texts do: a small set of data-driven effects (buff, set, swap, draw,
rest, activate, cost_down, retire, negate) and named effects written in Python
(`script`). Every effect lasting "until end of turn" ends with turn-end processing
(PM-GAP-20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pm import turn

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Effect
    from tcglab.games.pm.state import PMState


def participants(st: PMState) -> list[int]:
    """The characters taking part in the current approach, still in a main area."""
    chosen = list(st.approach) + ([st.obstructor] if st.obstructor >= 0 else [])
    return [i for i in chosen if i in st.main[i // 60]]


def targets(st: PMState, seat: int, fx: Effect, source: int) -> list[int]:
    """The characters an effect may be aimed at, in table order."""
    kind, aim = fx.kind, fx.target
    if aim == "self":
        found = [source] if st.on_field(source) else []
    elif aim == "own":
        found = st.main[seat] + st.support[seat]
    elif aim == "opp":
        found = list(st.main[1 - seat])
    elif aim == "own_in_approach":
        found = [i for i in participants(st) if i // 60 == seat]
    elif aim == "opp_in_approach":
        found = [i for i in participants(st) if i // 60 != seat]
    else:
        return []
    if kind == "rest":
        return [i for i in found if not st.rested[i]]
    if kind == "activate":
        return [i for i in found if st.rested[i]]
    if kind == "retire":
        return [i for i in found if st.values(i)[1] <= fx.max_dp]
    if kind in ("buff", "set", "swap"):
        return [i for i in found if st.card(i).has_values]
    return found


def needs_target(fx: Effect) -> bool:
    return fx.target not in ("none", "all_own")


def usable(st: PMState, seat: int, fx: Effect, source: int) -> bool:
    """Whether the effect has something to work on now."""
    if needs_target(fx):
        return bool(targets(st, seat, fx, source))
    if fx.kind == "buff":
        return bool(trait_group(st, seat, fx))
    if fx.kind == "script":
        if fx.script == "refresh":
            return any(st.down[i] for i in st.points[seat])
        return any(st.rested[i] for i in st.main[seat])
    return True


def trait_group(st: PMState, seat: int, fx: Effect) -> list[int]:
    return [
        i
        for i in st.main[seat]
        if st.card(i).has_values and (not fx.trait or fx.trait in st.card(i).traits)
    ]


def apply(st: PMState, seat: int, fx: Effect, source: int, target: int) -> None:
    """Carry out an effect; an effect whose target has left the field does nothing."""
    if needs_target(fx) and (target < 0 or not st.on_field(target)):
        st.emit("fizzle", seat=seat, card=st.card(source).id, name=st.name(source))
        return
    EFFECTS[fx.kind](st, seat, fx, target)


def _modify(st: PMState, seat: int, fx: Effect, chosen: list[int], kind: str) -> None:
    for inst in chosen:
        st.mods.append((inst, kind, fx.ap, fx.dp, fx.cost))
    st.emit(
        "modified",
        seat=seat,
        how=kind,
        targets=[st.ref(i) for i in chosen],
        names=[st.name(i) for i in chosen],
        ap=fx.ap,
        dp=fx.dp,
        cost=fx.cost,
        now=[list(st.values(i)) for i in chosen],
    )


def _buff(st, seat, fx, target):
    chosen = trait_group(st, seat, fx) if fx.target == "all_own" else [target]
    _modify(st, seat, fx, chosen, "add")


def _set(st, seat, fx, target):
    _modify(st, seat, fx, [target], "set")


def _swap(st, seat, fx, target):
    _modify(st, seat, fx, [target], "swap")


def _draw(st, seat, fx, target):
    turn.draw(st, seat, fx.amount)


def _rest(st, seat, fx, target):
    st.rested[target] = True
    st.emit("rest", seat=seat, target=st.ref(target), name=st.name(target))


def _activate(st, seat, fx, target):
    st.rested[target] = False
    st.emit("wake", seat=seat, target=st.ref(target), name=st.name(target))


def _cost_down(st, seat, fx, target):
    st.discount[seat] += fx.amount
    st.emit("discount", seat=seat, amount=st.discount[seat])


def _retire(st, seat, fx, target):
    from tcglab.games.pm.approach import retire

    retire(st, [target], "effect")


def _script(st, seat, fx, target):
    SCRIPTS[fx.script](st, seat)


def refresh(st: PMState, seat: int) -> None:
    """Named effect: the face-down point card with the highest source turns face-up."""
    from tcglab.games.pm.paying import source_of

    down = [i for i in st.points[seat] if st.down[i]]
    if not down:
        return
    best = max(down, key=lambda i: (source_of(st, seat, i), -st.points[seat].index(i)))
    st.down[best] = False
    st.emit("refresh", seat=seat, target=st.ref(best), card=st.card(best).id)


def rally(st: PMState, seat: int) -> None:
    """Named effect: every rested character in one's main area becomes active."""
    woken = [i for i in st.main[seat] if st.rested[i]]
    for inst in woken:
        st.rested[inst] = False
    st.emit("rally", seat=seat, count=len(woken))


EFFECTS = {
    "buff": _buff,
    "set": _set,
    "swap": _swap,
    "draw": _draw,
    "rest": _rest,
    "activate": _activate,
    "cost_down": _cost_down,
    "retire": _retire,
    "script": _script,
}
SCRIPTS = {"refresh": refresh, "rally": rally}
