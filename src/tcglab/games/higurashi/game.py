"""The Higurashi fan card game as a registered Game."""

from __future__ import annotations

from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game
from tcglab.games.higurashi import render as board
from tcglab.games.higurashi.agent import HigurashiAgent
from tcglab.games.higurashi.cards import card_set
from tcglab.games.higurashi.options import OPTIONS
from tcglab.games.higurashi.state import HigurashiState
from tcglab.games.higurashi.turn import set_up


class HigurashiGame(Game):
    id = "higurashi"
    name = "Higurashi fan card game (ひぐらし)"
    min_players = 2  # G4-1.4
    max_players = 5
    default_players = 3
    options = OPTIONS
    heuristic_agent = HigurashiAgent
    # At most ROUND_CAP (100) rounds of five turns (options.py); random five-player games
    # under the longest options take about 1,500 actions at most.
    max_actions = 10_000

    @property
    def cards(self):
        return card_set()

    def card_faces(self) -> dict[str, dict]:
        return {card.id: card.info for card in (*self.cards.characters, *self.cards.events)}

    def card_digest(self) -> str:
        return self.cards.digest

    def _new_state(self, seed: int, players: int, options: dict, decks) -> HigurashiState:
        if decks:
            raise BadOption("higurashi is played with the shared card set; it takes no decks")
        state = HigurashiState(self, seed, players, options)
        set_up(state)
        state.advance()
        return state

    def render(self, observation: dict) -> str:
        """The board as one seat sees it, as plain text for the terminal."""
        return board.render(observation)
