"""Every way an action's dice can fall: for OpenSpiel's chance nodes and for search
that weighs each face exactly instead of sampling one.

The engine rolls its own dice inside `State.apply`. To list a roll's outcomes, an
action is first played on a copy with a generator that notes every die it rolls
(`Script`). If the action rolls dice and their joint outcomes are few
enough, every outcome is played out on its own copy with those faces scripted, and the
action becomes a `Roll`: the outcomes, each with its probability and the state it
leads to. Anything else the action draws (a shuffle, a die a scenario forced) is drawn
exactly as the engine would, so a roll's outcome with the faces the engine would have
rolled is the very state the engine would have reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.rng import Rng

if TYPE_CHECKING:
    from tcglab.engine import State

#: The largest `chance_limit`: four six-sided dice.
MOST_OUTCOMES = 6**4


class Script(Rng):
    """A generator that draws as the state's own would, except that its first dice show
    the scripted faces. Every die still takes one draw from the stream, so the faces
    the stream would have given leave exactly the generator the engine would have.
    It notes every unforced die: its sides and the face it showed."""

    __slots__ = ("faces", "shown", "sides")

    def __init__(self, rng: Rng, faces: tuple[int, ...] = ()) -> None:
        self._s, self._forced, self._by = rng.state, rng.forced, rng._by
        self.faces: tuple[int, ...] = faces
        self.sides: list[int] = []
        self.shown: list[int] = []

    def roll(self, sides: int = 6, purpose: str | None = None) -> int:
        if (self._by is not None and purpose in self._by) or self._forced:
            return Rng.roll(self, sides, purpose)  # forced: no chance in it
        face = ((Rng.next_u64(self) * sides) >> 64) + 1
        if len(self.shown) < len(self.faces):
            face = self.faces[len(self.shown)]
        self.sides.append(sides)
        self.shown.append(face)
        return face

    def plain(self) -> Rng:
        """The same generator, without the script (`Rng.clone` makes a plain one)."""
        return Rng.clone(self)


class Roll:
    """An action waiting for its dice: `seat` chose `action_id`, and each outcome is
    (faces, probability, the state after the action with those faces)."""

    __slots__ = ("action_id", "outcomes", "seat")

    def __init__(self, seat: int, action_id: str, outcomes: list) -> None:
        self.seat, self.action_id, self.outcomes = seat, action_id, outcomes

    def label(self, index: int) -> str:
        faces = self.outcomes[index][0]
        if len(faces) == 1:
            return f"die: {faces[0]}"
        return "dice: " + ", ".join(map(str, faces))


def play(state: State, action_id: str, limit: int) -> State | Roll:
    """`action_id` taken in `state` (which is left as it was): a Roll when the action
    rolls dice with at most `limit` joint outcomes, else the state after it, its dice
    (if any) rolled as the engine rolls them."""
    natural = _run(state, action_id, ())
    rolled, natural_faces = natural.rng.sides, tuple(natural.rng.shown)
    if not rolled or _product(rolled) > limit:
        return _finish(natural)
    found: dict[tuple[int, ...], tuple[float, State]] = {}
    pending = _extend((), rolled)  # face prefixes to play out; a run may roll more dice
    while pending:
        prefix = pending.pop()
        run = natural if prefix == natural_faces else _run(state, action_id, prefix)
        sides, shown = run.rng.sides, tuple(run.rng.shown)
        if len(shown) > len(prefix):  # more dice than scripted: branch on each of them
            more = sides[len(prefix) :]
            # Too many outcomes, or a roll repeated on ties that could go on for ever.
            if len(found) + len(pending) + _product(more) > limit:
                return _finish(natural)
            pending.extend(_extend(prefix, more))
            continue
        if shown not in found:  # fewer dice than scripted: other prefixes reach it too
            found[shown] = (1.0 / _product(sides), _finish(run))
            if len(found) > limit:
                return _finish(natural)
    outcomes = [(faces, p, after) for faces, (p, after) in sorted(found.items())]
    return Roll(state.to_move, action_id, outcomes)


def _run(state: State, action_id: str, faces: tuple[int, ...]) -> State:
    twin = state.clone()
    twin.rng = Script(twin.rng, faces)
    twin.apply(action_id)
    return twin


def _finish(run: State) -> State:
    if isinstance(run.rng, Script):
        run.rng = run.rng.plain()
    return run


def _extend(prefix: tuple[int, ...], sides: list[int]) -> list[tuple[int, ...]]:
    prefixes = [prefix]
    for n in sides:
        prefixes = [(*p, face) for p in prefixes for face in range(1, n + 1)]
    return prefixes


def _product(sides) -> int:
    """The number of joint outcomes, counted no further than past MOST_OUTCOMES."""
    total = 1
    for n in sides:
        total *= n
        if total > MOST_OUTCOMES:
            break
    return total
