"""`tcglab scenario`: check, run, play and write scenario files (positions as data,
docs/scenarios.md), and list the puzzles the games ship."""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path

from tcglab.agents.specs import make_agent
from tcglab.cli.arguments import whole_number
from tcglab.cli.command import Command
from tcglab.cli.errors import FAILED, OK, USAGE, UsageError, one_line
from tcglab.cli.files import check_new_file, read_file, write
from tcglab.cli.play import add_full_control
from tcglab.cli.terminal import play_to_end, result_text
from tcglab.engine import ReplayError, Rng, TcglabError, games, get_game
from tcglab.engine import replay as replays
from tcglab.engine.messages import seat_name
from tcglab.engine.scenario_check import goal_missed, run_scenario
from tcglab.engine.scenario_file import (
    Scenario,
    load_scenario,
    seat_key,
    shipped_puzzles,
    write_scenario,
)

MAX_BYTES = 4 * 1024 * 1024  # a scenario is a position and a few checks: kilobytes
step_number = whole_number(0, replays.MAX_ACTIONS)


def scenario_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", title="actions")
    actions.required = True
    check = action(
        actions,
        "check",
        "load each file and play its script and solution: ok, or the error",
        "Load each scenario file, build its position and play its script and solution. "
        "One line a file: ok, or the first mistake with its file, line and field. Exit "
        "status 2 if any file has a mistake.",
        "tcglab scenario check my-ruling.toml\ntcglab scenario check tests/scenarios/pgt/*.toml",
    )
    check.add_argument("files", nargs="+", type=Path, metavar="FILE", help="scenario files")
    run = action(
        actions,
        "run",
        "run each file's expectations and goal: passed, or what was found",
        "Play each file's script and solution and check every [[expect]] after its "
        "number of actions, then the puzzle's goal. One line a file, then each check "
        "that failed with what was expected and what was found. Exit status 1 if a check "
        "failed, 2 if a file has a mistake.",
        "tcglab scenario run my-ruling.toml\ntcglab scenario run tests/scenarios/*/*.toml --json",
    )
    run.add_argument("files", nargs="+", type=Path, metavar="FILE", help="scenario files")
    run.add_argument(
        "--json",
        action="store_true",
        help="print the results as one JSON list, an object per file: file, ok, error, "
        "failures (line, field, message, text), game, title, checks",
    )
    play = action(
        actions,
        "play",
        "play a scenario in the terminal from its position",
        "Play on from a scenario's position (its script played, never its solution) "
        "against AI seats, as tcglab play does. A puzzle tells you its goal and, at the "
        "end, whether you met it.",
        "tcglab scenario play puzzle.toml\ntcglab scenario play position.toml --seat p2 --ai hard",
    )
    play.add_argument("file", type=Path, metavar="FILE", help="a scenario or puzzle file")
    play.add_argument(
        "--ai",
        default="normal",
        metavar="LEVEL",
        help="how the other seats play: easy, normal, hard or an agent spec (default normal)",
    )
    play.add_argument(
        "--seat",
        metavar="SEAT",
        help="your seat, p1 to p5 (default: the puzzle's goal seat, else p1)",
    )
    play.add_argument("--lang", choices=("en", "ja"), default="en", help="en (default) or ja")
    add_full_control(play)
    export = action(
        actions,
        "export",
        "write the position of a saved replay as a scenario file",
        "Re-run a replay file (tcglab play --save-replay, tcglab sim --save-replays, a "
        "table saved by the server) to its N-th action and write that position as a "
        "scenario file, with the generator's exact state, so it plays on exactly as the "
        "game did: the way to report a bug or ask for a ruling about a real game.",
        "tcglab scenario export game.json\ntcglab scenario export game.json --step 40 -o bug.toml",
    )
    export.add_argument("replay", type=Path, metavar="REPLAY", help="a replay file")
    export.add_argument(
        "--step",
        type=step_number,
        metavar="N",
        help="the position after the first N actions (default: after all of them)",
    )
    export.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help="write to FILE (default: print it); an existing FILE is refused unless --force "
        "is given",
    )
    export.add_argument(
        "--force", action="store_true", help="let --output overwrite an existing file"
    )
    export.add_argument("--title", default="", help="the scenario's title")
    listing = action(
        actions,
        "list",
        "list the puzzles the games ship",
        "List every puzzle shipped with the games (or with one game): its name, its "
        "title and its goal. check, run and play take a puzzle by that name.",
        "tcglab scenario list\ntcglab scenario list pgt",
    )
    listing.add_argument("game", nargs="?", help="one game's puzzles (default: every game)")


def action(actions, name: str, summary: str, description: str, examples: str):
    return actions.add_parser(
        name,
        help=summary,
        description=textwrap.fill(description, 80),
        epilog="examples:\n" + "".join(f"  {line}\n" for line in examples.split("\n")),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def scenario_command(args: argparse.Namespace) -> int:
    return ACTIONS[args.action](args)


def read(path: Path) -> Scenario:
    return load_scenario(path, read_file(shipped(path), "scenario", MAX_BYTES))


def shipped(path: Path) -> Path:
    """A shipped puzzle named as `scenario list` names it (`pm/pay-with-points.toml`)
    where no such file is here; any other path as it is."""
    if path.exists() or len(path.parts) != 2:
        return path
    game = games().get(path.parts[0])
    found = [p for p in shipped_puzzles(game) if p.name == path.name] if game else []
    return found[0] if found else path


def check_files(args: argparse.Namespace) -> int:
    """One line a file: ok, or its first mistake; exit 2 if any file has one."""
    status = OK
    for path in args.files:
        try:
            scenario = read(path)
            scenario.start(solve=True)
        except TcglabError as error:
            print(one_line(str(error)))
            status = USAGE
            continue
        print(f"{path}: ok ({scenario.game.id}: {scenario.title or 'untitled'})")
    return status


def run_files(args: argparse.Namespace) -> int:
    """One line a file, then each failed expectation; exit 1 if any failed, 2 if a file
    could not be run."""
    results, status = [], OK
    for path in args.files:
        result = {"file": str(path), "ok": False, "error": None, "failures": []}
        results.append(result)
        try:
            scenario = read(path)
            failures = run_scenario(scenario)
        except TcglabError as error:
            result["error"] = one_line(str(error))
            status = USAGE
            continue
        result["ok"] = not failures
        result["failures"] = [
            {"line": f.line, "field": f.field, "message": f.message, "text": str(f)}
            for f in failures
        ]
        if failures and status == OK:
            status = FAILED
        result.update(game=scenario.game.id, title=scenario.title)
        result["checks"] = len(scenario.expectations) + (scenario.goal is not None)
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
        return status
    for result in results:
        if result["error"]:
            print(result["error"])
        elif result["ok"]:
            print(f"{result['file']}: passed ({checks(result['checks'])})")
        else:
            count = len(result["failures"])
            failed = f"{count} failure{'s' * (count != 1)}"
            print(f"{result['file']}: FAILED, {failed} in {checks(result['checks'])}")
            for failure in result["failures"]:
                print(f"  {failure['text']}")
    return status


def checks(count: int) -> str:
    return f"{count} check{'s' * (count != 1)}"


def play_file(args: argparse.Namespace) -> int:
    """Play from the scenario's position (its script played), the person at one seat."""
    scenario = read(args.file)
    state = scenario.start()
    seats = [seat_key(s) for s in range(state.players)]
    default = seat_key(scenario.goal.seat) if scenario.goal else seats[0]
    seat = args.seat or default
    if seat not in seats:
        raise UsageError(f"--seat takes {', '.join(seats)} for this scenario, not {seat!r}")
    me = seats.index(seat)
    source = Rng(scenario.seed).derive()
    agents = {
        s: make_agent(args.ai, scenario.game, source.next_u64())
        for s in range(state.players)
        if s != me
    }
    print(f"{scenario.game.name} · {scenario.title or args.file}")
    if scenario.about:
        print(scenario.about)
    if scenario.goal:
        text = scenario.goal.text_ja if args.lang == "ja" and scenario.goal.text_ja else None
        print(f"Goal: {text or scenario.goal.text}")
    print(f"You are {seat_name(me)}; the others are played by the {args.ai} AI.")
    print("Type the number of a choice and press Enter; q quits.\n")
    if state.over:
        print(result_text(state, me))
        return OK
    if not play_to_end(state, me, agents, scenario.game, args.lang, args.full_control):
        print(f"\nYou left the scenario after {len(state.history)} actions.")
        return OK
    print(result_text(state, me))
    if scenario.goal:
        missed = goal_missed(scenario.goal, state, scenario.format)
        print("Goal met." if missed is None else f"Goal not met: {missed}.")
    return OK


def export_replay(args: argparse.Namespace) -> int:
    """The position after N actions of a replay, as a scenario file."""
    record = replays.parse(read_file(args.replay, "replay", replays.MAX_BYTES), str(args.replay))
    game = get_game(record.game)
    if game.card_digest() != record.card_digest:
        raise ReplayError(f"{args.replay}: made with another {record.game} card set")
    step = len(record.actions) if args.step is None else args.step
    if step > len(record.actions):
        raise UsageError(f"--step takes 0 to {len(record.actions)} for this replay, not {step}")
    if args.output is not None:
        check_new_file(args.output, "--output", args.force)
    played = record.table_format or getattr(game.table_format(record.players), "name", None)
    if played:  # a draft or a championship is several games in one state
        raise UsageError(f"{args.replay}: a scenario holds one game, and this replay is a {played}")
    state = game.new_state(record.seed, record.players, record.options, record.decks)
    for action in record.actions[:step]:
        state.apply(action)
    title = args.title or f"{args.replay.name} after {step} of {len(record.actions)} actions"
    seats = [seat_name(s) for s in range(state.players)]
    text = write_scenario(state, game, players=seats, options=record.options, title=title)
    if args.output is None:
        print(text, end="")
    else:
        write(lambda: args.output.write_text(text, encoding="utf-8"), args.output)
        print(f"{args.output}: the position after {step} actions")
    return OK


def list_puzzles(args: argparse.Namespace) -> int:
    """Every shipped puzzle: its file, title and goal."""
    chosen = [get_game(args.game)] if args.game else list(games().values())
    found = 0
    for game in chosen:
        for path in shipped_puzzles(game):
            found += 1
            try:
                puzzle = load_scenario(path)
            except TcglabError as error:
                print(one_line(str(error)))
                continue
            goal = puzzle.goal.text if puzzle.goal else "no goal"
            print(f"{game.id}/{path.name}: {puzzle.title or 'untitled'} — {goal}")
    if found:
        print("(check, run and play take these names as they are)")
    else:
        where = args.game or "any game"
        print(f"no puzzles shipped with {where}")
    return OK


ACTIONS = {
    "check": check_files,
    "run": run_files,
    "play": play_file,
    "export": export_replay,
    "list": list_puzzles,
}

SCENARIO = Command(
    "scenario",
    "check, run, play and write scenario files (positions as data)",
    "A scenario file sets up a position of a game in the rules' own terms, forces the "
    "dice it needs, plays a script of actions and says what must then hold "
    "(docs/scenarios.md). check loads each file and plays its script (exit 2 on a "
    "mistake, shown with its line); run also checks its expectations and goal (exit 1 "
    "if one fails, with what was found); play lets you play on from the position "
    "against the AI; export writes the position of a replay (from tcglab play "
    "--save-replay or sim --save-replays) as a file; list shows the shipped puzzles. "
    "`tcglab scenario ACTION --help` explains each.",
    "tcglab scenario check tests/scenarios/pgt/*.toml\n"
    "tcglab scenario run my-ruling.toml --json\n"
    "tcglab scenario play src/tcglab/games/pgt/puzzles/first-strike.toml --ai hard\n"
    "tcglab scenario export game.json --step 40 -o position.toml\n"
    "tcglab scenario list pgt",
    scenario_arguments,
    scenario_command,
)
