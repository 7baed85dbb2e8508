"""Precious Memories as a registered Game: two constructed 60-card decks."""

from __future__ import annotations

from types import MappingProxyType

from tcglab.engine.decklist import DeckList
from tcglab.engine.game import Game
from tcglab.games.pm import decks
from tcglab.games.pm.agent import PMAgent
from tcglab.games.pm.cards import card_set
from tcglab.games.pm.options import OPTIONS
from tcglab.games.pm.state import PMState
from tcglab.games.pm.turn import set_up


class PMGame(Game):
    id = "pm"
    name = "Precious Memories (プレシャスメモリーズ)"
    min_players = 2
    max_players = 2
    default_players = 2
    options = OPTIONS
    # Every turn draws 2 from a 60-card deck and an empty deck loses (PM-1.1.2,
    # PM-GAP-19): under 30 turns each. Random games take under 600 actions.
    max_actions = 5_000
    # Decisions within about 2 s on one core (bench/strength.py); playouts run to the
    # end of the game.
    levels = MappingProxyType({"hard": "ismcts:iters=60,rollout=heuristic"})
    decks_by_seat = True  # PM-1.2 each player brings a constructed deck of their own
    rolls_dice = False  # cards, points and shuffles only: no rule rolls a die
    heuristic_agent = PMAgent
    # Giving up a card-use timing (PM-1.10.5.1) and letting an action go uninterrupted
    # (PM-1.8.2) do nothing: the table plays them when nothing else is legal.
    pass_ids = frozenset({"pass", "allow"})
    # The fixed action space and observation tensor of learning agents (tcglab.rl).
    from tcglab.games.pm.encoding import CAPABILITY as ENCODING
    from tcglab.games.pm.scenario import SCENARIO

    capabilities = (ENCODING, SCENARIO)

    @property
    def cards(self):
        return card_set()

    def prebuilt_decks(self) -> dict[str, list[str]]:
        return decks.prebuilt()

    def deck_list(self, text: str) -> DeckList:
        return decks.read(self.cards, text)

    def deck_rules(self, deck: DeckList) -> list[str]:
        return decks.legality(deck.copies(), deck.first_line)

    def render(self, observation: dict) -> str:
        from tcglab.games.pm.render import render

        return render(self.cards, observation)

    def _new_state(self, seed: int, players: int, options: dict, given) -> PMState:
        chosen = decks.choose(self.cards, given)
        indices = [[self.cards.index(c) for c in deck] for deck in chosen]
        state = PMState(self, seed, options, indices)
        set_up(state)
        state.advance()
        return state
