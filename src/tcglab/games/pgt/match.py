"""Best-of-three matches (PGT-5.3): the first to win two games wins the match; each game
starts from a fresh full setup (PGT-GAP-12).

The rules of a match are small functions shared by `play_match` (the "match" format:
agents play a whole match at once) and the draft table's tournament (`cup`, where
players play it one action at a time)."""

from __future__ import annotations

from tcglab.engine.capabilities import Standing
from tcglab.engine.capabilities import game_record as format_record
from tcglab.engine.decision import Decision
from tcglab.engine.errors import BadOption
from tcglab.engine.rng import Rng

MAX_ACTIONS = 50_000
MAX_GAMES = 6  # three games, and at most three drawn games replayed


def play_game(game, seed: int, agents, decks=None, options=None):
    """One game between two agents; returns the finished state."""
    state = game.new_state(seed, 2, options, decks)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return state
        state.apply(agents[state.to_move].choose(Decision(state)))
    raise RuntimeError("a game did not finish")


def match_over(wins: list[int], played: int) -> bool:
    """PGT-5.3 two wins take the match; a drawn game (round limit) does not count and is
    replayed, at most three times more."""
    return max(wins) >= 2 or played >= MAX_GAMES


def count_game(wins: list[int], winners) -> None:
    """A game with one winner counts for them; a draw counts for nobody."""
    if len(winners) == 1:
        wins[winners[0]] += 1


def match_winner(wins: list[int]) -> int | None:
    """The seat (0 or 1) with two wins, else the one with more, else None."""
    if wins[0] != wins[1]:
        return 0 if wins[0] > wins[1] else 1
    return None


def game_record(result) -> dict:
    """A game of a match as the draft table shows it (its players by match seat)."""
    return {"winners": list(result.winners), "scores": list(result.scores), "reason": result.reason}


def play_match(game, seed: int, agents, *, decks=None, options=None) -> Standing:
    """PGT-5.3 a whole match between two agents: the winner (if any), games won per
    seat and each game."""
    if len(agents) != 2:
        raise BadOption(f"a match is played by 2 players, not {len(agents)}")
    rng = Rng(seed)
    wins, games = [0, 0], []
    while not match_over(wins, len(games)):
        state = play_game(game, rng.next_u64(), agents, decks, options)
        games.append(format_record((0, 1), state.result))
        count_game(wins, state.result.winners)
    winner = match_winner(wins)
    return Standing((() if winner is None else (winner,)), tuple(wins), "games", tuple(games))
