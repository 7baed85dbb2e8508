"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a full state consistent with what the deciding seat knows
(`Decision.sample`, i.e. `determinize`), walks one shared tree of action ids with UCB
over the actions available in that sample (counting availability, so an action legal
in few samples is not over-explored), expands one action, plays the game out with the
rollout policy and credits every seat's result to the edges it chose. The true state
is never touched; for a given seed and iteration budget the choice is reproducible.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from tcglab.agents.base import Decision
from tcglab.engine.actions import Action
from tcglab.engine.rng import Rng
from tcglab.engine.state import State


class _Edge:
    """Statistics of one action id below a tree node, and the node it leads to."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that chooses this action
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[str, _Edge] = {}


def win_shares(state: State) -> list[float]:
    """1 for a sole winner, 1/k for each of k joint winners; an unfinished game is even."""
    if state.result is None:
        return [1.0 / state.players] * state.players
    winners = state.result.winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


def random_rollout(state: State, rng: Rng, limit: int) -> None:
    for _ in range(limit):
        if state.over:
            return
        state.apply(rng.choice(state.legal_actions()))


class IsmctsAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 400,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Callable[[State, Rng, int], None] = random_rollout,
        rollout_limit: int = 1000,
    ) -> None:
        if iterations < 1 and not seconds:
            raise ValueError("ISMCTS needs a budget: iterations >= 1 or seconds > 0")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_limit = rollout_limit

    def choose(self, decision: Decision) -> Action:
        if len(decision.legal) == 1:
            return decision.legal[0]
        rng = self.rng.derive()
        root = _Edge(decision.seat)
        deadline = None if not self.seconds else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(decision.sample(rng), root, rng)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        visits = {aid: edge.visits for aid, edge in root.children.items()}
        return max(decision.legal, key=lambda a: (visits.get(a.id, 0), -decision.legal.index(a)))

    def _iterate(self, state: State, root: _Edge, rng: Rng) -> None:
        node, path = root, []
        c = self.exploration
        while not state.over:
            legal = state.legal_actions()
            children = node.children
            untried = []
            for action in legal:
                edge = children.get(action.id)
                if edge is None:
                    untried.append(action)
                else:
                    edge.available += 1
            if untried:
                action = rng.choice(untried)
                edge = children[action.id] = _Edge(state.to_move)
                path.append(edge)
                state.apply(action)
                break
            best, best_score = None, -math.inf
            for action in legal:
                edge = children[action.id]
                score = edge.total / edge.visits + c * math.sqrt(
                    math.log(edge.available) / edge.visits
                )
                if score > best_score:
                    best, best_score = action, score
            edge = children[best.id]
            path.append(edge)
            state.apply(best)
            node = edge
        self.rollout(state, rng, self.rollout_limit)
        shares = win_shares(state)
        for edge in path:
            edge.visits += 1
            edge.total += shares[edge.seat]
