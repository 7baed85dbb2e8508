"""The games as OpenSpiel Python games: `tcglab_higurashi`, `tcglab_pgt`, `tcglab_pm`
and `tcglab_ps`, with the parameter `players` (and `seed`, where the deals start).

They are sampled stochastic: the engine's own generator deals, shuffles and rolls, so
there are no chance nodes, and `resample_from_infostate` is `State.determinize` (every
hidden card and the future dice drawn anew, consistent with what the seat knows).
Actions are the fixed vocabulary of tcglab.rl.spaces; observation tensors are its
tensors and the information-state string is the seat's observation as canonical JSON.
Returns follow tcglab.rl.aec `rewards` (winners share +1, losers -1).
"""

from __future__ import annotations

from tcglab.engine import games, get_game
from tcglab.engine.rng import Rng
from tcglab.rl.aec import rewards
from tcglab.rl.extras import need
from tcglab.rl.spaces import Spaces

pyspiel = need("pyspiel")
np = need("numpy")

SEEDS = 2**53  # a resampling seed is drawn from [0, 1) and scaled to this


def short_name(game_id: str) -> str:
    return f"tcglab_{game_id}"


def game_type(game) -> pyspiel.GameType:
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game.id),
        long_name=f"tcglab {game.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.default_players, "seed": 0},
    )


class TcglabSpielGame(pyspiel.Game):
    """One tcglab game for OpenSpiel; each new initial state is the next deal. Each
    game is registered as its own subclass (`register`): OpenSpiel keeps a registered
    factory until after the interpreter has shut down, and a class outlives it safely
    where a function does not."""

    game_id = ""  # set by each game's subclass

    def __init__(self, params=None):
        params = dict(params or {})
        game = get_game(self.game_id)
        players = game.check_players(params.get("players", game.default_players))
        self.table = Table(game, players, int(params.get("seed", 0)))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.spaces.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=game.max_actions,
        )
        super().__init__(game_type(game), info, {"players": players, "seed": self.table.seed})

    def new_initial_state(self):
        table = self.table
        return TcglabSpielState(self, Held(table, table.deals.below(2**31)))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return TcglabObserver(self.table.spaces)


class Table:
    """What the states of one loaded game share: the tcglab game, its spaces, the deals."""

    def __init__(self, game, players: int, seed: int) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.spaces = Spaces(game)
        self.deals = Rng(seed)


class Held:
    """The tcglab state of an OpenSpiel state. OpenSpiel copies a Python state by
    making a new initial state and deep-copying its attributes into it, so the deal of
    a new state is made only when it is first needed, and a copy is a tcglab clone."""

    __slots__ = ("_legal", "_legal_at", "_state", "seed", "table")

    def __init__(self, table: Table, seed: int, state=None) -> None:
        self.table, self.seed, self._state = table, seed, state
        self._legal_at = -1

    def legal(self) -> dict[int, str]:
        """The legal actions by index, worked out once per decision."""
        state = self.state
        if self._legal_at != len(state.history):
            self._legal = self.table.spaces.legal(state)
            self._legal_at = len(state.history)
        return self._legal

    @property
    def state(self):
        if self._state is None:
            self._state = self.table.game.new_state(self.seed, self.table.players)
        return self._state

    def __deepcopy__(self, memo):
        return Held(self.table, self.seed, self.state.clone())


class TcglabSpielState(pyspiel.State):
    """A tcglab state behind OpenSpiel's State interface."""

    def __init__(self, game: TcglabSpielGame, held: Held) -> None:
        super().__init__(game)
        self.held = held

    @property
    def state(self):
        return self.held.state

    @property
    def spaces(self) -> Spaces:
        return self.held.table.spaces

    def current_player(self):
        state = self.state
        return pyspiel.PlayerId.TERMINAL if state.over else state.to_move

    def _legal_actions(self, player):
        state = self.state
        return sorted(self.held.legal()) if player == state.to_move else []

    def _apply_action(self, action):
        self.state.apply(self.spaces.action_id(self.state, action, self.held.legal()))

    def _action_to_string(self, player, action):
        if player == self.state.to_move:
            legal = self.held.legal()
            if action in legal:
                return legal[action]
        return self.spaces.actions[action]

    def is_terminal(self):
        return self.state.over

    def returns(self):
        state = self.state
        return rewards(state.result, state.players) if state.over else [0.0] * state.players

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the seat cannot tell from this one: tcglab's determinize."""
        seed = int(probability_sampler() * SEEDS)
        twin = self.clone()
        held = self.held
        twin.held = Held(held.table, held.seed, self.state.determinize(player_id, Rng(seed)))
        return twin

    def __str__(self):
        return self.spaces.info_state(self.state.observe(None))


class TcglabObserver:
    """OpenSpiel's observer: one seat's tensor and its observation as text."""

    def __init__(self, spaces: Spaces) -> None:
        self.spaces = spaces
        self.tensor = np.zeros(spaces.size, np.float32)
        self.dict = {
            name: self.tensor[start : start + length] for name, start, length, _ in spaces.layout
        }

    def set_from(self, state, player):
        self.tensor[:] = self.spaces.state_tensor(state.state, player)

    def string_from(self, state, player):
        return self.spaces.info_state(state.state.observe(player))


def register() -> list[str]:
    """Register every tcglab game with OpenSpiel (once each); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id, game in games().items():
        name = short_name(game_id)
        if name not in registered:
            kind = type(f"Tcglab{game_id.title()}Game", (TcglabSpielGame,), {"game_id": game_id})
            pyspiel.register_game(game_type(game), kind)
        names.append(name)
    return names
