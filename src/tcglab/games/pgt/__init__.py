"""Pretty Good Tactics (rules digest section PGT): two players form parties of up to
six characters, attack with dice checks across two rows, guard, flip face-down
characters, and race to 10 points of retired enemies."""

from tcglab.games.pgt.agent import PgtAgent
from tcglab.games.pgt.game import PgtGame

PgtGame.heuristic_agent = PgtAgent
GAME = PgtGame()

__all__ = ["GAME", "PgtAgent", "PgtGame"]
