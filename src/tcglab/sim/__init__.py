"""Batch simulation: many games (or formats of several games) played by agents, their
statistics, a progress bar."""

from tcglab.sim.batch import (
    DEFAULT_MAX_ACTIONS,
    RunawayGame,
    Tally,
    UnknownAgent,
    play_out,
    run_batch,
    run_formats,
    save_replay,
    seat_agents,
    split_specs,
)
from tcglab.sim.progress import Progress

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "Progress",
    "RunawayGame",
    "Tally",
    "UnknownAgent",
    "play_out",
    "run_batch",
    "run_formats",
    "save_replay",
    "seat_agents",
    "split_specs",
]
