"""G4-2.6 / G4-GAP-13: a championship of several games decides the final winner; the
game declares it as its "championship" format."""

from types import SimpleNamespace

import pytest

from tcglab.agents import RandomAgent
from tcglab.engine import BadOption, Result, get_game
from tcglab.games.higurashi.championship import play_championship

GAME = get_game("higurashi")


def test_default_length_is_one_game_per_player_and_totals_add_up():
    """G4-GAP-13: as many games as players by default; scores accumulate."""
    cup = play_championship(GAME, 4, [RandomAgent(s) for s in range(3)])
    assert len(cup.games) >= 3 and cup.tally == "points"
    assert cup.totals == tuple(
        sum(g["scores"][g["seats"].index(s)] for g in cup.games if s in g["seats"])
        for s in range(3)
    )
    best = max(cup.totals)
    assert len(cup.winners) == 1 or len(cup.games) == 3 + 20
    assert all(cup.totals[c] == best for c in cup.winners)


class _ScriptedGame:
    """Games that end at once with scripted scores, to drive the championship's tally."""

    id = "scripted"

    def __init__(self, scores):
        self.scores = list(scores)

    def new_state(self, seed, players, options=None):
        scores = self.scores.pop(0)
        assert len(scores) == players
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return SimpleNamespace(over=True, result=Result(winners, tuple(scores), "last_standing"))


def test_a_tied_lead_plays_another_game():
    """G4-GAP-13: while the lead is shared after the agreed games, play one more."""
    game = _ScriptedGame([(5, 0, 0), (0, 5, 0), (0, 0, 3), (2, 2), (0, 4)])
    cup = play_championship(game, 0, [RandomAgent(s) for s in range(3)])
    # 5/5/3 after three games: P1 and P2 alone play on, tie again, then P2 wins.
    assert len(cup.games) == 5
    assert [g["seats"] for g in cup.games[3:]] == [[0, 1], [0, 1]]
    assert cup.totals == (7, 11, 3)
    assert cup.winners == (1,)


def test_a_tie_that_outlasts_twenty_deciders_is_shared():
    """G4-GAP-13: in tcglab a tie that survives 20 extra games is shared."""
    game = _ScriptedGame([(1, 1)] * 22)
    cup = play_championship(game, 0, [RandomAgent(0), RandomAgent(1)], games=2)
    assert len(cup.games) == 22 and cup.winners == (0, 1) and cup.totals == (22, 22)


@pytest.mark.parametrize("games", [0, 101])
def test_the_agreed_games_are_one_to_a_hundred(games):
    with pytest.raises(BadOption, match="a championship is 1 to 100 games"):
        play_championship(GAME, 0, [RandomAgent(0), RandomAgent(1)], games=games)


def test_the_game_declares_its_championship_for_every_player_count():
    championship = GAME.capability("championship")
    assert championship.run is play_championship and championship.rule == "G4-2.6"
    assert championship.players == (2, 3, 4, 5) and not championship.table
    assert GAME.table_format(3) is None  # a table of any count plays one game
