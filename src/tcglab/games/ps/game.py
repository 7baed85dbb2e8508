"""Princess Scramble as a registered Game."""

from __future__ import annotations

from types import MappingProxyType

from tcglab.engine.decklist import DeckList
from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game
from tcglab.games.ps import decks as decklists
from tcglab.games.ps.agent import PSAgent
from tcglab.games.ps.cards import CardSet, card_set
from tcglab.games.ps.options import OPTIONS
from tcglab.games.ps.render import render
from tcglab.games.ps.state import PSState
from tcglab.games.ps.turn import set_up

DEFAULT_DECKS = ("starlight", "skyport")


class PSGame(Game):
    id = "ps"
    name = "Princess Scramble (プリンセススクランブル)"
    min_players = 2  # PS-6.3 more players are not provided for
    max_players = 2
    default_players = 2
    options = OPTIONS
    # Every turn draws at least 1 (draw_count >= 1) from a deck of at most 50 cards, and
    # a draw that cannot be made loses (PS-2.2, PS-6.2): about 50 turns each at most. Random
    # games take under 300 actions.
    max_actions = 5_000
    # Decisions within about 2 s on one core (bench/strength.py); playouts run to the
    # end of the game.
    levels = MappingProxyType({"hard": "ismcts:iters=100,rollout=heuristic"})
    decks_by_seat = True  # PS-3.1 each player brings a constructed deck of their own
    rolls_dice = False  # cards, energy and shuffles only: no rule rolls a die
    heuristic_agent = PSAgent
    # Passing a window (PS-8.4, PS-GAP-12) and ending a main phase in which nothing is
    # compulsory (PS-8.3) do nothing: the table plays them when nothing else is legal.
    pass_ids = frozenset({"pass", "end"})
    # The fixed action space and observation tensor of learning agents (tcglab.rl).
    from tcglab.games.ps.encoding import CAPABILITY as ENCODING
    from tcglab.games.ps.scenario import CAPABILITY as SCENARIO  # positions as files

    capabilities = (ENCODING, SCENARIO)

    @property
    def cards(self) -> CardSet:
        return card_set()

    def render(self, observation: dict) -> str:
        return render(observation)

    def prebuilt_decks(self) -> dict[str, list[str]]:
        return {name: list(ids) for name, ids in decklists.prebuilt(self.cards).items()}

    def deck_list(self, text: str) -> DeckList:
        return decklists.read(text, self.cards)

    def deck_rules(self, deck: DeckList) -> list[str]:
        return decklists.deck_rules(deck, self.cards)

    def _new_state(self, seed: int, players: int, options: dict, decks) -> PSState:
        return self.state_with(self.cards, seed, options, decks)

    def state_with(self, cards: CardSet, seed: int, options: dict, decks) -> PSState:
        """A new game over a given card set (the shipped one, or a test's own)."""
        if decks is None:
            built = decklists.prebuilt(cards)
            decks = [list(built[name]) for name in DEFAULT_DECKS]
        if not isinstance(decks, list | tuple) or len(decks) != 2:
            raise BadOption("ps takes two decks, one per player, as lists of card ids")
        for seat, ids in enumerate(decks):
            problems = decklists.check_ids(ids, cards)
            if problems:
                raise BadOption(f"deck {seat + 1} is not legal: {'; '.join(problems)}")
        state = PSState(self, seed, options, cards)
        for seat, ids in enumerate(decks):
            state.deck[seat] = [cards.number(i) for i in ids]
        set_up(state)
        state.advance()
        return state
