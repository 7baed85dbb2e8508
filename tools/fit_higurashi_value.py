"""Fit the Higurashi position value (games/higurashi/value_model.py) to simulated games.

Plays two-player games between heuristic players, some of them taking a random action
now and then so that the positions a search wanders into are covered too, records the
public features of both seats where each turn begins (`--at turns`, where a turn-level
search scores its leaves) or every few actions (`--at steps`) and who won, and fits the
logistic model P(seat 0 wins) = sigmoid(w . (features0 - features1)) by Newton's method
with a small ridge penalty. Writes the weights to games/higurashi/value_weights.py and
prints each weight and the held-out log loss next to the shipped weights' (a feature
added since weighing nothing) and the old hand-set value's.

    PYTHONPATH=src python tools/fit_higurashi_value.py [--games N] [--seed S]
        [--at turns|steps] [--out PATH]

numpy is needed here only; play reads the weights in plain Python.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

from tcglab.agents import Decision
from tcglab.agents.random_agent import RandomAgent
from tcglab.engine import get_game
from tcglab.engine.rng import Rng
from tcglab.games.higurashi.agent import HigurashiAgent
from tcglab.games.higurashi.value_model import FEATURES, seat_features
from tcglab.games.higurashi.value_weights import WEIGHTS

OUT = Path(__file__).resolve().parent.parent / "src/tcglab/games/higurashi/value_weights.py"
EVERY = 3  # record one position in this many actions (neighbours say much the same)
RIDGE = 1.0


def simulate(games: int, seed: int, at: str = "turns") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Feature differences (seat 0 minus seat 1), seat 0's result, and each row's game.
    Positions are taken where a turn begins (`at="turns"`: where a turn-level search
    scores its leaves) or every EVERY actions (`at="steps"`)."""
    game = get_game("higurashi")
    rows, wins, which = [], [], []
    for index in range(games):
        deal = seed + index
        mix = (0.0, 0.1, 0.25)[index % 3]  # how often a player acts at random
        heuristic = [HigurashiAgent(deal * 2 + s) for s in range(2)]
        randoms, coin = RandomAgent(deal), Rng(deal)
        state = game.new_state(deal, 2)
        positions, turn = [], None
        while not state.over:
            if at == "turns":
                record, turn = state.current != turn, state.current
            else:
                record = len(state.history) % EVERY == 0
            if record:
                view = state.observe(None)
                ours, theirs = seat_features(view, 0), seat_features(view, 1)
                positions.append([a - b for a, b in zip(ours, theirs, strict=True)])
            decision = Decision(state)
            if mix and coin.below(1000) < mix * 1000:
                action = randoms.choose(decision)
            else:
                action = heuristic[state.to_move].choose(decision)
            state.apply(action)
        winners = state.result.winners
        outcome = 1 / len(winners) if 0 in winners else 0.0
        rows += positions
        wins += [outcome] * len(positions)
        which += [index] * len(positions)
    return np.array(rows, dtype=float), np.array(wins), np.array(which)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge-penalised logistic regression without intercept (the model is symmetric)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def old_value(x: np.ndarray) -> np.ndarray:
    """The hand-set value this model replaces, as a function of the same differences:
    0.8 per character and 0.05 per point of power, a face-down card counted at about
    7 points (the set's average attack + defence)."""
    names = list(FEATURES)
    score = 0.8 * x[:, names.index("characters")] + 0.05 * (
        x[:, names.index("attack")]
        + x[:, names.index("defence")]
        + 7 * x[:, names.index("face_down")]
    )
    return 1 / (1 + np.exp(-score))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--at", choices=("turns", "steps"), default="steps")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    x, y, which = simulate(args.games, args.seed, args.at)
    print(f"{len(y)} positions from {args.games} games in {time.perf_counter() - started:.0f} s")
    held_out = which % 5 == 0  # every fifth game checks the fit
    w = fit(x[~held_out], y[~held_out])
    fitted = 1 / (1 + np.exp(-x[held_out] @ w))
    # The weights shipped now, a feature added since then weighing nothing.
    shipped = np.zeros(len(FEATURES))
    shipped[: len(WEIGHTS)] = WEIGHTS[: len(FEATURES)]
    before = 1 / (1 + np.exp(-x[held_out] @ shipped))
    print(f"held-out log loss: fitted {log_loss(fitted, y[held_out]):.4f}, "
          f"shipped {log_loss(before, y[held_out]):.4f}, "
          f"old value {log_loss(old_value(x[held_out]), y[held_out]):.4f}, "
          f"coin {math.log(2):.4f}")  # fmt: skip
    w = fit(x, y)  # the shipped weights use every game
    for name, weight in zip(FEATURES, w, strict=True):
        print(f"  {name:16} {weight:+.4f}")
    lines = "".join(
        f"    {weight:.4f},  # {name}\n" for name, weight in zip(FEATURES, w, strict=True)
    )
    args.out.write_text(
        '"""Weights of the Higurashi position value, one per value_model.FEATURES entry;\n'
        f"written by tools/fit_higurashi_value.py --games {args.games} --seed {args.seed} "
        f"--at {args.at}.\n"
        '"""\n\n'
        f"WEIGHTS = (\n{lines})\n"
    )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
