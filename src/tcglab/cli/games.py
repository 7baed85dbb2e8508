"""`tcglab games`: every installed game, its player counts, formats, tools and rule
options."""

from __future__ import annotations

import argparse
import json
import textwrap

from tcglab.cli.arguments import add_json, shown
from tcglab.cli.command import Command
from tcglab.cli.errors import OK
from tcglab.engine import Capability, Game
from tcglab.engine.registry import games as registered_games


def games_arguments(parser: argparse.ArgumentParser) -> None:
    add_json(parser, "the games, their player counts, options and formats")


def capability_info(capability: Capability) -> dict:
    info = {key: getattr(capability, key) for key in ("name", "title", "summary", "rule")}
    more = {"players": list(capability.players), "table": capability.table}
    return {**info, **more, "tool": capability.is_tool}


def game_info(game: Game) -> dict:
    return {
        **game.info(),
        "heuristic_agent": game.heuristic_agent is not None,
        "capabilities": [capability_info(c) for c in game.capabilities],
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "rule": o.rule,
                "help": o.help,
                "accepts": o.accepted(),
            }
            for o in game.options
        ],
    }


def games_command(args: argparse.Namespace) -> int:
    listed = registered_games().values()
    if args.json:
        listing = [game_info(game) for game in listed]
        print(json.dumps({"games": listing}, ensure_ascii=False, indent=1))
        return OK
    if not listed:
        print("No games are installed.")
    for game in listed:
        print_game(game)
    return OK


def print_game(game: Game) -> None:
    info = game_info(game)
    heuristic = "yes" if info["heuristic_agent"] else "none"
    print(f"{info['id']} · {info['name']}")
    low, high = info["min_players"], info["max_players"]
    counts = f"{low}" if low == high else f"{low} to {high} (default {info['default_players']})"
    print(f"  players: {counts} · heuristic AI: {heuristic}")
    for capability in game.capabilities:
        print(f"  {capability_line(capability)}")
    if info["options"]:
        print("  rule options (--option name=value), shown with their defaults:")
    for option in info["options"]:
        print(f"    {option['name']}={shown(option['default'])}  [{option['rule']}]")
        text = f"{option['help']}; accepts {option['accepts']}"
        print(textwrap.fill(text, 92, initial_indent=" " * 8, subsequent_indent=" " * 8))
    print()


def capability_line(capability: Capability) -> str:
    """`format draft (3 or 4 players): draft and tournament [PGT-15]`, `tool odds: ...`."""
    if capability.is_tool:
        head = f"tool {capability.name}"
    else:
        head = f"format {capability.name} ({capability.counts()} players)"
    rule = f" [{capability.rule}]" if capability.rule else ""
    return f"{head}: {capability.title}{rule}"


GAMES = Command(
    "games",
    "list the games, their player counts, formats and rule options",
    "List every installed game: its id (what other commands take), name, player "
    "counts, whether it has a heuristic AI, its formats beyond single games (a match, a "
    "draft, a championship) and tools (dice odds), and each rule option with its default, "
    "the rule it switches and what it accepts.",
    "tcglab games\ntcglab games --json",
    games_arguments,
    games_command,
)
