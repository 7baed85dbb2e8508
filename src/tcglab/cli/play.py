"""`tcglab play`: one game (or one table, such as a Pretty Good Tactics draft) against
AI seats in the terminal, or a format of several games the game declares (a match, a
championship) with you at one seat."""

from __future__ import annotations

import argparse
import secrets
import shlex
from pathlib import Path

from tcglab.agents.specs import make_agent
from tcglab.cli import formats
from tcglab.cli.arguments import (
    add_game_arguments,
    changed_options,
    seat_number,
    seed_number,
    shown,
)
from tcglab.cli.command import Command
from tcglab.cli.decks import add_deck_arguments, given_decks, read_decks
from tcglab.cli.errors import OK, UsageError
from tcglab.cli.files import check_new_file, write
from tcglab.cli.terminal import Quit, TerminalPlayer, play_to_end, result_text, who
from tcglab.engine import Game, Rng
from tcglab.engine.capabilities import Capability
from tcglab.engine.messages import seat_name
from tcglab.engine.replay import record


def play_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--seat",
        type=seat_number,
        default=1,
        metavar="S",
        help="your seat, 1 to P: you are P<S> (default 1); the other seats are AI",
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        metavar="N",
        help="seed of the shuffle and the dice, 0 to 2**64-1, to play the same deal again "
        "(default: a fresh random seed, shown when the game ends)",
    )
    parser.add_argument(
        "--ai",
        default="normal",
        metavar="LEVEL",
        help="how the other seats play: easy (random moves), normal (the game's own "
        "heuristic player), hard (tree search, a second or two a move), or an agent spec "
        "such as ismcts:iters=200 (default normal)",
    )
    add_deck_arguments(parser)
    formats.add_format_arguments(parser)
    parser.add_argument(
        "--save-replay",
        type=Path,
        metavar="FILE",
        help="write the game (or the whole draft table) to FILE as a replay when it ends "
        "or you quit; an existing FILE is refused unless --force is given",
    )
    parser.add_argument(
        "--force", action="store_true", help="let --save-replay overwrite an existing file"
    )
    parser.add_argument(
        "--lang",
        choices=("en", "ja"),
        default="en",
        help="the language of your choices and the game log: en (English, the default) "
        "or ja (Japanese); the board is drawn in English",
    )
    add_full_control(parser)


def add_full_control(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--full-control",
        action="store_true",
        help="stop at every decision, even one whose only choice is to pass (by default "
        "such a pass is made for you and shown as automatic)",
    )


def play_command(args: argparse.Namespace) -> int:
    game, players, options, played = formats.chosen(args)
    if args.seat > players:
        raise UsageError(f"--seat takes 1 to {players} for {players} players, not {args.seat}")
    if args.save_replay is not None:
        if played is not None and played.by_agents is not None:
            raise UsageError(f"--save-replay records one game or one table, not a {played.name}")
        check_new_file(args.save_replay, "--save-replay", args.force)
    seed = secrets.randbits(32) if args.seed is None else args.seed
    if played is not None and played.by_agents is not None:
        return play_format(game, played, args, seed, players, options)
    return play_game(game, args, seed, players, options)


def play_game(game: Game, args: argparse.Namespace, seed: int, players: int, options) -> int:
    """One game, or one table of a format played as one state, against the AI seats."""
    me = args.seat - 1
    agent_seeds = _agent_seeds(seed, players)
    agents = {s: make_agent(args.ai, game, agent_seeds[s]) for s in range(players) if s != me}
    decks = read_decks(game, args, players)
    state = game.new_state(seed, players, options, decks)
    table = game.table_format(players)
    what = f"{players} players" if table is None else f"a {table.title} of {players}"
    print(f"{game.name} · {what} · rules: {changed_options(game, options)}")
    others = ", ".join(seat_name(s) for s in agents)
    print(f"You are {seat_name(me)}; {others} played by the {args.ai} AI.")
    print("Type the number of a choice and press Enter; q quits.\n")
    finished = play_to_end(state, me, agents, game, args.lang, args.full_control)
    if finished:
        print(result_text(state, me))
    else:
        print(f"\nYou left the game after {len(state.history)} actions.")
    again = again_command(game, args, seed, players, options)
    print(f"This deal's seed was {seed} ({again} deals it again).")
    if args.save_replay is not None:
        seats = [args.ai if s in agents else "human" for s in range(players)]
        write(
            lambda: record(state, seats=seats, decks=decks).save(args.save_replay),
            args.save_replay,
        )
        print(f"Replay written to {args.save_replay}.")
    return OK


def again_command(game: Game, args: argparse.Namespace, seed: int, players: int, options) -> str:
    """The command that deals this game again: the seed with every flag that shaped
    the deal (players, rule options, decks) or the play of the AI seats (seat, AI).
    `--draft N` is `--players N` (a table of N is its draft)."""
    words = ["tcglab", "play", game.id]
    if args.players is not None or args.draft is not None or players != game.default_players:
        words += ["--players", str(players)]
    for option in game.options:
        if options[option.name] != option.default:
            words += ["--option", f"{option.name}={shown(options[option.name])}"]
    for deck in given_decks(args):
        words += ["--deck", deck]
    if args.seat != 1:
        words += ["--seat", str(args.seat)]
    if args.ai != "normal":
        words += ["--ai", args.ai]
    return shlex.join([*words, "--seed", str(seed)])


def play_format(
    game: Game, played: Capability, args: argparse.Namespace, seed: int, players: int, options
) -> int:
    """A format of several games played by agents, the person at one seat: a match
    (PGT-5.3), a championship (G4-2.6)."""
    me = args.seat - 1
    agents = [make_agent(args.ai, game, s) for s in _agent_seeds(seed, players)]
    agents[me] = TerminalPlayer(game, args.lang, args.full_control)
    settings = formats.format_settings(played, args)
    decks = read_decks(game, args, players)
    you = seat_name(me)
    print(f"{game.name} · a {played.title} · you are {you}, the others the {args.ai} AI")
    try:
        standing = played.by_agents(game, seed, agents, decks=decks, options=options, **settings)
    except Quit:
        print(f"\nYou left the {played.name}.")
        return OK
    for number, each in enumerate(standing.games, start=1):
        seats = each["seats"]
        among = "" if len(seats) == players else f" ({who(seats)} playing)"
        winners, reason = who(each["winners"]), each["reason"]
        print(f"game {number}{among}: {winners} won ({reason}), scores {each['scores']}")
    verb = "share it" if len(standing.winners) > 1 else "wins"
    totals = f"{standing.tally} {list(standing.totals)}"
    print(f"{played.name.capitalize()}: {who(standing.winners)} {verb}, {totals}.")
    print(f"The seed was {seed} (add --seed {seed} to play the same {played.name} again).")
    return OK


def _agent_seeds(seed: int, players: int) -> list[int]:
    source = Rng(seed).derive()
    return [source.next_u64() for _ in range(players)]


PLAY = Command(
    "play",
    "play a game in the terminal against AI seats",
    "Play one game against AI seats. At each of your decisions you see what happened "
    "since your last look, the board as your seat sees it, and your legal choices "
    "numbered; type a number. q or Ctrl-D leaves the game. A game's formats (tcglab "
    "games lists them) are played the same way: a match or a championship of several "
    "games, or a table such as a draft at the player counts it is for.",
    "tcglab play higurashi\n"
    "tcglab play higurashi --players 4 --seat 2\n"
    "tcglab play higurashi --seed 7 --option bonus_rule=true\n"
    "tcglab play higurashi --players 3 --championship 3\n"
    "tcglab play pgt --ai heuristic --save-replay game.json\n"
    "tcglab play pgt --match --ai hard\n"
    "tcglab play pgt --players 4   # a draft table: draft, then the knockout",
    play_arguments,
    play_command,
)
