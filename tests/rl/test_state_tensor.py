"""The tensor written straight from a state (`Spaces.state_tensor`, each game's
`write_state`) against the documented path, `tensor(state.observe(seat))`: the same
numbers for every seat at every decision of many random games, so the straight path
shows exactly what the seat's observation shows and nothing hidden."""

from __future__ import annotations

import pytest

from .helpers import TABLES, need, random_decisions

np = need("numpy")

from tcglab.engine.encoding import Encoding  # noqa: E402
from tcglab.rl import game_spaces as spaces_of  # noqa: E402

GAMES_PER_TABLE = {2: 10, 3: 4, 4: 2, 5: 2}  # random games per player count
STRAIGHT = ("higurashi", "pgt", "pm", "ps")  # games whose encoding writes straight from the state


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_the_straight_tensor_equals_the_observed_one(game_id, players):
    spaces = spaces_of(game_id)
    games = 2 if game_id == "pgt" and players > 2 else GAMES_PER_TABLE[players]
    compared = 0
    for seed in range(games):
        for state in random_decisions(game_id, players, 100 + seed):
            for seat in range(players):
                straight = spaces.state_tensor(state, seat)
                observed = spaces.tensor(state.observe(seat))
                if not np.array_equal(straight, observed):
                    differ = np.flatnonzero(straight != observed)[:8].tolist()
                    names = [_block(spaces, i) for i in differ]
                    pytest.fail(f"seed {100 + seed}, seat {seat}: differ at {differ} ({names})")
                compared += 1
    assert compared > 100 * players


@pytest.mark.parametrize("game_id", STRAIGHT)
def test_the_game_writes_its_tensor_straight_from_the_state(game_id):
    """Its encoding has its own `write_state`, not the default that observes first."""
    encoding = spaces_of(game_id).encoding
    assert type(encoding).write_state is not Encoding.write_state


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_the_spectator_tensor_is_the_observed_one(game_id):
    spaces = spaces_of(game_id)
    for n, state in enumerate(random_decisions(game_id, 2, 9, limit=200)):
        if n % 20 == 0:
            spectator = spaces.tensor(state.observe(None))
            assert np.array_equal(spaces.state_tensor(state, None), spectator)


def _block(spaces, index: int) -> str:
    for name, start, length, _ in spaces.layout:
        if start <= index < start + length:
            return f"{name}+{index - start}"
    return "?"
