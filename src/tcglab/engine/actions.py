"""Actions: the choices a seat can make, each with a stable id and a human label."""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """An immutable choice. `id` is stable: the same choice in the same position
    always has the same id, which is what logs, replays, clients and tests use."""

    id: str
    label: str

    def __str__(self) -> str:
        return self.id
