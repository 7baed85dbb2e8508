"""The optional packages of the lab, imported where they are used: a missing one is a
one-line error naming the extra that installs it."""

from __future__ import annotations

import importlib
from types import ModuleType

from tcglab.engine import TcglabError

EXTRA = {"pyarrow": "lab", "duckdb": "lab", "matplotlib": "lab", "ray": "scale"}


class MissingExtra(TcglabError):
    """An optional package the command needs is not installed."""


def need(module: str) -> ModuleType:
    """`module` imported, or MissingExtra saying which extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        extra = EXTRA.get(top, "lab")
        raise MissingExtra(
            f"{top} is not installed; it comes with the {extra} extra: "
            f"pip install 'tcglab[{extra}]'"
        ) from None
