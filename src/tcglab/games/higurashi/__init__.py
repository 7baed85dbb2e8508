"""The Higurashi fan card game (rules digest section G4): 2-5 players, face-down
characters, scouting and dice attacks, counter-attacks, battle royale."""

from tcglab.games.higurashi.game import HigurashiGame

GAME = HigurashiGame()

__all__ = ["GAME", "HigurashiGame"]
