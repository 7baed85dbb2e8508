"""The table store: SQLite (standard library, WAL mode) holding every table, its seats,
each applied action and, once a game ends, its result and replay.

An action row is written and committed before the action is acknowledged, so a table
can always be rebuilt from its seed, options, decks and actions.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tcglab.paths import user_data_file

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
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    agent TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    token_hash TEXT,
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
"""


def default_db_path() -> Path:
    """`$XDG_DATA_HOME/tcglab/tcglab.db`, or `~/.local/share/tcglab/tcglab.db`."""
    return user_data_file("tcglab.db")


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "ai"
    agent: str = ""  # the agent spec of an AI seat
    name: str = ""
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    seed: int
    players: int
    options: dict
    decks: list | None
    title: str
    created: float
    finished: bool
    seats: list[SeatRow]
    actions: list[str]
    result: dict | None = None


class Store:
    """One SQLite database file; every method commits before it returns.

    A commit only appends to the write-ahead log. Copying the log into the database
    file (a checkpoint, with its fsync) happens on a thread of its own every
    CHECKPOINT_EVERY seconds, not inside whichever commit fills the log: that commit
    would hold every table's next move for 10-20 ms."""

    CHECKPOINT_EVERY = 1.0  # seconds

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.executescript(SCHEMA)
        self._stop = threading.Event()
        self._checkpoints = threading.Thread(
            target=self._checkpoint, name="tcglab-checkpoint", daemon=True
        )
        self._checkpoints.start()

    def _checkpoint(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stop.wait(self.CHECKPOINT_EVERY):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")  # never waits for a writer
        finally:
            db.close()

    def close(self) -> None:
        self._stop.set()
        self._checkpoints.join()
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()

    def add_table(self, row: TableRow) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, game, seed, players, options, decks, title, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.seed,
                    row.players,
                    json.dumps(row.options),
                    None if row.decks is None else json.dumps(row.decks),
                    row.title,
                    row.created,
                ),
            )
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, kind, agent, name, token_hash)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.kind, s.agent, s.name, s.token_hash) for s in row.seats],
            )

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.db:
            self.db.execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (seat.name, seat.token_hash, table_id, seat.seat),
            )

    def add_action(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Record the n-th action (0-based); committed when this returns."""
        with self.db:
            self.db.execute(
                "INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, n, seat, action, time.time()),
            )

    def drop_action(self, table_id: str, n: int) -> None:
        with self.db:
            self.db.execute("DELETE FROM actions WHERE table_id = ? AND n = ?", (table_id, n))

    def finish(self, table_id: str, result: dict, replay_json: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO results (table_id, result, replay, at) VALUES (?, ?, ?, ?)",
                (table_id, json.dumps(result), replay_json, time.time()),
            )
            self.db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))

    def replay_json(self, table_id: str) -> str | None:
        row = self.db.execute(
            "SELECT replay FROM results WHERE table_id = ?", (table_id,)
        ).fetchone()
        return row[0] if row else None

    def tables(self) -> list[TableRow]:
        """Every table with its seats and actions, oldest first."""
        seats: dict[str, list[SeatRow]] = {}
        for table_id, *values in self.db.execute(
            "SELECT table_id, seat, kind, agent, name, token_hash FROM seats"
            " ORDER BY table_id, seat"
        ):
            seats.setdefault(table_id, []).append(SeatRow(*values))
        actions: dict[str, list[str]] = {}
        for table_id, action in self.db.execute(
            "SELECT table_id, action FROM actions ORDER BY table_id, n"
        ):
            actions.setdefault(table_id, []).append(action)
        rows = []
        for values in self.db.execute(
            "SELECT id, game, seed, players, options, decks, title, created, finished, result"
            " FROM tables LEFT JOIN results ON results.table_id = tables.id"
            " ORDER BY created, id"
        ):
            table_id, game, seed, players, options, decks, title, created, finished, result = values
            rows.append(
                TableRow(
                    table_id,
                    game,
                    seed,
                    players,
                    json.loads(options),
                    None if decks is None else json.loads(decks),
                    title,
                    created,
                    bool(finished),
                    seats.get(table_id, []),
                    actions.get(table_id, []),
                    None if result is None else json.loads(result),
                )
            )
        return rows
