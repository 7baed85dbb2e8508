"""Argument types and the arguments several commands share: the game, its player
count and rule options. Every bound is far above any real use and low enough that no
value can make a command run out of memory or time before it starts."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from tcglab.cli.errors import quoted
from tcglab.engine import BadOption, Game
from tcglab.engine import replay as replays

MAX_SEED = replays.MAX_SEED  # the engine's Rng keeps 64 bits of a seed
MAX_PLAYERS = 16
MAX_GAMES = 1_000_000
MAX_JOBS = 64
MAX_ACTIONS = replays.MAX_ACTIONS  # a game longer than this could not be replayed
LONGEST_NUMBER_TEXT = 24


def many(count: int, noun: str, nouns: str | None = None) -> str:
    """`count` and the noun, plural unless it is one: "1 game", "2,000 games"."""
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def whole_number(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number (in ASCII digits) from `minimum` to `maximum`."""
    if minimum is not None and maximum is not None:
        accepted = f"a whole number from {_number(minimum)} to {_number(maximum)}"
    elif minimum is not None:
        accepted = f"a whole number >= {minimum}"
    else:
        accepted = "a whole number"

    def parse(text: str) -> int:
        digits = text.strip()
        value = None
        if len(digits) <= LONGEST_NUMBER_TEXT and re.fullmatch(r"[+-]?[0-9]+", digits):
            value = int(digits)
        low_ok = value is not None and (minimum is None or value >= minimum)
        if not low_ok or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"expected {accepted}, not {quoted(text)}")
        return value

    return parse


def _number(value: int) -> str:
    """Thousands marked where that helps (1,000,000), not in a seed's 20 digits."""
    return f"{value:,}" if value < 10**9 else str(value)


def seconds_up_to(most: float, unit: str = "seconds") -> Callable[[str], float]:
    """An argparse type: a finite number of seconds (or `unit`) from 0 to `most`."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= LONGEST_NUMBER_TEXT else math.nan
        except ValueError:
            value = math.nan
        if not 0 <= value <= most:  # also refuses nan
            raise argparse.ArgumentTypeError(
                f"expected a number of {unit} from 0 to {most:g}, not {quoted(text)}"
            )
        return value

    return parse


def text_of_at_most(longest: int) -> Callable[[str], str]:
    """An argparse type: text of at most `longest` characters."""

    def parse(text: str) -> str:
        if len(text) > longest:
            raise argparse.ArgumentTypeError(
                f"expected at most {longest} characters, not {quoted(text)}"
            )
        return text

    return parse


integer = whole_number()
seed_number = whole_number(0, MAX_SEED)
games_count = whole_number(1, MAX_GAMES)
seat_number = whole_number(1, MAX_PLAYERS)


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game id (see `tcglab games`)")
    parser.add_argument(
        "--players",
        type=integer,
        metavar="P",
        help="number of players (default: the game's usual count, see `tcglab games`)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a rule option, e.g. --option bonus_rule=true (repeatable; a later "
        "value for the same name wins; `tcglab games` lists every option)",
    )


def add_json(parser: argparse.ArgumentParser, what: str) -> None:
    """`--json`, the switch scripts use: print `what` as one JSON object, no text."""
    parser.add_argument("--json", action="store_true", help=f"print {what} as one JSON object")


def parse_options(game: Game, pairs: list[str]) -> dict:
    """`name=value` texts to every rule option's value, checked by the game."""
    given = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            example = f"{game.options[0].name}=VALUE" if game.options else "name=value"
            raise BadOption(f"--option takes name=value (e.g. {example}), not {pair!r}")
        given[name] = game.option(name).parse(value.strip())
    return game.resolve_options(given)


def changed_options(game: Game, options: dict) -> str:
    """The options that differ from the game's defaults, as `name=value` text."""
    changed = [
        f"{o.name}={shown(options[o.name])}" for o in game.options if options[o.name] != o.default
    ]
    return ", ".join(changed) or "defaults"


def shown(value) -> str:
    """An option's value as it is typed after --option name=."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def add_batch_arguments(parser: argparse.ArgumentParser, seed_help: str) -> None:
    """How many games a batch plays, and the seed they all derive from."""
    parser.add_argument(
        "--games",
        type=games_count,
        default=100,
        metavar="N",
        help=f"games to play, 1 to {MAX_GAMES:,} (default 100)",
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=0,
        metavar="S",
        help=f"{seed_help} (default 0)",
    )
