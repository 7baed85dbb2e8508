"""The steps a game is made of, by name, and the machine that runs them.

A state keeps a stack of pending steps, each a tuple `(name, *args)` of plain data.
An automatic step runs as soon as it is on top. A decision step stops the game for
its seat (the first argument) with the actions its `actions` function lists, and its
`resolve` function carries out the choice. A decision with no actions is passed over
and its `skip` function, if it has one, runs instead (a response window for a seat
that holds nothing that fits it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

from tcglab.engine.actions import Action
from tcglab.engine.state import State

try:
    import cython  # the compiled build reads `cython.compiled` and the decorators here
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython


class Decision(NamedTuple):
    actions: Callable
    resolve: Callable
    skip: Callable | None


class Procedure:
    """One game's named steps; its rules modules register them with the decorators."""

    def __init__(self) -> None:
        self.automatic: dict[str, Callable] = {}
        self.decisions: dict[str, Decision] = {}
        # Every step by name, automatic (its function) or a decision (its Decision):
        # one look-up a step for the machine, which tells them apart by type.
        self.steps: dict[str, Callable | Decision] = {}

    def automatic_step(self, name: str):
        def register(run):
            self.automatic[name] = self.steps[name] = run
            return run

        return register

    def decision_step(self, name: str, actions: Callable, skip: Callable | None = None):
        def register(resolve):
            self.decisions[name] = self.steps[name] = Decision(actions, resolve, skip)
            return resolve

        return register


class StepState(State):
    """A State whose turn structure is a stack of steps run by a Procedure."""

    __slots__ = ()
    BEGUN = (*State.BEGUN, "stack")

    procedure: Procedure
    stack: list[tuple]
    #: True where a seat can be out while the others play on (`may_decide` then says
    #: whose decisions lapse); other games skip the question on every step.
    seats_leave: ClassVar[bool] = False

    def begin(self, game, seed: int, players: int, options: dict) -> None:
        """The kernel's start, and no step pending yet."""
        super().begin(game, seed, players, options)
        self.stack = []

    def _apply(self, action: Action) -> None:
        step = self.stack.pop()
        resolve = self.procedure.decisions[step[0]].resolve
        if cython.compiled:
            _call(resolve, self, step, action)
        else:
            resolve(self, action, *step[1:])
        self.advance()

    def may_decide(self, seat: int) -> bool:
        """False for a seat that is out of the game: its pending decisions lapse (asked
        only where `seats_leave`)."""
        return True

    def advance(self) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        stack, steps = self.stack, self.procedure.steps
        leave = self.seats_leave
        while stack and self.result is None:
            step = stack[-1]
            rule = steps[step[0]]
            if type(rule) is not Decision:  # an automatic step: run it
                stack.pop()
                if cython.compiled:
                    _call(rule, self, step, None)
                else:
                    rule(self, *step[1:])
                continue
            if leave and not self.may_decide(step[1]):
                legal = []
            elif cython.compiled:
                legal = _call(rule.actions, self, step, None)
            else:
                legal = rule.actions(self, *step[1:])
            if legal:
                self.to_move, self._legal = step[1], legal
                return
            stack.pop()
            skip = rule.skip
            if skip is None:
                continue
            if cython.compiled:
                _call(skip, self, step, None)
            else:
                skip(self, *step[1:])
        self.to_move, self._legal = None, []

    def refresh_legal(self) -> None:
        """Work the open decision's actions out again (after determinize changed what
        the seat holds); the decision itself depends only on public information."""
        if self.to_move is not None:
            step = self.stack[-1]
            self._legal = self.procedure.decisions[step[0]].actions(self, *step[1:])


@cython.cfunc
def _call(function, state, step: tuple, action):
    """`function(state, *step[1:])`, or with `action` after the state unless it is None,
    called without building a tuple of the arguments: in the compiled build, where a
    call of up to a few arguments passes them as they are."""
    n = len(step)
    if action is None:
        if n == 2:
            return function(state, step[1])
        if n == 3:
            return function(state, step[1], step[2])
        if n == 4:
            return function(state, step[1], step[2], step[3])
        if n == 5:
            return function(state, step[1], step[2], step[3], step[4])
        return function(state, *step[1:])
    if n == 2:
        return function(state, action, step[1])
    if n == 3:
        return function(state, action, step[1], step[2])
    if n == 4:
        return function(state, action, step[1], step[2], step[3])
    if n == 5:
        return function(state, action, step[1], step[2], step[3], step[4])
    return function(state, action, *step[1:])
