"""Where tcglab keeps its files on a user's machine."""

from __future__ import annotations

import os
from pathlib import Path


def user_data_file(name: str) -> Path:
    """`$XDG_DATA_HOME/tcglab/NAME`, or `~/.local/share/tcglab/NAME`."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tcglab" / name
