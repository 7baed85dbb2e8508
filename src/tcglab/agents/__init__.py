"""Game-agnostic agents and the Agent protocol."""

from tcglab.agents.base import Agent, Decision
from tcglab.agents.random_agent import RandomAgent

__all__ = ["Agent", "Decision", "RandomAgent"]
