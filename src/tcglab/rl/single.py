"""A tcglab game as a Gymnasium environment for one seat: tcglab agents, named by
their specs (`tcglab.agents.specs`: "random", "heuristic", "ismcts:iters=50" ...),
play every other seat, and the learner acts whenever its seat must decide.

Observations are `{"observation": float32 tensor, "action_mask": int8 mask}` as in
the AEC environment; the reward is the seat's share of the result (tcglab.rl.aec
`rewards`) when the game ends, 0 before. The action space samples legal actions only
(`MaskedDiscrete`), so `env.action_space.sample()` is always a move the rules allow.

An index the rules do not allow now raises IllegalAction naming the legal ones and
changes nothing (`illegal="raise"`, the default). With `illegal="lose"` it ends the
episode instead with reward -1 and `info["illegal"]`, PettingZoo's convention for
learners that act without the mask; Gymnasium's `check_env` needs it, since it draws
an action before it resets and so cannot keep to any mask.
"""

from __future__ import annotations

from typing import ClassVar

from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, get_game
from tcglab.engine.decision import Decision
from tcglab.engine.registry import games
from tcglab.rl.aec import observation_space, rewards
from tcglab.rl.extras import need
from tcglab.rl.spaces import Spaces, resolve_decks

gym = need("gymnasium")

DEALS = 100  # games dealt at most in one reset to find one where the seat decides


class MaskedDiscrete(gym.spaces.Discrete):
    """The fixed action space; `sample()` without a mask draws a legal action of the
    environment's current decision."""

    def __init__(self, n: int, env: TcglabGym) -> None:
        super().__init__(n)
        self._env = env

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self._env.legal:
            mask = self._env.mask()
        return super().sample(mask, probability)

    def __reduce__(self):
        # Copied or sent to another process (a vector environment's workers answer with
        # their spaces), it is the plain space: a copy of the environment would only
        # offer the legal actions of a decision already past.
        return (gym.spaces.Discrete, (int(self.n), None, int(self.start)))


def env_id(game_id: str) -> str:
    """A game's id in Gymnasium's registry (`register`)."""
    return f"tcglab/{game_id}-v0"


def register() -> list[str]:
    """Register every game with Gymnasium as `tcglab/<game>-v0` (once however often it
    is called), so that `gymnasium.make` and `gymnasium.make_vec` build it with the
    keyword arguments TcglabGym takes; returns the ids. `make_vec` builds a pool of
    games (`tcglab.rl.vector`, which also takes `workers`) unless a
    `vectorization_mode` of "sync" or "async" asks for Gymnasium's own vectors."""
    ids = []
    for game_id in sorted(games()):
        name = env_id(game_id)
        if name not in gym.registry:
            gym.register(
                name,
                entry_point=f"{__name__}:TcglabGym",
                vector_entry_point="tcglab.rl.vector:PoolVector",
                kwargs={"game_id": game_id},
            )
        ids.append(name)
    return ids


class TcglabGym(gym.Env):
    """One seat of a tcglab game against tcglab agents."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game_id,
        opponent="heuristic",
        seat=0,
        players=None,
        options=None,
        decks=None,
        render_mode=None,
        illegal="raise",
    ):
        self.game = get_game(game_id)
        self.players = self.game.check_players(players)
        self.options = self.game.resolve_options(options)
        self.decks = resolve_decks(self.game, decks)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise BadOption(f"seat takes a whole number from 0 to {self.players - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise BadOption(f"render_mode takes 'ansi' or None, not {render_mode!r}")
        if illegal not in ("raise", "lose"):
            raise BadOption(f"illegal takes 'raise' or 'lose', not {illegal!r}")
        self.seat, self.render_mode, self.illegal = seat, render_mode, illegal
        others = self.players - 1
        specs = [opponent] * others if isinstance(opponent, str) else list(opponent)
        if len(specs) != others:
            raise BadOption(f"opponent takes one spec, or a list of {others} (one per other seat)")
        self.specs = specs
        for spec in set(specs):
            make_agent(spec, self.game, 0)  # a bad spec fails here, in one line
        self.spaces = Spaces(self.game)
        self.observation_space = observation_space(self.spaces)
        self.action_space = MaskedDiscrete(self.spaces.num_actions, self)
        # A first game is dealt at once, so that bad decks fail here, in one line.
        self.state = self.game.new_state(0, self.players, self.options, self.decks)
        self.legal: dict[int, str] = {}
        self.agents: dict[int, object] = {}

    # -- the episode -----------------------------------------------------------

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        for _ in range(DEALS):
            deal = int(self.np_random.integers(2**31))
            self.state = self.game.new_state(deal, self.players, self.options, self.decks)
            others = [s for s in range(self.players) if s != self.seat]
            self.agents = {
                s: make_agent(spec, self.game, deal + s)
                for s, spec in zip(others, self.specs, strict=True)
            }
            self._play_others()
            if not self.state.over:
                break
        self.legal = self.spaces.legal(self.state)
        return self._observation(), {}

    def step(self, action):
        state = self.state
        if self.illegal == "lose" and not _is_index(action, self.legal):
            return self._observation(), -1.0, True, False, {"illegal": True}
        state.apply(self.spaces.action_id(state, action, self.legal))
        self._play_others()
        self.legal = {} if state.over else self.spaces.legal(state)
        reward = rewards(state.result, self.players)[self.seat] if state.over else 0.0
        return self._observation(), reward, state.over, False, {}

    def _play_others(self) -> None:
        """The agents move until the learner's seat must decide or the game is over."""
        state = self.state
        while not state.over and state.to_move != self.seat:
            state.apply(self.agents[state.to_move].choose(Decision(state)))

    # -- what the learner sees -------------------------------------------------

    def mask(self):
        return self.spaces.mask(self.state, self.legal)

    def _observation(self) -> dict:
        tensor = self.spaces.state_tensor(self.state, self.seat)
        return {"observation": tensor, "action_mask": self.mask()}

    def render(self):
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode")
            return None
        return self.game.render(self.state.observe(self.seat))


def _is_index(action, legal: dict[int, str]) -> bool:
    try:
        return int(action) in legal
    except (TypeError, ValueError):
        return False
