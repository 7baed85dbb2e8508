"""G4-2.6 / G4-GAP-13: a championship of several games decides the final winner."""

from types import SimpleNamespace

import pytest

from tcglab.agents import RandomAgent
from tcglab.engine import Result, get_game
from tcglab.games.higurashi.championship import play_championship

GAME = get_game("higurashi")


def test_default_length_is_one_game_per_player_and_totals_add_up():
    """G4-GAP-13: as many games as players by default; scores accumulate."""
    cup = play_championship(GAME, [RandomAgent(s) for s in range(3)], seed=4)
    assert len(cup.results) >= 3
    assert cup.totals == [sum(r.scores[s] for r in cup.results) for s in range(3)]
    best = max(cup.totals)
    assert len(cup.champions) == 1 or len(cup.results) > 3 + 19
    assert all(cup.totals[c] == best for c in cup.champions)


class _ScriptedGame:
    """Games that end at once with scripted scores, to drive the championship's tally."""

    def __init__(self, scores):
        self.scores = list(scores)

    def new_state(self, seed, players, options=None):
        scores = self.scores.pop(0)
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return SimpleNamespace(over=True, result=Result(winners, tuple(scores), "last_standing"))


def test_a_tied_lead_plays_another_game():
    """G4-GAP-13: while the lead is shared after the agreed games, play one more."""
    game = _ScriptedGame([(5, 0, 0), (0, 5, 0), (0, 0, 3), (2, 2), (0, 4)])
    cup = play_championship(game, [RandomAgent(s) for s in range(3)], seed=0)
    # 5/5/3 after three games: P1 and P2 alone play on, tie again, then P2 wins.
    assert len(cup.results) == 5
    assert cup.totals == [7, 11, 3]
    assert cup.champions == (1,)


def test_needs_at_least_one_game():
    with pytest.raises(ValueError):
        play_championship(GAME, [RandomAgent(0), RandomAgent(1)], seed=0, games=0)
