"""Precious Memories (rules digest section PM): two players, constructed 60-card
decks, sources paid by discarding or turning point cards face-down, approaches,
obstruction and the exit check, first to seven points on the opponent's side."""

from tcglab.games.pm.game import PMGame

GAME = PMGame()

__all__ = ["GAME", "PMGame"]
