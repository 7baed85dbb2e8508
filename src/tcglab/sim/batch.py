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
from tcglab.engine import Game, Result, Rng, State, TcglabError, get_game
from tcglab.engine.capabilities import Capability, Standing
from tcglab.engine.replay import record
from tcglab.lab.backends import ranges
from tcglab.lab.facts import Watcher, facts

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
    specs = split_specs("random" if spec is None else spec)  # "" names no agent: refused
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


def seeds(
    batch_seed: int, games: int, players: int, start: int = 0
) -> Iterator[tuple[int, list[int]]]:
    """Per game from game `start` on: the game's seed (32 bits, easy to quote) and one
    seed per agent. Every game takes 1 + players draws, and SplitMix64 moves its state
    by one constant per draw, so game `start` is reached in one step, not by drawing."""
    source = Rng(batch_seed)
    source.skip(start * (players + 1))
    for _ in range(games - start):
        game_seed = source.below(1 << 32)
        yield game_seed, [source.next_u64() for _ in range(players)]


def play_out(
    state: State, agents: list, max_actions: int = DEFAULT_MAX_ACTIONS, watcher=None
) -> int:
    """Let the agents play `state` to its end; returns the number of actions taken.
    Each agent is handed a Decision, never the state itself. A records `watcher` sees
    each decision while it asks to (`drafting`)."""
    taken = 0
    while state.result is None:
        if taken >= max_actions:
            raise RunawayGame(
                f"{state.game.id} game with seed {state.seed} ({state.players} players) "
                f"did not end within {max_actions} action{'s' * (max_actions != 1)}; a larger "
                "--max-actions allows more"
            )
        seat = state.to_move
        if seat is None:
            raise RunawayGame(
                f"{state.game.id} game with seed {state.seed} stopped with nobody to move "
                "and no result"
            )
        if watcher is not None and watcher.drafting:
            watcher.decision(state)
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

    def merge(self, part: Tally) -> None:
        """Add the tally of a later range of the same batch: the sums are exact, and
        reasons keep the order in which the whole batch first met them."""
        self.games += part.games
        self.actions += part.actions
        self.seconds += part.seconds
        self.wins = [a + b for a, b in zip(self.wins, part.wins, strict=True)]
        self.score_sums = [a + b for a, b in zip(self.score_sums, part.score_sums, strict=True)]
        self.reasons.update(part.reasons)

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


@dataclass(frozen=True)
class Batch:
    """What every game of a batch shares, as plain data a worker process can take:
    the decks are card ids per seat (None: the game's choice), `deck_names` what the
    records call them, `records` whether to keep each game's facts, `replays` the
    folder every game is saved into."""

    game: str
    seed: int
    players: int
    options: dict
    agents: tuple[str, ...]
    max_actions: int = DEFAULT_MAX_ACTIONS
    decks: tuple | None = None
    deck_names: tuple | None = None
    records: bool = False
    replays: str | None = None

    def tally(self) -> Tally:
        """An empty tally of this batch."""
        return Tally(self.game, self.seed, self.players, dict(self.options), list(self.agents))


@dataclass
class Part:
    """What games `start` to `stop` of a batch gave: their tally and, with records, the
    rows of the `games` and `cards` tables (`tcglab.lab.facts`)."""

    start: int
    stop: int
    tally: Tally
    games: list = field(default_factory=list)
    cards: list = field(default_factory=list)


def play_part(batch: Batch, start: int, stop: int, on_game=None, game: Game | None = None) -> Part:
    """Play games `start` to `stop` of a batch (each seeded by its index alone, so any
    split of a batch into ranges plays the same games). Records, replays and
    `on_game(index, state)` come after each game, outside its timed part."""
    game = game or get_game(batch.game)
    tally = batch.tally()
    part = Part(start, stop, tally)
    decks = [list(d) for d in batch.decks] if batch.decks is not None else None
    counted = [Counter(d) for d in decks] if decks is not None else [None] * tally.players
    prebuilt = {}
    if batch.records and decks is None:
        prebuilt = {name: Counter(cards) for name, cards in game.prebuilt_decks().items()}

    def one(index: int, game_seed: int, seats: list):
        state = game.new_state(game_seed, tally.players, tally.options, decks)
        watcher = Watcher(state) if batch.records else None
        taken = play_out(state, seats, batch.max_actions, watcher)
        return state.result, taken, (state, watcher, taken)

    def then(index: int, played) -> None:
        state, watcher, taken = played
        if batch.records:
            keep(part, index, state, watcher, batch, counted, prebuilt, taken)
        if batch.replays is not None:
            save_replay(state, Path(batch.replays), index, tally.agents, decks)
        if on_game is not None:
            on_game(index, state)

    play_each(game, tally, start, stop, one, then)
    return part


def keep(part: Part, index: int, state: State, watcher, batch: Batch, decks, prebuilt, taken):
    """The records of one finished game, added to its part."""
    names = list(batch.deck_names or [None] * state.players)
    row, rows = facts(state, watcher, batch.agents, list(decks), names, prebuilt, taken)
    part.cards.extend((index, *each) for each in rows)
    part.games.append({"game": index, **row})


def play_job(job: tuple) -> Part:
    """`play_part` of one `(batch, start, stop)` job, as a backend's worker runs it."""
    return play_part(*job)


def run_parts(batch: Batch, games: int, backend, on_part: Callable | None = None) -> Tally:
    """Play the `games` games of `batch` on a backend (`tcglab.lab.backends`), split into
    ranges; `on_part(part)` sees each range in order. The tally is the same whatever
    the backend and its number of workers."""
    tally = batch.tally()
    jobs = [(batch, start, stop) for start, stop in ranges(games, backend.workers)]
    try:
        for part in backend.map(play_job, jobs):
            tally.merge(part.tally)
            if on_part is not None:
                on_part(part)
    finally:
        backend.close()
    return tally


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
    """Play `games` games in this process and add them up. `on_game(index, state)` sees
    each finished game (index from 0), outside the timed part."""
    tally = new_tally(game, seed, players, options, agents)
    batch = Batch(game.id, seed, tally.players, tally.options, tuple(tally.agents), max_actions,
                  None if decks is None else tuple(map(tuple, decks)))  # fmt: skip
    return play_part(batch, 0, games, on_game, game).tally


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

    def one(index: int, format_seed: int, seats: list):
        standing = played.by_agents(
            game, format_seed, seats, options=tally.options, **(settings or {})
        )
        return format_result(standing), len(standing.games), None

    play_each(game, tally, 0, count, one, on_format and (lambda index, _: on_format(index)))
    return tally


def play_each(game: Game, tally: Tally, start: int, stop: int, play, then=None) -> None:
    """Games (or formats) `start` to `stop` of a batch: `play(index, seed, seats)` gives
    the result, the length and what `then(index, that)` sees after the timed part."""
    for index, (game_seed, seats) in enumerate(seated(game, tally, start, stop), start):
        started = time.perf_counter()
        result, length, played = play(index, game_seed, seats)
        tally.add(result, length, time.perf_counter() - started)
        if then is not None:
            then(index, played)


def new_tally(game: Game, seed: int, players, options, agents) -> Tally:
    """An empty tally of a batch, its players and options checked by the game."""
    players = game.check_players(players)
    kinds = agents or ["random"] * players
    return Tally(game.id, seed, players, game.resolve_options(options), kinds)


def seated(game: Game, tally: Tally, start: int, stop: int) -> Iterator[tuple[int, list]]:
    """Per game of a batch from `start` to `stop`: its seed, and a fresh agent of its
    kind for every seat."""
    for game_seed, agent_seeds in seeds(tally.seed, stop, tally.players, start):
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
