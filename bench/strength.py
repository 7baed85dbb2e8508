"""How strong the AI is: for every game, the heuristic against random play, and ISMCTS at
the budget of the `hard` difficulty against the heuristic.

Not a test: it plays and prints a Markdown table for the README. Each matchup is played
by two players with seats rotated and, where the game has prebuilt decks, decks swapped
(the arena's schedule), in worker processes. With `--players N` (more than two, where
the game seats them) the first agent of a matchup sits against N - 1 copies of the
second, in every seat in turn, and its target is its fair share, 1/N: above it, it wins
more than an equal of the others would. A matchup stops at the end of a balanced cycle
once it has played its minimum of games and the 95% Wilson interval of the first agent's
win rate lies clear of both its fair share (50% with two) and the target, or when its
share of the game's time budget is spent. With `--until-lower P` the search matchup
instead plays until its interval lies clear of P alone (lower bound above P, or upper
bound below it), which settles "is the lower bound above P?". With `--fixed` no rule
stops a matchup: it plays `--max-games` games (or until its time is spent), a run of
fixed length whose interval no early stop has made too kind. Games stopped by an agent's
error are counted apart.

    python bench/strength.py [--game ID ...] [--players N] [--minutes M] [--jobs J]
        [--seed S] [--max-games N] [--until-lower P | --fixed] [--hard-only]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time

from tcglab.agents.specs import difficulty
from tcglab.engine import games, get_game
from tcglab.engine.errors import TcglabError
from tcglab.sim.arena import deck_assignments, lineups, play_job, schedule
from tcglab.sim.ratings import wilson

TARGETS = {"heuristic vs random": 0.85, "hard vs heuristic": 0.60}
LEAST = {"heuristic vs random": 200, "hard vs heuristic": 40}  # games before stopping
LOG_EVERY = 20  # games between progress lines when stderr is not a terminal
HEURISTIC_SHARE = 0.15  # of a game's time budget; the search matchup gets the rest


def show_progress(line: str) -> None:
    """Where a long matchup stands, on stderr: redrawn in place on a terminal, a line of
    its own in a log."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r\x1b[K{line}")
        sys.stderr.flush()
    else:
        print(line, file=sys.stderr, flush=True)


def measure(
    game, first: str, second: str, args, budget: float, least: int, lines: tuple, players: int = 2
):
    """Play `first` against `second` (against `players` - 1 copies of it) until the
    interval lies clear of every win rate in `lines` (each question "above this rate?"
    settled) or time is up; with no `lines`, until `args.max_games` are played or time
    is up."""
    specs = [first] + [second] * (players - 1)
    decks = sorted(game.prebuilt_decks())
    cycle = len(lineups(len(specs), players)) * len(deck_assignments(decks, 0, players))
    matches = schedule(specs, args.max_games, args.seed, players, decks)
    options = game.resolve_options()
    started = time.perf_counter()
    wins, played, errors, logged = 0.0, 0, 0, 0
    seconds, choices, longest = 0.0, 0, 0.0
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs) as pool:
        for record in pool.imap(play_job, [(game.id, options, m) for m in matches]):
            if record["error"] is not None:
                errors += 1
                print(f"  error: {record['error']}", file=sys.stderr)
            else:
                played += 1
                seat = record["seats"].index(first)
                if seat in record["winners"]:
                    wins += 1 / len(record["winners"])
                spent, count, most = record["thinking"][seat]
                seconds, choices, longest = seconds + spent, choices + count, max(longest, most)
            if (played + errors) % cycle:
                continue
            low, high = wilson(wins, played)
            if sys.stderr.isatty() or played + errors - logged >= LOG_EVERY:
                logged = played + errors
                show_progress(
                    f"{game.id}: {first} vs {second}: {wins / max(played, 1):.1%} of {played} "
                    f"games ({low:.1%} - {high:.1%}), {(time.perf_counter() - started) / 60:.1f}"
                    f" of {budget / 60:.1f} min"
                )
            clear = bool(lines) and all(low > line or high < line for line in lines)
            if (played >= least and clear) or time.perf_counter() - started > budget:
                pool.terminate()
                break
    low, high = wilson(wins, played)
    return {
        "game": game.id,
        "players": players,
        "matchup": f"{first} vs {second}" + (f" x{players - 1}" if players > 2 else ""),
        "games": played,
        "errors": errors,
        "win_rate": wins / played if played else 0.0,
        "interval": (low, high),
        "seconds_per_choice": seconds / choices if choices else 0.0,
        "longest_choice": longest,
        "minutes": (time.perf_counter() - started) / 60,
    }


def target_of(kind: str, players: int) -> float:
    """A matchup's target: its aim with two players, the fair share 1/N with N."""
    return TARGETS[kind] if players == 2 else 1 / players


def markdown(rows: list[dict]) -> str:
    lines = [
        "| game | players | matchup | games | win rate | 95% interval | target | met | s/choice "
        "| longest | errors |",
        "| --- | ---: | --- | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: |",
    ]
    for row in rows:
        low, high = row["interval"]
        target = target_of(row["kind"], row["players"])
        met = "yes" if low > target else ("no" if high < target else "unclear")
        if row["win_rate"] >= target and met == "unclear":
            met = "likely"
        lines.append(
            f"| {row['game']} | {row['players']} | {row['matchup']} | {row['games']} "
            f"| {row['win_rate']:.1%} "
            f"| {low:.1%} - {high:.1%} | {target:.0%} | {met} "
            f"| {row['seconds_per_choice']:.3f} | {row['longest_choice']:.2f} | {row['errors']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        help="players a game (default 2); with N, each matchup's first agent against N - 1 "
        "copies of the second, aiming above its fair share 1/N",
    )
    parser.add_argument("--minutes", type=float, default=10.0, help="time budget per game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--max-games", type=int, default=2000, help="games per matchup at most")
    parser.add_argument(
        "--until-lower",
        type=float,
        metavar="P",
        help="play hard vs heuristic until the 95%% interval lies clear of P alone "
        "(lower bound above P, or upper bound below it), e.g. 0.55; a rate between 0 and 1",
    )
    parser.add_argument(
        "--fixed",
        action="store_true",
        help="no stopping rule: play --max-games games a matchup (or until time is up)",
    )
    parser.add_argument(
        "--hard-only", action="store_true", help="skip heuristic vs random; hard gets the budget"
    )
    args = parser.parse_args(argv)
    if args.until_lower is not None and not 0 < args.until_lower < 1:
        parser.error(f"--until-lower must be a rate between 0 and 1, not {args.until_lower}")
    if args.fixed and args.until_lower is not None:
        parser.error("--fixed plays a set number of games; --until-lower stops by a rule")
    chosen = args.game or sorted(games())
    for game_id in chosen:  # every mistake named before a game is played
        try:
            get_game(game_id).check_players(args.players)
        except TcglabError as error:
            parser.error(str(error))
    rows = []
    for game_id in chosen:
        game = get_game(game_id)
        budget = args.minutes * 60
        hard = difficulty("hard", game)
        matchups = [
            ("heuristic vs random", "heuristic", "random", HEURISTIC_SHARE),
            ("hard vs heuristic", hard, "heuristic", 1 - HEURISTIC_SHARE),
        ]
        if args.hard_only:
            matchups = [("hard vs heuristic", hard, "heuristic", 1.0)]
        for kind, first, second, share in matchups:
            fair, target = 1 / args.players, target_of(kind, args.players)
            lines = tuple(sorted({fair, target}))
            if kind == "hard vs heuristic" and args.until_lower is not None:
                lines = (args.until_lower,)
            if args.fixed:
                lines = ()
            row = measure(
                game, first, second, args, budget * share, LEAST[kind], lines, args.players
            )
            row["kind"] = kind
            rows.append(row)
            if sys.stderr.isatty():
                sys.stderr.write("\r\x1b[K")
            print(
                f"{game_id}: {row['matchup']}: {row['win_rate']:.1%} of {row['games']} games "
                f"({row['minutes']:.1f} min)",
                file=sys.stderr,
                flush=True,
            )
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
