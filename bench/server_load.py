"""Load on the game server: N concurrent tables played over loopback websockets.

Not a test: it measures and prints. A tcglab server is started on 127.0.0.1 (a free
port, a temporary database, no AI delay). Each table has two human seats played by
scripted websocket clients that pick a random legal action as soon as their seat is
to move; an action's latency runs from sending it to receiving its acknowledgement (the
view that shows it), which the server sends only after the action is stored. With
`--mode ai` the tables are AI against AI and one spectator per table watches instead.

The run stops by itself after `--seconds` or when every table has finished, and
reports actions per second and the p50/p99 action latency.

    python bench/server_load.py [--tables 100] [--game higurashi] [--seconds 30]
                                [--mode humans|ai] [--think S] [--json]

With `--think 0` every client acts the moment its seat may, so the server is saturated
and latency is queueing; `--think 0.5` is closer to people playing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).parent))

from local_server import free_port, start_server

SHORT = {"higurashi": {"round_limit": 6}, "pgt": {"round_limit": 3}, "pm": {}, "ps": {}}


def loop_factory():
    """uvloop where it is installed: the scripted clients should cost as little as they can,
    since they share the machine with the server they measure."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


async def seat_client(url, table_id, seat, token, rng, latencies, stop_at, think) -> int:
    """Play one seat until its game ends or time runs out; returns actions made."""
    made, sent_at, acted_version, last = 0, None, None, None
    async with connect(f"{url}/ws/tables/{table_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            message = orjson.loads(raw)
            if message["type"] == "error":
                sent_at = None  # a stale view crossed our action; the next view retries
            elif message["type"] == "view":
                if "ack" in message and sent_at is not None:
                    latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                last = message
                if last["status"] == "finished":
                    break
            # act on the newest view once the previous action is acknowledged
            if last and sent_at is None and last["legal"] and last["version"] != acted_version:
                acted_version = last["version"]
                if think:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                action = rng.choice(last["legal"])["id"]
                act = {"type": "act", "seat": seat, "token": token, "action": action}
                sent_at = time.perf_counter()
                await ws.send(json.dumps(act | {"expected_version": last["version"]}))
                made += 1
    return made


async def watcher(url, table_id, stop_at) -> int:
    """Follow an AI-vs-AI table as a spectator; returns the versions it saw."""
    version = 0
    async with connect(f"{url}/ws/tables/{table_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": None}))
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            message = orjson.loads(raw)
            if message["type"] == "view":
                version = message["version"]
                if message["status"] == "finished":
                    break
    return version


async def every_table(http) -> list[dict]:
    """Every table's summary, read page by page from the lobby listing."""
    summaries: list[dict] = []
    while True:
        params = {"offset": len(summaries), "limit": 200}
        page = (await http.get("/api/tables", params=params)).json()
        summaries += page["tables"]
        if not page["tables"] or len(summaries) >= page["total"]:
            return summaries


def made(reply: httpx.Response) -> dict:
    """A setup request's answer; a refusal stops the run with the server's own words."""
    if reply.is_error:
        raise SystemExit(f"server_load: the server refused a table ({reply.text})")
    return reply.json()


async def run(args, port: int) -> dict:
    base = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}"
    options = SHORT.get(args.game, {})
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = []
        for _ in range(args.tables):
            if args.mode == "ai":
                seats = [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]
                body = {"game": args.game, "seats": seats, "options": options}
                created = made(await http.post("/api/tables", json=body))
                tables.append((created["table"]["id"], None))
                continue
            body = {"game": args.game, "seats": [{"kind": "human"}] * 2, "options": options}
            created = made(await http.post("/api/tables", json=body | {"join": 0}))
            table_id = created["table"]["id"]
            other = made(
                await http.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
            )
            tables.append((table_id, [created["joined"]["token"], other["token"]]))
        latencies: list[float] = []
        rng = random.Random(args.seed)
        start = time.perf_counter()
        stop_at = time.monotonic() + args.seconds
        if args.mode == "ai":
            jobs = [watcher(url, table_id, stop_at) for table_id, _ in tables]
        else:
            jobs = [
                seat_client(
                    url,
                    table_id,
                    seat,
                    tokens[seat],
                    random.Random(rng.random()),
                    latencies,
                    stop_at,
                    args.think,
                )
                for table_id, tokens in tables
                for seat in (0, 1)
            ]
        counts = await asyncio.gather(*jobs)
        elapsed = time.perf_counter() - start
        summaries = await every_table(http)
    actions = sum(s["version"] for s in summaries)
    finished = sum(s["status"] == "finished" for s in summaries)
    report = {
        "mode": args.mode,
        "think_s": args.think,
        "game": args.game,
        "tables": args.tables,
        "finished": finished,
        "actions": actions,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
    }
    if latencies:
        ordered = sorted(latencies)
        report |= {
            "client_actions": sum(counts),
            "p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2),
        }
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--game", default="higurashi")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop after this long")
    parser.add_argument("--mode", choices=("humans", "ai"), default="humans")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a scripted player waits before acting (0: act at once)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600:
        raise SystemExit("server_load: --tables takes 1 to 1000 and --seconds up to 600")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder) / "load.db", port, args.tables, "server_load")
        try:
            with asyncio.Runner(loop_factory=loop_factory()) as runner:
                report = runner.run(run(args, port))
        finally:
            server.terminate()
            server.wait(timeout=10)
    if args.json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
