"""The table store: SQLite (standard library, WAL mode) holding every table, its seats,
each applied action and, once a game ends, its result and replay.

An action row is written and committed before the action is acknowledged, so a table
can always be rebuilt from its seed, options, decks and actions. A table whose players
choose their decks as they join is stored undealt (`dealt` 0: its decks so far, each
joined seat's choice on its seat row) until its last seat is taken. A write either
happens whole or not at all: a failed write raises StoreError and changes nothing.

Durability (`synchronous=NORMAL` in WAL mode): a committed change survives the server
process crashing or being killed, since it is in the operating system's hands when
the commit returns. On power loss or an operating-system crash the changes committed
since the last checkpoint (about the last second) may be lost; the database itself
stays whole and every table is rebuilt as it stood before them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from tcglab.paths import user_data_file
from tcglab.server.errors import ServerError

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    decks TEXT,
    title TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    grace REAL NOT NULL DEFAULT 60,
    rematch TEXT,
    format TEXT,
    scenario TEXT,
    dealt INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    agent TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    token_hash TEXT,
    auto_pass INTEGER NOT NULL DEFAULT 1,
    left_at REAL,
    deck TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    result TEXT NOT NULL,
    replay TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS notes (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seat INTEGER,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS decks (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    token_hash TEXT NOT NULL,
    creator TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS decks_by_creator ON decks (creator);
CREATE INDEX IF NOT EXISTS finished_by_age ON tables (finished, created);
CREATE INDEX IF NOT EXISTS finished_by_game ON tables (finished, game, created);
"""

TABLE_COLUMNS = (
    "id, game, seed, players, options, decks, title, created, finished, grace, rematch, format,"
    " scenario, dealt"
)
SEAT_COLUMNS = "seat, kind, agent, name, token_hash, auto_pass, left_at, deck"
# Columns a database made by an older tcglab lacks, added when it is opened.
ADDED_COLUMNS = (
    ("tables", "grace", "REAL NOT NULL DEFAULT 60"),
    ("tables", "rematch", "TEXT"),
    ("tables", "format", "TEXT"),
    ("tables", "scenario", "TEXT"),
    ("tables", "dealt", "INTEGER NOT NULL DEFAULT 1"),
    ("seats", "auto_pass", "INTEGER NOT NULL DEFAULT 1"),
    ("seats", "left_at", "REAL"),
    ("seats", "deck", "TEXT"),
)


def default_db_path() -> Path:
    """`$XDG_DATA_HOME/tcglab/tcglab.db`, or `~/.local/share/tcglab/tcglab.db`."""
    return user_data_file("tcglab.db")


class StoreError(ServerError, status=503):
    """The database refused a write (a full disk, a broken file): nothing was changed."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "ai"
    agent: str = ""  # the difficulty level of an AI seat
    name: str = ""
    token_hash: str | None = None
    auto_pass: bool = True  # the table plays a lone pass for this (human) seat
    left_at: float | None = None  # when its player left it mid-game
    deck: list[str] | None = None  # the deck its player chose joining an undealt table


class Note(NamedTuple):
    """Something the table says in the log beside the game's events: `at` is the
    number of game events before it, `seat` the only seat it is told to (None: all)."""

    at: int
    seat: int | None
    kind: str
    data: dict


@dataclass
class TableRow:
    id: str
    game: str
    seed: int
    players: int
    options: dict
    decks: list | None  # the decks dealt (None: the game's own); undealt, those fixed so far
    title: str
    created: float
    finished: bool
    seats: list[SeatRow]
    actions: list[str]  # every action of an unfinished table; a finished one's stay stored
    result: dict | None = None
    final_version: int = 0  # how many actions a finished game took
    touched: float = 0.0  # when anyone last did something at the table
    grace: float = 60.0  # seconds a seat left mid-game waits before the computer plays it
    rematch: str | None = None  # the table its players went on to
    format: str | None = None  # a table format asked for by name ("championship")
    scenario: str | None = None  # the scenario file it started from: never sent to clients
    dealt: bool = True  # False until the last person has joined and chosen a deck
    notes: list[Note] = field(default_factory=list)


@dataclass(frozen=True)
class Ending:
    """What is stored when a game ends: its result and its replay record."""

    result: dict
    replay_json: str


class Store:
    """One SQLite database file; every method commits before it returns.

    A commit only appends to the write-ahead log. Copying the log into the database
    file (a checkpoint, with its fsync) happens on a thread of its own, not inside
    whichever commit fills the log: that commit would hold every table's next move for
    10-20 ms. The log is kept under `wal_limit` bytes: past half of it, or once
    everything in it is copied (a quiet moment), the checkpoint thread empties it; a
    commit that finds it past the whole limit (the thread has fallen behind) empties it
    itself."""

    CHECKPOINT_EVERY = 1.0  # seconds
    WAL_LIMIT = 32 * 2**20  # bytes

    def __init__(self, path: str | Path, wal_limit: int = WAL_LIMIT) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.wal_path = Path(f"{self.path}-wal")
        self.wal_limit = wal_limit
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # see the module's docstring
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.execute(f"PRAGMA journal_size_limit={int(wal_limit)}")
        self.db.executescript(SCHEMA)
        self._add_columns()
        self._checkpointing = threading.Lock()  # one checkpoint at a time
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._checkpoints = threading.Thread(
            target=self._checkpoint_loop, name="tcglab-checkpoint", daemon=True
        )
        self._checkpoints.start()

    def _add_columns(self) -> None:
        """Bring a database of an older tcglab up to the schema: its rows keep their
        values and take the new columns' defaults."""
        for table, column, kind in ADDED_COLUMNS:
            have = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    # -- the write-ahead log --------------------------------------------------

    def wal_size(self) -> int:
        try:
            return self.wal_path.stat().st_size
        except FileNotFoundError:
            return 0

    def _checkpoint_loop(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=2.0)
        try:
            while not self._stop.is_set():
                self._wake.wait(self.CHECKPOINT_EVERY)
                self._wake.clear()
                with self._checkpointing:
                    # PASSIVE never waits for a writer; it says how much of the log it
                    # found (in pages) and how much of that is copied now.
                    _, logged, copied = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if self.wal_size() > self.wal_limit // 2 or 0 < logged == copied:
                        # Past half the limit, or all copied (quiet times): empty the log.
                        # Nearly everything is copied already, so writers wait only for the
                        # last few pages and an fsync.
                        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            db.close()

    def _after_write(self) -> None:
        """Keep the log bounded: wake the checkpoint thread past half the limit, and
        past the whole limit empty it here, before the caller goes on."""
        size = self.wal_size()
        if size > self.wal_limit:
            with self._checkpointing:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        elif size > self.wal_limit // 2:
            self._wake.set()

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole, or rolled back with StoreError."""
        try:
            self.db.execute("BEGIN")
            yield self.db
            self.db.execute("COMMIT")
        except (sqlite3.Error, UnicodeEncodeError) as exc:
            self._roll_back()
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise StoreError(f"the server could not store this change ({reason})") from None
        except BaseException:
            self._roll_back()
            raise
        self._after_write()

    def _roll_back(self) -> None:
        with suppress(sqlite3.Error):  # a failed rollback leaves what the file holds
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._checkpoints.join()
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()

    # -- writes ---------------------------------------------------------------

    def add_table(
        self, row: TableRow, ending: Ending | None = None, rematch_of: str | None = None
    ) -> None:
        """A new table with its seats; with `ending`, finished at once; with
        `rematch_of`, that table links to it."""
        with self._writing() as db:
            db.execute(
                f"INSERT INTO tables ({TABLE_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, NULL, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.seed,
                    row.players,
                    json.dumps(row.options),
                    None if row.decks is None else json.dumps(row.decks),
                    row.title,
                    row.created,
                    row.grace,
                    row.format,
                    row.scenario,
                    int(row.dealt),
                ),
            )
            db.executemany(
                f"INSERT INTO seats (table_id, {SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(row.id, *_seat_values(s)) for s in row.seats],
            )
            if ending is not None:
                _write_ending(db, row.id, ending)
            if rematch_of is not None:
                db.execute("UPDATE tables SET rematch = ? WHERE id = ?", (row.id, rematch_of))

    def set_seat(self, table_id: str, seat: SeatRow, note: Note | None = None) -> None:
        """A seat as it is now (who plays it, how), with the note that says so."""
        with self._writing() as db:
            _write_seat(db, table_id, seat)
            if note is not None:
                _write_note(db, table_id, note)

    def deal(
        self, table_id: str, seat: SeatRow, decks: list | None, ending: Ending | None = None
    ) -> None:
        """The last seat of an undealt table taken: the seat, the decks the game is
        dealt with and (a game over as it is dealt) its end, in one transaction."""
        with self._writing() as db:
            _write_seat(db, table_id, seat)
            db.execute(
                "UPDATE tables SET decks = ?, dealt = 1 WHERE id = ?",
                (None if decks is None else json.dumps(decks), table_id),
            )
            if ending is not None:
                _write_ending(db, table_id, ending)

    def add_action(
        self,
        table_id: str,
        n: int,
        seat: int,
        action: str,
        ending: Ending | None = None,
        note: Note | None = None,
    ) -> None:
        """Record the n-th action (0-based), the note told with it and the game's end
        when it ends there; committed together when this returns."""
        with self._writing() as db:
            db.execute(
                "INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, n, seat, action, time.time()),
            )
            if note is not None:
                _write_note(db, table_id, note)
            if ending is not None:
                _write_ending(db, table_id, ending)

    def finish(self, table_id: str, ending: Ending, note: Note | None = None) -> None:
        with self._writing() as db:
            if note is not None:
                _write_note(db, table_id, note)
            _write_ending(db, table_id, ending)

    def delete_table(self, table_id: str) -> None:
        """Remove a table and everything of it, and the link of the game it was the
        rematch of (a rematch never taken up expires), so that game can ask again."""
        with self._writing() as db:
            db.execute("UPDATE tables SET rematch = NULL WHERE rematch = ?", (table_id,))
            for name, key in (
                ("actions", "table_id"),
                ("notes", "table_id"),
                ("seats", "table_id"),
                ("results", "table_id"),
                ("tables", "id"),
            ):
                db.execute(f"DELETE FROM {name} WHERE {key} = ?", (table_id,))

    # -- reads ----------------------------------------------------------------

    def replay_json(self, table_id: str) -> str | None:
        row = self.db.execute(
            "SELECT replay FROM results WHERE table_id = ?", (table_id,)
        ).fetchone()
        return row[0] if row else None

    def actions(self, table_id: str) -> list[str]:
        return [
            action
            for (action,) in self.db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
            )
        ]

    def unfinished_tables(self) -> list[TableRow]:
        """Every unfinished table with its seats and actions, oldest first; `touched`
        is its last action's time (or its creation's)."""
        unfinished = "SELECT id FROM tables WHERE finished = 0"
        seats = self._seats(unfinished)
        notes = self._notes(unfinished)
        actions: dict[str, list[str]] = {}
        last: dict[str, float] = {}
        for table_id, action, at in self.db.execute(
            "SELECT table_id, action, at FROM actions"
            " WHERE table_id IN (SELECT id FROM tables WHERE finished = 0)"
            " ORDER BY table_id, n"
        ):
            actions.setdefault(table_id, []).append(action)
            last[table_id] = at
        rows = []
        for values in self.db.execute(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE finished = 0 ORDER BY created, id"
        ):
            row = _table_row(values, seats.get(values[0], []))
            row.notes = notes.get(row.id, [])
            row.actions = actions.get(row.id, [])
            row.touched = max(row.created, last.get(row.id, 0.0))
            rows.append(row)
        return rows

    def finished_counts(self) -> dict[str, int]:
        """How many finished tables each game has."""
        return dict(
            self.db.execute("SELECT game, COUNT(*) FROM tables WHERE finished = 1 GROUP BY game")
        )

    def finished_keys(self, game: str | None, offset: int, limit: int) -> list[tuple]:
        """(created, id) of finished tables, newest first, `limit` of them from `offset`."""
        where, args = ("AND game = ?", [game]) if game is not None else ("", [])
        return self.db.execute(
            f"SELECT created, id FROM tables WHERE finished = 1 {where}"
            " ORDER BY created DESC, id DESC LIMIT ? OFFSET ?",
            [*args, limit, offset],
        ).fetchall()

    def finished_tables(self, ids: list[str]) -> dict[str, TableRow]:
        """The stored rows of these finished tables, with seats and result but not
        their actions (`final_version` counts them)."""
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        seats = self._seats(marks, ids)
        notes = self._notes(marks, ids)
        counts = dict(
            self.db.execute(
                "SELECT table_id, COUNT(*) FROM actions"
                f" WHERE table_id IN ({marks}) GROUP BY table_id",
                ids,
            )
        )
        rows = {}
        for *values, result in self.db.execute(
            f"SELECT {', '.join('tables.' + c for c in TABLE_COLUMNS.split(', '))}, result"
            " FROM tables JOIN results ON results.table_id = tables.id"
            f" WHERE finished = 1 AND id IN ({marks})",
            ids,
        ):
            row = _table_row(values, seats.get(values[0], []))
            row.notes = notes.get(row.id, [])
            row.result = json.loads(result)
            row.final_version = counts.get(row.id, 0)
            rows[row.id] = row
        return rows

    def _seats(self, among: str, args: list | tuple = ()) -> dict[str, list[SeatRow]]:
        """The seats of the tables whose ids are `among` (SQL), by table, in order."""
        seats: dict[str, list[SeatRow]] = {}
        for table_id, *values in self.db.execute(
            f"SELECT table_id, {SEAT_COLUMNS} FROM seats"
            f" WHERE table_id IN ({among}) ORDER BY table_id, seat",
            args,
        ):
            seat, kind, agent, name, token_hash, auto_pass, left_at, deck = values
            deck = None if deck is None else json.loads(deck)
            row = SeatRow(seat, kind, agent, name, token_hash, bool(auto_pass), left_at, deck)
            seats.setdefault(table_id, []).append(row)
        return seats

    def _notes(self, among: str, args: list | tuple = ()) -> dict[str, list[Note]]:
        notes: dict[str, list[Note]] = {}
        for table_id, at, seat, kind, data in self.db.execute(
            "SELECT table_id, at, seat, kind, data FROM notes"
            f" WHERE table_id IN ({among}) ORDER BY table_id, n",
            args,
        ):
            notes.setdefault(table_id, []).append(Note(at, seat, kind, json.loads(data)))
        return notes


def _seat_values(seat: SeatRow) -> tuple:
    return (
        seat.seat,
        seat.kind,
        seat.agent,
        seat.name,
        seat.token_hash,
        int(seat.auto_pass),
        seat.left_at,
        None if seat.deck is None else json.dumps(seat.deck),
    )


def _write_seat(db: sqlite3.Connection, table_id: str, seat: SeatRow) -> None:
    db.execute(
        "UPDATE seats SET kind = ?, agent = ?, name = ?, token_hash = ?,"
        " auto_pass = ?, left_at = ?, deck = ? WHERE table_id = ? AND seat = ?",
        (*_seat_values(seat)[1:], table_id, seat.seat),
    )


def _write_note(db: sqlite3.Connection, table_id: str, note: Note) -> None:
    db.execute(
        "INSERT INTO notes (table_id, n, at, seat, kind, data) VALUES (?,"
        " (SELECT COUNT(*) FROM notes WHERE table_id = ?), ?, ?, ?, ?)",
        (table_id, table_id, note.at, note.seat, note.kind, json.dumps(note.data)),
    )


def _write_ending(db: sqlite3.Connection, table_id: str, ending: Ending) -> None:
    db.execute(
        "INSERT OR REPLACE INTO results (table_id, result, replay, at) VALUES (?, ?, ?, ?)",
        (table_id, json.dumps(ending.result), ending.replay_json, time.time()),
    )
    db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))


def _table_row(values, seats: list[SeatRow]) -> TableRow:
    table_id, game, seed, players, options, decks, title, created, finished, grace = values[:10]
    rematch, format, scenario, dealt = values[10:]
    return TableRow(
        table_id,
        game,
        seed,
        players,
        json.loads(options),
        None if decks is None else json.loads(decks),
        title,
        created,
        bool(finished),
        seats,
        [],
        grace=grace,
        rematch=rematch,
        format=format,
        scenario=scenario,
        dealt=bool(dealt),
    )


__all__ = ["Ending", "Note", "SeatRow", "Store", "StoreError", "TableRow", "default_db_path"]
