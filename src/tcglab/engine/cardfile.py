"""Reading card data files: TOML, with every problem naming the file."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tcglab.engine.errors import CardDataError


def read_toml(path: Path) -> dict:
    """A card file's contents, or CardDataError saying why it cannot be read."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(
            f"{path}: cannot read card file: {getattr(exc, 'strerror', exc)}"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path}: not valid TOML: {exc}") from None


def card_tables(path: Path, data: dict, key: str, required: bool = True) -> list[dict]:
    """The `[[key]]` tables of a card file (none is fine where they are not required)."""
    entries = data.get(key, None if required else [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CardDataError(f"{path}: expected [[{key}]] tables")
    return entries
