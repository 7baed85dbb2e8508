"""The seeded random agent: a uniform choice among the legal actions."""

from __future__ import annotations

from tcglab.agents.base import Decision
from tcglab.engine.actions import Action
from tcglab.engine.rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> Action:
        return self.rng.choice(decision.legal)
