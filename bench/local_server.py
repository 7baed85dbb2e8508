"""A tcglab server of its own for the server benches (server_load.py, soak.py): started
in a child process on a free loopback port over a fresh database, with no AI delay."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int, tables: int, who: str) -> subprocess.Popen:
    """The server, once it answers. Every scripted client of a bench is on 127.0.0.1, so
    that one address may keep `tables` games and three websockets a table open (the
    server's own limits are set for many people, each at a few tables); `who` names the
    bench in the message of a server that does not start."""
    limits = f"tables_per_address={tables}, sockets_per_address={3 * tables}"
    code = (
        "from tcglab.server import serve; "
        f"serve('127.0.0.1', {port}, {str(db)!r}, ai_delay=0, {limits})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"{who}: the server did not start")
