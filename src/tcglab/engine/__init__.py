"""The game-agnostic kernel: states, actions, events, randomness, replays, registry."""

from tcglab.engine.actions import Action
from tcglab.engine.capabilities import Capability, Standing
from tcglab.engine.errors import (
    BadOption,
    CardDataError,
    IllegalAction,
    ReplayError,
    TcglabError,
    UnknownGame,
)
from tcglab.engine.events import Event
from tcglab.engine.game import Game, RuleOption
from tcglab.engine.registry import games, get_game, register
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result, State

__all__ = [
    "Action",
    "BadOption",
    "Capability",
    "CardDataError",
    "Event",
    "Game",
    "IllegalAction",
    "ReplayError",
    "Result",
    "Rng",
    "RuleOption",
    "Standing",
    "State",
    "TcglabError",
    "UnknownGame",
    "games",
    "get_game",
    "register",
]
