"""A tcglab game as a PettingZoo AEC environment: one agent per seat, `player_0` ...,
acting in the order the rules give (`state.to_move`), each observing
`{"observation": float32 tensor, "action_mask": int8 mask}` and acting by index.
Rewards come at the end, from the game's result (see `rewards`)."""

from __future__ import annotations

from typing import ClassVar

from tcglab.engine import BadOption, get_game
from tcglab.engine.rng import Rng
from tcglab.rl.extras import need
from tcglab.rl.spaces import Spaces, resolve_decks

AECEnv = need("pettingzoo").AECEnv
gym_spaces = need("gymnasium.spaces")
np = need("numpy")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def rewards(result, players: int) -> list[float]:
    """Winners share +1 and losers -1 (two players: +1 and -1); all 0 when everyone or
    nobody won."""
    winners = set(result.winners)
    if not winners or len(winners) == players:
        return [0.0] * players
    losers = players - len(winners)
    return [1.0 / len(winners) if s in winners else -1.0 / losers for s in range(players)]


def observation_space(spaces: Spaces):
    return gym_spaces.Dict(
        {
            "observation": gym_spaces.Box(-np.inf, np.inf, (spaces.size,), np.float32),
            "action_mask": gym_spaces.Box(0, 1, (spaces.num_actions,), np.int8),
        }
    )


class TcglabAEC(AECEnv):
    """One tcglab game as an AEC environment; `reset(seed=...)` deals a new game."""

    metadata: ClassVar[dict] = {
        "render_modes": ["ansi"],
        "name": "tcglab",
        "is_parallelizable": False,
    }

    def __init__(self, game_id, players=None, options=None, decks=None, render_mode=None):
        super().__init__()
        self.game = get_game(game_id)
        self.players = self.game.check_players(players)
        self.options = self.game.resolve_options(options)
        self.decks = resolve_decks(self.game, decks)
        if render_mode not in (None, "ansi"):
            raise BadOption(f"render_mode takes 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tcglab_{self.game.id}_v0"}
        self.spaces = Spaces(self.game)
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {a: observation_space(self.spaces) for a in self.possible_agents}
        self._action_spaces = {
            a: gym_spaces.Discrete(self.spaces.num_actions) for a in self.possible_agents
        }
        self._seeds = Rng(0)
        self.state = None
        self._seen = (None, None, -1, None)  # (state, agent, actions taken, observation)
        self._legal: dict[int, str] = {}
        # The mover's mask bytes, found with `_legal` and handed out by the next observe;
        # None once handed out (a later observe builds them anew from `_legal`).
        self._flags: bytearray | None = None
        # A game is dealt at once so that a first check of the spaces finds a state.
        self.new_game(0)

    def new_game(self, seed: int) -> None:
        self.state = self.game.new_state(seed, self.players, self.options, self.decks)

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            # as Gymnasium's seeding: a whole number from 0 (a bool or 2.0 is a mistake)
            if type(seed) is bool or not hasattr(seed, "__index__") or seed < 0:
                raise BadOption(f"seed takes a whole number from 0, not {seed!r}")
            self._seeds = Rng(int(seed))
        self.new_game(self._seeds.below(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._legal, self._flags = self.spaces.legal_and_flags(self.state)
        self.agent_selection = self.possible_agents[self.state.to_move]

    def observe(self, agent):
        """The agent's tensor and mask. Asked again before the state changes (PettingZoo's
        `last()`, then a learner), it gives the same arrays without observing anew."""
        state = self.state
        seen = self._seen
        if seen[0] is state and seen[1] == agent and seen[2] == len(state.history):
            return seen[3]
        seat = self._seats[agent]
        spaces = self.spaces
        if seat != state.to_move:
            mask = np.zeros(spaces.num_actions, np.int8)
        elif self._flags is not None:
            mask = np.frombuffer(self._flags, np.int8)
            self._flags = None  # handed out: never shared by two observations
        else:
            mask = spaces.mask(state, self._legal)
        found = {"observation": spaces.state_tensor(state, seat), "action_mask": mask}
        # Held with the state itself, so that a new game never matches an old entry.
        self._seen = (state, agent, len(state.history), found)
        return found

    def last(self, observe: bool = True):
        """PettingZoo's `last()`: the selected agent's observation, running reward,
        termination, truncation and info."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63):
        """PettingZoo's `agent_iter()`: the selected agent, until no agent is left or
        `max_iter` have been given; each loop over it starts the count anew."""
        return _Agents(self, max_iter)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        legal = self._legal
        # A plain int finds its action at once; anything else (a numpy integer, a bad
        # index) goes through action_id, which converts it or says what is legal.
        action_id = legal.get(action) if type(action) is int else None
        if action_id is None:
            action_id = self.spaces.action_id(state, action, legal)
        state.apply(action_id)
        if not state.over:
            # Rewards come only at the end, so before it every reward and running total
            # is still the 0.0 that reset gave them: nothing to clear or add.
            self._legal, self._flags = self.spaces.legal_and_flags(state)
            self.agent_selection = self.possible_agents[state.to_move]
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        for a, reward in zip(self.agents, rewards(state.result, self.players), strict=True):
            self.rewards[a] = reward
            self.terminations[a] = True
        self._legal, self._flags = {}, None
        self.agent_selection = self.agents[0]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            need("gymnasium").logger.warn("render() called without a render_mode")
            return None
        return self.game.render(self.state.observe(None))

    def close(self):
        pass


class _Agents:
    """What `agent_iter` gives: each `iter()` a generator, cheaper per step than
    PettingZoo's iterator object."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: TcglabAEC, max_iter: int) -> None:
        self.env, self.max_iter = env, max_iter

    def __iter__(self):
        env, left = self.env, self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


def aec_env(game_id, players=None, options=None, decks=None, render_mode=None) -> TcglabAEC:
    """The game as a PettingZoo AEC environment (see the module docstring)."""
    return TcglabAEC(game_id, players, options, decks, render_mode)
