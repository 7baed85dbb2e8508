"""Playing many games with agents, and adding up what happened; the same for a format
of several games (a match, a championship) played many times.

Every game's seed, and every agent's seed, is drawn from one batch seed, so the same
batch seed, player count, options and agents replay the same games, in order.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import Game, Result, Rng, State, TcglabError
from tcglab.engine.capabilities import Capability, Standing
from tcglab.engine.replay import record

DEFAULT_MAX_ACTIONS = 100_000


class UnknownAgent(TcglabError):
    """Agent specs that do not fit the seats."""


class RunawayGame(TcglabError):
    """A game that passed the safety cap on actions without ending."""


def split_specs(text: str) -> list[str]:
    """Agent specs from one comma-separated option: `ismcts:iters=400,limit=40,random`
    is two agents, since a `name=value` piece belongs to the search spec before it."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if specs and ":" in specs[-1] and (piece.isdigit() or "=" in piece) and ":" not in piece:
            specs[-1] += "," + piece
        elif piece:
            specs.append(piece)
    return specs


def seat_agents(game: Game, spec: str | None, players: int) -> list[str]:
    """Agent specs per seat: one spec for every seat, or one per seat; each checked."""
    specs = split_specs(spec or "random")
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise UnknownAgent(
            f"--agents names {len(specs)} agents for {players} players; "
            "give one per seat or one for every seat"
        )
    for each in dict.fromkeys(specs):
        make_agent(each, game, 0)
    return specs


def seeds(batch_seed: int, games: int, players: int) -> Iterator[tuple[int, list[int]]]:
    """Per game: the game's seed (32 bits, easy to quote) and one seed per agent."""
    source = Rng(batch_seed)
    for _ in range(games):
        game_seed = source.below(1 << 32)
        yield game_seed, [source.next_u64() for _ in range(players)]


def play_out(state: State, agents: list, max_actions: int = DEFAULT_MAX_ACTIONS) -> int:
    """Let the agents play `state` to its end; returns the number of actions taken.
    Each agent is handed a Decision, never the state itself."""
    taken = 0
    while state.result is None:
        if taken >= max_actions:
            raise RunawayGame(
                f"{state.game.id} game with seed {state.seed} ({state.players} players) "
                f"did not end within {max_actions} actions; a larger --max-actions allows more"
            )
        seat = state.to_move
        if seat is None:
            raise RunawayGame(
                f"{state.game.id} game with seed {state.seed} stopped with nobody to move "
                "and no result"
            )
        state.apply(agents[seat].choose(Decision(state)))
        taken += 1
    return taken


@dataclass
class Tally:
    """What a batch added up to; `summary()` gives it as JSON-able numbers."""

    game: str
    seed: int
    players: int
    options: dict
    agents: list[str]
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[Fraction] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)
    reasons: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.wins = self.wins or [Fraction(0)] * self.players
        self.score_sums = self.score_sums or [0] * self.players

    def add(self, result: Result, actions: int, seconds: float) -> None:
        """Count one finished game; k winners share its win, 1/k each."""
        self.games += 1
        self.actions += actions
        self.seconds += seconds
        share = Fraction(1, len(result.winners)) if result.winners else Fraction(0)
        for seat in result.winners:
            self.wins[seat] += share
        for seat, score in enumerate(result.scores):
            self.score_sums[seat] += score
        self.reasons[result.reason] += 1

    def summary(self) -> dict[str, Any]:
        games = max(self.games, 1)
        seconds = max(self.seconds, 1e-9)
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "players": self.players,
            "agents": list(self.agents),
            "options": dict(self.options),
            "wins": [float(w) for w in self.wins],
            "win_shares": [float(w / games) for w in self.wins],
            "mean_scores": [s / games for s in self.score_sums],
            "mean_actions": self.actions / games,
            "games_per_s": self.games / seconds,
            "actions_per_s": self.actions / seconds,
            "seconds": self.seconds,
            "reasons": dict(self.reasons.most_common()),
        }


def run_batch(
    game: Game,
    games: int,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    agents: list[str] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    on_game: Callable[[int, State], None] | None = None,
    decks: list[list[str]] | None = None,
) -> Tally:
    """Play `games` games and add them up. `on_game(index, state)` sees each finished
    game (index from 0), outside the timed part."""
    tally = new_tally(game, seed, players, options, agents)
    for index, (game_seed, seats) in enumerate(seated(game, tally, games)):
        started = time.perf_counter()
        state = game.new_state(game_seed, tally.players, tally.options, decks)
        taken = play_out(state, seats, max_actions)
        tally.add(state.result, taken, time.perf_counter() - started)
        if on_game is not None:
            on_game(index, state)
    return tally


def run_formats(
    game: Game,
    played: Capability,
    count: int,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    agents: list[str] | None = None,
    settings: Mapping[str, Any] | None = None,
    on_format: Callable[[int], None] | None = None,
) -> Tally:
    """Play a format of several games `count` times and add up who won it. In the
    tally each format counts as one "game" won by the format's winners, its scores
    are the format's totals and its actions the games it took."""
    tally = new_tally(game, seed, players, options, agents)
    for index, (format_seed, seats) in enumerate(seated(game, tally, count)):
        started = time.perf_counter()
        standing = played.run(game, format_seed, seats, options=tally.options, **(settings or {}))
        tally.add(format_result(standing), len(standing.games), time.perf_counter() - started)
        if on_format is not None:
            on_format(index)
    return tally


def new_tally(game: Game, seed: int, players, options, agents) -> Tally:
    """An empty tally of a batch, its players and options checked by the game."""
    players = game.check_players(players)
    kinds = agents or ["random"] * players
    return Tally(game.id, seed, players, game.resolve_options(options), kinds)


def seated(game: Game, tally: Tally, count: int) -> Iterator[tuple[int, list]]:
    """Per game of a batch: its seed, and a fresh agent of its kind for every seat."""
    for game_seed, agent_seeds in seeds(tally.seed, count, tally.players):
        kinds = zip(tally.agents, agent_seeds, strict=True)
        yield game_seed, [make_agent(kind, game, s) for kind, s in kinds]


def format_result(standing: Standing) -> Result:
    """A format's outcome as the tally counts a game: its winners, its totals as scores."""
    reason = {0: "nobody", 1: "won"}.get(len(standing.winners), "shared")
    return Result(standing.winners, standing.totals, reason)


def save_replay(
    state: State, directory: Path, index: int, agents: list[str], decks: list | None = None
) -> Path:
    """Write one finished game as `<game>-<index>-<seed>.json` in `directory`."""
    path = directory / f"{state.game.id}-{index + 1:05d}-{state.seed}.json"
    record(state, seats=agents, decks=decks).save(path)
    return path
