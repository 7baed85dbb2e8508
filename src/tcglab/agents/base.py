"""The Agent protocol, kept in the kernel (`tcglab.engine.decision`) so that games
may use it; agents import it from here."""

from tcglab.engine.decision import Agent, Decision

__all__ = ["Agent", "Decision"]
