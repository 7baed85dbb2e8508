"""Scenario files: read one into a `Scenario` (every key checked, every mistake one
line naming file, line and field), start the position it describes, and write any
state of a game back out as a whole file.

The game's `ScenarioFormat` (its `scenario` capability) reads and writes `[position]`;
this module reads everything around it: the game, the players, the generator's state,
rule options, forced results by purpose, the script, a puzzle's solution and goal, and
the expectations that `tcglab.engine.scenario_check` checks. The format is in
docs/scenarios.md.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tcglab.engine.errors import IllegalAction, ScenarioError, TcglabError
from tcglab.engine.messages import seat_name
from tcglab.engine.registry import get_game
from tcglab.engine.rng import Rng
from tcglab.engine.scenario import Fields, ScenarioFormat, Source, line_problem
from tcglab.engine.state import State, dealt_with

__all__ = [
    "Expectation",
    "Goal",
    "Scenario",
    "Step",
    "load_scenario",
    "scenario_format",
    "seat_key",
    "shipped_puzzles",
    "toml_inline",
    "toml_text",
    "write_scenario",
]

TOP_KEYS = (
    *("game", "title", "about", "rule", "players", "seed", "game_seed", "options"),
    *("position", "random", "script", "solution", "goal", "expect"),
)
EXPECT_KEYS = (
    *("after", "to_move", "legal", "illegal", "zones", "values", "events", "no_events"),
    *("winner", "winners", "reason"),
)
GOAL_KEYS = ("seat", "kind", "until", "text", "text_ja")
GOAL_KINDS = ("win", "survive")
NOBODY = "none"
MAX_SEED = 2**64 - 1
RULE_SHAPE = re.compile(r"[A-Z0-9]+-(?:WE-\d+|GAP-\d+|\d+(?:\.\d+)*)(?:\(\d+\))*")
SHOWN_LEGAL = 10  # legal ids listed when a scripted action is not among them
MAX_TITLE = 80  # a scenario's title, shown as a table's
MAX_PLAYER_NAME = 40  # a seat's name, shown in every log line of the table


def seat_key(seat: int) -> str:
    """A seat as scenario files name it: seat 0 is "p1"."""
    return f"p{seat + 1}"


def scenario_format(game) -> ScenarioFormat:
    """The game's `ScenarioFormat`; a ScenarioError if it offers none."""
    for capability in game.capabilities:
        if capability.name == "scenario":
            return capability.run
    raise ScenarioError(f"{game.id} has no scenario files yet")


def shipped_puzzles(game) -> list[Path]:
    """The puzzle files a game ships: `puzzles/*.toml` in its package, by name."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return []
    folder = Path(importlib.import_module(package).__file__).parent / "puzzles"
    return sorted(folder.glob("*.toml"))


@dataclass(frozen=True)
class Step:
    """One entry of `script` or `solution`: an action id and the results forced for it."""

    action: str
    random: tuple[tuple[str, tuple[int, ...]], ...]
    field: str  # "script.3": where it is written, for messages


@dataclass(frozen=True)
class Goal:
    """What a puzzle asks: `seat` wins, or survives until turn `until` begins."""

    seat: int
    kind: str
    until: int | None
    text: str
    text_ja: str


@dataclass(frozen=True)
class Expectation:
    """One `[[expect]]` table: checked after `after` actions of script and solution."""

    index: int  # 1-based, as `expect.2` names it
    after: int | None  # None: after all of them
    fields: Fields


@dataclass(frozen=True)
class Scenario:
    name: str
    game: Any  # the Game
    title: str
    about: str
    rules: tuple[str, ...]
    players: tuple[str, ...]
    seed: int  # the generator's state at the position
    game_seed: int  # the seed the game was dealt from (`state.seed`)
    options: dict
    position: Fields
    random: tuple[tuple[str, tuple[int, ...]], ...]
    script: tuple[Step, ...]
    solution: tuple[Step, ...]
    goal: Goal | None
    expectations: tuple[Expectation, ...]
    source: Source

    @property
    def format(self) -> ScenarioFormat:
        return scenario_format(self.game)

    @property
    def dealt(self) -> bool:
        """A file without `[position]`: a new game dealt from `seed`."""
        return not self.position.data

    def steps(self, *, solve: bool = False) -> tuple[Step, ...]:
        return self.script + self.solution if solve else self.script

    def build(self) -> State:
        """The position itself, its generator and forced results set, nothing played.
        A file without `[position]` is a new game dealt from `seed`, its forced results
        reaching the deal itself (who goes first)."""
        if self.dealt:
            with dealt_with(self.random):
                return self.game.new_state(self.seed, len(self.players), self.options)
        misplaced(self.position)
        state = self.format.build(
            self.game,
            self.position,
            seed=self.game_seed,
            options=self.options,
            players=len(self.players),
        )
        state.rng = Rng(self.seed)  # the state at the position, whatever building drew
        force(state, self.random)
        return state

    def start(self, *, solve: bool = False) -> State:
        """The position with the script played (and, with `solve`, the solution)."""
        state = self.build()
        for step in self.steps(solve=solve):
            self.take(state, step)
        return state

    def take(self, state: State, step: Step) -> None:
        """Apply one scripted action, its forced results first; a ScenarioError on the
        entry's line if it is not legal now."""
        force(state, step.random)
        try:
            state.apply(step.action)
        except IllegalAction:
            raise self.source.fail(step.field, illegal(state, step.action)) from None
        except ValueError as error:  # a forced result the draw cannot take
            if not str(error).startswith("forced"):
                raise
            raise self.source.fail(step.field, str(error)) from None


def force(state: State, random: tuple[tuple[str, tuple[int, ...]], ...]) -> None:
    for purpose, values in random:
        state.rng.force_for(purpose, *values)


def illegal(state: State, action: str) -> str:
    if state.over:
        return f"{action!r} is not legal: the game is over"
    ids = [a.id for a in state.legal_actions()]
    shown = ", ".join(ids[:SHOWN_LEGAL])
    more = f" ... ({len(ids)} in all)" if len(ids) > SHOWN_LEGAL else ""
    return f"{action!r} is not legal for {seat_key(state.to_move)} now; legal: {shown}{more}"


# -- reading ------------------------------------------------------------------


def load_scenario(source: str | Path, text: str | None = None) -> Scenario:
    """Read a scenario: from the file at `source`, or from `text` under the name
    `source` (an upload). Everything but `[position]` is checked here; the position is
    read when the scenario starts."""
    name = str(source)
    if text is None:
        try:
            text = Path(source).read_text(encoding="utf-8-sig")
        except OSError as error:
            raise ScenarioError(f"{name}: cannot read: {error.strerror or error}") from None
        except UnicodeDecodeError as error:
            raise ScenarioError(f"{name}: not UTF-8 text (offset {error.start})") from None
    src = Source(name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{name}: not TOML: {error}") from None
    except RecursionError:  # the reader recurses once per level of nesting
        raise ScenarioError(
            f"{name}: arrays or tables nested too deeply: a scenario nests a few levels"
        ) from None
    top = Fields(src, "", data)
    top.only(*TOP_KEYS)
    game_id = top.text("game")
    try:
        game = get_game(game_id)
    except TcglabError as error:
        raise top.fail("game", str(error)) from None
    fmt = scenario_format(game)
    players = read_players(top, game)
    options = read_options(top, game)
    seed = top.number("seed", 0, lo=0, hi=MAX_SEED)
    random = read_random(top, "random", fmt)
    steps = read_steps(top, "script", fmt), read_steps(top, "solution", fmt)
    goal = read_goal(top, len(players))
    if steps[1] and goal is None:
        raise top.fail("solution", "a solution needs a [goal] saying what it achieves")
    expectations = read_expectations(top, len(steps[0]) + len(steps[1]), len(players))
    return Scenario(
        name=name,
        game=game,
        title=top.line("title", "", most=MAX_TITLE),
        about=top.text("about", ""),
        rules=read_rules(top, fmt, game),
        players=players,
        seed=seed,
        game_seed=top.number("game_seed", seed, lo=0, hi=MAX_SEED),
        options=options,
        position=top.table("position", {}),
        random=random,
        script=steps[0],
        solution=steps[1],
        goal=goal,
        expectations=expectations,
        source=src,
    )


def misplaced(table: Fields) -> None:
    """A top-level key written under a table header, where TOML reads it as part of that
    table (`script = [...]` after `[random]`): say so rather than "not a field here"."""
    for key in table.data:
        if key in ("title", "about", "rule", "players", "script", "solution"):
            raise table.fail(
                key,
                f"{key} is a top-level key, read here as part of [{table.path}]: write it "
                "above the first [table] header",
            )


def read_players(top: Fields, game) -> tuple[str, ...]:
    if not top.has("players"):
        return tuple(seat_name(s) for s in range(game.default_players))
    names = top.items("players")
    if not all(isinstance(n, str) and n for n in names):
        raise top.fail("players", "expected a list of seat names")
    for name in names:
        problem = line_problem(name, MAX_PLAYER_NAME)
        if problem:
            raise top.fail("players", f"{name[:MAX_PLAYER_NAME]!r}: {problem}")
    if not game.min_players <= len(names) <= game.max_players:
        counts = f"{game.min_players} to {game.max_players}"
        raise top.fail("players", f"{len(names)} players; {game.id} is played by {counts}")
    return tuple(names)


def read_options(top: Fields, game) -> dict:
    table = top.table("options", {})
    misplaced(table)
    try:
        return game.resolve_options(table.data)
    except TcglabError as error:
        name = next((n for n in table.data if n not in {o.name for o in game.options}), "")
        raise table.fail(name or next(iter(table.data), ""), str(error)) from None


def read_rules(top: Fields, fmt: ScenarioFormat, game) -> tuple[str, ...]:
    rules = top.get("rule", [])
    rules = [rules] if isinstance(rules, str) else top.items("rule", [])
    prefix = fmt.rule_prefix or game.id.upper()
    for rule in rules:
        if not isinstance(rule, str) or not RULE_SHAPE.fullmatch(rule):
            raise top.fail(
                "rule", f"{rule!r} is not a rule ID such as {prefix}-1.2 or {prefix}-WE-3"
            )
        if not rule.startswith(prefix + "-"):
            raise top.fail("rule", f"{rule!r} is not a {game.id} rule; its IDs begin {prefix}-")
    return tuple(rules)


def read_random(table: Fields, name: str, fmt: ScenarioFormat) -> tuple:
    """Forced results by purpose: `{ dice = [3, 5], first_player = 1 }`."""
    forced = table.table(name, {})
    misplaced(forced)
    out = []
    for purpose, values in forced.data.items():
        if purpose not in fmt.purposes:
            accepted = ", ".join(fmt.purposes) or "none"
            raise forced.fail(purpose, f"not a purpose of this game; accepted: {accepted}")
        single = isinstance(values, int)
        values = [values] if single else forced.items(purpose)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise forced.fail(purpose, "expected a whole number or a list of them")
        # refused here rather than when drawn, which may be many actions later
        lo, hi = fmt.results.get(purpose, (None, None))
        for number, value in enumerate(values, 1):
            if lo is not None and not lo <= value <= hi:
                entry = purpose if single else f"{purpose}.{number}"
                raise forced.fail(entry, f"{value} is out of range; accepted: {lo} to {hi}")
        out.append((purpose, tuple(values)))
    return tuple(out)


def read_steps(top: Fields, name: str, fmt: ScenarioFormat) -> tuple[Step, ...]:
    steps = []
    for number, entry in enumerate(top.items(name, []), 1):
        field = f"{name}.{number}"
        if isinstance(entry, str):
            steps.append(Step(entry, (), field))
            continue
        step = Fields(top.source, field, entry)
        step.only("action", "random")
        steps.append(Step(step.text("action"), read_random(step, "random", fmt), field))
    return tuple(steps)


def read_goal(top: Fields, players: int) -> Goal | None:
    if not top.has("goal"):
        return None
    goal = top.table("goal")
    misplaced(goal)
    goal.only(*GOAL_KEYS)
    kind = goal.one_of("kind", GOAL_KINDS)
    if kind == "survive":
        until = goal.number("until", lo=1)
    elif goal.has("until"):
        raise goal.fail("until", "only a survive goal has a turn to survive until")
    else:
        until = None
    return Goal(
        seat=read_seat(goal, "seat", players),
        kind=kind,
        until=until,
        text=goal.text("text"),
        text_ja=goal.text("text_ja", ""),
    )


def read_seat(table: Fields, name: str, players: int, nobody: bool = False) -> int | None:
    seats = [seat_key(s) for s in range(players)]
    value = table.one_of(name, [*seats, NOBODY] if nobody else seats)
    return None if value == NOBODY else seats.index(value)


def read_expectations(top: Fields, actions: int, players: int) -> tuple[Expectation, ...]:
    found = []
    for index, expect in enumerate(top.tables("expect", []), 1):
        misplaced(expect)
        expect.only(*EXPECT_KEYS)
        after = expect.number("after", None, lo=0, hi=actions) if expect.has("after") else None
        if expect.has("to_move"):
            read_seat(expect, "to_move", players, nobody=True)
        for name in ("legal", "illegal", "events", "no_events"):
            if expect.has(name) and not all(isinstance(x, str) for x in expect.items(name)):
                raise expect.fail(name, "expected a list of strings")
        for name in ("zones", "values"):
            if expect.has(name):
                expect.table(name)
        if expect.has("zones"):
            for zone, cards in expect.get("zones").items():
                if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                    raise expect.fail(f"zones.{zone}", "expected a list of card ids")
        if expect.has("winner") and expect.has("winners"):
            raise expect.fail("winners", "give winner or winners, not both")
        if expect.has("winner"):
            read_seat(expect, "winner", players, nobody=True)
        seats = [seat_key(s) for s in range(players)]
        for winner in expect.items("winners", []):
            if winner not in seats:
                raise expect.fail(
                    "winners", f"{winner!r} is not a seat; accepted: {', '.join(seats)}"
                )
        if expect.has("reason"):
            expect.text("reason")
        found.append(Expectation(index, after, expect))
    return tuple(found)


# -- writing ------------------------------------------------------------------


def write_scenario(
    state: State,
    game,
    *,
    players,
    options: dict | None = None,
    title: str = "",
    about: str = "",
) -> str:
    """The text of a scenario file for `state`: its position as the game exports it,
    the generator's exact state and any results still forced, so the loaded file plays
    on exactly as `state` does. `players` are the seat names."""
    fmt = scenario_format(game)
    if state.rng.forced:
        raise ScenarioError(
            "results forced with rng.force (for whatever rolls next) cannot be written; "
            "force them by purpose instead"
        )
    data: dict[str, Any] = {"game": game.id}
    if title:
        data["title"] = title
    if about:
        data["about"] = about
    data["players"] = list(players)
    data["seed"] = state.rng.state
    if state.seed != state.rng.state:
        data["game_seed"] = state.seed
    defaults = game.resolve_options()
    changed = {k: v for k, v in (options or state.options).items() if defaults.get(k) != v}
    if changed:
        data["options"] = changed
    data["position"] = fmt.export(state)
    forced = state.rng.forced_for()
    if forced:
        data["random"] = {purpose: list(values) for purpose, values in sorted(forced.items())}
    return toml_text(data)


# -- TOML text ------------------------------------------------------------------

WIDTH = 88  # a line of the written file, where it can be kept to it
BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b"}


def toml_text(data: dict) -> str:
    """Plain data (strings, whole numbers, booleans, lists, tables) as TOML that
    `tomllib.loads` reads back equal. A table whose values are all plain and short is
    written inline on one line (a field slot's card and its state), a longer one under
    its own header, as is every table of the top level; a list of long tables as an
    array of tables."""
    lines: list[str] = []
    _table(lines, [], data)
    return "\n".join(lines).strip("\n") + "\n"


def _table(lines: list[str], path: list[str], data: dict) -> None:
    later = []
    for key, value in data.items():
        if isinstance(value, dict) and not (path and _inline_fits(key, value)):
            later.append((key, value, False))
        elif _is_table_array(value) and not _inline_fits(key, value):
            later.append((key, value, True))
        else:
            lines.append(f"{_key(key)} = {_value(value, len(_key(key)) + 3)}")
    for key, value, many in later:
        sub = [*path, _key(key)]
        if many:
            for item in value:
                lines += ["", f"[[{'.'.join(sub)}]]"]
                _table(lines, sub, item)
        else:
            lines += ["", f"[{'.'.join(sub)}]"]
            _table(lines, sub, value)


def _is_table_array(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _inline_fits(key: str, value) -> bool:
    """Short enough to stay on its key's line (a list of tables: one table a line)."""
    if isinstance(value, list):
        return all(len(toml_inline(v)) <= WIDTH - 4 for v in value)
    return len(_key(key)) + 3 + len(toml_inline(value)) <= WIDTH


def _key(key: str) -> str:
    if not isinstance(key, str):
        raise ScenarioError(f"a TOML key is text, not {key!r}")
    return key if BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    out = []
    for char in text:
        if char in ESCAPES:
            out.append(ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def toml_inline(value) -> str:
    """One value as TOML on one line (also how a check shows what it found)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {toml_inline(v)}" for k, v in value.items()) + " }"
    raise ScenarioError(
        f"a scenario holds text, whole numbers, true/false, lists and tables, not {value!r}"
    )


def _value(value, indent: int) -> str:
    """A value after `key = `: on that line if it fits, else a list over several lines
    (tables one a line, plain items packed)."""
    text = toml_inline(value)
    if indent + len(text) <= WIDTH or not isinstance(value, (list, tuple)) or not value:
        return text
    items = [toml_inline(v) for v in value]
    if any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    rows, row = [], ""
    for item in items:
        if row and len(row) + len(item) + 2 > WIDTH - 4:
            rows.append(row)
            row = ""
        row = f"{row} {item}," if row else f"{item},"
    rows.append(row)
    return "[\n" + "".join(f"    {r}\n" for r in rows) + "]"
