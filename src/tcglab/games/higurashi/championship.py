"""A championship of several Higurashi games (G4-2.6, G4-GAP-13): the game's
"championship" format.

The players agree on a number of games in advance (by default, as many as there are
players). Each game's scores add up; the highest total is champion. While the lead
is shared, the tied players alone play another game, whose scores add to theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tcglab.engine.capabilities import Standing, game_record
from tcglab.engine.decision import Agent, Decision
from tcglab.engine.errors import BadOption
from tcglab.engine.rng import Rng
from tcglab.engine.state import State

EXTRA_GAMES_CAP = 20  # a tie that survives this many deciders is shared
MOST_GAMES = 100  # games agreed in advance, at most


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
    finished game (its number from 1, and the state)."""
    if decks:
        raise BadOption(f"{game.id} is played with the shared card set; it takes no decks")
    players = len(agents)
    planned = planned_games(players, games)
    totals = [0] * players
    records: list[dict] = []
    seats = list(range(players))
    seeds = Rng(seed)
    while True:
        state = play_game(game, seeds.next_u64(), [agents[s] for s in seats], options)
        records.append(game_record(seats, state.result))
        if on_game is not None:
            on_game(len(records), state)
        add_scores(totals, seats, state.result.scores)
        if len(records) < planned:
            continue
        seats = leaders(totals, seats)
        if len(seats) == 1 or len(records) >= planned + EXTRA_GAMES_CAP:
            return Standing(tuple(seats), tuple(totals), "points", tuple(records))
        # Only the tied leaders play the deciding game; its seats map back to theirs.


def planned_games(players: int, games: int | None) -> int:
    """G4-GAP-13 the games agreed in advance: one per player unless stated."""
    planned = players if games is None else games
    if not 1 <= planned <= MOST_GAMES:
        raise BadOption(f"a championship is 1 to {MOST_GAMES} games, not {planned}")
    return planned


def play_game(game, seed: int, agents: Sequence[Agent], options: dict | None) -> State:
    """One game of the championship, played to its end (the round limit ends every
    game, G4-GAP-18)."""
    state = game.new_state(seed, len(agents), options)
    while not state.over:
        state.apply(agents[state.to_move].choose(Decision(state)))
    return state


def add_scores(totals: list[int], seats: list[int], scores) -> None:
    """G4-2.6 each game's scores add to the players' totals."""
    for seat, score in zip(seats, scores, strict=True):
        totals[seat] += score


def leaders(totals: list[int], seats: list[int]) -> list[int]:
    """G4-GAP-13 the players with the highest total; more than one plays on."""
    best = max(totals[s] for s in seats)
    return [s for s in seats if totals[s] == best]
