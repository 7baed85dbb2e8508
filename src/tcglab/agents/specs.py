"""Agents by name: `random`, `heuristic`, `ismcts:iters=400,rollout=heuristic` (or
`ismcts:400`), and the difficulty levels players choose from (`easy`, `normal`, `hard`).

An ISMCTS spec takes `iters` (iterations per decision), `seconds` (a time budget
instead; not reproducible), `c` (UCB exploration), `rollout` (random or heuristic),
`limit` (actions per playout before the position is scored), `guide` (heuristic or
none: the agent whose choices order the search), `bias` (how strongly the guide's
choice is favoured at first), `widen` (how fast nodes below the root try more than
the guide's choice; 0 tries every action at once) and `workers` (processes that search
the decision at once, each with an equal share of `iters`: agents/parallel.py).
`root` chooses how the root's actions are compared: `ucb` (one tree), `paired` (every
action searched on the same worlds and dice, the guide's choice kept unless another
beats it by `margin` standard errors) or `halving` (paired, in phases that each keep
the better half). `steps` caps the actions played per decision over all playouts (with
n seats, shared among the n - 1 rivals), a budget that bounds time and, unlike
`seconds`, keeps the choice reproducible. `luck` says how a paired round's playouts
roll their dice: `stream` (on from the round's one seed) or `turn` (reseeded at each
turn from the round's seed, ismcts.TurnLuck).
`depth` bounds the tree's levels: below them every action is the rollout's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from tcglab.agents.base import Agent
from tcglab.agents.expecti import ExpectiAgent
from tcglab.agents.ismcts import IsmctsAgent, policy_rollout, random_rollout
from tcglab.agents.parallel import RootParallelAgent
from tcglab.agents.random_agent import RandomAgent
from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game
from tcglab.engine.rng import Rng

KINDS = ("random", "heuristic", "ismcts", "expecti")


@dataclass(frozen=True)
class Param:
    """One ISMCTS parameter: a whole number, a finite number or a word, and its range."""

    kind: type  # int, float or str
    low: float = 0
    high: float = 0
    words: tuple[str, ...] = ()
    above_low: bool = False  # the low end itself is not accepted

    def accepts(self) -> str:
        if self.kind is str:
            *others, last = self.words
            return f"{', '.join(others)} or {last}" if others else last
        if self.kind is int:
            return f"a whole number from {self.low:,} to {self.high:,}"
        if self.above_low:
            return f"a number above {self.low:g} and at most {self.high:g}"
        return f"a number from {self.low:g} to {self.high:g}"

    def read(self, text: str):
        """The value `text` stands for, or None if it is not one this parameter takes."""
        if self.kind is str:
            return text if text in self.words else None
        pattern = _WHOLE if self.kind is int else _NUMBER
        if len(text) > 24 or not pattern.fullmatch(text):
            return None
        value = self.kind(text)
        low_ok = value > self.low if self.above_low else value >= self.low
        return value if math.isfinite(value) and low_ok and value <= self.high else None


_WHOLE = re.compile(r"[0-9]+")  # ASCII digits only: int() would also take '٣' and '1_0'
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
# The ranges keep every search one a person can wait for, and its weights real numbers:
# nan or inf in c, bias or widen would make every UCB score equal or endless.
ISMCTS_PARAMS = {
    "iters": Param(int, 1, 100_000),
    "seconds": Param(float, 0, 60, above_low=True),
    "c": Param(float, 0, 100),
    "rollout": Param(str, words=("random", "heuristic")),
    "limit": Param(int, 1, 100_000),
    "guide": Param(str, words=("heuristic", "none")),
    "bias": Param(float, 0, 100),
    "widen": Param(float, 0, 100),
    "workers": Param(int, 1, 64),
    "root": Param(str, words=("ucb", "paired", "halving")),
    "margin": Param(float, 0, 10),
    "steps": Param(int, 1, 10_000_000),
    "luck": Param(str, words=("stream", "turn")),
    "depth": Param(int, 1, 1000),
}
EXPECTI_PARAMS = {
    "worlds": Param(int, 1, 256),
    "depth": Param(int, 1, 6),
    "dice": Param(int, 0, 6),
    "turns": Param(int, 1, 6),
    "margin": Param(float, 0, 1),
    "leaves": Param(int, 0, 1_000_000),
}
ISMCTS_ACCEPTED = (
    "ismcts[:iters=N,seconds=S,c=X,rollout=random|heuristic,limit=N,"
    "guide=heuristic|none,bias=X,widen=X,workers=N,root=ucb|paired|halving,margin=X,"
    "steps=N,luck=stream|turn,depth=N]"
)
EXPECTI_ACCEPTED = "expecti[:worlds=N,depth=N,dice=N,turns=N,margin=X,leaves=N]"
ACCEPTED = f"random, heuristic, {ISMCTS_ACCEPTED} or {EXPECTI_ACCEPTED}"
LEVELS = ("easy", "normal", "hard")
# What each level stands for where the game does not set it in `Game.levels`. A game
# sets its own "hard" budget: the iterations whose decisions take well under 1 s on one
# core on average, as measured by bench/strength.py (a budget of work, not of time,
# keeps a game reproducible from its seed).
DEFAULT_LEVELS = {
    "easy": "random",
    "normal": "heuristic",
    "hard": "ismcts:iters=100,limit=40,rollout=heuristic",
}
WITHOUT_HEURISTIC = {"normal": "ismcts:iters=50", "hard": "ismcts:iters=300"}


def difficulty(level: str, game: Game) -> str:
    """The agent spec a difficulty level stands for in `game`: the game's own, else
    tcglab's default (a search without a guide for a game with no heuristic agent)."""
    if level not in LEVELS:
        raise BadOption(f"unknown difficulty {level!r}; levels: {', '.join(LEVELS)}")
    if level in game.levels:
        return game.levels[level]
    if game.heuristic_agent is None:
        return WITHOUT_HEURISTIC.get(level, DEFAULT_LEVELS[level])
    return DEFAULT_LEVELS[level]


def make_agent(spec: str, game: Game, seed: int) -> Agent:
    """Build the agent a spec names, for one seat of `game`; BadOption says what is wrong."""
    if spec in LEVELS:
        spec = difficulty(spec, game)
    kind, _, params = spec.partition(":")
    if kind not in KINDS:
        raise BadOption(f"unknown agent {_quoted(kind)}; agents: {ACCEPTED}, or easy, normal, hard")
    if params and kind not in ("ismcts", "expecti"):
        raise BadOption(f"agent {kind} takes no parameters, not {_quoted(params)}")
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return _heuristic(game, seed)
    if kind == "expecti":
        return _expecti(game, seed, _parse_params(params, kind, EXPECTI_PARAMS))
    values = _parse_params(params)
    if values.get("luck", "stream") != "stream" and values.get("root", "ucb") == "ucb":
        raise BadOption("ismcts parameter luck=turn pairs playouts: give root=paired or halving")
    if values.get("workers", 1) > 1:
        return _root_parallel(seed, values)
    return _ismcts(game, seed, values)


def _root_parallel(seed: int, values: dict) -> RootParallelAgent:
    """The search spread over processes: each worker runs the single search's spec
    with its share of the iterations (a time budget is each worker's whole)."""
    single = {k: v for k, v in values.items() if k not in ("workers", "iters", "steps")}
    iterations = values.get("iters", 0 if "seconds" in values else 400)

    def spec_for(share: int) -> str:
        budget = {} if "seconds" in values else {"iters": max(share, 1)}
        if "steps" in values:  # each worker its share of the actions, as of the iterations
            budget["steps"] = max(1, values["steps"] * share // (iterations or values["workers"]))
        return "ismcts:" + ",".join(f"{k}={v}" for k, v in {**single, **budget}.items())

    return RootParallelAgent(spec_for, seed, iterations or values["workers"], values["workers"])


def _ismcts(game: Game, seed: int, values: dict) -> IsmctsAgent:
    seeds = Rng(seed)
    rollout_kind = values.get("rollout", "random")
    guide_kind = values.get("guide", "heuristic" if game.heuristic_agent else "none")
    rollout = random_rollout
    if rollout_kind == "heuristic":
        rollout = policy_rollout(_heuristic(game, seeds.next_u64()))
    guide = _heuristic(game, seeds.next_u64()) if guide_kind == "heuristic" else None
    return IsmctsAgent(
        seed=seeds.next_u64(),
        iterations=values.get("iters", 0 if "seconds" in values else 400),
        seconds=values.get("seconds"),
        exploration=values.get("c", 0.7),
        rollout=rollout,
        rollout_limit=values.get("limit", 1000),
        evaluate=evaluation(game),
        guide=guide,
        bias=values.get("bias", 1.0),
        widen=values.get("widen", 0.5),
        paired=values.get("root", "ucb") in ("paired", "halving"),
        margin=values.get("margin", 1.0),
        halving=values.get("root") == "halving",
        steps=values.get("steps"),
        luck=values.get("luck", "stream"),
        depth=values.get("depth"),
    )


def _expecti(game: Game, seed: int, values: dict) -> ExpectiAgent:
    """The turn-level expectimax, guided and scored by the game's heuristic agent."""
    heuristic = game.heuristic_agent
    if getattr(heuristic, "value", None) is None:
        raise BadOption(f"expecti needs a game whose heuristic has a value; {game.id} has none")
    seeds = Rng(seed)
    return ExpectiAgent(
        seed=seeds.next_u64(),
        worlds=values.get("worlds", 8),
        depth=values.get("depth", 1),
        dice=values.get("dice", 1),
        turns=values.get("turns", 1),
        margin=values.get("margin", 0.0),
        leaves=values.get("leaves", 0),
        evaluate=evaluation(game),
        guide=_heuristic(game, seeds.next_u64()),
        turn_owner=turn_owner(game),
    )


def turn_owner(game: Game):
    """The seat whose turn a state is in, read from the public view by the heuristic
    agent's `turn_owner`, or None when the game does not say."""
    owner = getattr(game.heuristic_agent, "turn_owner", None)
    if owner is None:
        return None
    return lambda state: owner(state.observe(None))


def evaluation(game: Game):
    """The game's public-view estimate of each seat's chances, for unfinished playouts
    (the heuristic agent's `value`), or None when the game offers none."""
    value = getattr(game.heuristic_agent, "value", None)
    if value is None:
        return None

    def evaluate(state):
        return value(state.observe(None))

    return evaluate


def _parse_params(text: str, kind: str = "ismcts", accepted: dict | None = None) -> dict:
    """`iters=200,rollout=heuristic` to values, each name at most once and in range."""
    accepted = ISMCTS_PARAMS if accepted is None else accepted
    # Each parameter's own refusal names its values, so an unknown one names only these.
    names = ", ".join(accepted)
    values = {}
    for item in filter(None, text.split(",")):
        if item.isdigit() and kind == "ismcts":  # `ismcts:400` is short for `ismcts:iters=400`
            item = "iters=" + item
        name, eq, raw = item.partition("=")
        if not eq:
            raise BadOption(f"{kind} parameter {_quoted(item)} is not name=value; names: {names}")
        if name not in accepted:
            raise BadOption(f"{kind} has no parameter {_quoted(name)}; its parameters: {names}")
        if name in values:
            raise BadOption(f"{kind} parameter {name} is given twice; give each at most once")
        param = accepted[name]
        value = param.read(raw.strip())
        if value is None:
            raise BadOption(f"{kind} parameter {name} takes {param.accepts()}, not {_quoted(raw)}")
        values[name] = value
    return values


def _quoted(text: str) -> str:
    """`text` as a quoted string, cut short where it is too long to echo whole."""
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _heuristic(game: Game, seed: int) -> Agent:
    if game.heuristic_agent is None:
        raise BadOption(f"{game.id} has no heuristic agent; use random or ismcts")
    return game.heuristic_agent(seed)
