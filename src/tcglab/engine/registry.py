"""The game registry: how every tool finds the games.

Games register through the `tcglab.games` entry-point group of their package, so the
engine imports no game and a game package outside tcglab can plug in the same way.
A game still in development can be tried without installing it by naming it in the
TCGLAB_GAMES environment variable, as comma-separated `module:attribute` entries.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points

from tcglab.engine.errors import UnknownGame
from tcglab.engine.game import Game

_games: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> None:
    _games[game.id] = game


def games() -> dict[str, Game]:
    """Every registered game by id, in id order."""
    global _loaded
    if not _loaded:
        for point in entry_points(group="tcglab.games"):
            register(point.load())
        for spec in filter(
            None, (s.strip() for s in os.environ.get("TCGLAB_GAMES", "").split(","))
        ):
            register(_load(spec))
        _loaded = True
    return dict(sorted(_games.items()))


def _load(spec: str) -> Game:
    """The game a TCGLAB_GAMES entry `module:attribute` names (attribute GAME by default)."""
    module, _, attribute = (part.strip() for part in spec.partition(":"))
    try:
        game = getattr(importlib.import_module(module), attribute or "GAME")
    except (ImportError, AttributeError) as exc:
        raise UnknownGame(f"TCGLAB_GAMES entry {spec!r} cannot be loaded ({exc}); "
                          "entries take the form module:attribute") from None  # fmt: skip
    if not isinstance(game, Game):
        raise UnknownGame(f"TCGLAB_GAMES entry {spec!r} is not a tcglab Game; "
                          "entries take the form module:attribute")  # fmt: skip
    return game


def get_game(game_id: str) -> Game:
    known = games()
    if game_id not in known:
        raise UnknownGame(
            f"unknown game {game_id!r}; games: {', '.join(known) or 'none installed'}"
        )
    return known[game_id]
