"""`tcglab sim`: many games played by agents on every seat, with win shares, scores,
speed and why the games ended; or many of a format of several games (a match, a
championship), with who won them."""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from tcglab.cli import formats
from tcglab.cli.arguments import (
    MAX_ACTIONS,
    MAX_JOBS,
    add_batch_arguments,
    add_game_arguments,
    add_json,
    changed_options,
    many,
    whole_number,
)
from tcglab.cli.command import Command
from tcglab.cli.decks import add_deck_arguments, read_decks
from tcglab.cli.errors import OK, UsageError
from tcglab.cli.files import write
from tcglab.engine import Game
from tcglab.engine.capabilities import Capability
from tcglab.engine.messages import seat_name
from tcglab.lab.backends import NAMES, backend
from tcglab.lab.records import RecordWriter, run_facts
from tcglab.lab.staging import StagedFolder
from tcglab.sim import DEFAULT_MAX_ACTIONS, Progress, run_formats, seat_agents
from tcglab.sim.batch import Batch, run_parts


def sim_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_batch_arguments(
        parser,
        "batch seed, 0 to 2**64-1: every game's seed and every agent's seed derive from it, "
        "so the same command plays the same games",
    )
    parser.add_argument(
        "--agents",
        metavar="A,B,...",
        help="agent per seat: random, heuristic, easy, normal, hard or an ismcts spec such as "
        "ismcts:iters=200,rollout=heuristic; one for all seats or one per seat, e.g. "
        "heuristic,random (default random)",
    )
    add_deck_arguments(parser)
    formats.add_format_arguments(parser)
    add_json(
        parser,
        "games, wins, win_shares, mean_scores, mean_actions, games_per_s, actions_per_s, "
        "seconds, reasons, seed, players, agents and options",
    )
    parser.add_argument(
        "--save-replays",
        type=Path,
        metavar="DIR",
        help="write every game as a replay file into DIR (created if needed)",
    )
    parser.add_argument(
        "--records",
        type=Path,
        metavar="DIR",
        help="keep the game records in the new folder DIR: run.json and the Parquet tables "
        "games and cards, which `tcglab report` reads (needs the lab extra)",
    )
    add_backend_arguments(parser)
    parser.add_argument(
        "--max-actions",
        type=whole_number(1, MAX_ACTIONS),
        default=DEFAULT_MAX_ACTIONS,
        metavar="N",
        help=f"stop with an error naming the seed if a game passes N actions, 1 to "
        f"{MAX_ACTIONS:,} (default {DEFAULT_MAX_ACTIONS:,})",
    )


def add_backend_arguments(parser: argparse.ArgumentParser, jobs: str = "all cores") -> None:
    """Where the games are played: --backend, --address, --jobs."""
    parser.add_argument(
        "--backend",
        choices=NAMES,
        default="processes",
        help="where the games are played: this process (local), worker processes on this "
        "machine (processes, the default) or a Ray cluster (ray: needs the scale extra); "
        "the results are the same on each",
    )
    parser.add_argument(
        "--address",
        metavar="HOST:PORT",
        help="with --backend ray: the address of a running Ray cluster (ray start --head "
        "prints it); without, Ray starts on this machine",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        metavar="J",
        help=f"workers for processes or ray, 1 to {MAX_JOBS} (default {jobs})",
    )


def sim_command(args: argparse.Namespace) -> int:
    game, players, options, played = formats.chosen(args)
    agents = seat_agents(game, args.agents, players)
    decks = read_decks(game, args, players)
    if played is not None and played.by_agents is not None:
        return sim_formats(game, played, args, players, options, agents, decks)
    directory = args.save_replays
    staged = None
    if directory is not None:
        if args.address:
            raise UsageError("--save-replays writes on this machine; it cannot go with --address")
        if directory.exists() and not directory.is_dir():
            raise UsageError(f"cannot write to {directory}: it is a file, not a folder")
        # written beside DIR and moved in at the end: a failed run leaves no partial folder
        staged = write(lambda: StagedFolder(directory), directory)
    names = deck_names(game, decks)
    batch = Batch(
        game.id, args.seed, players, options, tuple(agents), args.max_actions,
        None if decks is None else tuple(map(tuple, decks)), names,
        records=args.records is not None,
        replays=None if staged is None else str(staged.path),
    )  # fmt: skip
    records = None
    try:
        if args.records is not None:
            settings = run_settings(args, players, options, agents, names, decks)
            facts = run_facts(game, "sim", settings, command_line(args))
            records = RecordWriter(args.records, facts)
        with Progress(args.games, "games") as bar:

            def finished(part) -> None:
                if records is not None:
                    records.add(part.games, part.cards)
                bar.update(part.stop)

            where = backend(args.backend, args.jobs, args.address)
            tally = run_parts(batch, args.games, where, finished)
        summary = tally.summary()
        if records is not None:
            records.close({"summary": played_summary(summary)})
            records = None
        if staged is not None:
            write(staged.finish, directory)
            staged = None
    finally:  # stopped by an error or Ctrl-C: nothing half-written stays
        if records is not None:
            records.discard()
        if staged is not None:
            staged.discard()
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(sim_text(game, summary))
        if directory is not None:
            print(f"replays: {many(summary['games'], 'file')} in {directory}")
        if args.records is not None:
            print(f"records: {args.records} (tcglab report {game.id} {args.records} --out DIR)")
    return OK


TIMED = ("games_per_s", "actions_per_s", "seconds")
PLURAL = {"match": "matches"}  # a format's name, counted
POSITIONAL = ("game",)
NOT_ARGUMENTS = ("command", "run")


def command_line(args: argparse.Namespace) -> list[str]:
    """The command as typed in full, defaults included, for run.json."""
    words = [args.command, *(str(getattr(args, name)) for name in POSITIONAL)]
    for name, value in vars(args).items():
        if name in POSITIONAL + NOT_ARGUMENTS or value in (None, False, []):
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            words.append(flag)
        else:
            for each in value if isinstance(value, list) else [value]:
                words += [flag, str(each)]
    return words


def played_summary(summary: dict) -> dict:
    """The summary without its clock readings: what the games came to."""
    return {key: value for key, value in summary.items() if key not in TIMED}


def deck_names(game: Game, decks: list[list[str]] | None) -> tuple | None:
    """What the records call each seat's deck: its prebuilt name, or `list-` and the
    first digits of its cards' digest for a deck-list file."""
    if decks is None:
        return None
    prebuilt = {tuple(sorted(cards)): name for name, cards in game.prebuilt_decks().items()}
    named = []
    for cards in decks:
        digest = hashlib.sha256(" ".join(sorted(cards)).encode()).hexdigest()[:8]
        named.append(prebuilt.get(tuple(sorted(cards)), f"list-{digest}"))
    return tuple(named)


def run_settings(args, players: int, options: dict, agents, names, decks) -> dict:
    """What run.json says of a batch's settings."""
    return {
        "players": players,
        "options": options,
        "agents": list(agents),
        "decks": None if names is None else list(names),
        "deck_cards": decks,
        "seed": args.seed,
        "games": args.games,
        "max_actions": args.max_actions,
        "backend": args.backend,
        "seeds": "game i of a batch is seeded from the batch seed and i (tcglab.sim.batch.seeds)",
    }


def sim_formats(
    game: Game, played: Capability, args: argparse.Namespace, players: int, options, agents, decks
) -> int:
    """Many of a format of several games (a match, a championship), agents on every seat."""
    for given, flag in ((args.save_replays, "--save-replays"), (args.records, "--records")):
        if given is not None:
            raise UsageError(f"{flag} writes single games or tables, not a {played.name}")
    settings = {**formats.format_settings(played, args), "decks": decks}
    with Progress(args.games, played.name) as bar:

        def finished(index: int) -> None:
            bar.update(index + 1)

        tally = run_formats(
            game, played, args.games, args.seed, players, options, agents, settings, finished
        )
    summary = format_summary(tally.summary(), played.name)
    print(json.dumps(summary, ensure_ascii=False) if args.json else format_text(game, summary))
    return OK


def format_summary(s: dict, name: str) -> dict:
    """A tally of formats in words of formats: each was won by its winners, its totals
    are the format's (games won in a match, points in a championship)."""
    return {
        "game": s["game"],
        "format": name,
        "formats": s["games"],
        **{key: s[key] for key in ("seed", "players", "agents", "options", "wins", "win_shares")},
        "mean_totals": s["mean_scores"],
        "mean_games": s["mean_actions"],
        "formats_per_s": s["games_per_s"],
        "seconds": s["seconds"],
        "outcomes": s["reasons"],
    }


def sim_text(game: Game, s: dict) -> str:
    lines = [
        headline(game, s, many(s["games"], "game")),
        *seat_rows(s, s["mean_scores"], "mean score"),
        f"mean actions per game: {s['mean_actions']:.1f}",
        f"speed: {s['games_per_s']:,.1f} games/s, {s['actions_per_s']:,.0f} actions/s "
        f"({s['seconds']:.2f} s of play)",
        f"end reasons: {counted(s['reasons'], s['games'])}",
    ]
    return "\n".join(lines)


def format_text(game: Game, s: dict) -> str:
    name = s["format"]
    lines = [
        headline(game, s, f"{s['formats']} x {name}"),
        *seat_rows(s, s["mean_totals"], "mean total"),
        f"mean games per {name}: {s['mean_games']:.1f}",
        f"speed: {s['formats_per_s']:,.2f} {PLURAL.get(name, name + 's')}/s "
        f"({s['seconds']:.2f} s of play)",
        f"outcomes: {counted(s['outcomes'], s['formats'])}",
    ]
    return "\n".join(lines)


def headline(game: Game, s: dict, played: str) -> str:
    agents = s["agents"]
    same = len(set(agents)) == 1
    return (
        f"{game.id}: {played} · {s['players']} players · seed {s['seed']} · "
        f"agents {agents[0] + ' x' + str(len(agents)) if same else ','.join(agents)} · "
        f"rules: {changed_options(game, s['options'])}"
    )


def seat_rows(s: dict, means: list[float], label: str) -> list[str]:
    """A blank line, the table of every seat's wins, share and mean, a blank line."""
    rows = ["", f"seat  agent        wins   share  {label:>10}"]
    for seat, agent in enumerate(s["agents"]):
        wins, share, mean = s["wins"][seat], s["win_shares"][seat], means[seat]
        rows.append(f"{seat_name(seat):<5} {agent:<10} {wins:>7.2f} {share:>6.1%} {mean:>11.2f}")
    return [*rows, ""]


def counted(counts: dict, total: int) -> str:
    return ", ".join(f"{what} {count} ({count / total:.1%})" for what, count in counts.items())


SIM = Command(
    "sim",
    "play many games with AI agents and report win shares and speed",
    "Play N games with agents on every seat and print the win share of each seat "
    "(a shared win counts 1/k to each of k winners), mean scores, mean actions per "
    "game, games/s, actions/s and why the games ended. A progress bar is drawn on "
    "stderr when it is a terminal. The same command always plays the same games. With a "
    "format of several games (--match, --championship N) each of the N is one match or "
    "championship, and the report says who won them. --records DIR keeps every game's "
    "record for `tcglab report`; --backend plays the games in this process, in worker "
    "processes (the default, every core) or on a Ray cluster, with the same results.",
    "tcglab sim higurashi --games 500 --seed 1\n"
    "tcglab sim higurashi --games 200 --players 5 --json\n"
    "tcglab sim pm --games 50 --agents heuristic,random\n"
    "tcglab sim higurashi --games 10 --save-replays replays/\n"
    "tcglab sim higurashi --championship 3 --games 100 --agents normal,normal,easy\n"
    "tcglab sim pgt --match --games 50 --agents heuristic,random\n"
    "tcglab sim ps --games 20000 --records runs/ps-1\n"
    "tcglab sim pm --games 5000 --backend ray --address 10.0.0.5:6379",
    sim_arguments,
    sim_command,
)
