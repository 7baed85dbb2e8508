"""The Higurashi fan card game as a registered Game."""

from __future__ import annotations

from types import MappingProxyType

from tcglab.engine.capabilities import Capability
from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game
from tcglab.games.higurashi import championship_view
from tcglab.games.higurashi import render as board
from tcglab.games.higurashi.agent import HigurashiAgent
from tcglab.games.higurashi.cards import card_set
from tcglab.games.higurashi.championship import play_championship
from tcglab.games.higurashi.championship_state import GAMES, championship_table
from tcglab.games.higurashi.options import OPTIONS
from tcglab.games.higurashi.state import HigurashiState
from tcglab.games.higurashi.turn import set_up

CHAMPIONSHIP = Capability(
    "championship",
    "championship of several games",
    "Several games, agreed in advance (one per player unless set); scores add up, the "
    "highest total is champion, and tied leaders alone play on.",
    championship_table,
    rule="G4-2.6",
    players=(2, 3, 4, 5),
    table=True,
    chosen=True,  # every player count is also a single game
    decks=False,  # played with the shared card set
    options=(GAMES,),
    agents=play_championship,
    title_ja="複数ゲームの選手権",
    summary_ja="あらかじめ決めた数（指定がなければ人数と同じ）のゲームを行い、得点の合計が"
    "最も高い人が優勝します。首位が並んだときはその人たちだけでもう1ゲーム行います。",
)


class HigurashiGame(Game):
    id = "higurashi"
    name = "Higurashi fan card game (ひぐらし)"
    min_players = 2  # G4-1.4
    max_players = 5
    default_players = 3
    options = OPTIONS
    heuristic_agent = HigurashiAgent
    # Letting a roll stand (G4-4) and ending a turn with nothing left to do (G4-2.3) do
    # nothing: the table plays them when nothing else is legal.
    pass_ids = frozenset({"pass", "end"})
    # The character a scout, an attack or an event card is aimed at is chosen right
    # after it (G4-3.1, G4-4.1, G4-6.1): where only one can be, the table aims it.
    completion_prefixes = ("target ",)
    # At most ROUND_CAP (100) rounds of five turns (options.py); random five-player games
    # under the longest options take about 1,500 actions at most.
    max_actions = 10_000
    capabilities = (CHAMPIONSHIP,)
    # The fixed action space and observation tensor of learning agents (tcglab.rl).
    from tcglab.games.higurashi.encoding import CAPABILITY as ENCODING

    # Positions as scenario files (docs/scenarios/higurashi.md).
    from tcglab.games.higurashi.scenario import CAPABILITY as SCENARIO

    capabilities = (*capabilities, ENCODING, SCENARIO)
    # Dice decide much, so root actions are compared on the same worlds and dice
    # (root=paired), each played out to the end by the heuristic at every seat: what a
    # changed choice does shows only over the rest of the game. luck=turn keeps every
    # turn's dice alike for all root actions, and depth=1 leaves every later action to
    # the heuristic in its own sample. With two players about 0.3 s a decision on one
    # core, under 0.85 s early in a game. steps bounds the longer playouts of bigger
    # tables (shared among the rivals: 35,000 actions at three seats) and lies above
    # what two players' decisions play, so they search as before (docs/ai.md, "More
    # seats").
    levels = MappingProxyType(
        {"hard": "ismcts:iters=250,rollout=heuristic,root=paired,luck=turn,depth=1,steps=70000"}
    )

    @property
    def cards(self):
        return card_set()

    def _new_state(self, seed: int, players: int, options: dict, decks) -> HigurashiState:
        if decks:
            raise BadOption("higurashi is played with the shared card set; it takes no decks")
        state = HigurashiState(self, seed, players, options)
        set_up(state)
        state.advance()
        return state

    def render(self, observation: dict) -> str:
        """The board as one seat sees it, as plain text for the terminal."""
        if observation.get("format") == "championship":
            return championship_view.render(observation)
        return board.render(observation)
