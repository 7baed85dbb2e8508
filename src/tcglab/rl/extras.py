"""The packages of the `rl` extra, imported only when an environment is built, so that
tcglab itself runs without them."""

from __future__ import annotations

import importlib

INSTALL = "pip install tcglab[rl]"


class MissingExtra(ImportError):
    """A package of the rl extra is not installed."""


def need(module: str):
    """Import `module` (numpy, gymnasium, pettingzoo, pyspiel), or say in one line which
    extra brings it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtra(
            f"tcglab.rl needs {module.split('.')[0]}, which the rl extra installs: {INSTALL}"
        ) from None
