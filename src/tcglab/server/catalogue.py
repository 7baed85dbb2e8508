"""What the lobby needs to know about each registered game: its seats, what a table of
each player count plays (its formats), rule options, AI levels, decks and the public
card list the client draws card faces from.

The card list is each game's printed card set (names, numbers, texts), which every
player may read; which card lies where is never part of it.
"""

from __future__ import annotations

from functools import cache

from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, Game, RuleOption, TcglabError

LEVELS = ("easy", "normal", "hard")
ONE_GAME = {"en": "one game", "ja": "1ゲーム"}


def option_info(option: RuleOption) -> dict:
    if isinstance(option.default, bool):
        kind = "bool"
    elif isinstance(option.default, int):
        kind = "int"
    else:
        kind = "choice" if option.choices else "text"
    return {
        "name": option.name,
        "kind": kind,
        "default": option.default,
        "help": option.help,
        "rule": option.rule,
        "choices": list(option.choices),
        "minimum": option.minimum,
        "maximum": getattr(option, "maximum", None),  # an int option's upper bound, if any
    }


@cache
def levels(game: Game) -> tuple[str, ...]:
    """The AI levels this game can be played against (a level whose agent is missing
    for the game is left out)."""
    usable = []
    for level in LEVELS:
        try:
            make_agent(level, game, 0)
        except TcglabError:
            continue
        usable.append(level)
    return tuple(usable)


def table_format(game: Game, players: int, name) -> str | None:
    """The table format a create request names for `players` seats (None: what the
    player count plays); refused naming the game's table formats."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise BadOption(f"format must be the name of one of {game.id}'s table formats")
    game.table_format_named(name, players)
    return name


def chosen_formats(game: Game) -> list[dict]:
    """The table formats a table is played as only when asked for by name (Higurashi's
    championship): its name, words, player counts and settings."""
    return [
        {
            "name": c.name,
            "title": {"en": c.title, "ja": c.title_ja or c.title},
            "summary": {"en": c.summary, "ja": c.summary_ja or c.summary},
            "rule": c.rule,
            "players": list(c.players),
            "decks": bool(game.prebuilt_decks()) and c.decks,
            "settings": [option_info(o) for o in c.options],
        }
        for c in game.capabilities
        if c.table and c.chosen
    ]


def formats(game: Game) -> list[dict]:
    """For each player count, what a table of that many plays: one game, or a format the
    game plays as one table (a Pretty Good Tactics draft). `decks` says whether the
    players choose decks for it; `summary` is None for one game."""
    listed, has_decks = [], bool(game.prebuilt_decks())
    for players in range(game.min_players, game.max_players + 1):
        table = game.table_format(players)
        entry = {"players": players, "name": "game", "title": ONE_GAME, "summary": None}
        if table is not None:
            entry.update(
                name=table.name,
                title={"en": table.title, "ja": table.title_ja or table.title},
                summary={"en": table.summary, "ja": table.summary_ja or table.summary},
            )
        entry["decks"] = has_decks and (table is None or table.decks)
        listed.append(entry)
    return listed


def game_info(game: Game) -> dict:
    return {
        **game.info(),
        "formats": formats(game),
        "table_formats": chosen_formats(game),
        "options": [option_info(o) for o in game.options],
        "levels": list(levels(game)),
        "decks": sorted(game.prebuilt_decks()),
    }


def cards(game: Game) -> dict[str, dict]:
    """Every card of the game's printed set by id, as the public data a face shows."""
    return game.card_faces()


def decks_at_join(game: Game, players: int, format_name: str | None) -> bool:
    """Whether each person taking a seat at such a table brings a deck of their own: a
    game of one deck per seat (`Game.decks_by_seat`), played as a format with decks."""
    if not game.decks_by_seat:
        return False
    if format_name is not None:
        return game.table_format_named(format_name, players).decks
    table = game.table_format(players)
    return table is None or table.decks


def resolve_decks(game: Game, players: int, given) -> list[list[str]] | None:
    """The decks of a new table as card-id lists, or None for the game's own setup.

    `given` is None or one entry per seat: None (a prebuilt deck in turn), a prebuilt
    deck's name, {"text": deck list} or a list of card ids.
    """
    if given is None:
        return None
    if not isinstance(given, list) or len(given) != players:
        raise BadOption(f"decks takes one entry per seat ({players}), each null, a name or a list")
    if all(d is None for d in given):
        return None
    prebuilt = game.prebuilt_decks()
    if not prebuilt:
        raise BadOption(f"{game.id} is not played with decks; leave decks out")
    names = sorted(prebuilt)
    decks = []
    for seat, entry in enumerate(given):
        if entry is None:
            entry = names[seat % len(names)]
        if isinstance(entry, str):
            if entry not in prebuilt:
                raise BadOption(f"no prebuilt deck {entry!r}; decks: {', '.join(names)}")
            decks.append(list(prebuilt[entry]))
        elif isinstance(entry, dict) and isinstance(entry.get("text"), str):
            decks.append(game.read_deck(entry["text"]))
        elif isinstance(entry, list) and all(isinstance(c, str) for c in entry):
            decks.append(list(entry))
        else:
            raise BadOption(f"deck {seat + 1} must be null, a deck name, {{'text': ...}} or ids")
    return decks
