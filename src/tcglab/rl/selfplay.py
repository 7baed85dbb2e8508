"""One tcglab game in which the learner plays every seat, for self-play: each decision is
shown from the seat that must make it, and every seat's reward comes at the end.

It speaks as `TcglabGym` does (`reset(seed=...)`, `step(index)`, observations of
`{"observation": tensor, "action_mask": mask}`), so that a pool of games
(`tcglab.rl.pool`) plays either; `seat` is the seat the last observation shows (at an
end, the seat that made the last move) and a reward is a list of one number a seat
(`tcglab.rl.aec.rewards`, 0 before the end).
"""

from __future__ import annotations

from tcglab.engine import get_game
from tcglab.rl.aec import observation_space, rewards
from tcglab.rl.extras import need
from tcglab.rl.spaces import Spaces, resolve_decks

np = need("numpy")


class SelfPlay:
    """Every seat of one game for one learner; `reset(seed=...)` deals a new game."""

    def __init__(self, game_id, players=None, options=None, decks=None) -> None:
        self.game = get_game(game_id)
        self.players = self.game.check_players(players)
        self.options = self.game.resolve_options(options)
        self.decks = resolve_decks(self.game, decks)
        self.spaces = Spaces(self.game)
        self.observation_space = observation_space(self.spaces)
        # A first game is dealt at once, so that bad decks fail here, in one line.
        self.state = self.game.new_state(0, self.players, self.options, self.decks)
        self.seat = self.state.to_move
        self.legal: dict[int, str] = {}
        self._deals = np.random.default_rng(0)

    def reset(self, *, seed=None):
        """Deal a new game (from `seed`, or the next deal of the last seed given)."""
        if seed is not None:
            self._deals = np.random.default_rng(seed)
        deal = int(self._deals.integers(2**31))
        self.state = self.game.new_state(deal, self.players, self.options, self.decks)
        return self._observation(), {}

    def step(self, index):
        """Play the seat to move's action at `index`; IllegalAction naming the legal
        ones, with nothing played, if the rules do not allow it now."""
        state = self.state
        state.apply(self.spaces.action_id(state, index, self.legal))
        reward = rewards(state.result, self.players) if state.over else [0.0] * self.players
        return self._observation(), reward, state.over, False, {}

    def _observation(self) -> dict:
        state = self.state
        if not state.over:
            self.seat = state.to_move
        self.legal = {} if state.over else self.spaces.legal(state)
        return {
            "observation": self.spaces.state_tensor(state, self.seat),
            "action_mask": self.spaces.mask(state, self.legal),
        }
