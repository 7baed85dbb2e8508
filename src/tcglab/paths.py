"""Where tcglab keeps its files on a user's machine, and what a file given to it
turned out to be."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def user_data_file(name: str) -> Path:
    """`$XDG_DATA_HOME/tcglab/NAME`, or `~/.local/share/tcglab/NAME`."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tcglab" / name


def not_sqlite(error: sqlite3.Error) -> bool:
    """True when sqlite3 refused a file for not being an SQLite database at all (its
    header is something else), rather than for being locked, read-only or damaged."""
    return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB
