"""Best-of-three matches (PGT-5.3): the first to win two games wins the match; each game
starts from a fresh full setup (PGT-GAP-12)."""

from __future__ import annotations

from tcglab.agents.base import Decision
from tcglab.engine.rng import Rng

MAX_ACTIONS = 50_000


def play_game(game, seed: int, agents, decks=None, options=None):
    """One game between two agents; returns the finished state."""
    state = game.new_state(seed, 2, options, decks)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return state
        state.apply(agents[state.to_move].choose(Decision(state)))
    raise RuntimeError("a game did not finish")


def play_match(game, seed: int, agents, decks=None, options=None) -> dict:
    """PGT-5.3 up to three games; a drawn game (round limit) does not count and is replayed,
    at most three times more. Returns wins per seat, the winner (or None) and each game."""
    rng = Rng(seed)
    wins, games = [0, 0], []
    for _ in range(6):
        if max(wins) >= 2:
            break
        state = play_game(game, rng.next_u64(), agents, decks, options)
        result = state.result
        games.append(
            {
                "winners": list(result.winners),
                "scores": list(result.scores),
                "reason": result.reason,
            }
        )
        if len(result.winners) == 1:
            wins[result.winners[0]] += 1
    winner = 0 if wins[0] >= 2 else 1 if wins[1] >= 2 else None
    if winner is None and wins[0] != wins[1]:
        winner = 0 if wins[0] > wins[1] else 1
    return {"wins": wins, "winner": winner, "games": games}
