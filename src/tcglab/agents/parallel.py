"""Root-parallel ISMCTS: one decision searched in several processes at once, each with
its own seed and an equal share of the iteration budget, and their root visits added
up before the most visited action is chosen (root parallelisation, the form of
parallel MCTS that needs no shared tree and no locks).

The workers are given one determinization of the position drawn from the deciding
seat's view, never the true state: each samples its own worlds from that, as a
single search samples from the seat's view, so no hidden card leaves the deciding
process. For a given seed, budget and worker count the choice is reproducible.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from tcglab.agents.base import Decision
from tcglab.agents.ismcts import best_action
from tcglab.engine.actions import Action
from tcglab.engine.rng import Rng

_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """One pool per worker count for the life of the process. Workers start from a
    fresh interpreter (forkserver where the platform has it), never by forking a
    process that may be running threads, such as the server's."""
    pool = _POOLS.get(workers)
    if pool is None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        pool = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=context)
    return pool


def shares(iterations: int, workers: int) -> list[int]:
    """The budget split as evenly as it goes: 10 over 3 workers is 4, 3, 3."""
    base, extra = divmod(iterations, workers)
    return [base + (k < extra) for k in range(workers)]


def _search(spec: str, seed: int, sample) -> tuple[dict[str, int], str | None]:
    """In a worker: one ISMCTS search of the position `sample` from its mover's view."""
    from tcglab.agents.specs import make_agent  # a worker builds its own agent

    agent = make_agent(spec, sample.game, seed)
    return agent.root_visits(Decision(sample))


class RootParallelAgent:
    """ISMCTS over `workers` processes. `spec_for(share)` is the single search's spec
    for a worker's share of the `iterations` (or of a time budget, which every worker
    gets whole)."""

    name = "ismcts"

    def __init__(self, spec_for, seed: int, iterations: int, workers: int) -> None:
        if workers < 2:
            raise ValueError("a root-parallel search needs at least two workers")
        self.spec_for = spec_for
        self.rng = Rng(seed)
        self.iterations = iterations
        self.workers = workers
        self.last_iterations = 0

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        world = decision.sample(self.rng.derive())  # the seat's view, not the true state
        pool = _pool(self.workers)
        jobs = [
            pool.submit(_search, self.spec_for(share), self.rng.next_u64(), world)
            for share in shares(self.iterations, self.workers)
        ]
        visits: Counter[str] = Counter()
        preferred = None
        for job in jobs:
            counted, guide_choice = job.result()
            visits.update(counted)
            preferred = preferred or guide_choice
        self.last_iterations = sum(visits.values())
        return best_action(legal, visits, preferred)
