"""`tcglab replay`: re-run a saved game and check that it reproduces exactly."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import tcglab
from tcglab.cli.command import Command
from tcglab.cli.errors import FAILED, OK
from tcglab.cli.files import read_file
from tcglab.engine import ReplayError
from tcglab.engine import replay as replays


def replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a replay file written by tcglab")
    parser.add_argument(
        "--show",
        action="store_true",
        help="print every event of the game as a spectator sees it while re-running",
    )


def replay_command(args: argparse.Namespace) -> int:
    text = read_file(args.file, "replay", replays.MAX_BYTES)
    replay = replays.parse(text, str(args.file))
    if replay.engine_version != tcglab.__version__:
        print(
            f"note: recorded with tcglab {replay.engine_version}, this is {tcglab.__version__}",
            file=sys.stderr,
        )
    print(
        f"{replay.game} · seed {replay.seed} · {replay.players} players · "
        f"{len(replay.actions)} actions"
    )
    outcome = replays.rerun(replay)
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


REPLAY = Command(
    "replay",
    "re-run a saved game and check that it reproduces exactly",
    "Re-run a replay file from its seed and actions and compare every event and the "
    "final state with the record. Exit status 0 if it reproduced exactly, 1 if it "
    "diverged (the message says where), 2 if the file is not a usable replay.",
    "tcglab replay replays/higurashi-00001-123456.json\ntcglab replay game.json --show",
    replay_arguments,
    replay_command,
)
