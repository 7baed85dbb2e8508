"""The steps a turn is made of, by name.

A state keeps a stack of pending steps, each a tuple `(name, *args)` of plain data.
An automatic step runs as soon as it is on top. A decision step stops the game for
its seat (the first argument) with the actions its `actions` function lists, and its
`resolve` function carries out the choice. A decision with no actions is passed over
silently (a response window for a seat with no card that fits it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Decision(NamedTuple):
    actions: Callable
    resolve: Callable


AUTOMATIC: dict[str, Callable] = {}
DECISIONS: dict[str, Decision] = {}


def automatic(name: str):
    def register(fn):
        AUTOMATIC[name] = fn
        return fn

    return register


def decision(name: str, actions: Callable):
    def register(resolve):
        DECISIONS[name] = Decision(actions, resolve)
        return resolve

    return register
