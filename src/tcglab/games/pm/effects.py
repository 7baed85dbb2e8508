"""Carrying out card texts: what a text's effect part may be aimed at, whether it has
something to work on, and applying it (the parts themselves are in parts.py). Every
effect lasting "until end of turn" ends with turn-end processing (PM-GAP-20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pm.places import in_main, owner

if TYPE_CHECKING:
    from tcglab.games.pm.parts import Part
    from tcglab.games.pm.state import PMState


def participants(st: PMState) -> list[int]:
    """The characters taking part in the current approach, still in a main area."""
    chosen = list(st.approach) + ([st.obstructor] if st.obstructor >= 0 else [])
    return [i for i in chosen if in_main(st, i)]


def aimed(st: PMState, seat: int, aim: str, source: int) -> list[int]:
    """The characters an aim names, in table order."""
    if aim == "self":
        return [source] if st.on_field(source) else []
    if aim == "own":
        return st.main[seat] + st.support[seat]
    if aim == "opp":
        return list(st.main[1 - seat])
    if aim == "own_in_approach":
        return [i for i in participants(st) if owner(i) == seat]
    if aim == "opp_in_approach":
        return [i for i in participants(st) if owner(i) != seat]
    return []


def needs_target(fx: Part) -> bool:
    return fx.target not in ("none", "all_own")


def targets(st: PMState, seat: int, fx: Part, source: int) -> list[int]:
    """The characters an effect may be aimed at now, in table order."""
    return fx.candidates(st, aimed(st, seat, fx.target, source))


def usable(st: PMState, seat: int, fx: Part, source: int) -> bool:
    """Whether the effect has something to work on now."""
    if needs_target(fx):
        return bool(targets(st, seat, fx, source))
    return fx.usable(st, seat)


def apply(st: PMState, seat: int, fx: Part, source: int, target: int) -> None:
    """Carry out an effect; an effect whose target has left the field does nothing."""
    if needs_target(fx) and (target < 0 or not st.on_field(target)):
        st.emit("fizzle", seat=seat, card=st.card(source).id, name=st.name(source))
        return
    fx.apply(st, seat, source, target)
