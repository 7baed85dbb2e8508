"""Turn-level expectimax over sampled worlds (`expecti`).

For each of `worlds` states drawn consistent with what the deciding seat knows
(`Decision.sample`; the true state is never touched), every legal action is scored by
looking ahead to the end of the seat's turn:

- the seat's own choices are maximised over for its next `depth` decisions that offer
  more than one action; later ones in the turn are the guide's (the game's heuristic);
- dice are weighed exactly: an action that rolls is expanded into every outcome with
  its probability (`tcglab.engine.dice.play`), as an expectation node, up to `dice`
  rolls deep; later rolls fall as the sampled world's dice fall;
- another seat's decision inside the turn (a reply, a counter) is the guide's choice
  for that seat, played in the sampled world;
- the turn is over when the game's `turn_owner(public view)` names another seat (else,
  as soon as another seat is to move), and the position is then scored from the
  mover's seat by the game's public-view value (the heuristic agent's `value`).

The action with the best average over the worlds is chosen; every action is judged on
the same worlds, so what the hidden cards do to all of them alike cancels out. The
guide's choice stands unless another action beats its average by more than `margin`
(ties included). With `leaves` set, the positions scored in the first world tell what
one world costs, and the worlds searched are cut so that the decision scores about
`leaves` positions (at least one world): a position with many actions or rolls gets
fewer worlds instead of a long wait. Nothing is kept between decisions, and for a given
seed the choice is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable

from tcglab.agents.base import Agent, Decision
from tcglab.agents.ismcts import win_shares
from tcglab.engine import dice as dice_outcomes
from tcglab.engine.actions import Action
from tcglab.engine.rng import Rng
from tcglab.engine.state import State

Evaluate = Callable[[State], list[float]]
TurnOwner = Callable[[State], int]
#: Most actions one look-ahead plays before it scores the position, so that a turn the
#: guide would never end cannot run on for ever.
LONGEST_TURN = 200


class ExpectiAgent:
    name = "expecti"

    def __init__(
        self,
        seed: int = 0,
        worlds: int = 8,
        depth: int = 1,
        dice: int = 1,
        evaluate: Evaluate | None = None,
        guide: Agent | None = None,
        turn_owner: TurnOwner | None = None,
        outcomes: int = dice_outcomes.MOST_OUTCOMES,
        turns: int = 1,
        margin: float = 0.0,
        leaves: int = 0,
    ) -> None:
        if worlds < 1 or depth < 1 or dice < 0 or turns < 1 or leaves < 0:
            raise ValueError("expecti needs worlds, depth and turns >= 1, dice and leaves >= 0")
        self.rng = Rng(seed)
        self.worlds = worlds
        self.depth = depth
        self.dice = dice
        self.evaluate = evaluate
        self.guide = guide
        self.turn_owner = turn_owner
        self.outcomes = outcomes  # largest joint roll expanded exactly
        self.turns = turns  # turns looked ahead; those after the first are the guide's
        self.margin = margin  # average value by which an action must beat the guide's
        # Most positions scored in one decision (0: no cap): the first world shows what
        # one world costs, and the worlds searched are cut to fit, at least one.
        self.leaves = leaves
        self.last_leaves = 0  # positions scored by the last decision, for reports

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            self.last_leaves = 0
            return legal[0]
        rng, seat = self.rng.derive(), decision.seat
        preferred = self.guide.choose(decision).id if self.guide is not None else None
        totals = dict.fromkeys((action.id for action in legal), 0.0)
        self.last_leaves = 0
        worlds, searched = self.worlds, 0
        while searched < worlds:
            world = decision.sample(rng)
            owner = self._owner(world)
            for action in legal:
                totals[action.id] += self._action_value(
                    world, action.id, seat, owner, self.depth - 1, self.dice, 0
                )
            searched += 1
            if searched == 1 and self.leaves:
                worlds = max(1, min(worlds, self.leaves // max(self.last_leaves, 1)))
        order = {action.id: n for n, action in enumerate(legal)}
        best = max(
            legal,
            key=lambda a: (round(totals[a.id], 9), a.id == preferred, -order[a.id]),
        )
        if preferred is None:
            return best
        if totals[best.id] - totals[preferred] <= self.margin * searched:
            return next(action for action in legal if action.id == preferred)
        return best

    # -- the look-ahead -----------------------------------------------------------

    def _owner(self, state: State) -> int:
        return state.to_move if self.turn_owner is None else self.turn_owner(state)

    def _action_value(
        self, state: State, action_id: str, seat: int, owner: int, depth: int, rolls: int, steps
    ) -> float:
        """Expected value for `seat` of taking `action_id` in `state` (left unchanged)."""
        if rolls > 0:
            after = dice_outcomes.play(state, action_id, self.outcomes)
            if isinstance(after, dice_outcomes.Roll):
                return sum(
                    p * self._value(nxt, seat, owner, depth, rolls - 1, steps + 1)
                    for _, p, nxt in after.outcomes
                )
            return self._value(after, seat, owner, depth, rolls, steps + 1)
        after = state.clone()
        after.apply(action_id)
        return self._value(after, seat, owner, depth, rolls, steps + 1)

    def _value(self, state: State, seat: int, owner: int, depth: int, rolls: int, steps) -> float:
        """Value for `seat` of `state`, which the look-ahead may play on in place."""
        while True:
            if state.result is not None:
                self.last_leaves += 1
                return win_shares(state)[seat]
            if steps >= LONGEST_TURN or self._turn_over(state, seat, owner):
                self.last_leaves += 1
                return self._score(self._play_on(state), seat)
            legal = state.legal_actions()
            if state.to_move == seat and depth > 0 and len(legal) > 1:
                return max(
                    self._action_value(state, a.id, seat, owner, depth - 1, rolls, steps)
                    for a in legal
                )
            if len(legal) == 1:
                action_id = legal[0].id
            elif self.guide is not None:
                action_id = self.guide.choose(Decision(state)).id
            else:
                action_id = legal[0].id
            if rolls > 0:
                return self._action_value(state, action_id, seat, owner, depth, rolls, steps)
            state.apply(action_id)
            steps += 1

    def _turn_over(self, state: State, seat: int, owner: int) -> bool:
        if self.turn_owner is None:
            return state.to_move != seat
        return self.turn_owner(state) != owner

    def _play_on(self, state: State) -> State:
        """`state` after the guide has played every seat for `turns` - 1 more turns,
        its dice falling as the sampled world's fall."""
        for _ in range(self.turns - 1):
            owner, steps = self._owner(state), 0
            while state.result is None and steps < LONGEST_TURN and self._owner(state) == owner:
                legal = state.legal_actions()
                if len(legal) == 1 or self.guide is None:
                    state.apply(legal[0])
                else:
                    state.apply(self.guide.choose(Decision(state)))
                steps += 1
        return state

    def _score(self, state: State, seat: int) -> float:
        if self.evaluate is None:
            return win_shares(state)[seat]
        return self.evaluate(state)[seat]
