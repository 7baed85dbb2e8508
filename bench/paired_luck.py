"""How much common luck paired roots keep out: the variance of the paired differences
between each root action and the guide's choice, with each playout rolling on from its
round's one seed (`luck=stream`) and with the luck reseeded turn by turn (`luck=turn`).

A measuring device in bench/ only. It plays heuristic-against-heuristic Higurashi
games and, at every `--every`-th decision with a choice, runs the hard level's paired
search both ways at `--rounds` rounds, from the same search seed. A smaller variance
is worth more rounds: the standard error of a difference goes with the square root of
variance over rounds, so half the variance is as good as twice the rounds. Prints a
line per decision and the means over all.

    python bench/paired_luck.py [--decisions N] [--rounds R] [--every N] [--seed S]
        [--depth N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from decision_audit import positions
from tcglab.agents.specs import make_agent
from tcglab.engine import get_game
from tcglab.engine.decision import Decision

SPEC = "ismcts:iters={iters},rollout=heuristic,root=paired,widen=0.01,luck={luck}"
LUCKS = ("stream", "turn")


def variances(game, state, rounds: int, luck: str, seed: int, depth: int | None = None):
    """Each non-guide root action's variance of paired differences from the guide's."""
    decision = Decision(state)
    spec = SPEC.format(iters=rounds * len(decision.legal), luck=luck)
    agent = make_agent(spec + (f",depth={depth}" if depth else ""), game, seed)
    agent.choose(decision)
    preferred, results = agent.last_rounds
    anchor = results[preferred]
    return [
        statistics.variance([a - b for a, b in zip(shares, anchor, strict=True)])
        for action, shares in results.items()
        if action != preferred
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=40, help="decisions measured")
    parser.add_argument("--rounds", type=int, default=40, help="paired rounds a search")
    parser.add_argument("--every", type=int, default=5, help="every N-th decision with a choice")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--depth", type=int, help="the search's tree levels (default: no bound)")
    args = parser.parse_args(argv)
    game = get_game("higurashi")
    found: dict[str, list[float]] = {luck: [] for luck in LUCKS}
    for n, (state, step, _chosen) in enumerate(positions(game, args.seed, args.every)):
        if n >= args.decisions:
            break
        for luck in LUCKS:
            found[luck] += variances(game, state, args.rounds, luck, args.seed + n, args.depth)
        means = "  ".join(f"{luck} {statistics.fmean(v):.4f}" for luck, v in found.items())
        print(f"decision {n + 1} ({step}): mean variance so far  {means}", flush=True)
    stream, turn = (statistics.fmean(found[luck]) for luck in LUCKS)
    print(
        f"{len(found['turn'])} root actions: variance of a paired difference {stream:.4f} "
        f"(stream) and {turn:.4f} (turn), {stream / turn:.2f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
