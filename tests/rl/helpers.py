"""What tests/rl share: the tables every game is played at, random games, and the skip
that every module here takes when the rl extra (`pip install tcglab[rl]`, which the test
extra installs) is missing."""

from __future__ import annotations

import pytest

from tcglab.engine import get_game
from tcglab.engine.rng import Rng

REASON = "the rl extra is not installed (pip install tcglab[rl])"

# Every game at every player count: Higurashi 2-5, Pretty Good Tactics 2 and its 3-4
# player draft table.
TABLES = [
    ("higurashi", 2),
    ("higurashi", 3),
    ("higurashi", 4),
    ("higurashi", 5),
    ("pgt", 2),
    ("pgt", 3),
    ("pgt", 4),
    ("pm", 2),
    ("ps", 2),
]


def need(module: str):
    return pytest.importorskip(module, reason=REASON)


def random_decisions(game_id: str, players: int, seed: int, limit: int | None = None):
    """Every decision of a random game (the state before each action), the game's end
    last."""
    state = get_game(game_id).new_state(seed, players)
    rng = Rng(seed + 1000)
    taken = 0
    while not state.over and (limit is None or taken < limit):
        yield state
        state.apply(rng.choice(state.legal_actions()))
        taken += 1
    yield state
