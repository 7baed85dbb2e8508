"""The games as OpenSpiel Python games: `tcglab_higurashi`, `tcglab_pgt`, `tcglab_pm`
and `tcglab_ps`, with the parameters `players`, `seed` (where the deals start) and
`chance_limit`.

Dice are chance nodes where they are few: an action that rolls dice with at most
`chance_limit` joint outcomes (default 36, two six-sided dice; 0 for none) stops at a
chance node whose outcomes are the faces, with exact probabilities (tcglab.engine.dice).
Everything else random (deals, shuffles, larger rolls) the engine's own generator
draws, so the games are sampled stochastic, and `resample_from_infostate` is
`State.determinize` (every hidden card and the future dice drawn anew, consistent with
what the seat knows). Actions are the fixed vocabulary of tcglab.rl.spaces; observation
tensors are its tensors and the information-state string is the seat's observation as
canonical JSON. Returns follow tcglab.rl.aec `rewards` (winners share +1, losers -1).
"""

from __future__ import annotations

from tcglab.engine import BadOption, games, get_game
from tcglab.engine.dice import MOST_OUTCOMES, Roll, play
from tcglab.engine.rng import Rng
from tcglab.rl.aec import rewards
from tcglab.rl.extras import need
from tcglab.rl.spaces import Spaces

pyspiel = need("pyspiel")
np = need("numpy")

SEEDS = 2**53  # a resampling seed is drawn from [0, 1) and scaled to this
CHANCE_LIMIT = 36  # two six-sided dice
RESAMPLE_TRIES = 50  # determinizations tried for one that keeps a pending roll


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
        parameter_specification={
            "players": game.default_players,
            "seed": 0,
            "chance_limit": CHANCE_LIMIT,
        },
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
        limit = check_chance_limit(params.get("chance_limit", CHANCE_LIMIT))
        self.table = Table(game, players, int(params.get("seed", 0)), limit)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.spaces.num_actions,
            max_chance_outcomes=limit,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=game.max_actions,
        )
        params = {"players": players, "seed": self.table.seed, "chance_limit": limit}
        super().__init__(game_type(game), info, params)

    def new_initial_state(self):
        table = self.table
        return TcglabSpielState(self, Held(table, table.deals.below(2**31)))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return TcglabObserver(self.table.spaces)


def check_chance_limit(value) -> int:
    """The `chance_limit` parameter, or a one-line error saying what it takes."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_OUTCOMES:
        raise BadOption(
            f"chance_limit takes a whole number from 0 to {MOST_OUTCOMES} (the most joint "
            f"dice outcomes a chance node may have; 0: every roll sampled), not {value!r}"
        )
    return value


class Table:
    """What the states of one loaded game share: the tcglab game, its spaces, the deals
    and the chance limit."""

    def __init__(self, game, players: int, seed: int, chance_limit: int = CHANCE_LIMIT) -> None:
        self.game, self.players, self.seed = game, players, seed
        self.chance_limit = chance_limit
        self.spaces = Spaces(game)
        self.deals = Rng(seed)


class Held:
    """The tcglab state of an OpenSpiel state, and the roll it waits for at a chance
    node. OpenSpiel copies a Python state by making a new initial state and
    deep-copying its attributes into it, so the deal of a new state is made only when
    it is first needed, and a copy is a tcglab clone."""

    __slots__ = ("_legal", "_legal_at", "_state", "roll", "seed", "table")

    def __init__(self, table: Table, seed: int, state=None, roll: Roll | None = None) -> None:
        self.table, self.seed, self._state, self.roll = table, seed, state, roll
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

    def take(self, action_id: str) -> None:
        """The seat to move takes `action_id`: a chance node if it rolls few dice."""
        limit = self.table.chance_limit
        if limit == 0 or not self.table.game.rolls_dice:
            self.state.apply(action_id)
            return
        after = play(self.state, action_id, limit)
        if isinstance(after, Roll):
            self.roll = after
        else:
            self._state = after

    def roll_one_of(self, action_ids: list[str]) -> bool:
        """Take the first legal one of `action_ids` that stops at a chance node; False
        (and nothing taken) if none does."""
        before = self.state
        legal = {a.id for a in before.legal_actions()}
        for action_id in action_ids:
            if action_id in legal:
                self.take(action_id)  # leaves `before` as it was
                if self.roll is not None:
                    return True
                self._state = before
        return False

    def settle(self, outcome: int) -> None:
        """The pending roll shows outcome number `outcome`."""
        roll, self.roll = self.roll, None
        # A copy of this state may settle the same roll: each takes its own clone.
        self._state = roll.outcomes[outcome][2].clone()

    def __deepcopy__(self, memo):
        # The roll's states are never changed (settle clones), so copies share them.
        return Held(self.table, self.seed, self.state.clone(), self.roll)


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
        if self.held.roll is not None:
            return pyspiel.PlayerId.CHANCE
        state = self.state
        return pyspiel.PlayerId.TERMINAL if state.over else state.to_move

    def _legal_actions(self, player):
        if self.held.roll is not None:
            return []
        state = self.state
        return sorted(self.held.legal()) if player == state.to_move else []

    def chance_outcomes(self):
        """The pending roll's outcomes, by number, with their probabilities."""
        roll = self.held.roll
        if roll is None:
            return []
        return [(i, p) for i, (_, p, _) in enumerate(roll.outcomes)]

    def _apply_action(self, action):
        held = self.held
        if held.roll is not None:
            if not 0 <= action < len(held.roll.outcomes):
                raise BadOption(
                    f"chance outcome {action} does not exist; outcomes: 0 to "
                    f"{len(held.roll.outcomes) - 1}"
                )
            held.settle(action)
            return
        held.take(self.spaces.action_id(self.state, action, held.legal()))

    def _action_to_string(self, player, action):
        roll = self.held.roll
        if player == pyspiel.PlayerId.CHANCE and roll is not None:
            return roll.label(action) if 0 <= action < len(roll.outcomes) else f"outcome {action}"
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
        """A state the seat cannot tell from this one: tcglab's determinize. At a chance
        node the sample waits for a roll too: the seat that acted takes its action
        again; another seat, which knows only that dice are coming, gets one of the
        sample's dice-rolling actions drawn at random. Samples with none are redrawn."""
        held = self.held
        for _ in range(RESAMPLE_TRIES):
            seed = int(probability_sampler() * SEEDS)
            sample = Held(held.table, held.seed, self.state.determinize(player_id, Rng(seed)))
            if held.roll is None:
                break
            if player_id == held.roll.seat:
                choices = [held.roll.action_id]
            else:
                choices = [a.id for a in sample.state.legal_actions()]
                Rng(seed).shuffle(choices)
            if sample.roll_one_of(choices):
                break
        else:
            raise RuntimeError(
                f"no sample for seat {player_id} in {RESAMPLE_TRIES} tries waits for a roll "
                f"like {held.roll.action_id!r}"
            )
        twin = self.clone()
        twin.held = sample
        return twin

    def __str__(self):
        return pending_text(self.held, self.spaces.info_state(self.state.observe(None)), None)


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
        return pending_text(state.held, self.spaces.info_state(state.state.observe(player)), player)


def pending_text(held: Held, text: str, seat: int | None) -> str:
    """A seat's text at a chance node: the seat that acted knows its action, the others
    only that dice are about to be rolled (which the faces will show them anyway)."""
    roll = held.roll
    if roll is None:
        return text
    if seat == roll.seat:
        return f"{text} | rolling for {roll.action_id}"
    return f"{text} | rolling"


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
