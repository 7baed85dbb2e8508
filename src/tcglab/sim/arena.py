"""Arenas: agents play a round robin of one game, and the results accumulate in SQLite.

Seats are rotated so that every agent plays every seat equally often: in a two-player
game each ordered pair of agents meets once per cycle; with more seats the agents sit
by rotation (seat s of lineup r is agent r + s). Where the game ships prebuilt decks,
each cycle takes the next pair of decks and plays every lineup with both deck
assignments. All lineups of one cycle and deck assignment share the same deal, which
takes the luck of the deal out of the comparison. Every game is seeded from the arena
seed and its index alone, so the results do not depend on where the games are played
(this process, worker processes or a Ray cluster: `tcglab.lab.backends`) nor on how
many workers play them; they come back, are stored and are recorded in index order.

A game in which an agent fails (an illegal action, or an error inside the agent) is
stopped and stored as an error naming the agent, the game index and its seed; the run
carries on. A run that stops before its end (Ctrl-C, an error, a worker lost) is taken
out of the results file again in one transaction, so the file holds whole runs only.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import tcglab
from tcglab.agents.base import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine.errors import BadOption, TcglabError
from tcglab.engine.registry import get_game
from tcglab.engine.rng import Rng
from tcglab.lab.backends import Processes
from tcglab.lab.facts import Watcher, facts
from tcglab.lab.records import RecordWriter, run_facts
from tcglab.paths import not_sqlite, user_data_file
from tcglab.sim.ratings import elo, wilson

MAX_ACTIONS = 100_000
SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    agents TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    version TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    run INTEGER NOT NULL REFERENCES runs(id),
    game TEXT NOT NULL,
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    decks TEXT,
    winners TEXT,
    scores TEXT,
    reason TEXT,
    actions INTEGER NOT NULL,
    seconds REAL NOT NULL,
    error TEXT,
    UNIQUE (run, idx)
);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game);
"""


def default_db_path() -> Path:
    """`$XDG_DATA_HOME/tcglab/arena.db`, or `~/.local/share/tcglab/arena.db`."""
    return user_data_file("arena.db")


# -- the schedule -------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """One scheduled game: its index, deal, agent spec and agent seed per seat, and the
    prebuilt deck per seat (None where the game has none)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    agent_seeds: tuple[int, ...]
    decks: tuple[str, ...] | None


def lineups(agents: int, players: int) -> list[tuple[int, ...]]:
    """Which agent sits in each seat, per game of one cycle; every agent plays every
    seat equally often over the cycle."""
    if players == 2:
        return [(a, b) for a in range(agents) for b in range(agents) if a != b]
    return [tuple((r + s) % agents for s in range(players)) for r in range(agents)]


def deck_assignments(names: list[str], cycle: int, players: int) -> list[tuple[str, ...] | None]:
    """The deck assignments of one cycle: the cycle's pair of decks, both ways round."""
    if not names or players != 2:
        return [None]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]] or [(names[0],) * 2]
    first, second = pairs[cycle % len(pairs)]
    return [(first, second), (second, first)] if first != second else [(first, second)]


def schedule(specs: list[str], games: int, seed: int, players: int, decks: list[str]) -> list:
    """The first `games` games of the round robin, each seeded from `seed` and its place."""
    order = lineups(len(specs), players)
    out: list[Match] = []
    cycle = 0
    while len(out) < games:
        for assignment_no, assignment in enumerate(deck_assignments(decks, cycle, players)):
            deal = Rng(seed * 1_000_003 + cycle * 64 + assignment_no).below(1 << 32)
            for lineup in order:
                if len(out) == games:
                    return out
                index = len(out)
                agent_rng = Rng(seed * 1_000_003 + index).derive()
                out.append(
                    Match(
                        index=index,
                        seed=deal,
                        seats=tuple(specs[a] for a in lineup),
                        agent_seeds=tuple(agent_rng.next_u64() for _ in lineup),
                        decks=assignment,
                    )
                )
        cycle += 1
    return out


# -- playing one game ---------------------------------------------------------------


def match_decks(game, match: Match) -> list[list[str]] | None:
    """The prebuilt decks a scheduled game deals its seats, or None for a game without."""
    if match.decks is None:
        return None
    built = game.prebuilt_decks()
    return [list(built[name]) for name in match.decks]


def deal_match(game, options: dict, match: Match) -> tuple:
    """A scheduled game's first state and its seats' agents."""
    state = game.new_state(match.seed, len(match.seats), options, match_decks(game, match))
    seeds = zip(match.seats, match.agent_seeds, strict=True)
    return state, [make_agent(spec, game, seed) for spec, seed in seeds]


def play_match(game_id: str, options: dict, match: Match, records: bool = False) -> dict:
    """Play one scheduled game; an agent's failure is returned as `error`, not raised.
    With `records`, a finished game's rows of the `games` and `cards` tables come as
    `facts` (`tcglab.lab.records`)."""
    game = get_game(game_id)
    started = time.perf_counter()
    state, agents = deal_match(game, options, match)
    watcher = Watcher(state) if records else None
    record = {"index": match.index, "seed": match.seed, "seats": list(match.seats)}
    record["decks"] = list(match.decks) if match.decks else None
    error = None
    taken = 0
    thinking = [[0.0, 0, 0.0] for _ in agents]  # per seat: seconds, choices, longest
    while state.result is None and error is None:
        seat = state.to_move
        if watcher is not None and watcher.drafting:
            watcher.decision(state)
        decision = Decision(state)
        clock = time.perf_counter()
        try:
            action = agents[seat].choose(decision)
        except Exception as exc:  # an agent's bug must not stop the arena
            error = f"raised {type(exc).__name__}: {exc}"
        else:
            if len(decision.legal) > 1:
                _time_choice(thinking[seat], time.perf_counter() - clock)
            action_id = getattr(action, "id", action)
            if not any(a.id == action_id for a in decision.legal):
                error = f"returned illegal action {action_id!r}"
            else:
                state.apply(action_id)
                taken += 1
                if taken >= MAX_ACTIONS:
                    error = f"game passed {MAX_ACTIONS} actions without ending"
        if error is not None:
            error = (
                f"agent {match.seats[seat]} (seat {seat + 1}) {error} "
                f"in {game_id} game {match.index} (seed {match.seed})"
            )
    record.update(actions=taken, seconds=time.perf_counter() - started, error=error)
    record["thinking"] = thinking
    if error is None:
        result = state.result
        record.update(winners=list(result.winners), scores=list(result.scores))
        record["reason"] = result.reason
        if records:
            record["facts"] = match_facts(state, watcher, match, taken)
    else:
        record.update(winners=None, scores=None, reason=None)
    return record


def match_facts(state, watcher: Watcher, match: Match, taken: int) -> tuple:
    """The records of one finished arena game: its `games` row and its `cards` rows."""
    decks = match_decks(state.game, match)
    names = list(match.decks) if match.decks else [None] * len(match.seats)
    counted = [Counter(d) for d in decks] if decks else [None] * len(match.seats)
    row, rows = facts(state, watcher, match.seats, counted, names, {}, taken)
    return {"game": match.index, **row}, [(match.index, *each) for each in rows]


def _time_choice(tally: list, seconds: float) -> None:
    tally[0] += seconds
    tally[1] += 1
    tally[2] = max(tally[2], seconds)


def play_job(job: tuple) -> dict:
    """`play_match` of one (game_id, options, match) tuple: what a worker pool maps."""
    return play_match(*job)


def arena_facts(game, specs, players, options, seed, games, backend_name) -> dict:
    """What run.json says of an arena run's settings."""
    return {
        "players": players,
        "options": options,
        "agents": list(specs),
        "decks": sorted(game.prebuilt_decks()) or None,
        "seed": seed,
        "games": games,
        "backend": backend_name,
        "seeds": "game i is seeded from the arena seed and its place in the round robin "
        "(tcglab.sim.arena.schedule)",
    }


# -- storage ------------------------------------------------------------------------


class ArenaFileError(TcglabError):
    """An arena results file that cannot be opened or is not one."""


class ArenaStore:
    """The SQLite file: runs, and the games of each run."""

    def __init__(self, path: Path | str) -> None:
        path = Path(path)
        accepted = "give --db a new file or an arena results file"
        self.db = None
        try:
            if path.is_dir():
                raise ArenaFileError(
                    f"cannot use {path} for arena results: it is a folder; {accepted}"
                )
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(path)
            # read before writing anything: another program's database stays untouched
            foreign = foreign_tables(self.db)
            if foreign:
                raise ArenaFileError(
                    f"cannot use {path} for arena results: it is an SQLite database of "
                    f"something else (tables {', '.join(foreign)}); {accepted}"
                )
            self.db.executescript(SCHEMA)
        except ArenaFileError:
            self._close_quietly()
            raise
        except sqlite3.DatabaseError as exc:
            self._close_quietly()
            if not_sqlite(exc):
                raise ArenaFileError(
                    f"cannot use {path} for arena results: it is not an SQLite database; {accepted}"
                ) from None
            raise ArenaFileError(
                f"cannot use {path} for arena results ({exc}); give --db a writable SQLite file"
            ) from None
        except (OSError, sqlite3.Error) as exc:
            self._close_quietly()
            reason = getattr(exc, "strerror", None) or exc
            raise ArenaFileError(
                f"cannot use {path} for arena results ({reason}); give --db a writable SQLite file"
            ) from None

    def _close_quietly(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def close(self) -> None:
        self.db.close()

    def start_run(self, game: str, specs, players, options, seed, games) -> int:
        with self.db:
            cursor = self.db.execute(
                "INSERT INTO runs (game, agents, players, options, seed, games, version, started)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, json.dumps(specs), players, json.dumps(options, sort_keys=True), seed,
                 games, tcglab.__version__, _now()),
            )  # fmt: skip
        return cursor.lastrowid

    def add_game(self, run: int, game: str, record: dict) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO games (run, game, idx, seed, seats, decks, winners, scores, reason,"
                " actions, seconds, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run, game, record["index"], record["seed"], json.dumps(record["seats"]),
                 _json_or_none(record["decks"]), _json_or_none(record["winners"]),
                 _json_or_none(record["scores"]), record["reason"], record["actions"],
                 record["seconds"], record["error"]),
            )  # fmt: skip

    def finish_run(self, run: int) -> None:
        with self.db:
            self.db.execute("UPDATE runs SET finished = ? WHERE id = ?", (_now(), run))

    def forget_run(self, run: int) -> None:
        """Take out a run that did not finish, its games with it, in one transaction."""
        with self.db:
            self.db.execute("DELETE FROM games WHERE run = ?", (run,))
            self.db.execute("DELETE FROM runs WHERE id = ?", (run,))

    def results(self, game: str, run: int | None = None) -> list[tuple[list[str], list[int]]]:
        """(agent per seat, winning seats) of every finished game of `game` (or one run)."""
        query = "SELECT seats, winners FROM games WHERE game = ? AND error IS NULL"
        args: tuple = (game,)
        if run is not None:
            query += " AND run = ?"
            args += (run,)
        else:  # a run killed outright, or one under way in another process, is not counted
            query += " AND run IN (SELECT id FROM runs WHERE finished IS NOT NULL)"
        rows = self.db.execute(query + " ORDER BY id", args)
        return [(json.loads(seats), json.loads(winners)) for seats, winners in rows]

    def errors(self, run: int) -> list[str]:
        query = "SELECT error FROM games WHERE run = ? AND error IS NOT NULL ORDER BY idx"
        rows = self.db.execute(query, (run,))
        return [error for (error,) in rows]


def _columns(db: sqlite3.Connection) -> dict[str, set[str]]:
    """Every table of `db` (SQLite's own aside) with its column names."""
    names = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    return {
        name: {row[1] for row in db.execute(f'PRAGMA table_info("{name.replace(chr(34), "")}")')}
        for (name,) in names
    }


def foreign_tables(db: sqlite3.Connection) -> list[str]:
    """The tables of `db` that an arena results file does not have, or has with other
    columns; none for a new file or one the arena wrote."""
    ours = sqlite3.connect(":memory:")
    ours.executescript(SCHEMA)
    expected = _columns(ours)
    ours.close()
    return sorted(
        name
        for name, columns in _columns(db).items()
        if name not in expected or not expected[name] <= columns
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _json_or_none(value) -> str | None:
    return None if value is None else json.dumps(value)


# -- the arena ----------------------------------------------------------------------


def check_specs(game, specs: list[str]) -> list[str]:
    """The agent specs, each built once to check it; BadOption names a bad one."""
    specs = [spec.strip() for spec in specs]
    if len(specs) < 2:
        raise BadOption(f"an arena needs at least 2 agents, not {len(specs)}")
    if len(set(specs)) != len(specs):
        raise BadOption("each agent may be named once in an arena; drop the repeated one")
    for spec in specs:
        make_agent(spec, game, 0)
    return specs


def run_arena(
    game_id: str,
    specs: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    db_path: Path | str | None = None,
    progress: Callable[[int, int], None] | None = None,
    players: int | None = None,
    options: dict | None = None,
    backend=None,
    records: Path | None = None,
    command: list[str] | None = None,
) -> dict:
    """Play `games` games of the round robin, store them, and return the report:
    this run's win rates (95% Wilson intervals) and Elo ratings over every stored
    game of `game_id`. `progress(done, total)` is called after each game. The games
    are played on `backend` (`tcglab.lab.backends`; by default `jobs` local
    processes); with `records` a run folder of game records is written there."""
    game = get_game(game_id)
    players = game.check_players(players)
    options = game.resolve_options(options)
    specs = check_specs(game, specs)
    if games < 1 or jobs < 1:
        raise BadOption(f"an arena needs games >= 1 and jobs >= 1, not {games} and {jobs}")
    matches = schedule(specs, games, seed, players, sorted(game.prebuilt_decks()))
    backend = backend or Processes(jobs)
    writer = store = unfinished = None
    try:
        if records is not None:  # refused before the results file is touched
            settings = arena_facts(game, specs, players, options, seed, games, backend.name)
            writer = RecordWriter(records, run_facts(game, "arena", settings, command))
        store = ArenaStore(db_path or default_db_path())
        run = unfinished = store.start_run(game.id, specs, players, options, seed, games)
        thinking = {spec: [0.0, 0, 0.0] for spec in specs}
        jobs_list = [(game.id, options, match, writer is not None) for match in matches]
        for done, record in enumerate(backend.map(play_job, jobs_list), start=1):
            store.add_game(run, game.id, record)
            if writer is not None and "facts" in record:
                row, cards = record["facts"]
                writer.add([row], cards)
            for spec, (seconds, choices, longest) in zip(
                record["seats"], record["thinking"], strict=True
            ):
                tally = thinking[spec]
                tally[0], tally[1] = tally[0] + seconds, tally[1] + choices
                tally[2] = max(tally[2], longest)
            if progress is not None:
                progress(done, games)
        store.finish_run(run)
        report = _report(store, game.id, run, specs, games, seed, players)
        for row in report["agents"]:
            seconds, choices, longest = thinking[row["agent"]]
            row["seconds_per_choice"] = seconds / choices if choices else 0.0
            row["longest_choice"] = longest
        if writer is not None:
            writer.close({"finished_games": report["finished"], "errors": report["errors"]})
            writer = None
        unfinished = None
        return report
    finally:
        if writer is not None:  # the run stopped: no half-written run folder stays
            writer.discard()
        if unfinished is not None:  # nor a run in the results file that later reports count
            with contextlib.suppress(sqlite3.Error):  # the file itself may be what failed
                store.forget_run(unfinished)
        backend.close()
        if store is not None:
            store.close()


def _report(store: ArenaStore, game_id: str, run: int, specs, games, seed, players) -> dict:
    results = store.results(game_id, run)
    played = dict.fromkeys(specs, 0)
    wins = dict.fromkeys(specs, 0.0)
    for seats, winners in results:
        for seat, spec in enumerate(seats):
            played[spec] += 1
            if seat in winners:
                wins[spec] += 1 / len(winners)
    ratings = elo(store.results(game_id))
    agents = []
    for spec in specs:
        low, high = wilson(wins[spec], played[spec])
        rate = wins[spec] / played[spec] if played[spec] else 0.0
        agents.append(
            {"agent": spec, "seats_played": played[spec], "wins": wins[spec], "win_rate": rate,
             "interval": [low, high], "elo": ratings.get(spec)}
        )  # fmt: skip
    return {
        "game": game_id,
        "run": run,
        "seed": seed,
        "players": players,
        "games": games,
        "finished": len(results),
        "errors": store.errors(run),
        "agents": agents,
        "stored_games": len(store.results(game_id)),
        "ratings": dict(sorted(ratings.items(), key=lambda item: -item[1])),
    }


def format_report(report: dict) -> str:
    """The report as a text table, errors listed below it."""
    lines = [
        f"{report['game']} arena, run {report['run']}: {report['finished']} of "
        f"{report['games']} games finished ({report['players']} players, seed {report['seed']})",
        "",
        f"{'agent':<40} {'seats':>6} {'wins':>7} {'win rate':>9} {'95% interval':>15} {'Elo':>6}"
        f" {'s/choice':>9} {'longest':>8}",
    ]
    for row in report["agents"]:
        low, high = row["interval"]
        rating = "-" if row["elo"] is None else f"{row['elo']:.0f}"
        lines.append(
            f"{row['agent']:<40} {row['seats_played']:>6} {row['wins']:>7.1f} "
            f"{row['win_rate']:>8.1%} {f'{low:.1%}-{high:.1%}':>15} {rating:>6}"
            f" {row['seconds_per_choice']:>9.3f} {row['longest_choice']:>8.2f}"
        )
    lines.append("")
    lines.append(f"Elo is fitted to all {report['stored_games']} stored {report['game']} games;")
    lines.append("s/choice and longest: seconds an agent took per decision with a real choice.")
    if report["errors"]:
        lines.append(f"{len(report['errors'])} game(s) stopped by an agent error:")
        lines.extend("  " + error for error in report["errors"])
    return "\n".join(lines)
