"""The `tcglab` command: list the games, play one in the terminal, simulate many,
check a replay.

Each command is one entry of COMMANDS: its name, its help texts, a function that adds
its arguments and a function that runs it and returns the exit status. A user's
mistake is a TcglabError, shown as one line `tcglab: error: ...` with exit status 2;
so is a mistake in the arguments themselves (`tcglab sim: error: ...`). Anything else
that escapes a command is a defect of tcglab: one line saying so, exit status 1, and
the trace when TCGLAB_DEBUG is set.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import secrets
import sys
import textwrap
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tcglab
from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import Action, BadOption, Game, ReplayError, Rng, State, TcglabError, get_game
from tcglab.engine import replay as replays
from tcglab.engine.registry import games as registered_games
from tcglab.engine.replay import parse, record, rerun
from tcglab.sim import (
    DEFAULT_MAX_ACTIONS,
    Progress,
    run_batch,
    save_replay,
    seat_agents,
    split_specs,
)

OK, FAILED, USAGE, INTERRUPTED = 0, 1, 2, 130
BUG = FAILED

# Bounds of what the commands take: far above any real use, low enough that no value
# can make a command run out of memory or time before it starts.
MAX_SEED = replays.MAX_SEED  # the engine's Rng keeps 64 bits of a seed
MAX_PLAYERS = 16
MAX_GAMES = 1_000_000
MAX_JOBS = 64
MAX_ACTIONS = replays.MAX_ACTIONS  # a game longer than this could not be replayed
MAX_DECK_LIST_BYTES = 1024 * 1024
LONGEST_NUMBER_TEXT = 24


class UsageError(TcglabError):
    """A command-line value that the command cannot use."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a mistake in the arguments is one line, not the usage and a line:
    `tcglab sim: error: argument --games: ... (see tcglab sim --help)`, exit status 2.
    Subcommands' parsers are of this class too (add_subparsers makes them so)."""

    def __init__(self, *args, command: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.command = command

    def parse_known_args(self, args=None, namespace=None):
        """A command's parser refuses arguments it does not know itself, so that the
        message points to that command's --help rather than tcglab's."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras and self.command:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras

    def error(self, message: str):
        print(f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)", file=sys.stderr)
        self.exit(USAGE)


def one_line(text: str) -> str:
    """`text` with any line break or control character written as an escape, so that a
    message quoting what a person typed or a file held stays on one line."""
    return _CONTROL.sub(lambda found: repr(found[0])[1:-1], text)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def quoted(text: str) -> str:
    """What a person typed, quoted, and cut short where it is too long to echo whole."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:30]!r}... ({len(text):,} characters)"


# -- shared argument handling -------------------------------------------------------


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


def read_file(path: Path, what: str, limit: int) -> str:
    """The text of a file a person named, or a one-line UsageError saying why it cannot
    be read: missing, a folder, unreadable, larger than `limit` bytes, not UTF-8."""
    where = f"cannot read {what} {path}"
    try:
        if path.is_dir():
            raise UsageError(f"{where}: it is a folder; give a {what} file")
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"{where}: {exc.strerror or exc}") from None
    except ValueError:  # a name Python cannot hand to the system, e.g. with a NUL in it
        raise UsageError(f"{where}: not a usable file name") from None
    if len(data) > limit:
        raise UsageError(f"{where}: it is larger than {_size(limit)}, the most a {what} may be")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{where}: not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})"
        ) from None


def _size(count: int) -> str:
    return f"{count / 2**20:g} MB" if count >= 2**20 else f"{count:,} bytes"


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


def add_deck_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="DECK",
        help="a deck for the next seat, in seat order (repeat it): the name of a prebuilt "
        "deck (tcglab deck list GAME) or a deck-list file; games without decks take none "
        "(default: the game's own choice)",
    )
    parser.add_argument(
        "--vs-deck", metavar="DECK", help="the second seat's deck (same as a second --deck)"
    )
    parser.add_argument("--decks", metavar="A,B", help="every seat's deck at once, comma-separated")


def read_decks(game: Game, args: argparse.Namespace, players: int) -> list[list[str]] | None:
    """Card ids per seat from prebuilt names or deck-list files; None for the default."""
    given = list(args.deck)
    if args.vs_deck:
        given.append(args.vs_deck)
    if args.decks:
        given += [name.strip() for name in args.decks.split(",") if name.strip()]
    if not given:
        return None
    if len(given) != players:
        raise UsageError(f"--deck given {len(given)} times for {players} seats; give one per seat")
    return [deck_cards(game, each) for each in given]


def deck_cards(game: Game, name_or_file: str) -> list[str]:
    prebuilt = game.prebuilt_decks()
    if name_or_file in prebuilt:
        return list(prebuilt[name_or_file])
    path = Path(name_or_file)
    if not _exists(path):
        names = ", ".join(prebuilt) or "none"
        raise UsageError(
            f"{quoted(name_or_file)} is neither a prebuilt {game.id} deck ({names}) nor a file"
        )
    text = read_file(path, "deck list", MAX_DECK_LIST_BYTES)
    try:
        return game.read_deck(text)
    except BadOption as exc:
        raise UsageError(f"{path}: {exc}") from None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, or with a NUL in it
        return False


def changed_options(game: Game, options: dict) -> str:
    """The options that differ from the game's defaults, as `name=value` text."""
    changed = [
        f"{o.name}={_show(options[o.name])}" for o in game.options if options[o.name] != o.default
    ]
    return ", ".join(changed) or "defaults"


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _p(seat: int) -> str:
    return f"P{seat + 1}"


# -- tcglab games ----------------------------------------------------------------------


def games_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object for scripts instead of text"
    )


def game_info(game: Game) -> dict:
    return {
        "id": game.id,
        "name": game.name,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.default_players,
        "heuristic_agent": game.heuristic_agent is not None,
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
    listing = [game_info(game) for game in registered_games().values()]
    if args.json:
        print(json.dumps({"games": listing}, ensure_ascii=False, indent=1))
        return OK
    if not listing:
        print("No games are installed.")
    for info in listing:
        heuristic = "yes" if info["heuristic_agent"] else "none"
        print(f"{info['id']} · {info['name']}")
        low, high = info["min_players"], info["max_players"]
        counts = f"{low}" if low == high else f"{low} to {high} (default {info['default_players']})"
        print(f"  players: {counts} · heuristic AI: {heuristic}")
        if info["options"]:
            print("  rule options (--option name=value), shown with their defaults:")
        for option in info["options"]:
            print(f"    {option['name']}={_show(option['default'])}  [{option['rule']}]")
            text = f"{option['help']}; accepts {option['accepts']}"
            print(textwrap.fill(text, 92, initial_indent=" " * 8, subsequent_indent=" " * 8))
        print()
    return OK


# -- tcglab play -------------------------------------------------------------------------


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
    parser.add_argument(
        "--match",
        action="store_true",
        help="play a match as the game's rules define it (Pretty Good Tactics: best of three)",
    )
    parser.add_argument(
        "--draft",
        type=seat_number,
        metavar="N",
        help="draft decks with N players (Pretty Good Tactics: 3 or 4), then play the "
        "knockout tournament of best-of-three matches",
    )
    parser.add_argument(
        "--save-replay",
        type=Path,
        metavar="FILE",
        help="write the game to FILE as a replay when it ends or you quit",
    )
    parser.add_argument(
        "--lang",
        choices=("en", "ja"),
        default="en",
        help="the language of your choices and the game log: en (English, the default) "
        "or ja (Japanese); the board is drawn in English",
    )


def play_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    players = game.check_players(args.players)
    options = parse_options(game, args.option)
    if args.seat > players:
        raise UsageError(f"--seat takes 1 to {players} for {players} players, not {args.seat}")
    if args.save_replay is not None:
        _check_writable(args.save_replay, "--save-replay")
    me = args.seat - 1
    seed = secrets.randbits(32) if args.seed is None else args.seed
    if args.draft:
        return play_draft(game, args, seed)
    if args.match:
        return play_match(game, args, seed, players, options)
    agent_seeds = _agent_seeds(seed, players)
    agents = {s: make_agent(args.ai, game, agent_seeds[s]) for s in range(players) if s != me}
    decks = read_decks(game, args, players)
    state = game.new_state(seed, players, options, decks)
    others = ", ".join(_p(s) for s in agents)
    print(f"{game.name} · {players} players · rules: {changed_options(game, options)}")
    print(f"You are {_p(me)}; {others} played by the {args.ai} AI.")
    print("Type the number of a choice and press Enter; q quits.\n")
    finished = play_to_end(state, me, agents, game, args.lang)
    if finished:
        print(result_text(state, me))
    else:
        print(f"\nYou left the game after {len(state.history)} actions.")
    print(f"This deal's seed was {seed} (tcglab play {game.id} --seed {seed} deals it again).")
    if args.save_replay is not None:
        seats = [args.ai if s in agents else "human" for s in range(players)]
        _write(
            lambda: record(state, seats=seats, decks=decks).save(args.save_replay),
            args.save_replay,
        )
        print(f"Replay written to {args.save_replay}.")
    return OK


def _check_writable(path: Path, option: str) -> None:
    """Refuse, before any work, a file that cannot be written: its folder is missing or
    it is a folder itself."""
    if path.is_dir():
        raise UsageError(f"{option} takes a file name, and {path} is a folder")
    if not path.parent.is_dir():
        raise UsageError(f"cannot write to {path}: no folder {path.parent}")


class Quit(Exception):
    """The person at the terminal left."""


class TerminalPlayer:
    """The person at the terminal, as an agent: sees the seat's view, picks a number."""

    name = "you"

    def __init__(self, game: Game, lang: str = "en") -> None:
        self.game = game
        self.lang = lang
        self.seen = 0

    def choose(self, decision: Decision) -> Action:
        events = decision.events(0, self.lang)
        if len(events) < self.seen:  # a new game of a match has begun
            self.seen = 0
        for event in events[self.seen :]:
            print(f"  · {event['message']}")
        self.seen = len(events)
        print()
        print(self.game.render(decision.observation))
        action = ask(decision.legal, self.lang)
        if action is None:
            raise Quit
        return action

    def pick(self, seat: int, pack: list[str], picked: list[str]) -> str:
        faces = self.game.card_faces()
        print(f"\nYour pack ({len(pack)} cards; you have {len(picked)}):")
        choices = [Action(card, card_line(card, faces.get(card, {}))) for card in pack]
        action = ask(choices)
        if action is None:
            raise Quit
        return action.id


def card_line(card_id: str, face: dict) -> str:
    numbers = " ".join(
        f"{key}={value}"
        for key, value in face.items()
        if isinstance(value, int | str) and key not in ("id", "name", "name_ja")
    )
    abilities = " / ".join(face.get("abilities_en") or face.get("abilities") or [])
    names = f"{face.get('name', '')} {face.get('name_ja', '')}".strip()
    return f"{card_id} {names} · {numbers} {abilities}".strip()


def play_match(game: Game, args: argparse.Namespace, seed: int, players: int, options) -> int:
    """A match against the AI, as the game's rules define one (PGT-5.3)."""
    me = args.seat - 1
    agents = [make_agent(args.ai, game, s) for s in _agent_seeds(seed, players)]
    agents[me] = TerminalPlayer(game, args.lang)
    print(f"{game.name} · a match · you are {_p(me)}, the others the {args.ai} AI")
    try:
        result = game.play_match(seed, agents, read_decks(game, args, players), options)
    except Quit:
        print("\nYou left the match.")
        return OK
    for number, played in enumerate(result["games"], start=1):
        winners = " and ".join(_p(w) for w in played["winners"]) or "nobody"
        print(f"game {number}: {winners} won ({played['reason']}), scores {played['scores']}")
    winner = result["winner"]
    print(f"Match: {'nobody' if winner is None else _p(winner)} wins, games {result['wins']}.")
    return OK


def play_draft(game: Game, args: argparse.Namespace, seed: int) -> int:
    """A draft of N players, you among them, then the knockout tournament (PGT-15)."""
    me, players = args.seat - 1, args.draft
    if me >= players:
        raise UsageError(f"--seat takes 1 to {players} for a draft of {players}, not {args.seat}")
    you = TerminalPlayer(game, args.lang)
    agents = [make_agent(args.ai, game, s) for s in _agent_seeds(seed, players)]
    agents[me] = you
    pickers = [you if s == me else None for s in range(players)]  # None: the game's AI
    try:
        drafted = game.draft(seed, pickers)
        print(f"\nYour deck: {', '.join(drafted['decks'][me])}")
        outcome = game.tournament(seed, drafted["decks"], agents)
    except Quit:
        print("\nYou left the draft.")
        return OK
    for number, matches in enumerate(outcome["rounds"], start=1):
        for played in matches:
            if "bye" in played:
                print(f"round {number}: {_p(played['bye'])} has a bye")
            else:
                a, b = played["players"]
                print(
                    f"round {number}: {_p(a)} v {_p(b)}, {played['wins']}: {_p(played['winner'])}"
                )
    print(f"Champion: {_p(outcome['champion'])}{' (you)' if outcome['champion'] == me else ''}.")
    return OK


def _agent_seeds(seed: int, players: int) -> list[int]:
    source = Rng(seed).derive()
    return [source.next_u64() for _ in range(players)]


def play_to_end(state: State, me: int, agents: dict, game: Game, lang: str = "en") -> bool:
    """Alternate between the person at `me` and the AI seats; False if the person quits."""
    seen = 0
    while not state.over:
        seat = state.to_move
        if seat == me:
            seen = show_events(state, me, seen, lang)
            print()
            print(game.render(state.observe(me)))
            action = ask(state.legal_actions(), lang)
            if action is None:
                return False
            state.apply(action)
        else:
            state.apply(agents[seat].choose(Decision(state)))
        seen = show_events(state, me, seen, lang)
    return True


def show_events(state: State, seat: int, start: int, lang: str = "en") -> int:
    """Print what happened since `start`, as `seat` may see it; returns the new start."""
    for event in state.events_for(seat, start, lang):
        print(f"  · {event['message']}")
    return len(state.log)


def ask(actions: list[Action], lang: str = "en") -> Action | None:
    """Number the actions and read a pick until it is valid; None to quit."""
    count = len(actions)
    print("Your choices:")
    for number, action in enumerate(actions, start=1):
        print(f"  {number:>2}. {action.text(lang)}")
    hint = f"type a number from 1 to {count}, or q to quit"
    while True:
        try:
            text = input(f"Your choice (1-{count}, q quits): ").strip()
        except EOFError:
            print()
            return None
        except UnicodeDecodeError:  # bytes the terminal's encoding cannot read
            print(f"That was not readable text: {hint}.")
            continue
        if text.lower() in ("q", "quit", "exit"):
            return None
        if not text:
            print(f"Nothing typed: {hint}.")
            continue
        try:
            number = int(text)
        except ValueError:
            print(f"{text!r} is not a number: {hint}.")
            continue
        if not 1 <= number <= count:
            print(f"{number} is not a choice: {hint}.")
            continue
        return actions[number - 1]


def result_text(state: State, me: int | None) -> str:
    result = state.result
    names = [_p(s) + (" (you)" if s == me else "") for s in range(state.players)]
    winners = " and ".join(names[s] for s in result.winners) or "nobody"
    scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(result.scores))
    return f"\nGame over: {winners} won ({result.reason}).\nScores: {scores}."


# -- tcglab sim --------------------------------------------------------------------------


def sim_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
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
        help="batch seed, 0 to 2**64-1: every game's seed and every agent's seed derive "
        "from it, so the same command plays the same games (default 0)",
    )
    parser.add_argument(
        "--agents",
        metavar="A,B,...",
        help="agent per seat: random, heuristic, easy, normal, hard or an ismcts spec such as "
        "ismcts:iters=200,rollout=heuristic; one for all seats or one per seat, e.g. "
        "heuristic,random (default random)",
    )
    add_deck_arguments(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (games, wins, win_shares, mean_scores, mean_actions, "
        "games_per_s, actions_per_s, seconds, reasons, seed, players, agents, options)",
    )
    parser.add_argument(
        "--save-replays",
        type=Path,
        metavar="DIR",
        help="write every game as a replay file into DIR (created if needed)",
    )
    parser.add_argument(
        "--max-actions",
        type=whole_number(1, MAX_ACTIONS),
        default=DEFAULT_MAX_ACTIONS,
        metavar="N",
        help=f"stop with an error naming the seed if a game passes N actions, 1 to "
        f"{MAX_ACTIONS:,} (default {DEFAULT_MAX_ACTIONS:,})",
    )


def sim_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    players = game.check_players(args.players)
    options = parse_options(game, args.option)
    agents = seat_agents(game, args.agents, players)
    decks = read_decks(game, args, players)
    directory = args.save_replays
    if directory is not None:
        _write(lambda: directory.mkdir(parents=True, exist_ok=True), directory)
    with Progress(args.games, "games") as bar:

        def finished(index: int, state: State) -> None:
            if directory is not None:
                _write(lambda: save_replay(state, directory, index, agents, decks), directory)
            bar.update(index + 1)

        tally = run_batch(
            game, args.games, args.seed, players, options, agents, args.max_actions, finished, decks
        )
    summary = tally.summary()
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(sim_text(game, summary))
        if directory is not None:
            print(f"replays: {summary['games']} files in {directory}")
    return OK


def sim_text(game: Game, s: dict) -> str:
    agents = s["agents"]
    same = len(set(agents)) == 1
    lines = [
        f"{game.id}: {s['games']} games · {s['players']} players · seed {s['seed']} · "
        f"agents {agents[0] + ' x' + str(len(agents)) if same else ','.join(agents)} · "
        f"rules: {changed_options(game, s['options'])}",
        "",
        "seat  agent        wins   share  mean score",
    ]
    for seat, agent in enumerate(agents):
        wins, share, score = s["wins"][seat], s["win_shares"][seat], s["mean_scores"][seat]
        lines.append(f"{_p(seat):<5} {agent:<10} {wins:>7.2f} {share:>6.1%} {score:>11.2f}")
    reasons = ", ".join(
        f"{reason} {count} ({count / s['games']:.1%})" for reason, count in s["reasons"].items()
    )
    lines += [
        "",
        f"mean actions per game: {s['mean_actions']:.1f}",
        f"speed: {s['games_per_s']:,.1f} games/s, {s['actions_per_s']:,.0f} actions/s "
        f"({s['seconds']:.2f} s of play)",
        f"end reasons: {reasons}",
    ]
    return "\n".join(lines)


def _write(do: Callable[[], object], where: Path) -> None:
    """Run a file-system write, turning its failure into a one-line error."""
    try:
        do()
    except OSError as exc:
        raise UsageError(f"cannot write to {where}: {exc.strerror or exc}") from None


# -- tcglab replay -----------------------------------------------------------------------


def replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a replay file written by tcglab")
    parser.add_argument(
        "--show",
        action="store_true",
        help="print every event of the game as a spectator sees it while re-running",
    )


def replay_command(args: argparse.Namespace) -> int:
    text = read_file(args.file, "replay", replays.MAX_BYTES)
    replay = parse(text, str(args.file))
    if replay.engine_version != tcglab.__version__:
        print(
            f"note: recorded with tcglab {replay.engine_version}, this is {tcglab.__version__}",
            file=sys.stderr,
        )
    print(
        f"{replay.game} · seed {replay.seed} · {replay.players} players · "
        f"{len(replay.actions)} actions"
    )
    outcome = rerun(replay)
    if not outcome.ok and outcome.state is None:
        raise ReplayError(f"{args.file}: {outcome.message}")  # foreign: cannot even start
    if args.show:
        for event in outcome.state.events_for(None):
            print(f"  · {event['message']}")
    if outcome.ok:
        print(outcome.message)
        return OK
    print(f"not reproduced: {outcome.message}")
    return FAILED


# -- tcglab odds -------------------------------------------------------------------------


def odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game id with dice checks (pgt)")
    parser.add_argument(
        "expression",
        nargs="?",
        type=text_of_at_most(40),
        help="a dice check: nD (roll up to n dice), then any number of +mD (an attack "
        "boost's dice, folded in) and +a or -a (modifiers), e.g. 3D+1 or 3D+2D-4; "
        "1 to 10 dice in all, numbers of at most 2 digits, spaces and full-width "
        "characters allowed",
    )
    parser.add_argument(
        "--target", type=integer, metavar="T", help="the defence to reach, a whole number"
    )
    parser.add_argument(
        "--chart", action="store_true", help="print the full chart for targets 2 to 30"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object: expression, target, by_dice (dice, p_success, "
        "p_fumble, p_critical as exact fractions), best_dice",
    )


def odds_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.chart:
        print(game.odds_text())
        return OK
    if args.expression is None or args.target is None:
        raise UsageError("give a dice expression and --target T (e.g. 3D+1 --target 8), or --chart")
    report = game.odds(args.expression, args.target)
    print(json.dumps(report) if args.json else game.odds_text(report))
    return OK


# -- tcglab deck -------------------------------------------------------------------------


def deck_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action",
        choices=("check", "list", "show"),
        help="check a deck-list file, list the prebuilt decks, or show one as a deck list",
    )
    parser.add_argument("game", help="a game played with decks (pm, ps, pgt)")
    parser.add_argument("deck", nargs="?", help="check: a deck-list file; show: a deck name")


def deck_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    prebuilt = game.prebuilt_decks()
    if args.action == "list":
        if not prebuilt:
            raise UsageError(f"{game.id} has no prebuilt decks")
        for name, ids in prebuilt.items():
            print(f"{name:<20} {len(ids)} cards")
        return OK
    if args.deck is None:
        raise UsageError(
            f"deck {args.action} needs a {'file' if args.action == 'check' else 'name'}"
        )
    if args.action == "show":
        if args.deck not in prebuilt:
            raise UsageError(
                f"no prebuilt {game.id} deck {quoted(args.deck)}; decks: {', '.join(prebuilt)}"
            )
        for card_id, count in Counter(prebuilt[args.deck]).items():
            print(f"{count} {card_id}")
        return OK
    path = Path(args.deck)
    text = read_file(path, "deck list", MAX_DECK_LIST_BYTES)
    problems = game.check_deck(text)
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        print(f"{path}: not legal ({len(problems)} problem{'s' * (len(problems) > 1)})")
        return FAILED
    print(f"{path}: legal, {len(game.deck_ids(text))} cards")
    return OK


# -- tcglab arena ------------------------------------------------------------------------


def arena_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--agents",
        required=True,
        metavar="A,B,...",
        help="the agents to pit against each other: random, heuristic, easy, normal, hard or "
        "an ismcts spec (ismcts:iters=400,rollout=heuristic); a name=value item belongs to "
        "the spec before it",
    )
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
        help="seed of the schedule, 0 to 2**64-1 (default 0)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        default=1,
        metavar="J",
        help=f"worker processes, 1 to {MAX_JOBS} (default 1)",
    )
    parser.add_argument(
        "--db",
        type=Path,
        metavar="FILE",
        help="SQLite file the results accumulate in (default: arena.db in the user data "
        "folder, $XDG_DATA_HOME/tcglab or ~/.local/share/tcglab)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")


def arena_command(args: argparse.Namespace) -> int:
    from tcglab.sim.arena import format_report, run_arena

    game = get_game(args.game)
    options = parse_options(game, args.option)
    specs = split_specs(args.agents)
    with Progress(args.games, "games") as bar:
        report = run_arena(
            game.id,
            specs,
            args.games,
            seed=args.seed,
            jobs=args.jobs,
            db_path=args.db,
            progress=lambda done, total: bar.update(done),
            players=args.players,
            options=options,
        )
    print(json.dumps(report, ensure_ascii=False) if args.json else format_report(report))
    return OK


# -- tcglab serve ------------------------------------------------------------------------


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=whole_number(1, 65535), default=8000, help="port, 1 to 65535 (default 8000)"
    )
    parser.add_argument(
        "--db",
        type=Path,
        metavar="FILE",
        help="SQLite database of tables and games (default: tcglab.db in the user data "
        "folder, $XDG_DATA_HOME/tcglab or ~/.local/share/tcglab)",
    )
    parser.add_argument(
        "--ai-delay",
        type=seconds_up_to(60),
        default=0.4,
        metavar="S",
        help="seconds an AI seat waits before each move, so people can follow, 0 to 60 "
        "(default 0.4)",
    )
    parser.add_argument(
        "--max-actions",
        type=whole_number(1, 1_000_000),
        default=20_000,
        metavar="N",
        help="stop a game after N actions with no winner (reason action_limit), so no "
        "table plays forever, 1 to 1,000,000 (default 20,000; real games take a few "
        "thousand at most)",
    )
    parser.add_argument(
        "--expire-hours",
        type=seconds_up_to(24 * 365, "hours"),
        default=24.0,
        metavar="H",
        help="delete an open table nobody has touched for H hours, and let go of the "
        "memory of a running one (its record stays), 0 to 8760; 0 keeps them for ever "
        "(default 24)",
    )
    parser.add_argument("--open", action="store_true", help="open the lobby in a web browser")


def serve_command(args: argparse.Namespace) -> int:
    try:
        from tcglab.server import serve
    except ImportError as exc:
        raise UsageError(
            f"the web server needs its packages ({exc.name} is missing): pip install 'tcglab[web]'"
        ) from None
    if args.db is not None:
        _check_writable(args.db, "--db")
    serve(
        args.host,
        args.port,
        args.db,
        ai_delay=args.ai_delay,
        open_browser=args.open,
        max_actions=args.max_actions,
        expire_after=args.expire_hours * 3600 or None,
    )
    return OK


# -- the command table -------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    description: str
    examples: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


COMMANDS = (
    Command(
        "games",
        "list the games, their player counts and rule options",
        "List every installed game: its id (what other commands take), name, player "
        "counts, whether it has a heuristic AI, and each rule option with its default, "
        "the rule it switches and what it accepts.",
        "tcglab games\ntcglab games --json",
        games_arguments,
        games_command,
    ),
    Command(
        "play",
        "play a game in the terminal against AI seats",
        "Play one game against AI seats. At each of your decisions you see what happened "
        "since your last look, the board as your seat sees it, and your legal choices "
        "numbered; type a number. q or Ctrl-D leaves the game.",
        "tcglab play higurashi\n"
        "tcglab play higurashi --players 4 --seat 2\n"
        "tcglab play higurashi --seed 7 --option bonus_rule=true\n"
        "tcglab play pgt --ai heuristic --save-replay game.json",
        play_arguments,
        play_command,
    ),
    Command(
        "sim",
        "play many games with AI agents and report win shares and speed",
        "Play N games with agents on every seat and print the win share of each seat "
        "(a shared win counts 1/k to each of k winners), mean scores, mean actions per "
        "game, games/s, actions/s and why the games ended. A progress bar is drawn on "
        "stderr when it is a terminal. The same command always plays the same games.",
        "tcglab sim higurashi --games 500 --seed 1\n"
        "tcglab sim higurashi --games 200 --players 5 --json\n"
        "tcglab sim pm --games 50 --agents heuristic,random\n"
        "tcglab sim higurashi --games 10 --save-replays replays/",
        sim_arguments,
        sim_command,
    ),
    Command(
        "replay",
        "re-run a saved game and check that it reproduces exactly",
        "Re-run a replay file from its seed and actions and compare every event and the "
        "final state with the record. Exit status 0 if it reproduced exactly, 1 if it "
        "diverged (the message says where), 2 if the file is not a usable replay.",
        "tcglab replay replays/higurashi-00001-123456.json\ntcglab replay game.json --show",
        replay_arguments,
        replay_command,
    ),
    Command(
        "arena",
        "pit agents against each other: win rates with intervals and Elo ratings",
        "Play a round robin of the given agents, seats rotated so that every agent plays "
        "every seat equally and decks swapped where the game has them. Prints each agent's "
        "win rate with its 95% interval and Elo ratings over every game stored for this "
        "game; results accumulate in an SQLite file across runs.",
        "tcglab arena higurashi --agents heuristic,random --games 200\n"
        "tcglab arena pgt --agents ismcts:iters=200,heuristic --games 60 --jobs 2\n"
        "tcglab arena ps --agents hard,normal,easy --games 90 --json",
        arena_arguments,
        arena_command,
    ),
    Command(
        "serve",
        "run the game server: play in a web browser against AI or friends",
        "Serve the lobby and game tables at http://HOST:PORT/. Create a table, choose "
        "who plays each seat (a person or the computer at a difficulty), and share each "
        "seat's link. Every table and every move is kept in an SQLite database, so games "
        "go on where they stopped after a restart. Ctrl-C stops the server.",
        "tcglab serve --open\ntcglab serve --port 8080 --db ~/games.db\n"
        "tcglab serve --host 0.0.0.0   # reachable from other machines on your network",
        serve_arguments,
        serve_command,
    ),
    Command(
        "odds",
        "exact success chances of a dice check, for every number of dice",
        "Compute exactly, for every number of dice you may roll, the chance that a check "
        "reaches the target, and its fumble and critical chances; the best count is marked. "
        "Attack boosts fold into one check (PGT-11.5): 3D+2D-4 is one 5D-4 check.",
        "tcglab odds pgt 3D+1 --target 8\ntcglab odds pgt 3D+2D-4 --target 10 --json\n"
        "tcglab odds pgt --chart",
        odds_arguments,
        odds_command,
    ),
    Command(
        "deck",
        "check a deck list, or list and show the prebuilt decks",
        "A deck list is a text file with one 'count card-id' per line (Pretty Good Tactics: "
        "one card id per line) and # comments. check prints every problem with its line "
        "number and exits 1, or says the deck is legal.",
        "tcglab deck check pm my-deck.txt\ntcglab deck list ps\n"
        "tcglab deck show pm harbor-rush > harbor.txt",
        deck_arguments,
        deck_command,
    ),
)


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="tcglab",
        description="Play, simulate and replay four Japanese trading-card games by their "
        "written rules.",
        epilog="examples:\n  tcglab games\n  tcglab play higurashi --players 3\n"
        "  tcglab sim higurashi --games 500 --seed 1 --json\n  tcglab replay game.json\n\n"
        "`tcglab COMMAND --help` explains each command.\n"
        "exit status: 0 done, 1 a replay diverged or a deck is not legal (or a bug in "
        "tcglab, said so), 2 bad input, 130 interrupted",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tcglab {tcglab.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for command in COMMANDS:
        sub = commands.add_parser(
            command.name,
            help=command.summary,
            description=textwrap.fill(command.description, 80),
            epilog="examples:\n" + "".join(f"  {line}\n" for line in command.examples.split("\n")),
            formatter_class=argparse.RawDescriptionHelpFormatter,
            command=True,
        )
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status. Nothing a person types or a file
    holds ends in a traceback: a mistake is one line with status 2, and anything else
    that escapes is reported in one line as a bug in tcglab."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        print("\ntcglab: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # e.g. `tcglab sim ... | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return FAILED
    except Exception as bug:
        return report_bug(bug)


def run(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and the one-line argument errors
        code = stop.code
        return code if isinstance(code, int) else OK if code is None else USAGE
    if args.command is None:
        parser.print_help()
        return OK
    try:
        return args.run(args)
    except TcglabError as error:
        print(f"tcglab: error: {one_line(str(error))}", file=sys.stderr)
        return USAGE


def report_bug(bug: Exception) -> int:
    """One line for a defect of tcglab itself; TCGLAB_DEBUG=1 prints the trace too."""
    if os.environ.get("TCGLAB_DEBUG", "") not in ("", "0"):
        traceback.print_exception(bug, file=sys.stderr)
    what = one_line(f"{type(bug).__name__}: {bug}")
    what = what if len(what) <= 200 else what[:197] + "..."
    print(
        f"tcglab: internal error: {what} -- this is a bug in tcglab, not a mistake in what "
        "you typed; please report it with the command you ran (TCGLAB_DEBUG=1 shows where "
        "it happened)",
        file=sys.stderr,
    )
    return BUG


if __name__ == "__main__":
    sys.exit(main())
