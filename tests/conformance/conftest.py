"""The cases of the conformance suite: every registered game at its smallest, default
and largest player count, each table format played only when asked for by name (at the
game's default count), each rule option switched away from its default, the option sets most
likely to make a game run long, and a seeded uniform-random policy that plays them.

A test asks for `case` (a game at one player count, default options), `variant` (a
game at its default count with one option changed) or `game` (the Game itself) and
is run once for each. A game registered later gets the whole suite by itself.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tcglab.engine import Game, Rng, RuleOption, State, games

MAX_ACTIONS = 10_000  # a random game still going after this many actions is taken never to end
LONG_GAME = 400  # actions: a five-player Higurashi game is about 700, a draft tournament 1,900
SEED_FLOOR = 1 << 48  # seeds this large cannot turn up in an observation by accident
LONG_RUN_SETS = 10  # option sets per game that every game must end under


def stable_rng(*parts: object) -> Rng:
    """A generator seeded from names: the same on every run and every machine."""
    text = ":".join(map(str, parts)).encode()
    return Rng(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))


@dataclass(frozen=True)
class Case:
    """One game set up one way, and the random games the suite plays with it."""

    game: Game
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    share: int = 1  # how many cases of this game split the game's quota of random games
    format: str | None = None  # a table format asked for by name (see Game.new_state)

    def __str__(self) -> str:
        changed = "".join(f"-{name}={_text(value)}" for name, value in self.options)
        played = "" if self.format is None else f"-{self.format}"
        return f"{self.game.id}-{self.players}p{played}{changed}"

    def seeds(self, count: int, purpose: str) -> list[int]:
        """`count` large 64-bit game seeds, fixed for this case and purpose."""
        rng = stable_rng(self, purpose)
        seeds: list[int] = []
        while len(seeds) < count:
            seed = rng.next_u64()
            if seed >= SEED_FLOOR:
                seeds.append(seed)
        return seeds

    def new_state(self, seed: int) -> State:
        return self.game.new_state(seed, self.players, dict(self.options), format=self.format)

    def default_options(self) -> dict:
        """Every option (and the format's settings) at its default."""
        return self.game.resolve_options({}, format=self.format)

    def policy(self, seed: int) -> Rng:
        """The random player's own generator, apart from the game's."""
        return stable_rng("policy", seed)

    def walk(self, seed: int, every: int = 1) -> Iterator[State]:
        """Play a random game from `seed`, yielding the live state at every `every`-th
        decision and once more when it is over. Callers look; they do not act. In a case
        of long games (a whole draft tournament is one game) a spaced-out walk is spaced
        out further, so that each case looks at about as many positions."""
        yield from self._walk(seed, every * stretch(self) if every > 1 else 1)

    def _walk(self, seed: int, every: int) -> Iterator[State]:
        state = self.new_state(seed)
        policy = self.policy(seed)
        for step in itertools.count():
            if state.over or step % every == 0:
                yield state
            if state.over:
                return
            if step == MAX_ACTIONS:
                raise AssertionError(f"{self} seed {seed}: not over after {step} random actions")
            state.apply(policy.choice(state.legal_actions()))

    def play(self, seed: int) -> State:
        """A random game from `seed`, played to its end."""
        *_, last = self._walk(seed, every=MAX_ACTIONS)
        return last


@functools.cache
def stretch(case: Case) -> int:
    """How many times longer than a long ordinary game (LONG_GAME actions) this case's
    random games run, at least 1."""
    lengths = [len(case.play(seed).history) for seed in case.seeds(2, "length")]
    return max(1, sum(lengths) // len(lengths) // LONG_GAME)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def alternatives(option: RuleOption) -> list[Any]:
    """Values other than the default that an option must also play with: the other
    choices, the other truth value, or one more than a whole-number default (0 may
    mean "no limit", so lower values are left to the game's own tests)."""
    if option.choices:
        return [choice for choice in option.choices if choice != option.default]
    if isinstance(option.default, bool):
        return [not option.default]
    if isinstance(option.default, int):
        return [option.default + 1]
    return []


def extremes(option: RuleOption) -> list[Any]:
    """The ends of what an option accepts: every choice, both truth values, or a whole
    number's minimum and maximum (an int option without both is reported elsewhere)."""
    if option.choices:
        return list(option.choices)
    if isinstance(option.default, bool):
        return [False, True]
    if isinstance(option.default, int):
        return [v for v in (option.minimum, option.maximum) if v is not None] or [option.default]
    return [option.default]


def long_run_cases(game: Game) -> list[Case]:
    """Option sets most likely to keep a game going, each option at one of its extremes:
    all at their last (the highest limits) and all at their first, both with the most
    players, then sets drawn at random among the extremes and the player counts, so that
    every extreme and every player count is played. Nothing here knows which extreme
    makes a given game longer."""
    ends = {option.name: extremes(option) for option in game.options}
    counts = sorted({game.min_players, game.default_players, game.max_players})
    rng = stable_rng("long-run", game.id)
    sets = [
        ({name: values[-1] for name, values in ends.items()}, game.max_players),
        ({name: values[0] for name, values in ends.items()}, game.max_players),
    ]
    while len(sets) < LONG_RUN_SETS:
        drawn = {name: rng.choice(values) for name, values in ends.items()}
        sets.append((drawn, rng.choice(counts)))
    drawn_sets = sets[2:]
    for name, values in ends.items():  # each extreme at least once
        for index, value in enumerate(values):
            drawn_sets[index % len(drawn_sets)][0][name] = value
    for index, players in enumerate(counts):
        chosen, _ = drawn_sets[index % len(drawn_sets)]
        drawn_sets[index % len(drawn_sets)] = (chosen, players)
    return [Case(game, players, tuple(chosen.items())) for chosen, players in sets[:2] + drawn_sets]


def player_cases() -> list[Case]:
    cases = []
    for game in games().values():
        counts = sorted({game.min_players, game.default_players, game.max_players})
        chosen = [c for c in game.capabilities if c.table and c.chosen]
        share = len(counts) + len(chosen)
        cases += [Case(game, players, share=share) for players in counts]
        cases += [Case(game, _count(game, c), share=share, format=c.name) for c in chosen]
    return cases


def _count(game: Game, table) -> int:
    """The player count a table format's case is played at: the game's default if the
    format plays it, else the format's smallest."""
    return game.default_players if table.plays(game.default_players) else min(table.players)


def variant_cases() -> list[Case]:
    return [
        Case(game, game.default_players, ((option.name, value),))
        for game in games().values()
        for option in game.options
        for value in alternatives(option)
    ]


@pytest.fixture
def long_runs(game: Game) -> list[Case]:
    """The game's option sets most likely to run long (see `long_run_cases`)."""
    return long_run_cases(game)


def pytest_generate_tests(metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", player_cases(), ids=str)
    if "variant" in metafunc.fixturenames:
        metafunc.parametrize("variant", variant_cases(), ids=str)
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", list(games().values()), ids=lambda game: game.id)


def known_failures() -> dict[tuple[str, str], str]:
    """(test name, game id) -> reason, from known_failures.toml beside this file."""
    path = Path(__file__).with_name("known_failures.toml")
    entries = tomllib.loads(path.read_text(encoding="utf-8")).get("failure", [])
    return {(entry["test"], entry["game"]): entry["reason"] for entry in entries}


def pytest_collection_modifyitems(items) -> None:
    known = known_failures()
    for item in items:
        params = getattr(item, "callspec", None)
        if params is None or item.path.parent != Path(__file__).parent:
            continue
        subject = next(
            (params.params[k] for k in ("case", "variant", "game") if k in params.params), None
        )
        game = getattr(subject, "game", subject)
        reason = known.get((item.originalname, getattr(game, "id", None)))
        if reason:
            item.add_marker(pytest.mark.xfail(strict=True, reason=reason))
