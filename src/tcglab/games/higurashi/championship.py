"""A championship of several Higurashi games (G4-2.6, G4-GAP-13) played through by
agents, one per seat: the championship state (championship_state.py) with an agent
deciding at every seat, and its end told as a Standing for the commands that play many
(`tcglab play` with a championship, `tcglab sim`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tcglab.engine.capabilities import Standing
from tcglab.engine.decision import Agent, Decision
from tcglab.engine.state import State
from tcglab.games.higurashi.championship_state import GAMES, planned_games


def play_championship(
    game,
    seed: int,
    agents: Sequence[Agent],
    *,
    decks=None,
    options: dict | None = None,
    games: int | None = None,
    on_game: Callable[[int, State], None] | None = None,
) -> Standing:
    """G4-2.6 play the championship with one agent per seat; `on_game` sees each
    finished game (its number from 1, and the state). Each agent decides in the game
    it plays, as it would in a single game."""
    settings = dict(options or {})
    if games is not None:
        settings[GAMES.name] = planned_games(len(agents), games)
    state = game.new_state(seed, len(agents), settings, decks, format="championship")
    while not state.over:
        sub = state.sub
        state.apply(agents[state.to_move].choose(Decision(sub)).id)
        if sub.over and on_game is not None:
            on_game(len(state.records), sub)
    result = state.result
    return Standing(result.winners, result.scores, "points", tuple(state.records))
