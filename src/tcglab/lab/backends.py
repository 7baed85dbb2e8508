"""Where the games of a run are played: in this process (`local`), in worker processes
on this machine (`processes`, the default, one per core) or on a Ray cluster (`ray`,
started on this machine when no `--address` is given).

A run is split into ranges of game indexes; every game is seeded from its index alone
and the results come back in range order, so the tally and every record row are the
same whatever the backend and however many workers play it.
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import re
import socket
import tempfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from tcglab.engine import BadOption
from tcglab.engine.errors import first_line
from tcglab.lab.extras import need

NAMES = ("local", "processes", "ray")
MOST_PER_RANGE = 250  # games: the grain of the progress bar and of a worker's memory
RANGES_PER_WORKER = 8  # enough ranges that a worker finishing early picks up another
PROBE_SECONDS = 5  # how long to wait for the cluster's port to answer at all
# Then Ray's own budget to reach the cluster's control service (GCS) there, by its
# environment settings: by default a port that answers but is no Ray cluster keeps it
# retrying for minutes. A running cluster answers the first attempt.
RAY_CONNECT = {"RAY_gcs_server_port_wait_time_s": "3", "RAY_py_gcs_connect_timeout_s": "5"}
ADDRESS = re.compile(r"(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s:\[\]/]+):(?P<port>[0-9]{1,5})")


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
        if address:
            probe(address)
        with ray_settings(RAY_CONNECT if address else {}):  # read as Ray is imported
            self.ray = need("ray")
            self.address = address
            self.started = not self.ray.is_initialized()  # then close() stops it again
            if self.started:
                settings = dict(
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                    configure_logging=False,
                )
                if address:
                    connect(self.ray, address, settings)
                else:
                    self.ray.init(num_cpus=workers or os.cpu_count(), **settings)
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


def host_and_port(address: str) -> tuple[str, int]:
    """The host and port of a Ray cluster's `HOST:PORT`, or a one-line BadOption."""
    found = ADDRESS.fullmatch(address)
    port = int(found["port"]) if found else 0
    if not 1 <= port <= 65535:
        raise BadOption(
            f"--address takes the HOST:PORT of a running Ray cluster, the port 1 to 65535 "
            f"(e.g. 10.0.0.5:6379, as `ray start --head` prints it), not {address!r}"
        )
    return found["host"].strip("[]"), port


def probe(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Refuse at once a cluster address nothing answers at, instead of letting Ray retry
    for minutes: the host must resolve and its port accept a connection."""
    host, port = host_and_port(address)
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except socket.gaierror:
        unreachable(address, f"no host {host} is known")
    except TimeoutError:
        unreachable(address, f"nothing answered within {seconds:g} seconds")
    except OSError as exc:
        unreachable(address, exc.strerror or str(exc))


def unreachable(address: str, reason: str):
    raise BadOption(
        f"cannot reach a Ray cluster at {address}: {reason}; give --address the HOST:PORT "
        "of a running cluster (ray start --head prints it)"
    ) from None


def connect(ray, address: str, settings: dict) -> None:
    """`ray.init` on a running cluster, its retry warnings kept off the terminal and its
    failure one line."""
    try:
        with quiet_stderr():
            ray.init(address=address, **settings)
    except ConnectionError:
        unreachable(address, "no Ray cluster answered there")
    except (OSError, RuntimeError, ValueError) as exc:
        unreachable(address, first_line(exc))


@contextlib.contextmanager
def ray_settings(settings: dict[str, str]):
    """Ray's environment settings for the duration; those a person made are kept."""
    added = [name for name in settings if name not in os.environ]
    os.environ.update({name: settings[name] for name in added})
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


@contextlib.contextmanager
def quiet_stderr():
    """The process's stderr (file descriptor 2, where Ray's C++ core writes) set aside
    for the duration."""
    try:
        kept = os.dup(2)
    except OSError:  # no stderr to set aside
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(kept, 2)
            os.close(kept)


def backend(name: str = "processes", workers: int | None = None, address: str | None = None):
    """The backend of that name; `address` is for Ray only."""
    if name not in NAMES:
        raise BadOption(f"--backend takes {', '.join(NAMES)}, not {name!r}")
    if address and name != "ray":
        raise BadOption("--address is the address of a Ray cluster; it needs --backend ray")
    if address is not None:
        host_and_port(address)
    if name == "local":
        return Local()
    if name == "processes":
        return Processes(workers)
    return Ray(workers, address)
