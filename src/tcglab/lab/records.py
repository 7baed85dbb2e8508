"""Game records: a run folder with `run.json` (what was played and how) and two
Parquet tables, `games` (one row per game) and `cards` (one row per game, seat and
card), read back through DuckDB.

    games: game, seed, players, agents[], decks[], first, winners[], scores[], reason,
           turns, actions
    cards: game, seat, deck, card, copies, opening, drawn_turn, played_turn,
           pick_taken, pick_last_seen, win

`game` is the game's index in the run (its seed follows from the batch seed and the
index), `first` the seat that went first (null where a table of several games has no
one first player), `win` the seat's share of the game's win (1/k for k winners),
`drawn_turn` and `played_turn` the game turn (counted from 1 over both players) the
card was first drawn after the opening hand and first put into play, `pick_taken` and
`pick_last_seen` the seat's pick numbers in a draft.
"""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime
from pathlib import Path

import tcglab
from tcglab.engine import Game, TcglabError
from tcglab.lab.extras import need
from tcglab.lab.facts import CARD_COLUMNS
from tcglab.lab.staging import StagedFolder

RUN_FILE = "run.json"
TABLES = ("games", "cards")
BUFFERED_GAMES = 2_000  # games held before a row group is written


class RunError(TcglabError):
    """A run folder that cannot be written or read as one."""


def schemas():
    pa = need("pyarrow")
    small, count = pa.int16(), pa.int32()
    games = pa.schema(
        [("game", count), ("seed", pa.int64()), ("players", pa.int8()),
         ("agents", pa.list_(pa.string())), ("decks", pa.list_(pa.string())),
         ("first", pa.int8()), ("winners", pa.list_(pa.int8())),
         ("scores", pa.list_(pa.int64())), ("reason", pa.string()), ("turns", count),
         ("actions", count)]
    )  # fmt: skip
    types = (pa.int8(), pa.string(), pa.string(), small, small, small, small, small, small,
             pa.float64())  # fmt: skip
    cards = pa.schema([("game", count), *zip(CARD_COLUMNS, types, strict=True)])
    return {"games": games, "cards": cards}


def run_facts(game: Game, kind: str, settings: dict, command: list[str] | None) -> dict:
    """What `run.json` says about a run before it is played."""
    return {
        "tcglab": tcglab.__version__,
        "kind": kind,
        "game": game.id,
        "name": game.name,
        "card_digest": game.card_digest(),
        **settings,
        "command": command,
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
    }


class RecordWriter:
    """Writes a run folder as its games come in: `add(games, cards)` with row dicts
    of `games` and row tuples of `cards`, then `close(played)`."""

    def __init__(self, folder: Path, facts: dict) -> None:
        self.folder = Path(folder)
        if (self.folder / RUN_FILE).exists():
            raise RunError(f"{self.folder} already holds a run; give --records a new folder")
        if self.folder.exists() and not self.folder.is_dir():
            raise RunError(f"cannot write records to {self.folder}: it is a file, not a folder")
        self.pq = need("pyarrow.parquet")
        self.pa = need("pyarrow")
        try:  # written beside, put in place by close(): a failed run leaves nothing
            self.staged = StagedFolder(self.folder)
        except OSError as exc:
            raise RunError(f"cannot write records to {self.folder}: {exc.strerror}") from None
        self.facts = facts
        self.schemas = schemas()
        self.writers = {}
        try:
            for name, schema in self.schemas.items():
                path = self.staged.path / f"{name}.parquet"
                self.writers[name] = self.pq.ParquetWriter(path, schema)
        except BaseException:
            self.discard()
            raise
        self.games: list[dict] = []
        self.cards: list[tuple] = []

    def add(self, games: list[dict], cards: list[tuple]) -> None:
        self.games.extend(games)
        self.cards.extend(cards)
        if len(self.games) >= BUFFERED_GAMES:
            self.flush()

    def flush(self) -> None:
        if self.games:
            table = self.pa.Table.from_pylist(self.games, schema=self.schemas["games"])
            self.writers["games"].write_table(table)
        if self.cards:
            schema = self.schemas["cards"]
            columns = zip(*self.cards, strict=True)
            arrays = [self.pa.array(col, f.type) for col, f in zip(columns, schema, strict=True)]
            self.writers["cards"].write_table(self.pa.Table.from_arrays(arrays, schema=schema))
        self.games, self.cards = [], []

    def close(self, played: dict) -> None:
        """The last rows, and `run.json` with what the run came to."""
        self.flush()
        for writer in self.writers.values():
            writer.close()
        finished = datetime.now(UTC).isoformat(timespec="seconds")
        facts = {**self.facts, **played, "finished": finished}
        text = json.dumps(facts, ensure_ascii=False, indent=1, sort_keys=True)
        try:
            (self.staged.path / RUN_FILE).write_text(text + "\n", encoding="utf-8")
            self.staged.finish(last=(RUN_FILE,))
        except OSError as exc:
            self.discard()
            raise RunError(f"cannot write records to {self.folder}: {exc.strerror}") from None

    def discard(self) -> None:
        """Leave nothing of a run that did not finish."""
        for writer in self.writers.values():
            with contextlib.suppress(Exception):  # a writer broken by the failure itself
                writer.close()
        self.staged.discard()


def read_facts(folder: Path) -> dict:
    """A run folder's `run.json`, or a one-line RunError saying why it is not a run."""
    folder = Path(folder)
    path = folder / RUN_FILE
    if not path.is_file():
        raise RunError(f"{folder} is not a run folder: it has no {RUN_FILE}")
    try:
        facts = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RunError(f"{path} cannot be read as a run ({exc})") from None
    missing = [t for t in TABLES if not (folder / f"{t}.parquet").is_file()]
    if not isinstance(facts, dict) or "game" not in facts or missing:
        raise RunError(f"{folder} is not a whole run folder (no {', '.join(missing) or 'game'})")
    return facts


def connect(folders: list[Path]):
    """A DuckDB connection with views `games` and `cards` over every run folder (a
    `run` column numbers the folders in the order given; `game` is per run)."""
    duckdb = need("duckdb")
    con = duckdb.connect()
    for table in TABLES:
        parts = [
            f"SELECT {number} AS run, * FROM read_parquet('{_quoted(folder / table)}.parquet')"
            for number, folder in enumerate(folders)
        ]
        con.execute(f"CREATE VIEW {table} AS " + " UNION ALL ".join(parts))
    return con


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")
