"""Agents by name: `random`, `heuristic`, `ismcts:iters=400,rollout=heuristic`, and the
difficulty levels players choose from (`easy`, `normal`, `hard`)."""

from __future__ import annotations

from tcglab.agents.base import Agent, Decision
from tcglab.agents.ismcts import IsmctsAgent, random_rollout
from tcglab.agents.random_agent import RandomAgent
from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game

KINDS = ("random", "heuristic", "ismcts")
ISMCTS_PARAMS = {"iters": int, "seconds": float, "c": float, "rollout": str, "limit": int}
DIFFICULTY = {"easy": "random", "normal": "heuristic", "hard": "ismcts:iters=300"}
ACCEPTED = "random, heuristic or ismcts[:iters=N,seconds=S,c=X,rollout=random|heuristic,limit=N]"


def make_agent(spec: str, game: Game, seed: int) -> Agent:
    """Build the agent a spec names, for one seat of `game`; BadOption says what is wrong."""
    spec = DIFFICULTY.get(spec, spec)
    kind, _, params = spec.partition(":")
    if kind not in KINDS:
        raise BadOption(f"unknown agent {kind!r}; agents: {ACCEPTED}, or easy, normal, hard")
    if params and kind != "ismcts":
        raise BadOption(f"agent {kind} takes no parameters, not {params!r}")
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return _heuristic(game, seed)
    values = _parse_params(params)
    rollout = random_rollout
    if values.get("rollout", "random") == "heuristic":
        rollout = _heuristic_rollout(game, seed)
    elif values.get("rollout", "random") != "random":
        raise BadOption(f"ismcts rollout must be random or heuristic, not {values['rollout']!r}")
    return IsmctsAgent(
        seed=seed,
        iterations=values.get("iters", 400),
        seconds=values.get("seconds"),
        exploration=values.get("c", 0.7),
        rollout=rollout,
        rollout_limit=values.get("limit", 1000),
    )


def _parse_params(text: str) -> dict:
    values = {}
    for item in filter(None, text.split(",")):
        name, eq, raw = item.partition("=")
        if not eq or name not in ISMCTS_PARAMS:
            raise BadOption(f"ismcts parameter {item!r} is not one of: {ACCEPTED}")
        try:
            values[name] = ISMCTS_PARAMS[name](raw)
        except ValueError:
            kind = "whole number" if ISMCTS_PARAMS[name] is int else "number"
            raise BadOption(f"ismcts parameter {name} takes a {kind}, not {raw!r}") from None
    if values.get("iters", 1) < 1 or values.get("seconds", 1) <= 0:
        raise BadOption("ismcts needs iters >= 1 and seconds > 0")
    return values


def _heuristic(game: Game, seed: int) -> Agent:
    if game.heuristic_agent is None:
        raise BadOption(f"{game.id} has no heuristic agent; use random or ismcts")
    return game.heuristic_agent(seed)


def _heuristic_rollout(game: Game, seed: int):
    """A rollout that plays every seat with the game's heuristic agent."""
    policy = _heuristic(game, seed)

    def rollout(state, rng, limit):
        for _ in range(limit):
            if state.over:
                return
            state.apply(policy.choose(Decision(state)))

    return rollout
