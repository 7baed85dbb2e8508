"""A championship of several Higurashi games (G4-2.6, G4-GAP-13).

The players agree on a number of games in advance (by default, as many as there are
players). Each game's scores add up; the highest total is champion. While the lead
is shared, the tied players alone play another game, whose scores add to theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tcglab.engine.decision import Agent, Decision
from tcglab.engine.state import Result, State

EXTRA_GAMES_CAP = 20  # a tie that survives this many deciders is shared


@dataclass
class Championship:
    players: int
    planned: int
    totals: list[int]
    results: list[Result] = field(default_factory=list)
    champions: tuple[int, ...] = ()


def play_championship(
    game,
    agents: Sequence[Agent],
    seed: int,
    games: int | None = None,
    options: dict | None = None,
    on_game: Callable[[int, State], None] | None = None,
) -> Championship:
    """Play the championship with one agent per seat; `on_game` sees each finished game."""
    players = len(agents)
    planned = games if games is not None else players  # G4-GAP-13 default
    if planned < 1:
        raise ValueError("a championship needs at least one game")
    cup = Championship(players, planned, [0] * players)
    seats = list(range(players))
    while True:
        index = len(cup.results)
        state = game.new_state(seed + index, len(seats), options)
        while not state.over:
            state.apply(agents[seats[state.to_move]].choose(Decision(state)))
        if on_game is not None:
            on_game(index + 1, state)
        cup.results.append(state.result)
        for seat, score in zip(seats, state.result.scores, strict=True):
            cup.totals[seat] += score
        if len(cup.results) < planned:
            continue
        best = max(cup.totals[s] for s in seats)
        seats = [s for s in seats if cup.totals[s] == best]
        if len(seats) == 1 or len(cup.results) >= planned + EXTRA_GAMES_CAP:
            cup.champions = tuple(seats)
            return cup
        # Only the tied leaders play the deciding game; its seats map back to theirs.
