"""Actions: the choices a seat can make, each with a stable id and a human label in
English and Japanese."""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """An immutable choice. `id` is stable: the same choice in the same position
    always has the same id, which is what logs, replays, clients and tests use."""

    id: str
    label: str
    ja: str = ""  # the label in Japanese

    def text(self, lang: str = "en") -> str:
        """The label in `lang` ("en" or "ja"); English where no Japanese is given."""
        return self.ja or self.label if lang == "ja" else self.label

    def __str__(self) -> str:
        return self.id
