"""Soak: a tcglab server playing AI tables for minutes on end, watched for growth.

Not a test: it measures and prints. A tcglab server is started on 127.0.0.1 (a free
port, a database in a temporary folder, no AI delay). N tables of two easy computer
seats play at once (the four games in turn, or one with `--game`); whenever one
finishes another is started, so N are always playing. Every `--every` seconds, and at
the end, it reports the server's resident memory (RSS), the write-ahead log's size, the
database's size, the tables finished so far and the actions per second since the last
report. It stops by itself after `--minutes`.

    python bench/soak.py [--tables 30] [--minutes 10] [--every 30] [--game G] [--json]

What to look for: flat memory once the first games have finished, and a write-ahead
log that stays under the server's limit (32 MB) however long it runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from itertools import cycle
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))

from local_server import free_port, start_server

GAMES = ("higurashi", "pgt", "pm", "ps")
POLL = 1.0  # seconds between looks for finished tables
MB = 2**20


@dataclass
class Sample:
    seconds: float
    rss_mb: float
    wal_mb: float
    wal_max_mb: float  # the largest size seen since the last report (looked at every second)
    db_mb: float
    finished: int
    actions: int
    actions_per_s: float


def rss_mb(pid: int) -> float:
    """The process's resident memory, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def size_mb(path: Path) -> float:
    try:
        return path.stat().st_size / MB
    except FileNotFoundError:
        return 0.0


class Soak:
    """Keeps `tables` AI tables playing on one server and counts their actions."""

    def __init__(self, http: httpx.Client, tables: int, games) -> None:
        self.http, self.tables, self.games = http, tables, cycle(games)
        self.playing: dict[str, int] = {}  # table id -> the version last seen
        self.finished = 0
        self.done_actions = 0  # the actions of finished tables

    def start_one(self) -> None:
        seats = [{"kind": "ai", "level": "easy"}] * 2
        reply = self.http.post("/api/tables", json={"game": next(self.games), "seats": seats})
        reply.raise_for_status()
        table = reply.json()["table"]
        if table["status"] == "finished":
            self._count_finished(table["version"])
        else:
            self.playing[table["id"]] = table["version"]

    def _count_finished(self, version: int) -> None:
        self.finished += 1
        self.done_actions += version

    def top_up(self) -> None:
        """Note the versions of the tables playing, count the finished ones and start
        as many new tables as have finished."""
        running = self.http.get("/api/tables", params={"status": "running", "limit": 200})
        running.raise_for_status()
        seen = {t["id"]: t["version"] for t in running.json()["tables"]}
        for table_id in list(self.playing):
            if table_id in seen:
                self.playing[table_id] = seen[table_id]
                continue
            summary = self.http.get(f"/api/tables/{table_id}").json()
            self._count_finished(summary["version"])
            del self.playing[table_id]
        while len(self.playing) < self.tables:
            self.start_one()

    @property
    def actions(self) -> int:
        return self.done_actions + sum(self.playing.values())


def run(args, folder: Path) -> list[Sample]:
    db, port = folder / "soak.db", free_port()
    server = start_server(db, port, args.tables, "soak")
    samples: list[Sample] = []
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            games = GAMES if args.game == "all" else (args.game,)
            soak = Soak(http, args.tables, games)
            start = time.monotonic()
            end = start + args.minutes * 60
            next_report, last, wal_max = start + args.every, (start, 0), 0.0
            while True:
                soak.top_up()
                wal_max = max(wal_max, size_mb(Path(f"{db}-wal")))
                now = time.monotonic()
                if now >= next_report or now >= end:
                    actions = soak.actions
                    rate = (actions - last[1]) / max(now - last[0], 1e-9)
                    sample = Sample(
                        seconds=round(now - start),
                        rss_mb=round(rss_mb(server.pid), 1),
                        wal_mb=round(size_mb(Path(f"{db}-wal")), 1),
                        wal_max_mb=round(wal_max, 1),
                        db_mb=round(size_mb(db), 1),
                        finished=soak.finished,
                        actions=actions,
                        actions_per_s=round(rate),
                    )
                    samples.append(sample)
                    if not args.json:
                        print(row(sample), flush=True)
                    last, next_report, wal_max = (now, actions), next_report + args.every, 0.0
                if now >= end:
                    return samples
                time.sleep(POLL)
    finally:
        server.terminate()
        server.wait(timeout=30)


HEADER = (
    "| seconds | RSS MB | WAL MB (largest since last) | database MB | finished | actions"
    " | actions/s |"
)


def row(s: Sample) -> str:
    return (
        f"| {s.seconds} | {s.rss_mb} | {s.wal_mb} ({s.wal_max_mb}) | {s.db_mb} | {s.finished}"
        f" | {s.actions:,} | {s.actions_per_s:,} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30, help="tables playing at once")
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to run")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between reports")
    parser.add_argument("--game", choices=("all", *GAMES), default="all")
    parser.add_argument("--json", action="store_true", help="print the samples as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 200:
        raise SystemExit("soak: --tables takes 1 to 200")
    if not 0 < args.minutes <= 24 * 60 or not 1 <= args.every <= 3600:
        raise SystemExit("soak: --minutes takes up to 1440 and --every 1 to 3600 seconds")
    if not args.json:
        print(HEADER, "\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: |", sep="", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        samples = run(args, Path(folder))
    if args.json:
        print(json.dumps({"tables": args.tables, "samples": [asdict(s) for s in samples]}))
        return
    rss = [s.rss_mb for s in samples]
    print(
        f"\n{args.tables} tables, {samples[-1].finished} games finished;"
        f" RSS {rss[0]}-{max(rss)} MB (last {rss[-1]}),"
        f" largest WAL {max(s.wal_max_mb for s in samples)} MB"
    )


if __name__ == "__main__":
    main()
