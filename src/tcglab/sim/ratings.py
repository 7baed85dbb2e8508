"""Win rates with confidence intervals, and Elo ratings fitted to stored games.

Ratings are not updated game by game (that would depend on the order the games were
played in). Each game is split into pairwise results between its seats: a winner beats
every loser, joint winners draw with each other, and losers draw with each other. A
Bradley-Terry model is fitted to all those results by maximum likelihood (the
minorise-maximise iteration of Hunter, 2004) and put on the Elo scale: a 400-point gap
means 10:1 odds in a pairwise comparison. Every agent also wins one and loses one
virtual game against a fixed 1500 anchor, which keeps ratings finite for an agent that
always (or never) wins, and pins the scale in place.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

ANCHOR = 1500.0
PRIOR_GAMES = 1.0  # virtual wins, and as many losses, against the anchor
Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) with no games.
    Shared wins count as fractions."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return low, high


def pairwise(seats: Sequence[str], winners: Iterable[int]) -> list[tuple[str, str, float]]:
    """One game as (a, b, score of a against b) for every two seats of different agents."""
    won = set(winners)
    out = []
    for i in range(len(seats)):
        for j in range(i + 1, len(seats)):
            if seats[i] == seats[j]:
                continue
            score = 0.5 if (i in won) == (j in won) else (1.0 if i in won else 0.0)
            out.append((seats[i], seats[j], score))
    return out


def elo(games: Iterable[tuple[Sequence[str], Iterable[int]]], rounds: int = 500) -> dict:
    """Elo ratings from games given as (agent per seat, winning seats)."""
    wins: dict[str, float] = defaultdict(float)
    meetings: dict[tuple[str, str], float] = defaultdict(float)
    for seats, winners in games:
        for a, b, score in pairwise(seats, winners):
            wins[a] += score
            wins[b] += 1.0 - score
            meetings[a, b] += 1.0
            meetings[b, a] += 1.0
    agents = sorted({a for a, _ in meetings})
    strength = dict.fromkeys(agents, 1.0)
    opponents = defaultdict(list)
    for (a, b), n in meetings.items():
        opponents[a].append((b, n))
    for _ in range(rounds):
        moved = 0.0
        for a in agents:
            # Bradley-Terry MM step, with the anchor (strength 1) as one more opponent.
            denom = PRIOR_GAMES * 2 / (strength[a] + 1.0)
            denom += sum(n / (strength[a] + strength[b]) for b, n in opponents[a])
            new = (wins[a] + PRIOR_GAMES) / denom
            moved = max(moved, abs(math.log(new / strength[a])))
            strength[a] = new
        if moved < 1e-9:
            break
    return {a: ANCHOR + 400.0 * math.log10(strength[a]) for a in agents}
