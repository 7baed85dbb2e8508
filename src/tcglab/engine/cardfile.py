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


class FieldReader:
    """Reads one card table, naming the file, the card and the field in every
    complaint. Games build their cards with it; `table=` reads a sub-table (an
    ability, an effect) and `prefix` names it in complaints ("ability.cost")."""

    def __init__(self, path: Path | str, entry: dict, index: int) -> None:
        self.path, self.entry = path, entry
        self.card = entry.get("id") if isinstance(entry.get("id"), str) else f"#{index + 1}"
        self.prefix = ""

    def fail(self, name: str, problem: str) -> CardDataError:
        field = self.prefix + name
        return CardDataError(f"{self.path}: card {self.card}: field {field!r}: {problem}")

    def _get(self, name: str, default, table: dict | None):
        return (self.entry if table is None else table).get(name, default)

    def text(self, name: str, default: str | None = None, table: dict | None = None) -> str:
        value = self._get(name, default, table)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.fail(name, "missing or not a non-empty string")
        return value

    def names(self) -> dict[str, str]:
        """What every card table has: its `id`, `name_ja` and `name_en`."""
        return {
            "id": self.text("id"),
            "name_ja": self.text("name_ja"),
            "name_en": self.text("name_en"),
        }

    def number(
        self,
        name: str,
        low: int,
        high: int,
        default: int | None = None,
        table: dict | None = None,
        optional: bool = False,
    ) -> int | None:
        value = self._get(name, default, table)
        if value is None:
            if optional:
                return None
            raise self.fail(name, "missing")
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(name, f"must be a whole number from {low} to {high}, not {value!r}")
        return value

    def flag(self, name: str, default: bool = False, table: dict | None = None) -> bool:
        value = self._get(name, default, table)
        if not isinstance(value, bool):
            raise self.fail(name, f"must be true or false, not {value!r}")
        return value

    def one_of(self, name: str, allowed, default=None, table: dict | None = None) -> str:
        value = self._get(name, default, table)
        if value not in allowed:
            raise self.fail(name, f"must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def table(self, name: str, table: dict | None = None) -> dict | None:
        value = self._get(name, None, table)
        if value is not None and not isinstance(value, dict):
            raise self.fail(name, "must be a table")
        return value

    def tables(self, name: str, table: dict | None = None) -> list[dict]:
        """A list of sub-tables (`[[card.effects]]`); none is an empty list."""
        value = self._get(name, [], table)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(name, "must be a list of tables")
        return value

    def only(self, known: set[str], table: dict | None = None) -> None:
        """Refuse any field not in `known`, listing the fields that are."""
        for name in self.entry if table is None else table:
            if name not in known:
                raise self.fail(name, f"unknown field; fields: {', '.join(sorted(known))}")


def face(card) -> dict:
    """How every card's public face (its `info`) begins: its id, and its names as the
    clients read them, `name` in English and `name_ja` in Japanese."""
    return {"id": card.id, "name": card.name_en, "name_ja": card.name_ja}


def check_unique(path: Path | str, cards) -> None:
    """Every card id of a file once."""
    seen = set()
    for card in cards:
        if card.id in seen:
            raise CardDataError(f"{path}: card {card.id}: the id is used twice")
        seen.add(card.id)
