"""Princess Scramble (rules digest section PS): PS-1.1 a two-player game of pushing
damage onto the opponent, where guardians lead heroines into battle and pay for cards
with face-down energy. PS-1.2 / PS-13.1 the original drew on published PC games and
came out in a 2004 premium pack; every card here is an original of tcglab's."""

from tcglab.games.ps.game import PSGame

GAME = PSGame()

__all__ = ["GAME", "PSGame"]
