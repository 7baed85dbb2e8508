"""Where the games of a run are played: in this process (`local`), in worker processes
on this machine (`processes`, the default, one per core) or on a Ray cluster (`ray`,
started on this machine when no `--address` is given).

A run is split into ranges of game indexes; every game is seeded from its index alone
and the results come back in range order, so the tally and every record row are the
same whatever the backend and however many workers play it.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from tcglab.engine import BadOption
from tcglab.lab.extras import need

NAMES = ("local", "processes", "ray")
MOST_PER_RANGE = 250  # games: the grain of the progress bar and of a worker's memory
RANGES_PER_WORKER = 8  # enough ranges that a worker finishing early picks up another


def ranges(total: int, workers: int) -> list[tuple[int, int]]:
    """`(start, stop)` ranges covering games 0 to `total`, several per worker."""
    size = max(1, min(MOST_PER_RANGE, math.ceil(total / (workers * RANGES_PER_WORKER))))
    return [(start, min(start + size, total)) for start in range(0, total, size)]


class Local:
    """Every range in this process, one after another."""

    name = "local"
    workers = 1

    def map(self, work: Callable, jobs: Iterable) -> Iterator:
        return map(work, jobs)

    def close(self) -> None:
        pass


class Processes:
    """Worker processes on this machine (forked where the system can)."""

    name = "processes"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.pool = None

    def map(self, work: Callable, jobs: Iterable) -> Iterator:
        jobs = list(jobs)
        if self.workers == 1 or len(jobs) <= 1:
            return map(work, jobs)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.pool = ProcessPoolExecutor(min(self.workers, len(jobs)), mp_context=context)
        return self.pool.map(work, jobs)

    def close(self) -> None:
        """Stop the workers: after the last result, or, when a run stops early, once
        the ranges under way are done, the others cancelled. Workers are never killed
        mid-range: one killed while sending its result would hold the result queue's
        lock for good, and stopping would hang (multiprocessing.Pool.terminate)."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


class Ray:
    """Tasks on a Ray cluster: the one at `address`, or one started here with
    `workers` CPUs. Every node needs the same tcglab installed."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        self.ray = need("ray")
        self.address = address
        self.started = not self.ray.is_initialized()  # then close() stops it again
        if self.started:
            settings = {"address": address} if address else {"num_cpus": workers or os.cpu_count()}
            self.ray.init(
                **settings,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
                configure_logging=False,
            )
        self.workers = workers or int(self.ray.cluster_resources().get("CPU", 1))

    def map(self, work: Callable, jobs: Iterable) -> Iterator:
        task = self.ray.remote(work)
        pending = [task.remote(job) for job in jobs]
        for ref in pending:
            try:
                yield self.ray.get(ref)
            except self.ray.exceptions.RayTaskError as failed:
                raise failed.cause from None

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False


def backend(name: str = "processes", workers: int | None = None, address: str | None = None):
    """The backend of that name; `address` is for Ray only."""
    if name not in NAMES:
        raise BadOption(f"--backend takes {', '.join(NAMES)}, not {name!r}")
    if address and name != "ray":
        raise BadOption("--address is the address of a Ray cluster; it needs --backend ray")
    if name == "local":
        return Local()
    if name == "processes":
        return Processes(workers)
    return Ray(workers, address)
