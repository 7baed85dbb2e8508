#!/usr/bin/env python3
"""Check that the compiled build (tools/compile.py) plays exactly as pure Python.

Plays the same seeded games of every tcglab game twice: here, with whatever build
`tcglab` imports, and in a child process over a copy of the source with the compiled
extensions left out. Each game's actions, state digests along the way, final state,
event log, every seat's observation, tensor and text picture, the event descriptions
and the unavailable-action reasons are hashed; the two runs must agree on every hash.

    PYTHONPATH=src python tools/compile_check.py [--games N]

Exit status 0 when they agree, 1 when they differ (each difference printed), 2 when
the build imported here is not compiled (there is nothing to compare).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

GAMES = (("higurashi", 3), ("pgt", 2), ("pm", 2), ("ps", 2))
# Agents that steer some of the games, so the games' own heuristics and the search
# (which clones and determinizes states) are compared too; the rest play at random.
STEERED = {0: "heuristic", 1: "ismcts:iters=40"}


def _hash(data) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(game_id: str, players: int, seed: int, steer: str | None) -> dict[str, str]:
    """One seeded game's hashes, by aspect."""
    from tcglab.agents.specs import make_agent
    from tcglab.engine import get_game
    from tcglab.engine.decision import Decision
    from tcglab.engine.rng import Rng

    game = get_game(game_id)
    state = game.new_state(seed, players)
    rng = Rng(seed)
    agents = [make_agent(steer, game, seed + seat) for seat in range(players)] if steer else []
    actions, digests, reasons = [], [], []
    while not state.over:
        if agents and len(actions) < 60:
            action = agents[state.to_move].choose(Decision(state))
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action.id)
        if len(actions) % 25 == 0:
            digests.append(state.digest())
            reasons.append(state.unavailable("ja"))
            twin = state.determinize(len(actions) % players, Rng(seed + len(actions)))
            digests.append(twin.digest())
        state.apply(action)
    encoding = game.capability("encoding").run()
    tensors = []
    for seat in range(players):
        out = [0.0] * encoding.size
        encoding.write_state(state, seat, out)
        tensors.append(out)
    views = [state.observe(seat) for seat in (*range(players), None)]
    words = [state.describe(e.kind, e.data, lang) for e in state.log for lang in ("en", "ja")]
    return {
        "actions": _hash(actions),
        "digests": _hash(digests),
        "final": state.digest(),
        "events": state.events_digest(),
        "views": _hash(views),
        "tensors": _hash(tensors),
        "pictures": _hash([game.render(view) for view in views[:players]]),
        "words": _hash(words),
        "reasons": _hash(reasons),
    }


def run_all(games: int) -> dict:
    out = {}
    for game_id, players in GAMES:
        for seed in range(1, games + 1):
            out[f"{game_id} seed {seed}"] = play(game_id, players, seed, STEERED.get(seed - 1))
    return out


def pure_copy(into: Path) -> Path:
    """A copy of tcglab's source with the compiled extensions and generated C left out."""
    import tcglab

    package = Path(tcglab.__file__).parent
    built = (*EXTENSION_SUFFIXES, ".c")
    shutil.copytree(
        package,
        into / "tcglab",
        ignore=lambda folder, names: [n for n in names if n.endswith(built) or n == "__pycache__"],
    )
    return into


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games per tcglab game")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)  # the child
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games takes a whole number of 1 or more, not {args.games}")
    import tcglab

    if args.emit:
        if tcglab.compiled():
            sys.exit(f"compile_check: the pure copy imported compiled {tcglab.__file__}")
        print(json.dumps(run_all(args.games)))
        return 0
    if not tcglab.compiled():
        print(f"compile_check: {tcglab.__file__} is pure Python; build it first", file=sys.stderr)
        return 2
    here = run_all(args.games)
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(pure_copy(Path(folder)))}
        child = subprocess.run(
            [sys.executable, __file__, "--emit", f"--games={args.games}"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    pure = json.loads(child.stdout)
    differ = [
        f"{name}: {aspect} differs (compiled {value}, pure {pure[name][aspect]})"
        for name, hashes in here.items()
        for aspect, value in hashes.items()
        if pure[name][aspect] != value
    ]
    print("\n".join(differ) if differ else f"compile_check: {len(here)} games agree")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
